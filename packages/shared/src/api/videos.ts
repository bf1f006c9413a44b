import { z } from 'zod';
import { videoPitchActions } from '../videos.js';

/**
 * One video pitch as the server presents it. `role` is the viewer's side: 'uploader' sent it,
 * 'seller' owns the domain it is about and decides on it.
 */
export const videoPitchSchema = z.object({
  id: z.number(),
  domain_id: z.number(),
  domain_name: z.string(),
  file_name: z.string(),
  size: z.number(),
  // A string, not an enum: a state added later must not break the whole list.
  status: z.string(),
  status_label: z.string(),
  role: z.enum(['uploader', 'seller']),
  created_at: z.string(),
  /** When the owner answered (accepted or declined); null while undecided. */
  reviewed_at: z.string().nullable(),
  /** What the viewer may do now: the owner answers an undecided pitch once; the uploader deletes. */
  allowed_actions: z.array(z.enum(videoPitchActions)),
});
export type VideoPitch = z.infer<typeof videoPitchSchema>;

/**
 * POST /api/domains/video-upload-url/: a presigned POST. Send every field, then the file, to
 * `url` (S3 rules); `key` is where the file will be.
 */
export const uploadPolicySchema = z.object({
  url: z.string().min(1),
  fields: z.record(z.string(), z.string()),
  key: z.string(),
});
export type UploadPolicy = z.infer<typeof uploadPolicySchema>;

/** GET /api/domains/get_video/{id}: the playable URL, as a bare JSON string. */
export const videoUrlSchema = z.string().min(1).describe('A signed URL the pitch plays from, valid for a short while.');
