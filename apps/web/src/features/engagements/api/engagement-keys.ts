/** React Query keys of the engagement queries. Kept apart from the fetchers: the header's unread count is in the first bundle, which zod is kept out of. */
export const engagementKeys = {
  all: ['engagements'] as const,
  one: (id: number) => ['engagements', id] as const,
  messages: (id: number) => ['engagements', id, 'messages'] as const,
  reviews: (id: number) => ['engagements', id, 'reviews'] as const,
  unread: ['engagements', 'unread'] as const,
  myReviews: ['engagements', 'reviews', 'mine'] as const,
};
