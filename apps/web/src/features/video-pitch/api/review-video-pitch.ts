import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type VideoPitch, videoPitchSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { stableCountsKey, videoPitchKeys } from './query-keys';

export type ReviewAction = 'approve' | 'deny';

/** POST /api/domains/video-pitches/{id}/review/ {action} -> the pitch (only the domain's seller). */
export async function reviewVideoPitch({ id, action }: { id: number; action: ReviewAction }): Promise<VideoPitch> {
  return videoPitchSchema.parse(await api.post<unknown>(`/api/domains/video-pitches/${id}/review/`, { action }));
}

/** The pitch changes state, so every list (the chips filter by state) and the badge refresh. */
export function useReviewVideoPitch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reviewVideoPitch,
    onSuccess: (pitch) => {
      client.setQueriesData<VideoPitch[]>({ queryKey: videoPitchKeys.lists() }, (list) =>
        list?.map((p) => (p.id === pitch.id ? pitch : p)),
      );
      void client.invalidateQueries({ queryKey: videoPitchKeys.lists() });
      void client.invalidateQueries({ queryKey: stableCountsKey });
    },
  });
}
