import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { videoPitchKeys } from './query-keys';

/** The few Domain fields the upload page shows (the full shape is in portfolio/types/domain.ts). */
export const videoDomainSchema = z.object({
  id: z.number(),
  domain_name: z.string(),
  status_label: z.string().optional(),
  user: z.object({ id: z.number(), first_name: z.string().default(''), last_name: z.string().default('') }).optional(),
});
export type VideoDomain = z.infer<typeof videoDomainSchema>;

/** GET /api/domains/{id}: approved domains for everyone, others only for their owner (404 otherwise). */
export async function getVideoDomain(id: number, signal?: AbortSignal): Promise<VideoDomain> {
  return videoDomainSchema.parse(await api.get<unknown>(`/api/domains/${id}`, { signal }));
}

export function useVideoDomain(id: number | undefined) {
  return useQuery({
    queryKey: videoPitchKeys.domain(id ?? 0),
    queryFn: ({ signal }) => getVideoDomain(id as number, signal),
    enabled: id !== undefined,
  });
}
