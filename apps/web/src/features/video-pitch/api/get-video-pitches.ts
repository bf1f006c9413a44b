import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { VideoFilter } from '@market/shared';
import { api } from '@/lib/api-client';
import { videoPitchKeys } from './query-keys';

/**
 * One video pitch as the server presents it. `role` is the viewer's side: 'uploader' sent it,
 * 'seller' owns the domain it is about and decides on it.
 */
export const videoPitchSchema = z.object({
  id: z.number(),
  domain_id: z.number(),
  domain_name: z.string(),
  file_name: z.string(),
  size: z.number(),
  // A string, not an enum: a state added later must not break the whole list.
  status: z.string(),
  status_label: z.string(),
  role: z.enum(['uploader', 'seller']),
  created_at: z.string(),
  reviewed_at: z.string().nullable().default(null),
});
export type VideoPitch = z.infer<typeof videoPitchSchema>;

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
