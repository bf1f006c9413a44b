import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApplicationBody, type JobApplication, jobApplicationSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { jobKeys } from './query-keys';

/** POST /api/jobs/{id}/applications: a freelancer with a published profile applies once. */
export async function applyToJob({ jobId, body }: { jobId: number; body: ApplicationBody }): Promise<JobApplication> {
  return jobApplicationSchema.parse(await api.post<unknown>(`/api/jobs/${jobId}/applications`, body));
}

export function useApplyToJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: applyToJob,
    onSuccess: (a) => Promise.all([client.invalidateQueries({ queryKey: jobKeys.one(a.job_id) }), client.invalidateQueries({ queryKey: jobKeys.myApplications() })]),
  });
}
