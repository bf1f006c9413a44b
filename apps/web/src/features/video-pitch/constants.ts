/**
 * Words and numbers of the video pitch feature that @market/shared does not have (yet). The
 * shared messages ('Success!', 'Fail!', 'Failed to upload this video file.', too large) come
 * from `videoMessages` there.
 */
export const videoPitchText = {
  emptyFile: 'This file is empty. Please choose a video with something in it.',
  noFile: 'Please choose a video file to upload.',
  chooseHint: 'MP4, WebM, MOV, OGG or MKV, up to 2 MB.',
  domainNotFound: 'This domain could not be found. It may have been removed or not approved yet.',
  playFailed: 'This video could not be played.',
  reviewFailed: 'The pitch could not be updated.',
  deleteTitle: 'Delete video pitch',
  deleteConfirm: 'Are you sure you want to delete this video pitch? The domain owner will no longer be able to watch it.',
  deleted: 'Video pitch deleted.',
  deleteFailed: 'Failed to delete the video pitch.',
  approved: 'Pitch accepted.',
  denied: 'Pitch declined.',
} as const;

/** How many pitches the My Video Pitch box of the profile lists. */
export const MY_VIDEO_PITCH_BOX_ROWS = 5;

/** File extensions the picker offers, next to the MIME types (some systems give no type). */
export const videoExtensionTypes: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  qt: 'video/quicktime',
  ogv: 'video/ogg',
  ogg: 'video/ogg',
  mkv: 'video/x-matroska',
};
