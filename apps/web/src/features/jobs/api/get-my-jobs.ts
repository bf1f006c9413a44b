import { useQuery } from '@tanstack/react-query';
import { type MyJobList, myJobListSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { jobKeys } from './query-keys';

/** GET /api/jobs/mine/ (signed in): the founder's own posts in every status, newest first. */
export async function getMyJobs(signal?: AbortSignal): Promise<MyJobList> {
  return myJobListSchema.parse(await api.get<unknown>('/api/jobs/mine/', { signal }));
}

export function useMyJobs() {
  return useQuery({ queryKey: jobKeys.mine(), queryFn: ({ signal }) => getMyJobs(signal) });
}
