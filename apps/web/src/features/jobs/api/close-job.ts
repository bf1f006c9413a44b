import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Job, jobSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { jobKeys } from './query-keys';

/** POST /api/jobs/{id}/close: the owner closes an open job without hiring. */
export async function closeJob(id: number): Promise<Job> {
  return jobSchema.parse(await api.post<unknown>(`/api/jobs/${id}/close`));
}

export function useCloseJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: closeJob,
    onSuccess: (job) => {
      client.setQueryData(jobKeys.one(job.id), job);
      return client.invalidateQueries({ queryKey: jobKeys.all });
    },
  });
}
