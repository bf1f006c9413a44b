import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type EngagementMessage, engagementMessageSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { engagementKeys } from './get-engagements';

/** POST /api/engagements/{id}/messages/ {body}: 400 for an empty or too long message, 429 when writing too fast. */
export async function postMessage(id: number, body: string): Promise<EngagementMessage> {
  return engagementMessageSchema.parse(await api.post<unknown>(`/api/engagements/${id}/messages/`, { body }));
}

export function usePostMessage(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => postMessage(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: engagementKeys.messages(id) }),
  });
}
