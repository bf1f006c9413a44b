import { useQuery } from '@tanstack/react-query';
import { type Job, jobSchema } from '@market/shared';
import { api, isApiError } from '@/lib/api-client';
import { jobKeys } from './query-keys';

/** GET /api/jobs/{id}: public; a signed-in viewer also gets `viewer` (owner, own application, engagement). */
export async function getJob(id: number, signal?: AbortSignal): Promise<Job> {
  return jobSchema.parse(await api.get<unknown>(`/api/jobs/${id}`, { signal }));
}

export function useJob(id: number | undefined) {
  return useQuery({
    queryKey: jobKeys.one(id ?? 0),
    queryFn: ({ signal }) => getJob(id as number, signal),
    enabled: id !== undefined,
    retry: (count, error) => count < 1 && (!isApiError(error) || error.isServerError),
  });
}
