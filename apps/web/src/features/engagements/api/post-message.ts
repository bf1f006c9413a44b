import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type EngagementMessage, engagementMessageSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { engagementKeys } from './engagement-keys';

import { uploadAttachment } from './upload-attachment';

/**
 * POST /api/engagements/{id}/messages/ {body, attachment?}: text, a file uploaded first, or both.
 * 400 for an empty or too long message or a file that did not arrive; 429 when writing too fast.
 */
export async function postMessage(id: number, body: string, file?: File): Promise<EngagementMessage> {
  const attachment = file ? await uploadAttachment(id, file) : undefined;
  return engagementMessageSchema.parse(await api.post<unknown>(`/api/engagements/${id}/messages/`, { body, ...(attachment ? { attachment } : {}) }));
}

export function usePostMessage(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, file }: { body: string; file?: File }) => postMessage(id, body, file),
    onSuccess: () => client.invalidateQueries({ queryKey: engagementKeys.messages(id) }),
  });
}
