import { ALLOWED_VIDEO_TYPES, MAX_UPLOAD_BYTES, videoMessages } from '@market/shared';
import { videoExtensionTypes, videoPitchText } from '../constants';

/** What the file input offers: the allowed MIME types and their usual extensions. */
export const VIDEO_FILE_ACCEPT = [...ALLOWED_VIDEO_TYPES, ...Object.keys(videoExtensionTypes).map((ext) => `.${ext}`)].join(',');

export type VideoFileCheck = { ok: true; contentType: string } | { ok: false; problem: string };

/**
 * The browser-side checks before anything is sent: the 2 MB cap with the file's
 * name, an empty file, and a type the storage accepts. Some systems report no type (or an odd
 * one) for .mkv or .mov files; the extension decides then.
 */
export function checkVideoFile(file: File): VideoFileCheck {
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, problem: videoMessages.tooLarge(file.name) };
  if (file.size === 0) return { ok: false, problem: videoPitchText.emptyFile };
  const contentType = videoContentType(file);
  if (!contentType) return { ok: false, problem: videoMessages.notAVideo };
  return { ok: true, contentType };
}

export function videoContentType(file: File): string | undefined {
  const allowed = ALLOWED_VIDEO_TYPES as readonly string[];
  if (allowed.includes(file.type)) return file.type;
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  const byExtension = ext ? videoExtensionTypes[ext] : undefined;
  // A file the system calls something else (text/plain, image/png) is not a video, whatever its name.
  if (byExtension && (file.type === '' || file.type.startsWith('video/') || file.type === 'application/octet-stream')) {
    return byExtension;
  }
  return undefined;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

