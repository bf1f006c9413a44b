import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { leaseOfferSchema, type LeaseTermsRequest } from '@market/shared';
import { api } from '@/lib/api-client';

const offerKey = (domainId: number) => ['leases', 'offer', domainId] as const;

/** GET /api/domains/{id}/lease-offer/: the domain's lease-to-own terms as buyers see them. */
export function useLeaseTerms(domainId: number | undefined) {
  return useQuery({
    queryKey: offerKey(domainId ?? 0),
    queryFn: async ({ signal }) => leaseOfferSchema.parse(await api.get<unknown>(`/api/domains/${domainId}/lease-offer/`, { signal })),
    enabled: domainId !== undefined,
  });
}

/** PUT /api/domains/{id}/lease-terms/: the owner offers the name on lease, or stops. */
export function useSaveLeaseTerms(domainId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: LeaseTermsRequest) => leaseOfferSchema.parse(await api.put<unknown>(`/api/domains/${domainId}/lease-terms/`, body)),
    onSuccess: (offer) => client.setQueryData(offerKey(domainId), offer),
    onSettled: () => client.invalidateQueries({ queryKey: ['domains'] }),
  });
}
