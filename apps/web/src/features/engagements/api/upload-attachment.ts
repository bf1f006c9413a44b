import { attachmentUploadSchema, engagementMessages as em } from '@market/shared';
import { api } from '@/lib/api-client';

/**
 * A file for a message: POST /api/engagements/{id}/attachments/ {file_name, content_type, size}
 * (400 for a type or size not allowed) answers a presigned upload; the browser then posts the
 * file straight to storage (policy fields first, the file last) and the message names its key.
 */
export async function uploadAttachment(id: number, file: File): Promise<{ key: string; file_name: string }> {
  const policy = attachmentUploadSchema.parse(
    await api.post<unknown>(`/api/engagements/${id}/attachments/`, { file_name: file.name, content_type: file.type, size: file.size }),
  );
  const form = new FormData();
  for (const [name, value] of Object.entries(policy.fields)) form.append(name, value);
  form.append('file', file, file.name);
  const stored = await fetch(policy.url, { method: 'POST', body: form, credentials: 'omit' });
  if (stored.status !== 204 && stored.status !== 201 && stored.status !== 200) throw new Error(em.attachmentMissing);
  return { key: policy.key, file_name: file.name };
}
