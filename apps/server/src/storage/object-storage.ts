import { ALLOWED_ATTACHMENT_TYPES, ALLOWED_AVATAR_TYPES, ALLOWED_VIDEO_TYPES } from '@market/shared';

/**
 * Object storage for uploaded videos and profile pictures. The browser uploads straight to storage with a presigned
 * POST (the file never passes through our API), and plays back through short-lived signed URLs.
 */
export interface UploadPolicy {
  url: string;
  fields: Record<string, string>;
}

export interface UploadRequest {
  key: string;
  contentType: string;
  maxBytes: number;
  expiresSeconds: number;
}

export interface StoredObject {
  size: number;
  contentType: string | undefined;
}

export interface ObjectStorage {
  readonly kind: 'embedded' | 's3';
  createUploadPolicy(request: UploadRequest): Promise<UploadPolicy>;
  signedGetUrl(key: string, expiresSeconds: number): Promise<string>;
  /** Size and type of an uploaded object, or undefined when nothing is stored under the key. */
  head(key: string): Promise<StoredObject | undefined>;
  remove(key: string): Promise<void>;
}

/** What the storage takes: video pitches, profile pictures and the files of engagement messages (each use checks its own list first). */
export const STORED_CONTENT_TYPES: readonly string[] = [...ALLOWED_VIDEO_TYPES, ...ALLOWED_AVATAR_TYPES, ...ALLOWED_ATTACHMENT_TYPES];

/** Keys are ours, built from ids and a cleaned file name: nothing that could climb a path. */
export function isSafeKey(key: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9/._-]{0,400}$/.test(key) && !key.split('/').some((part) => part === '..' || part === '.' || part === '');
}
