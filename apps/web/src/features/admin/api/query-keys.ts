/** One family of query keys for the admin pages, so a change can refresh every view of it. */
export const adminKeys = {
  all: ['admin'] as const,
  users: () => ['admin', 'users'] as const,
  userPage: (page: number, search: string) => ['admin', 'users', page, search] as const,
  approval: () => ['admin', 'approval'] as const,
  brokerTable: (page: number) => ['admin', 'broker-table', page] as const,
  brokerLeads: () => ['admin', 'broker-leads'] as const,
  domainList: (kind: string) => ['admin', 'domain-list', kind] as const,
  videos: (filter?: string) => (filter ? (['admin', 'videos', filter] as const) : (['admin', 'videos'] as const)),
  claims: () => ['admin', 'claims'] as const,
  audit: () => ['admin', 'audit'] as const,
  finance: (filters?: object) => (filters ? (['admin', 'finance', filters] as const) : (['admin', 'finance'] as const)),
  // Under finance(): every step that refreshes the figures checks the books again too.
  reconcile: () => ['admin', 'finance', 'reconcile'] as const,
  freelancers: (q: string, page: number) => ['admin', 'freelancers', q, page] as const,
  sponsoredOrders: () => ['admin', 'sponsored-orders'] as const,
  milestones: () => ['admin', 'milestones'] as const,
  order: (id?: number) => (id === undefined ? (['admin', 'order'] as const) : (['admin', 'order', id] as const)),
};
