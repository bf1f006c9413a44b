import type { VideoFilter } from '@market/shared';

/** One family of keys for video pitch data, so a change can refresh every view of it. */
export const videoPitchKeys = {
  all: ['video-pitches'] as const,
  lists: () => ['video-pitches', 'list'] as const,
  list: (filter: VideoFilter) => ['video-pitches', 'list', filter] as const,
  playUrl: (id: number) => ['video-pitches', 'play-url', id] as const,
  domain: (id: number) => ['video-pitches', 'domain', id] as const,
};

/**
 * The My Stable badge counts (GET /api/domains/my-stable) live under this key in the stable
 * feature; a review, a delete or a new pitch changes the video pitch leads badge, so they mark it stale.
 */
export const stableCountsKey = ['stable', 'counts'] as const;
