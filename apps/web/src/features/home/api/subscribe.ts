import { useMutation } from '@tanstack/react-query';
import { settingsMessages, type subscribeRequest } from '@market/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/** POST /api/subscribe/ — request shape: `subscribeRequest` in @market/shared. */
export type SubscribeRequest = z.input<typeof subscribeRequest>;

export interface SubscribeResponse {
  status: string;
  message: string;
}

/**
 * The footer is in the first bundle, so the answer is read by hand instead of through a zod
 * schema: `{status, message}`, with the shared confirmation when the message is missing.
 */
export function readSubscribeResponse(data: unknown): SubscribeResponse {
  const body = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  return {
    status: typeof body.status === 'string' ? body.status : 'OK',
    message: typeof body.message === 'string' && body.message ? body.message : settingsMessages.subscribed,
  };
}

export async function subscribe(payload: SubscribeRequest): Promise<SubscribeResponse> {
  // Public: a stale session must not turn a subscription into a 401.
  return readSubscribeResponse(await api.post<unknown>('/api/subscribe/', payload, { auth: false }));
}

export function useSubscribe() {
  return useMutation({ mutationFn: subscribe });
}
