import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { stableCountsKey, videoPitchKeys } from './query-keys';

/** DELETE /api/domains/video-pitches/{id}/ -> 204 (only the uploader). The record stays as Deleted. */
export function deleteVideoPitch(id: number): Promise<void> {
  return api.delete<void>(`/api/domains/video-pitches/${id}/`);
}

export function useDeleteVideoPitch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteVideoPitch,
    onSuccess: (_result, id) => {
      client.removeQueries({ queryKey: videoPitchKeys.playUrl(id) });
      void client.invalidateQueries({ queryKey: videoPitchKeys.lists() });
      void client.invalidateQueries({ queryKey: stableCountsKey });
    },
  });
}
