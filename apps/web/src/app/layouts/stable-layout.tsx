import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Outlet, Link as RouterLink, useLocation } from 'react-router';
import { PageContainer } from '@/components/ui/page-container';

/** My Stable tabs keep the spec's top-level paths so links and reloads work on each tab. */
export const stableTabs = [
  { label: 'Domain Leads', to: '/domain-leads', also: ['/domain-leads/'] },
  { label: 'Video Pitch', to: '/video-pitch', also: ['/video_pitch'] },
  { label: 'Recently Viewed', to: '/recently-viewed-domains', also: [] },
  { label: 'Portfolio', to: '/portfolio', also: [] },
  { label: 'Add Domains', to: '/add_domains', also: [] },
  { label: 'Traffic', to: '/traffic', also: [] },
  { label: 'Market', to: '/market', also: [] },
  { label: 'Settings', to: '/settings', also: [] },
] as const;

function isActive(pathname: string, tab: (typeof stableTabs)[number]): boolean {
  return pathname === tab.to || tab.also.some((p) => (p.endsWith('/') ? pathname.startsWith(p) : pathname === p));
}

/**
 * Tabs are plain links in a labelled nav (not ARIA tabs): each one loads a page with its own
 * URL, which is navigation, and aria-current marks the page being shown.
 */
export function StableLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <PageContainer sx={{ pt: { xs: 2, md: 3 }, pb: 0 }}>
        <Box
          component="nav"
          aria-label="My Stable"
          sx={{ display: 'flex', gap: 0.5, overflowX: 'auto', borderBottom: 1, borderColor: 'divider' }}
        >
          {stableTabs.map((tab) => {
            const active = isActive(pathname, tab);
            return (
              <Link
                key={tab.to}
                component={RouterLink}
                to={tab.to}
                aria-current={active ? 'page' : undefined}
                underline="none"
                sx={{
                  px: 2,
                  py: 1.5,
                  whiteSpace: 'nowrap',
                  fontWeight: 600,
                  color: active ? 'primary.main' : 'text.secondary',
                  borderBottom: 3,
                  borderColor: active ? 'primary.main' : 'transparent',
                  '&:hover': { color: 'primary.main' },
                }}
              >
                {tab.label}
              </Link>
            );
          })}
        </Box>
      </PageContainer>
      <Outlet />
    </>
  );
}
