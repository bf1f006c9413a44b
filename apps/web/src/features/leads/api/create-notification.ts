import type { LeadRequestCategory } from '@market/shared';
import { api } from '@/lib/api-client';

export interface CreateNotificationRequest {
  domain_lead_id: number;
  /** A trade option ('3 Figures'...) or 'Startup Breeders': the server refuses anything else. */
  category: LeadRequestCategory;
}

export interface CreateNotificationResponse {
  domain_lead_id: number;
  category: LeadRequestCategory;
}

/** POST /api/domains/notifications/ — records what the request is about and tells the seller. */
export function createNotification(payload: CreateNotificationRequest): Promise<CreateNotificationResponse> {
  return api.post<CreateNotificationResponse>('/api/domains/notifications/', payload);
}

