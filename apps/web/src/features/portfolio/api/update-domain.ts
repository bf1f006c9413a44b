import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DomainListResponse } from './get-domains';
import { type OwnDomain, ownDomainSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { domainKeys } from './query-keys';

/** PUT /api/domains/{id}/ body (plus the optional description). */
export interface UpdateDomainRequest {
  domain_name: string;
  seller_price: number;
  min_offer: number;
  business_status: string;
  trade_switch: 'Yes' | 'No';
  trade_option: string | null;
  startup_breeders_switch: 'Yes' | 'No';
  startup_breeders: string | null;
  description: string | null;
}

export async function updateDomain(id: number, payload: UpdateDomainRequest): Promise<OwnDomain> {
  return ownDomainSchema.parse(await api.put<unknown>(`/api/domains/${id}/`, payload));
}

/** Replaces one row of the cached portfolio with the server's answer. */
export function replaceInPortfolio(list: DomainListResponse | undefined, domain: OwnDomain): DomainListResponse | undefined {
  if (!list) return list;
  return { ...list, domains: list.domains.map((d) => (d.id === domain.id ? domain : d)) };
}

export function useUpdateDomain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id: number; payload: UpdateDomainRequest }) => updateDomain(id, payload),
    onSuccess: (domain) => {
      client.setQueryData<DomainListResponse>(domainKeys.mine(), (list) => replaceInPortfolio(list, domain));
      client.setQueryData(domainKeys.detail(domain.id), domain);
      void client.invalidateQueries({ queryKey: domainKeys.all, refetchType: 'none' });
    },
  });
}
