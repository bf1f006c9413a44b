/** Video pitch states and the project filter chips (docs/product.md section 5, Video pitches). */
export const videoStatuses = ['undecided', 'accepted', 'declined', 'deleted'] as const;
export type VideoStatus = (typeof videoStatuses)[number];

export const videoStatusLabels: Record<VideoStatus, string> = {
  undecided: 'Undecided',
  accepted: 'Accepted',
  declined: 'Declined',
  deleted: 'Deleted',
};

/**
 * The admins' moderation of a pitch, apart from the owner's answer above: may it be shown at all.
 * A denied pitch is hidden from the domain's owner; approving it decides nothing for them.
 */
export const videoModerationStates = ['new', 'approved', 'denied'] as const;
export type VideoModeration = (typeof videoModerationStates)[number];
export const videoModerationLabels: Record<VideoModeration, string> = {
  new: 'New',
  approved: 'Approved',
  denied: 'Denied',
};

/** What the owner reads on a pitch still waiting for them; the uploader reads the other line. */
export const AWAITING_OWNER_LABEL = 'Awaiting your decision';
export const AWAITING_UPLOADER_LABEL = 'Awaiting the owner’s decision';

/**
 * What a viewer may do with a pitch now, as the server answers it (`allowed_actions`). For the
 * owner, `approve` accepts the pitch and `deny` declines it (the review request's own words);
 * for an admin in moderation they approve or deny it for showing.
 */
export const videoPitchActions = ['approve', 'deny', 'delete'] as const;
export type VideoPitchAction = (typeof videoPitchActions)[number];
export const videoModerationActions = ['approve', 'deny'] as const;
export type VideoModerationAction = (typeof videoModerationActions)[number];

/** Chip label -> the state it shows ('all' shows every state but deleted). */
export const videoFilterChips = [
  { label: 'All projects', filter: 'all' },
  { label: 'Accepted', filter: 'accepted' },
  { label: 'Decline', filter: 'declined' },
  { label: 'Deleted', filter: 'deleted' },
  { label: 'Undecided', filter: 'undecided' },
] as const;
export type VideoFilter = (typeof videoFilterChips)[number]['filter'];

export const ALLOWED_VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime', 'video/ogg', 'video/x-matroska'] as const;

export const videoMessages = {
  success: 'Success!',
  recordFailed: 'Fail!',
  storageFailed: 'Failed to upload this video file.',
  tooLarge: (file: string) => `${file} is too large, please pick a smaller one.`,
  // Ours.
  notAVideo: 'Please choose a video file (MP4, WebM, MOV, OGG or MKV).',
  neverUploaded: 'That file has not been uploaded yet.',
  notAllowed: 'You cannot watch this video.',
  reviewOnlyOwner: 'Only the domain’s seller can accept or decline its video pitches.',
  alreadyDecided: 'You have already answered this pitch.',
  moderationDone: 'This pitch already has that moderation decision.',
  deletedVideo: 'This video was deleted.',
  ownDomain: 'A video pitch is sent to the domain’s owner: you cannot pitch your own domain.',
} as const;
