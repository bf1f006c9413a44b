import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type OwnDomain, ownDomainSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import type { DomainListResponse } from './get-domains';
import { domainKeys } from './query-keys';
import { replaceInPortfolio } from './update-domain';

/** POST /api/domains/{id}/verify-nameservers/ -> the domain with its new ns_status. */
export async function verifyNameservers(id: number): Promise<OwnDomain> {
  return ownDomainSchema.parse(await api.post<unknown>(`/api/domains/${id}/verify-nameservers/`));
}

export function useVerifyNameservers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: verifyNameservers,
    onSuccess: (domain) => {
      client.setQueryData<DomainListResponse>(domainKeys.mine(), (list) => replaceInPortfolio(list, domain));
    },
  });
}
