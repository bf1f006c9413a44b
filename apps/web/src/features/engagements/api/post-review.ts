import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type PostReviewRequest, type Review, reviewSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { engagementKeys } from './engagement-keys';

/**
 * POST /api/engagements/{id}/reviews/ {stars, text}: the viewer's one review of the other side.
 * 409 before the engagement is completed or when already reviewed; 400 for stars or text.
 */
export async function postReview(id: number, body: PostReviewRequest): Promise<Review> {
  return reviewSchema.parse(await api.post<unknown>(`/api/engagements/${id}/reviews/`, body));
}

export function usePostReview(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PostReviewRequest) => postReview(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: engagementKeys.reviews(id) }),
  });
}
