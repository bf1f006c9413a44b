import { useQuery } from '@tanstack/react-query';
import type { AuthProvider } from '@market/shared';
import { api } from '@/lib/api-client';

/** GET /api/auth/providers/ — configured OIDC providers; [] when social login is off. */
export function getProviders(signal?: AbortSignal): Promise<AuthProvider[]> {
  return api.get<AuthProvider[]>('/api/auth/providers/', { signal });
}

export function useProviders() {
  return useQuery({
    queryKey: ['auth', 'providers'],
    queryFn: ({ signal }) => getProviders(signal),
    // Server configuration: it does not change while the page is open.
    staleTime: Infinity,
    select: (providers) => (Array.isArray(providers) ? providers : []),
  });
}
