import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Review, reviewSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { engagementKeys } from './engagement-keys';

/** POST /api/engagements/{id}/reviews/reply/ {text}: the viewer's one reply to the review of them (409 when replied already). */
export async function replyToReview(id: number, text: string): Promise<Review> {
  return reviewSchema.parse(await api.post<unknown>(`/api/engagements/${id}/reviews/reply/`, { text }));
}

export function useReplyToReview(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => replyToReview(id, text),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: engagementKeys.reviews(id) }), client.invalidateQueries({ queryKey: engagementKeys.myReviews })]),
  });
}
