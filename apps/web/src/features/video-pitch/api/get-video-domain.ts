import { useQuery } from '@tanstack/react-query';
import { type Domain, domainDetailSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { videoPitchKeys } from './query-keys';

/** GET /api/domains/{id}: approved domains for everyone, others only for their owner (404 otherwise). */
export async function getVideoDomain(id: number, signal?: AbortSignal): Promise<Domain> {
  return domainDetailSchema.parse(await api.get<unknown>(`/api/domains/${id}`, { signal }));
}

export function useVideoDomain(id: number | undefined) {
  return useQuery({
    queryKey: videoPitchKeys.domain(id ?? 0),
    queryFn: ({ signal }) => getVideoDomain(id as number, signal),
    enabled: id !== undefined,
  });
}
