import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** GET /api/domains/get_video/{id} -> the playable (signed, short-lived) URL as a JSON string. */
export async function getVideoUrl(id: number, signal?: AbortSignal): Promise<string> {
  return z.string().min(1).parse(await api.get<unknown>(`/api/domains/get_video/${id}`, { signal }));
}

/** Signed URLs expire: never cached beyond the dialog that plays it. */
export function useVideoUrl(id: number | null) {
  return useQuery({
    queryKey: ['admin', 'video-url', id],
    queryFn: ({ signal }) => getVideoUrl(id as number, signal),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}
