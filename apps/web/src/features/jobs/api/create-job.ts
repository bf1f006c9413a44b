import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Job, type JobBody, jobSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { jobKeys } from './query-keys';

/** POST /api/jobs/: posts a job; 400 field errors, 429 when posting too many. */
export async function createJob(body: JobBody): Promise<Job> {
  return jobSchema.parse(await api.post<unknown>('/api/jobs/', body));
}

export function useCreateJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createJob,
    onSuccess: (job) => {
      client.setQueryData(jobKeys.one(job.id), job);
      return client.invalidateQueries({ queryKey: jobKeys.all });
    },
  });
}
