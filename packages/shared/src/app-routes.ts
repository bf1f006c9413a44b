import { sponsoredPages } from './sponsored.js';

/**
 * Every path the web app has a page for (apps/web/src/app/router.tsx, which a test keeps in step),
 * spelled exactly: matching is case-sensitive. `:name` stands for any one segment. The server
 * answers any other browser path 404, with the app (which shows home there).
 */
export const appRoutePatterns: readonly string[] = [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/how-it-works',
  '/build-your-dream',
  '/about-us',
  '/our-mission',
  '/privacy-policy',
  '/terms-and-conditions',
  '/contact',
  '/landing/:id',
  '/freelancers',
  '/freelancers/:id',
  '/jobs',
  '/jobs/:id',
  '/homeSearch',
  '/homesearch',
  ...Object.keys(sponsoredPages).map((page) => `/sponsored/${page}`),
  '/sponsored-headlines',
  '/BrokerPage',
  '/PortfolioApproval',
  '/UserList',
  '/search',
  '/video_upload/:id',
  '/buy_order',
  '/orders/:id',
  '/orders/:id/receipt',
  '/leases',
  '/leases/:id',
  '/profile',
  '/engagements',
  '/engagements/:id',
  '/hire/:userId',
  '/freelancer-profile',
  '/jobs/new',
  '/jobs/:id/edit',
  '/order-sponsored-headlines',
  '/checkout',
  '/Checkout',
  '/my_stable',
  '/stable',
  '/domain-leads',
  '/domain-leads/negotiation/:id',
  '/video-pitch',
  '/video_pitch',
  '/recently-viewed-domains',
  '/portfolio',
  '/add_domains',
  '/traffic',
  '/market',
  '/hires',
  '/freelance-requests',
  '/freelance-engagements',
  '/earnings',
  '/reviews',
  '/settings',
];

const segmentsOf = (path: string) => path.split('/').filter(Boolean);
const patterns = appRoutePatterns.map(segmentsOf);

/** Whether the web app has a page at this path (no query string; a trailing slash is ignored). */
export function isAppPath(pathname: string): boolean {
  let segments: string[];
  try {
    segments = segmentsOf(pathname).map((s) => decodeURIComponent(s));
  } catch {
    return false;
  }
  return patterns.some((pattern) => pattern.length === segments.length && pattern.every((p, i) => p.startsWith(':') || p === segments[i]));
}
