import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** POST /api/domains/video-pitches/{id}/review/ {action}: admins may review any pitch. */
export function reviewVideo(id: number, action: 'approve' | 'deny'): Promise<unknown> {
  return api.post<unknown>(`/api/domains/video-pitches/${id}/review/`, { action });
}

export function useReviewVideo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'approve' | 'deny' }) => reviewVideo(id, action),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
