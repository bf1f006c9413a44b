import { type UploadPolicy, uploadPolicySchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { resolveStorageUrl } from '../utils/storage-url';

export type { UploadPolicy };

export interface UploadPolicyRequest {
  domain_id: number;
  file_name: string;
  content_type: string;
  size: number;
}

/**
 * POST /api/domains/video-upload-url/ -> {url, fields, key}. 413 {file: [...]} when too large,
 * 400 {content_type: [...]} when not a video, 404 for an unknown domain. Step 1 of the upload,
 * driven by `useUploadVideo`.
 */
export async function requestUploadUrl(body: UploadPolicyRequest, signal?: AbortSignal): Promise<UploadPolicy> {
  const policy = uploadPolicySchema.parse(await api.post<unknown>('/api/domains/video-upload-url/', body, { signal }));
  return { ...policy, url: resolveStorageUrl(policy.url) };
}
