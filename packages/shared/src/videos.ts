/** Video pitch states and the project filter chips (docs/product.md section 5, Video pitches). */
export const videoStatuses = ['undecided', 'accepted', 'declined', 'deleted'] as const;
export type VideoStatus = (typeof videoStatuses)[number];

export const videoStatusLabels: Record<VideoStatus, string> = {
  undecided: 'Undecided',
  accepted: 'Accepted',
  declined: 'Declined',
  deleted: 'Deleted',
};

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
  reviewOnlyOwner: 'Only the domain’s seller can review its video pitches.',
  ownDomain: 'A video pitch is sent to the domain’s owner: you cannot pitch your own domain.',
} as const;
