import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface CreateNotificationRequest {
  domain_lead_id: number;
  /** The trade option ('3 Figures'...) or 'Startup Breeders' (spec section 7). */
  category: string;
}

export interface CreateNotificationResponse {
  domain_lead_id: number;
  category: string;
}

/** POST /api/domains/notifications/ — records what the request is about and tells the seller. */
export function createNotification(payload: CreateNotificationRequest): Promise<CreateNotificationResponse> {
  return api.post<CreateNotificationResponse>('/api/domains/notifications/', payload);
}

export function useCreateNotification() {
  return useMutation({ mutationFn: createNotification });
}
