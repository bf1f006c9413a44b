import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  authCodeSchema,
  checkoutUrlSchema,
  type Lease,
  leaseOfferSchema,
  leaseSchema,
  type StartTransferRequest,
} from '@market/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const leaseKeys = {
  all: ['leases'] as const,
  one: (id: number) => ['leases', id] as const,
  offer: (domainId: number) => ['leases', 'offer', domainId] as const,
};

/** GET /api/leases/: the leases where the user is the lessee or the seller. */
export function useLeases() {
  return useQuery({ queryKey: leaseKeys.all, queryFn: async ({ signal }) => z.array(leaseSchema).parse(await api.get<unknown>('/api/leases/', { signal })) });
}

/** GET /api/leases/{id}/: one lease, its schedule and what the viewer may do next. */
export function useLease(id: number | undefined) {
  return useQuery({
    queryKey: leaseKeys.one(id ?? 0),
    queryFn: async ({ signal }) => leaseSchema.parse(await api.get<unknown>(`/api/leases/${id}/`, { signal })),
    enabled: id !== undefined,
  });
}

/** GET /api/domains/{id}/lease-offer/: the seller's lease terms at the Buy Now price. */
export function useLeaseOffer(domainId: number | undefined) {
  return useQuery({
    queryKey: leaseKeys.offer(domainId ?? 0),
    queryFn: async ({ signal }) => leaseOfferSchema.parse(await api.get<unknown>(`/api/domains/${domainId}/lease-offer/`, { signal })),
    enabled: domainId !== undefined,
  });
}

/** POST /api/leases/ {domain_id} -> 201 the lease, awaiting its first instalment. */
export function useStartLease() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (domainId: number) => leaseSchema.parse(await api.post<unknown>('/api/leases/', { domain_id: domainId })),
    onSettled: () => client.invalidateQueries({ queryKey: leaseKeys.all }),
  });
}

export type LeaseStep =
  | { step: 'cancel' }
  | { step: 'pay-off' }
  | { step: 'transfer'; body: StartTransferRequest }
  | { step: 'confirm' }
  | { step: 'dns-check' }
  | { step: 'dispute'; body: { reason: string } };

/** The parties' steps on a lease, each POST /api/leases/{id}/{step}/ answering the lease. */
export function useLeaseStep(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (step: LeaseStep): Promise<Lease> => leaseSchema.parse(await api.post<unknown>(`/api/leases/${id}/${step.step}/`, 'body' in step ? step.body : {})),
    onSuccess: (lease) => client.setQueryData(leaseKeys.one(id), lease),
    onError: () => client.invalidateQueries({ queryKey: leaseKeys.one(id) }),
  });
}

/** GET /api/leases/{id}/auth-code/: for the lessee once the transfer started. */
export function useLeaseAuthCode(id: number) {
  return useMutation({ mutationFn: async () => authCodeSchema.parse(await api.get<unknown>(`/api/leases/${id}/auth-code/`)).auth_code });
}

/** POST /api/leases/instalments/{id}/checkout/ -> {url}: the card processor's page for one instalment. */
export function useInstalmentCheckout() {
  return useMutation({
    mutationFn: async (instalmentId: number) => checkoutUrlSchema.parse(await api.post<unknown>(`/api/leases/instalments/${instalmentId}/checkout/`, {})).url,
    onSuccess: (url) => window.location.assign(url),
  });
}
