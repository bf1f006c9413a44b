import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Outlet, Link as RouterLink, useLocation } from 'react-router';
import { PageContainer } from '@/components/ui/page-container';
import { type StableCounts, useStableCounts } from '@/features/stable';
import { useAuthSnapshot } from '@/lib/auth-store';
import { adminLinks, useIsAdmin } from './admin-links';

/** My Stable tabs keep their own top-level paths so links and reloads work on each tab. */
export const stableTabs = [
  { label: 'Domain Leads', to: '/domain-leads', also: ['/domain-leads/'] },
  { label: 'Video Pitch', to: '/video-pitch', also: ['/video_pitch'] },
  { label: 'Recently Viewed', to: '/recently-viewed-domains', also: [] },
  { label: 'Portfolio', to: '/portfolio', also: [] },
  { label: 'Add Domains', to: '/add_domains', also: [] },
  { label: 'Traffic', to: '/traffic', also: [] },
  { label: 'Market', to: '/market', also: [] },
  { label: 'Hires', to: '/hires', also: [] },
  { label: 'Requests', to: '/freelance-requests', also: [], freelancer: true },
  { label: 'Engagements', to: '/freelance-engagements', also: [], freelancer: true },
  { label: 'Earnings', to: '/earnings', also: [], freelancer: true },
  { label: 'Reviews', to: '/reviews', also: [] },
  { label: 'Settings', to: '/settings', also: [] },
] as const;

/**
 * Count badges (docs/product.md section 3) on the domain leads, video pitch leads, recent views and market
 * tabs. `spoken` completes the tab's accessible name ("Domain Leads, 3 open leads"); the pill
 * itself is hidden from screen readers.
 */
const tabCounts: Partial<Record<(typeof stableTabs)[number]['to'], { key: keyof StableCounts; spoken: (n: number) => string }>> = {
  '/domain-leads': { key: 'domain_leads', spoken: (n) => `${n} open ${n === 1 ? 'lead' : 'leads'}` },
  '/video-pitch': { key: 'video_pitch_leads', spoken: (n) => `${n} video pitch ${n === 1 ? 'lead' : 'leads'}` },
  '/recently-viewed-domains': { key: 'recently_viewed_domains', spoken: (n) => `${n} ${n === 1 ? 'domain' : 'domains'}` },
  '/market': { key: 'market_count', spoken: (n) => `${n} open ${n === 1 ? 'offer' : 'offers'}` },
};

/** A pill after the tab label; nothing at all when the count is 0 (or not known yet). */
export function TabCount({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <Box
      component="span"
      aria-hidden="true"
      data-testid="tab-count"
      sx={{
        ml: 1,
        px: 0.75,
        minWidth: 22,
        height: 22,
        borderRadius: 11,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontSize: '0.75rem',
        fontWeight: 700,
        lineHeight: 1,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
      }}
    >
      {count > 99 ? '99+' : count}
    </Box>
  );
}

function isActive(pathname: string, tab: (typeof stableTabs)[number]): boolean {
  return pathname === tab.to || tab.also.some((p) => (p.endsWith('/') ? pathname.startsWith(p) : pathname === p));
}

/**
 * Tabs are plain links in a labelled nav (not ARIA tabs): each one loads a page with its own
 * URL, which is navigation, and aria-current marks the page being shown.
 */
export function StableLayout() {
  const { pathname } = useLocation();
  const counts = useStableCounts().data;
  // A freelancer's own tabs: requests to answer, engagements, earnings.
  const freelancer = useAuthSnapshot().user?.user_role === 'freelancer';
  const isAdmin = useIsAdmin();
  // The tab row scrolls sideways when it is wider than the screen: bring the current tab into
  // view, or a page opened by its address (the last tabs, such as Reviews) shows no current tab.
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    const current = nav.current?.querySelector<HTMLElement>('[aria-current="page"]');
    // jsdom has no scrollIntoView.
    current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <>
      <PageContainer sx={{ pt: { xs: 2, md: 3 }, pb: 0 }}>
        {isAdmin ? (
          <Box component="nav" aria-label="Admin pages" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 2, rowGap: 0.5, mb: 1.5 }}>
            <Typography component="span" variant="body2" sx={{ fontWeight: 700 }}>
              Admin:
            </Typography>
            {adminLinks.map((link) => (
              <Link key={link.href} component={RouterLink} to={link.href} variant="body2">
                {link.label}
              </Link>
            ))}
          </Box>
        ) : null}
        <Box
          ref={nav}
          component="nav"
          aria-label="My Stable"
          // On a phone the row scrolls sideways; from md up every tab is in sight (13 do not fit in one row at 1366 px), so it wraps.
          sx={{ display: 'flex', flexWrap: { xs: 'nowrap', md: 'wrap' }, columnGap: 0.5, overflowX: { xs: 'auto', md: 'visible' }, borderBottom: 1, borderColor: 'divider' }}
        >
          {stableTabs.filter((tab) => freelancer || !('freelancer' in tab)).map((tab) => {
            const active = isActive(pathname, tab);
            const badge = tabCounts[tab.to];
            const count = badge && counts ? counts[badge.key] : 0;
            return (
              <Link
                key={tab.to}
                component={RouterLink}
                to={tab.to}
                aria-current={active ? 'page' : undefined}
                aria-label={badge && count > 0 ? `${tab.label}, ${badge.spoken(count)}` : undefined}
                underline="none"
                sx={{
                  px: { xs: 2, md: 1.5 },
                  py: 1.5,
                  display: 'inline-flex',
                  alignItems: 'center',
                  whiteSpace: 'nowrap',
                  fontWeight: 600,
                  color: active ? 'primary.main' : 'text.secondary',
                  borderBottom: 3,
                  borderColor: active ? 'primary.main' : 'transparent',
                  '&:hover': { color: 'primary.main' },
                }}
              >
                {tab.label}
                {badge ? <TabCount count={count} /> : null}
              </Link>
            );
          })}
        </Box>
      </PageContainer>
      <Outlet />
    </>
  );
}
