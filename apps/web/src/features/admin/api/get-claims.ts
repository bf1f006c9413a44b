import { useQuery } from '@tanstack/react-query';
import { type Claim, claimSchema } from '@market/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** A name a second seller tried to import while another holds it (docs/product.md section 5, Domains). */
export type { Claim };

/** GET /api/domains/admin/claims/: open claims, newest first. */
export async function getClaims(signal?: AbortSignal): Promise<Claim[]> {
  return z.array(claimSchema).parse(await api.get<unknown>('/api/domains/admin/claims/', { signal }));
}

export function useClaims() {
  return useQuery({ queryKey: adminKeys.claims(), queryFn: ({ signal }) => getClaims(signal) });
}
