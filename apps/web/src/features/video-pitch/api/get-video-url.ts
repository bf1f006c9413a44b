import { useQuery } from '@tanstack/react-query';
import { videoUrlSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { resolveStorageUrl } from '../utils/storage-url';
import { videoPitchKeys } from './query-keys';

/** The server's signed playback links live 10 minutes; reuse one for a few minutes at most. */
const PLAY_URL_FRESH_MS = 4 * 60_000;

/** GET /api/domains/get_video/{id} -> a bare JSON string: the short-lived playable URL. */
export async function getVideoUrl(id: number, signal?: AbortSignal): Promise<string> {
  return resolveStorageUrl(videoUrlSchema.parse(await api.get<unknown>(`/api/domains/get_video/${id}`, { signal })));
}

export function useVideoUrl(id: number | null) {
  return useQuery({
    queryKey: videoPitchKeys.playUrl(id ?? 0),
    queryFn: ({ signal }) => getVideoUrl(id as number, signal),
    enabled: id !== null,
    staleTime: PLAY_URL_FRESH_MS,
    gcTime: PLAY_URL_FRESH_MS,
  });
}
