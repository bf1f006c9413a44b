import type { NegotiationStatus } from '@market/shared';
import { api } from '@/lib/api-client';

export interface CreateNegotiationEntryRequest {
  domain_lead_id: number;
  amount: number | string | null;
  /** NegotiationStatus codes; 1 (amount 0) is the initial, trade or breeder request. */
  status: NegotiationStatus;
}

/** One negotiation step as the server answers it. */
export interface NegotiationEntry {
  id: number;
  domain_lead_id: number;
  domain_id: number;
  domain_name: string;
  amount: number;
  status: NegotiationStatus;
  status_label: string;
  author: 'buyer' | 'seller';
  created_at: string;
  expires_at: string | null;
  expired: boolean;
  /** The server's success message for this step, when it sends one. */
  message?: string;
}

/** POST /api/domains/negotiation/ {domain_lead_id, amount, status}. */
export function createNegotiationEntry(payload: CreateNegotiationEntryRequest): Promise<NegotiationEntry> {
  return api.post<NegotiationEntry>('/api/domains/negotiation/', payload);
}

