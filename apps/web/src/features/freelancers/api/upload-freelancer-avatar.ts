import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ALLOWED_AVATAR_TYPES,
  FREELANCER_LIMITS,
  type FreelancerOwn,
  freelancerAvatarUploadSchema,
  freelancerMessages,
  freelancerOwnSchema,
} from '@market/shared';
import { env } from '@/config/env';
import { api } from '@/lib/api-client';
import { freelancerKeys } from './query-keys';

/** A picture the browser refused before any request: the message to show. */
export class AvatarFileError extends Error {}

/**
 * Three steps, as video pitches upload: the API signs an upload policy for one key under the
 * user's prefix (POST /api/freelancers/me/avatar-upload-url/), the browser posts the file
 * straight to storage (policy fields first, file last), and the API takes the key once storage
 * holds a picture of an allowed type and size (PUT /api/freelancers/me/avatar/).
 */
export async function uploadFreelancerAvatar(file: File): Promise<FreelancerOwn> {
  if (!(ALLOWED_AVATAR_TYPES as readonly string[]).includes(file.type)) throw new AvatarFileError(freelancerMessages.avatarType);
  if (file.size > FREELANCER_LIMITS.avatarBytes) throw new AvatarFileError(freelancerMessages.avatarTooLarge);
  const policy = freelancerAvatarUploadSchema.parse(
    await api.post<unknown>('/api/freelancers/me/avatar-upload-url/', { file_name: file.name, content_type: file.type, size: file.size }),
  );
  const form = new FormData();
  for (const [name, value] of Object.entries(policy.fields)) form.append(name, value);
  form.append('file', file, file.name);
  const target = policy.url.startsWith('/') ? `${env.apiBase}${policy.url}` : policy.url;
  const stored = await fetch(target, { method: 'POST', body: form, credentials: 'omit' }).catch(() => undefined);
  if (!stored || (stored.status !== 204 && stored.status !== 201 && stored.status !== 200)) {
    throw new AvatarFileError('The picture could not be uploaded. Please try again.');
  }
  return freelancerOwnSchema.parse(await api.put<unknown>('/api/freelancers/me/avatar/', { key: policy.key }));
}

/** DELETE /api/freelancers/me/avatar/: back to the initial. */
export async function removeFreelancerAvatar(): Promise<FreelancerOwn> {
  return freelancerOwnSchema.parse(await api.delete<unknown>('/api/freelancers/me/avatar/'));
}

export function useFreelancerAvatar() {
  const client = useQueryClient();
  const onSuccess = (profile: FreelancerOwn) => client.setQueryData(freelancerKeys.mine(), profile);
  const onSettled = () => client.invalidateQueries({ queryKey: freelancerKeys.all });
  return {
    upload: useMutation({ mutationFn: uploadFreelancerAvatar, onSuccess, onSettled }),
    remove: useMutation({ mutationFn: removeFreelancerAvatar, onSuccess, onSettled }),
  };
}
