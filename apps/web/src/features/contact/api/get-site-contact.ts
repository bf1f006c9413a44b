import { useQuery } from '@tanstack/react-query';
import type { SiteContact } from '@market/shared';
import { api } from '@/lib/api-client';

/** GET /api/site/contact/: our support address (SUPPORT_EMAIL); it changes only with a restart. */
export function useSiteContact() {
  return useQuery({
    queryKey: ['site', 'contact'],
    queryFn: ({ signal }) => api.get<SiteContact>('/api/site/contact/', { signal }),
    staleTime: Infinity,
  });
}
