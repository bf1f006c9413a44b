import type { StableCounts } from '../api/get-stable-counts';

/**
 * The My Stable tab a user's next step is on, opened by /my_stable (where logging in leads): a
 * freelancer answers requests; a seller with no lead yet works on their portfolio (adding domains
 * when it is empty); everyone else (and anyone whose counts could not be read) follows their leads.
 */
export function stableStartPath(userRole: string | null | undefined, counts: StableCounts | undefined): string {
  if (userRole === 'freelancer') return '/freelance-requests';
  if (userRole === 'seller' && counts?.domain_leads === 0) return '/portfolio';
  return '/domain-leads';
}
