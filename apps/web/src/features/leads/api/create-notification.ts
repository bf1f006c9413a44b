import { type LeadRequestCategory, type LeadRequestResult, leadRequestResultSchema } from '@market/shared';
import { api } from '@/lib/api-client';

export interface CreateNotificationRequest {
  domain_lead_id: number;
  /** A trade option ('3 Figures'...) or 'Startup Breeders': the server refuses anything else. */
  category: LeadRequestCategory;
}

/** POST /api/domains/notifications/ — records what the request is about and tells the seller. */
export async function createNotification(payload: CreateNotificationRequest): Promise<LeadRequestResult> {
  return leadRequestResultSchema.parse(await api.post<unknown>('/api/domains/notifications/', payload));
}
