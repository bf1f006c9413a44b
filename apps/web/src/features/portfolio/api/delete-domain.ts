import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { DomainListResponse } from './get-domains';
import { domainKeys } from './query-keys';

/** DELETE /api/domains/{id}/ -> 204. */
export function deleteDomain(id: number): Promise<void> {
  return api.delete<void>(`/api/domains/${id}/`);
}

export function useDeleteDomain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteDomain,
    onSuccess: (_result, id) => {
      client.setQueryData<DomainListResponse>(domainKeys.mine(), (list) =>
        list ? { domains: list.domains.filter((d) => d.id !== id), count: Math.max(0, list.count - 1) } : list,
      );
      client.removeQueries({ queryKey: domainKeys.detail(id) });
      void client.invalidateQueries({ queryKey: domainKeys.all, refetchType: 'none' });
    },
  });
}
