import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VideoPitch } from '../api/get-video-pitches';
import { stableCountsKey, videoPitchKeys } from '../api/query-keys';
import { recordVideo } from '../api/record-video';
import { requestUploadUrl } from '../api/request-upload-url';
import { uploadToStorage } from '../api/upload-to-storage';

export type UploadPhase = 'idle' | 'preparing' | 'uploading' | 'recording';
export type UploadStep = 'policy' | 'storage' | 'record';

/** Which of the three steps failed, so the page can give the message for each (videoMessages). */
export class VideoUploadError extends Error {
  readonly step: UploadStep;
  /** The HTTP status storage answered (0: no answer); only for the storage step. */
  readonly status: number | undefined;

  constructor(step: UploadStep, cause: unknown, status?: number) {
    super(`video upload failed at the ${step} step`, { cause });
    this.name = 'VideoUploadError';
    this.step = step;
    this.status = status;
  }
}

export function isAbort(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === 'AbortError';
}

export interface UploadInput {
  domainId: number;
  file: File;
  contentType: string;
}

/**
 * The video upload flow (docs/product.md section 5, Video pitches): ask the API for a presigned
 * POST, send the file straight to storage (204 = stored), then record it with {domain_id,
 * file_name}. Exposes the phase and the upload progress (0..1, null before bytes move) and a
 * cancel for the running upload.
 */
export function useUploadVideo() {
  const client = useQueryClient();
  const [phase, setPhase] = useState<UploadPhase>('idle');
  const [progress, setProgress] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);

  // Leaving the page stops an upload in flight.
  useEffect(() => () => controller.current?.abort(), []);

  const mutation = useMutation<VideoPitch, unknown, UploadInput>({
    mutationFn: async ({ domainId, file, contentType }) => {
      const abort = new AbortController();
      controller.current = abort;
      const { signal } = abort;
      const fileName = file.name;
      setProgress(null);
      setPhase('preparing');
      try {
        let policy;
        try {
          policy = await requestUploadUrl({ domain_id: domainId, file_name: fileName, content_type: contentType, size: file.size }, signal);
        } catch (error) {
          throw isAbort(error) ? error : new VideoUploadError('policy', error);
        }

        setPhase('uploading');
        setProgress(0);
        const status = await uploadToStorage(policy, file, { signal, onProgress: setProgress });
        if (status !== 204) throw new VideoUploadError('storage', undefined, status);

        setPhase('recording');
        try {
          // Not cancellable any more: the file is stored, and recording it is what makes it a pitch.
          return await recordVideo({ domain_id: domainId, file_name: fileName });
        } catch (error) {
          throw new VideoUploadError('record', error);
        }
      } finally {
        controller.current = null;
        setPhase('idle');
      }
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: videoPitchKeys.lists() });
      void client.invalidateQueries({ queryKey: stableCountsKey });
    },
  });

  const cancel = useCallback(() => controller.current?.abort(), []);
  const canCancel = phase === 'preparing' || phase === 'uploading';

  return { upload: mutation.mutate, isPending: mutation.isPending, phase, progress, cancel, canCancel, reset: mutation.reset };
}
