import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AdminMilestone, adminMilestoneSchema } from '@market/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import type { BankRecord, BankStep } from './record-bank-step';
import type { DisputeDecision } from './resolve-dispute';
import { adminKeys } from './query-keys';

/** GET /api/admin/milestones/: freelance milestones (not proposals), newest first, for the finance page. */
export async function getMilestones(signal?: AbortSignal): Promise<AdminMilestone[]> {
  return z.array(adminMilestoneSchema).parse(await api.get<unknown>('/api/admin/milestones/', { signal }));
}

export function useMilestones() {
  return useQuery({ queryKey: adminKeys.milestones(), queryFn: ({ signal }) => getMilestones(signal) });
}

/**
 * POST /api/admin/milestones/{id}/{payment|payout|refund|resolve}/: money recorded at the bank, or
 * a dispute settled. 400 `amount_cents` when a payment is not the milestone's amount; 409 when
 * the milestone moved on meanwhile.
 */
export type MilestoneAdminStep =
  | { step: BankStep; body: BankRecord }
  | { step: 'resolve'; body: DisputeDecision };

export async function recordMilestoneStep(id: number, step: MilestoneAdminStep): Promise<AdminMilestone> {
  return adminMilestoneSchema.parse(await api.post<unknown>(`/api/admin/milestones/${id}/${step.step}/`, step.body));
}

export function useRecordMilestoneStep() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, step }: { id: number; step: MilestoneAdminStep }) => recordMilestoneStep(id, step),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.milestones() }),
        client.invalidateQueries({ queryKey: adminKeys.finance() }),
        client.invalidateQueries({ queryKey: adminKeys.audit() }),
      ]),
  });
}
