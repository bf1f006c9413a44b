import { useQuery } from '@tanstack/react-query';
import { type Engagement, engagementSchema } from '@market/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { engagementKeys } from './engagement-keys';

/** GET /api/engagements/: the user's requests and engagements, as client and as freelancer, newest first. */
export async function getEngagements(signal?: AbortSignal): Promise<Engagement[]> {
  return z.array(engagementSchema).parse(await api.get<unknown>('/api/engagements/', { signal }));
}

export function useEngagements() {
  return useQuery({ queryKey: engagementKeys.all, queryFn: ({ signal }) => getEngagements(signal), refetchOnWindowFocus: true });
}
