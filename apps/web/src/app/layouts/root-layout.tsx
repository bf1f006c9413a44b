import { Suspense, useEffect } from 'react';
import Box from '@mui/material/Box';
import { Outlet, useLocation } from 'react-router';
import { GlobalProgress } from '@/components/ui/global-progress';
import { PageLoader } from '@/components/ui/page-loader';
import { useIsLoading } from '@/lib/request-tracker';
import { SiteFooter } from './site-footer';
import { TopNav } from './top-nav';

/** Moves a new page to the top, as a full page load would. */
function useScrollToTopOnNavigate(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}

export function RootLayout() {
  useScrollToTopOnNavigate();
  const loading = useIsLoading();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box
        component="a"
        href="#main"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 'tooltip',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          px: 2,
          py: 1,
          borderRadius: 1,
          '&:focus': { top: 8 },
        }}
      >
        Skip to main content
      </Box>
      <GlobalProgress />
      <TopNav />
      {/*
        The one <main> of every page; aria-busy is the loading flag while requests run. At least a
        screen tall, so the footer starts below the fold and does not jump down when a page's
        code and data arrive (that jump was the home page's whole layout shift, CLS 0.32–0.52).
      */}
      <Box component="main" id="main" tabIndex={-1} aria-busy={loading} sx={{ flexGrow: 1, minHeight: '100vh', outline: 'none' }}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
      <SiteFooter />
    </Box>
  );
}
