import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type VideoFilter, type VideoPitch, videoPitchSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { videoPitchKeys } from './query-keys';

export type { VideoPitch };

/** GET /api/domains/video-pitches/?filter=all|accepted|declined|deleted|undecided (newest first). */
export async function getVideoPitches(filter: VideoFilter, signal?: AbortSignal): Promise<VideoPitch[]> {
  const data = await api.get<unknown>('/api/domains/video-pitches/', { query: { filter }, signal });
  return z.array(videoPitchSchema).parse(data);
}

/** Switching chips keeps the last list on screen (marked busy) instead of flashing a spinner. */
export function useVideoPitches(filter: VideoFilter) {
  return useQuery({
    queryKey: videoPitchKeys.list(filter),
    queryFn: ({ signal }) => getVideoPitches(filter, signal),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });
}
