/** One family of query keys for domain data, so a change can refresh every view of it. */
export const domainKeys = {
  all: ['domains'] as const,
  mine: () => ['domains', 'mine'] as const,
  detail: (id: number) => ['domains', 'detail', id] as const,
  nameservers: () => ['domains', 'nameservers'] as const,
  dns: (id: number) => ['domains', 'dns', id] as const,
  recentlyViewed: () => ['domains', 'recently-viewed'] as const,
  traffic: (days: number, domainId?: number) => ['domains', 'traffic', days, domainId ?? 'all'] as const,
  search: (query: Record<string, string | number>) => ['domains', 'search', query] as const,
};
