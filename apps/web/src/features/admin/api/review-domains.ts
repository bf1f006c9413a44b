import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkReviewResultSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import type { PendingPages } from './get-pending-domains';
import { adminKeys } from './query-keys';
import { removeFromQueue, type ReviewAction } from './review-domain';

/** POST /api/domains/admin/approval/ {ids, action} -> {updated}: one transaction on the server. */
export async function reviewDomains(ids: number[], action: ReviewAction): Promise<{ updated: number }> {
  return bulkReviewResultSchema.parse(await api.post<unknown>('/api/domains/admin/approval/', { ids, action }));
}

export function useReviewDomains() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, action }: { ids: number[]; action: ReviewAction }) => reviewDomains(ids, action),
    onSuccess: (_data, { ids }) => {
      client.setQueryData<PendingPages>(adminKeys.approval(), (pages) => removeFromQueue(pages, ids));
    },
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
