import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AdminVideo, adminVideoSchema, type VideoFilter } from '@market/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminKeys } from './query-keys';

export type { AdminVideo };

/** GET /api/domains/admin/videos/?filter=: every pitch in the chosen state ('all' = all but deleted). */
export async function getAdminVideos(filter: VideoFilter, signal?: AbortSignal): Promise<AdminVideo[]> {
  return z.array(adminVideoSchema).parse(await api.get<unknown>('/api/domains/admin/videos/', { query: { filter }, signal }));
}

export function useAdminVideos(filter: VideoFilter) {
  return useQuery({
    queryKey: adminKeys.videos(filter),
    queryFn: ({ signal }) => getAdminVideos(filter, signal),
    placeholderData: keepPreviousData,
  });
}
