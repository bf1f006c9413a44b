import { useQuery } from '@tanstack/react-query';
import { type MyReviews, myReviewsSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { engagementKeys } from './engagement-keys';

/** GET /api/engagements/reviews/mine/: the reviews of the user (as freelancer and as client) and the ones they wrote. */
export async function getMyReviews(signal?: AbortSignal): Promise<MyReviews> {
  return myReviewsSchema.parse(await api.get<unknown>('/api/engagements/reviews/mine/', { signal }));
}

export function useMyReviews() {
  return useQuery({ queryKey: engagementKeys.myReviews, queryFn: ({ signal }) => getMyReviews(signal) });
}
