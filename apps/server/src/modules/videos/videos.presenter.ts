import { type DomainVideo, type VideoPitch, type VideoStatus, videoStatusLabels } from '@market/shared';
import type { VideoView } from './videos.repository.js';

/** A video pitch as its uploader or the domain's seller sees it in their list. */
export function presentVideo(v: VideoView, viewerId: number): VideoPitch {
  return {
    id: v.id,
    domain_id: v.domain_id,
    domain_name: v.domain_name,
    file_name: v.file_name,
    size: v.size,
    status: v.status,
    status_label: videoStatusLabels[v.status as VideoStatus] ?? v.status,
    role: v.uploader_id === viewerId ? ('uploader' as const) : ('seller' as const),
    created_at: v.created_at,
    reviewed_at: v.reviewed_at,
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
    uploader: { id: row.uploader_id, first_name: row.uploader_first_name, last_name: row.uploader_last_name },
  };
}
