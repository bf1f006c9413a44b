import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { VideoFilter } from '@market/shared';
import { api } from '@/lib/api-client';
import { adminKeys } from './query-keys';

export const adminVideoSchema = z.object({
  id: z.number(),
  domain_id: z.number(),
  domain_name: z.string(),
  file_name: z.string(),
  status: z.string(),
  created_at: z.string(),
  uploader_email: z.string(),
});
export type AdminVideo = z.infer<typeof adminVideoSchema>;

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
