import {
  AWAITING_OWNER_LABEL,
  AWAITING_UPLOADER_LABEL,
  type AdminVideo,
  type DomainVideo,
  type VideoModeration,
  type VideoModerationAction,
  type VideoPitch,
  type VideoPitchAction,
  type VideoStatus,
  videoStatusLabels,
  withLastInitial,
} from '@market/shared';
import type { VideoRow, VideoView } from './videos.repository.js';

/**
 * What the viewer may do with a pitch: its owner answers it once, while it is undecided and not
 * denied in moderation; its uploader deletes it. An admin's moderation is not among these.
 */
export function pitchActions(v: Pick<VideoRow, 'status' | 'moderation' | 'uploader_id' | 'seller_id'>, viewerId: number): VideoPitchAction[] {
  if (v.status === 'deleted') return [];
  if (v.uploader_id === viewerId) return ['delete'];
  if (v.seller_id === viewerId && v.status === 'undecided' && v.moderation !== 'denied') return ['approve', 'deny'];
  return [];
}

/** Moderation offers the decision not yet taken: a new pitch both, a decided one the other. */
export function moderationActions(v: { status: string; moderation: string }): VideoModerationAction[] {
  if (v.status === 'deleted') return [];
  if (v.moderation === 'approved') return ['deny'];
  if (v.moderation === 'denied') return ['approve'];
  return ['approve', 'deny'];
}

function statusLabel(v: Pick<VideoRow, 'status' | 'uploader_id'>, viewerId: number): string {
  if (v.status === 'undecided') return v.uploader_id === viewerId ? AWAITING_UPLOADER_LABEL : AWAITING_OWNER_LABEL;
  return videoStatusLabels[v.status as VideoStatus] ?? v.status;
}

/** A pitch as the admins' moderation list shows it: the owner's answer and their own, apart. */
export function presentAdminVideo(v: {
  id: number;
  domain_id: number;
  domain_name: string;
  file_name: string;
  status: string;
  moderation: string;
  created_at: string;
  uploader_email: string;
}): AdminVideo {
  return { ...v, moderation: v.moderation as VideoModeration, allowed_actions: moderationActions(v) };
}

/** A video pitch as its uploader or the domain's seller sees it in their list. */
export function presentVideo(v: VideoView, viewerId: number): VideoPitch {
  return {
    id: v.id,
    domain_id: v.domain_id,
    domain_name: v.domain_name,
    file_name: v.file_name,
    size: v.size,
    status: v.status,
    status_label: statusLabel(v, viewerId),
    role: v.uploader_id === viewerId ? ('uploader' as const) : ('seller' as const),
    created_at: v.created_at,
    reviewed_at: v.reviewed_at,
    allowed_actions: pitchActions(v, viewerId),
  };
}

export interface DomainVideoRow {
  id: number;
  domain_id: number;
  status: string;
  uploader_id: number;
  uploader_first_name: string;
  uploader_last_name: string;
}

/**
 * One entry of Domain.videos: enough to pick a pitch and ask GET /api/domains/get_video/{id}
 * for it. The uploader is named like a domain's owner, never with an e-mail.
 */
export function presentDomainVideo(row: DomainVideoRow): DomainVideo {
  return {
    id: row.id,
    status: row.status,
    status_label: videoStatusLabels[row.status as VideoStatus] ?? row.status,
    // A pitch is no deal: the seller knows the founder by first name and initial.
    uploader: withLastInitial({ id: row.uploader_id, first_name: row.uploader_first_name, last_name: row.uploader_last_name }),
  };
}
