import { type VideoPitch, videoPitchSchema } from '@market/shared';
import { api } from '@/lib/api-client';

/** The video upload record (POST upload_video, docs/api.md). */
export interface VideoUploadRecord {
  domain_id: number;
  file_name: string;
}

/**
 * POST /api/domains/upload_video/ {domain_id, file_name} -> 201 the pitch. Step 3 of the upload,
 * after storage answered 204; the file name must be the one the upload URL was asked for.
 */
export async function recordVideo(body: VideoUploadRecord, signal?: AbortSignal): Promise<VideoPitch> {
  return videoPitchSchema.parse(await api.post<unknown>('/api/domains/upload_video/', body, { signal }));
}
