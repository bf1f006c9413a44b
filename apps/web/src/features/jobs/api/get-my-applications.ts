import { useQuery } from '@tanstack/react-query';
import { type MyApplicationList, myApplicationListSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { jobKeys } from './query-keys';

/** GET /api/jobs/applications/mine/ (signed in): the freelancer's own applications with their jobs, newest first. */
export async function getMyApplications(signal?: AbortSignal): Promise<MyApplicationList> {
  return myApplicationListSchema.parse(await api.get<unknown>('/api/jobs/applications/mine/', { signal }));
}

export function useMyApplications() {
  return useQuery({ queryKey: jobKeys.myApplications(), queryFn: ({ signal }) => getMyApplications(signal) });
}
