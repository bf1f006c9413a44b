import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FreelancerAdmin, freelancerAdminListSchema } from '@market/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminKeys } from './query-keys';

export type { FreelancerAdmin };
export type FreelancerAdminPage = z.infer<typeof freelancerAdminListSchema>;

/** GET /api/admin/freelancers/?q=&page= (admins): every profile, published or not, newest change first. */
export async function getAdminFreelancers(q: string, page: number, signal?: AbortSignal): Promise<FreelancerAdminPage> {
  return freelancerAdminListSchema.parse(await api.get<unknown>('/api/admin/freelancers/', { query: { q: q || undefined, page }, signal }));
}

export function useAdminFreelancers(q: string, page: number) {
  return useQuery({
    queryKey: adminKeys.freelancers(q, page),
    queryFn: ({ signal }) => getAdminFreelancers(q, page, signal),
    placeholderData: keepPreviousData,
  });
}
