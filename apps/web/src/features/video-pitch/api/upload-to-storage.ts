import { requestTracker } from '@/lib/request-tracker';
import type { UploadPolicy } from './request-upload-url';

export interface StorageUploadOptions {
  /** 0..1 as the bytes leave the browser. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Step 2: the browser POSTs the file straight to object storage as a multipart
 * form, every policy field FIRST and the file LAST (S3 reads the policy before the file). No
 * Authorization header and no cookies: this is storage, possibly on another origin.
 * XMLHttpRequest rather than fetch, for upload progress events. Resolves with the HTTP status
 * (0 when there was no answer); 204 is success. Rejects with an AbortError when aborted.
 */
export function uploadToStorage(policy: UploadPolicy, file: File, { onProgress, signal }: StorageUploadOptions = {}): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const form = new FormData();
    for (const [name, value] of Object.entries(policy.fields)) form.append(name, value);
    form.append('file', file, file.name);

    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const finish = () => {
      signal?.removeEventListener('abort', onAbort);
      requestTracker.end();
    };
    xhr.open('POST', policy.url);
    xhr.withCredentials = false;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      finish();
      if (xhr.status === 204) onProgress?.(1);
      resolve(xhr.status);
    };
    xhr.onerror = () => {
      finish();
      resolve(0);
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      finish();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort);
    requestTracker.start();
    xhr.send(form);
  });
}
