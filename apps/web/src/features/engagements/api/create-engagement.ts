import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateEngagementRequest, type Engagement, engagementSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { engagementKeys } from './engagement-keys';

/** POST /api/engagements/: sends a request to a freelancer; 400 field errors, 429 when sending too many. */
export async function createEngagement(body: CreateEngagementRequest): Promise<Engagement> {
  return engagementSchema.parse(await api.post<unknown>('/api/engagements/', body));
}

export function useCreateEngagement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createEngagement,
    onSuccess: (engagement) => {
      client.setQueryData(engagementKeys.one(engagement.id), engagement);
      return client.invalidateQueries({ queryKey: engagementKeys.all, exact: true });
    },
  });
}
