import { type DomainVideo, type VideoStatus, videoStatusLabels } from '@market/shared';

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
