import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Job, type JobBody, jobSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { jobKeys } from './query-keys';

/** PUT /api/jobs/{id}: the owner replaces the whole job while it is open; 409 once it is not. */
export async function updateJob({ id, body }: { id: number; body: JobBody }): Promise<Job> {
  return jobSchema.parse(await api.put<unknown>(`/api/jobs/${id}`, body));
}

export function useUpdateJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateJob,
    onSuccess: (job) => {
      client.setQueryData(jobKeys.one(job.id), job);
      return client.invalidateQueries({ queryKey: jobKeys.all });
    },
  });
}
