import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminVideoSchema, type AdminVideo, type VideoModerationAction } from '@market/shared';
import { api } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/**
 * POST /api/domains/admin/videos/{id}/moderation/ {action}: the admins' moderation of a pitch.
 * It decides nothing for the domain's owner, who accepts or declines the pitch themselves.
 */
export async function moderateVideo(id: number, action: VideoModerationAction): Promise<AdminVideo> {
  return adminVideoSchema.parse(await api.post<unknown>(`/api/domains/admin/videos/${id}/moderation/`, { action }));
}

export function useModerateVideo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: VideoModerationAction }) => moderateVideo(id, action),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
