/** One family of keys for job data, so a post, an application or a hire refreshes every view of it. */
export const jobKeys = {
  all: ['jobs'] as const,
  list: (query: Record<string, string | number | undefined>) => ['jobs', 'list', query] as const,
  one: (id: number) => ['jobs', id] as const,
  mine: () => ['jobs', 'mine'] as const,
  myApplications: () => ['jobs', 'applications', 'mine'] as const,
  applications: (id: number) => ['jobs', id, 'applications'] as const,
};
