import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Engagement, engagementSchema, type ProposeTermsRequest } from '@market/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { engagementKeys } from './engagement-keys';

/**
 * The parties' steps, each a POST answering the engagement. On a request: accept (the version of
 * the terms read), propose, decline (freelancer), withdraw (client). On a milestone: deliver
 * (freelancer), approve (client), cancel, dispute. Refused steps answer 403/409 {detail} or 400
 * field errors.
 */
export type EngagementStep =
  | { step: 'accept'; body: { terms_version: number } }
  | { step: 'propose'; body: ProposeTermsRequest }
  | { step: 'decline'; body: { reason: string } }
  | { step: 'withdraw' }
  | { step: 'deliver'; milestoneId: number; body: { note: string } }
  | { step: 'approve'; milestoneId: number }
  | { step: 'cancel'; milestoneId: number }
  | { step: 'dispute'; milestoneId: number; body: { reason: string } };

export async function postEngagementStep(id: number, step: EngagementStep): Promise<Engagement> {
  const body = 'body' in step ? step.body : {};
  const url = 'milestoneId' in step ? `/api/engagements/milestones/${step.milestoneId}/${step.step}/` : `/api/engagements/${id}/${step.step}/`;
  return engagementSchema.parse(await api.post<unknown>(url, body));
}

export function useEngagementStep(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (step: EngagementStep) => postEngagementStep(id, step),
    onSuccess: (engagement) => client.setQueryData(engagementKeys.one(id), engagement),
    // Refused, it may have moved on meanwhile: read it again.
    onError: () => client.invalidateQueries({ queryKey: engagementKeys.one(id) }),
    onSettled: () =>
      Promise.all([client.invalidateQueries({ queryKey: engagementKeys.all, exact: true }), client.invalidateQueries({ queryKey: ['notifications'] })]),
  });
}

/** POST /api/engagements/milestones/{id}/checkout/ -> {url}: the card processor's page for one milestone (client only). */
export async function startMilestoneCheckout(milestoneId: number): Promise<string> {
  return z.object({ url: z.string() }).parse(await api.post<unknown>(`/api/engagements/milestones/${milestoneId}/checkout/`, {})).url;
}

export function useMilestoneCheckout() {
  return useMutation({ mutationFn: startMilestoneCheckout, onSuccess: (url) => window.location.assign(url) });
}
