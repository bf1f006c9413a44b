import { useQuery } from '@tanstack/react-query';
import { type Engagement, engagementSchema } from '@market/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const engagementKeys = {
  all: ['engagements'] as const,
  one: (id: number) => ['engagements', id] as const,
  messages: (id: number) => ['engagements', id, 'messages'] as const,
  reviews: (id: number) => ['engagements', id, 'reviews'] as const,
  unread: ['engagements', 'unread'] as const,
  myReviews: ['engagements', 'reviews', 'mine'] as const,
};

/** GET /api/engagements/: the user's requests and engagements, as client and as freelancer, newest first. */
export async function getEngagements(signal?: AbortSignal): Promise<Engagement[]> {
  return z.array(engagementSchema).parse(await api.get<unknown>('/api/engagements/', { signal }));
}

export function useEngagements() {
  return useQuery({ queryKey: engagementKeys.all, queryFn: ({ signal }) => getEngagements(signal), refetchOnWindowFocus: true });
}
