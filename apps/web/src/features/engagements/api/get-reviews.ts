import { useQuery } from '@tanstack/react-query';
import { type EngagementReviews, engagementReviewsSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { engagementKeys } from './engagement-keys';

/** GET /api/engagements/{id}/reviews/: whether it is completed, the viewer's review and the other side's. */
export async function getReviews(id: number, signal?: AbortSignal): Promise<EngagementReviews> {
  return engagementReviewsSchema.parse(await api.get<unknown>(`/api/engagements/${id}/reviews/`, { signal }));
}

export function useReviews(id: number) {
  return useQuery({ queryKey: engagementKeys.reviews(id), queryFn: ({ signal }) => getReviews(id, signal) });
}
