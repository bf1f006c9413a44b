import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type JobList, jobListSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { jobKeys } from './query-keys';

export interface JobListParams {
  q?: string;
  skill?: string;
  min_budget?: number;
  max_budget?: number;
  sort?: string;
  page?: number;
}

/** GET /api/jobs/?q=&skill=&min_budget=&max_budget=&sort=&page= (public): open jobs. */
export async function getJobs(query: JobListParams, signal?: AbortSignal): Promise<JobList> {
  return jobListSchema.parse(await api.get<unknown>('/api/jobs/', { query: { ...query }, signal, auth: false }));
}

/** The previous page stays on screen (marked busy) while the next loads. */
export function useJobs(query: JobListParams) {
  return useQuery({ queryKey: jobKeys.list({ ...query }), queryFn: ({ signal }) => getJobs(query, signal), placeholderData: keepPreviousData });
}
