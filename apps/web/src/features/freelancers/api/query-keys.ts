import type { FreelancerDirectoryQuery } from '@market/shared';

/** One family of keys for freelancer data, so a save or a badge refreshes every view of it. */
export const freelancerKeys = {
  all: ['freelancers'] as const,
  directory: (query: FreelancerDirectoryQuery) => ['freelancers', 'directory', query] as const,
  showcase: () => ['freelancers', 'showcase'] as const,
  mine: () => ['freelancers', 'mine'] as const,
};
