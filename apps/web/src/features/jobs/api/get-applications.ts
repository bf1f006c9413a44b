import { useQuery } from '@tanstack/react-query';
import { type JobApplication, jobApplicationSchema } from '@market/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { jobKeys } from './query-keys';

/** GET /api/jobs/{id}/applications: the owner's view of who applied; 403 for anyone else. */
export async function getApplications(id: number, signal?: AbortSignal): Promise<JobApplication[]> {
  return z.array(jobApplicationSchema).parse(await api.get<unknown>(`/api/jobs/${id}/applications`, { signal }));
}

export function useApplications(id: number, enabled: boolean) {
  return useQuery({ queryKey: jobKeys.applications(id), queryFn: ({ signal }) => getApplications(id, signal), enabled });
}
