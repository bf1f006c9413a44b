import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type HireResult, hireResultSchema, type JobApplication, jobApplicationSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { jobKeys } from './query-keys';

type Step = 'withdraw' | 'shortlist' | 'decline';

/** POST /api/jobs/applications/{id}/{withdraw|shortlist|decline}: the applicant withdraws; the owner shortlists or declines. */
export async function actOnApplication({ id, step }: { id: number; step: Step }): Promise<JobApplication> {
  return jobApplicationSchema.parse(await api.post<unknown>(`/api/jobs/applications/${id}/${step}`));
}

/** POST /api/jobs/applications/{id}/hire: the owner hires; the job is filled and an engagement opens. */
export async function hireApplicant(id: number): Promise<HireResult> {
  return hireResultSchema.parse(await api.post<unknown>(`/api/jobs/applications/${id}/hire`));
}

export function useApplicationStep() {
  const client = useQueryClient();
  // The job's page, and the lists that count or show this application ("Posted by you", "Your applications").
  return useMutation({
    mutationFn: actOnApplication,
    onSuccess: (a) =>
      Promise.all([
        client.invalidateQueries({ queryKey: jobKeys.one(a.job_id) }),
        client.invalidateQueries({ queryKey: jobKeys.mine() }),
        client.invalidateQueries({ queryKey: jobKeys.myApplications() }),
      ]),
  });
}

export function useHireApplicant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: hireApplicant,
    onSuccess: (result) => {
      client.setQueryData(jobKeys.one(result.job.id), result.job);
      return client.invalidateQueries({ queryKey: jobKeys.all });
    },
  });
}
