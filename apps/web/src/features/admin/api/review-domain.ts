import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type OwnDomain, ownDomainSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import type { PendingPages } from './get-pending-domains';
import { adminKeys } from './query-keys';

export type ReviewAction = 'approve' | 'deny';

/** POST /api/domains/admin/approval/{id}/ {action} -> the reviewed domain. */
export async function reviewDomain(id: number, action: ReviewAction): Promise<OwnDomain> {
  return ownDomainSchema.parse(await api.post<unknown>(`/api/domains/admin/approval/${id}/`, { action }));
}

/** Drops reviewed domains from the cached queue at once; the refetch that follows confirms it. */
export function removeFromQueue(pages: PendingPages | undefined, ids: number[]): PendingPages | undefined {
  if (!pages) return pages;
  const gone = new Set(ids);
  return { ...pages, pages: pages.pages.map((page) => page.filter((d) => !gone.has(d.id))) };
}

export function useReviewDomain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: ReviewAction }) => reviewDomain(id, action),
    onSuccess: (_data, { id }) => {
      client.setQueryData<PendingPages>(adminKeys.approval(), (pages) => removeFromQueue(pages, [id]));
    },
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
