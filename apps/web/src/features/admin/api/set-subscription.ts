import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setSubscriptionResultSchema, type SubscriptionTier } from '@market/shared';
import { api } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** POST /api/domains/users/{id}/subscription/ {subscription}. */
export async function setSubscription(id: number, subscription: SubscriptionTier) {
  return setSubscriptionResultSchema.parse(
    await api.post<unknown>(`/api/domains/users/${id}/subscription/`, { subscription }),
  );
}

export interface BulkSubscriptionResult {
  done: number[];
  failed: Array<{ id: number; error: unknown }>;
}

/** The same tier for several users; each call stands alone, so one failure does not stop the rest. */
export async function setSubscriptions(ids: number[], subscription: SubscriptionTier): Promise<BulkSubscriptionResult> {
  const results = await Promise.allSettled(ids.map((id) => setSubscription(id, subscription)));
  const result: BulkSubscriptionResult = { done: [], failed: [] };
  results.forEach((r, i) => {
    const id = ids[i] as number;
    if (r.status === 'fulfilled') result.done.push(id);
    else result.failed.push({ id, error: r.reason });
  });
  return result;
}

export function useSetSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, subscription }: { id: number; subscription: SubscriptionTier }) => setSubscription(id, subscription),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useSetSubscriptions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, subscription }: { ids: number[]; subscription: SubscriptionTier }) => setSubscriptions(ids, subscription),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
