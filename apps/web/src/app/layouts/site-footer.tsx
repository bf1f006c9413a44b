import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { footerLinks, siteBrand } from '@market/shared';
import { MARKETING_WIDTH } from '@/components/ui/page-container';

// Its text field and content stay out of the first download (170 KB budget); the footer is
// below the fold, so the box arrives long before anyone scrolls to it.
const SubscribeBox = lazy(() => import('@/features/home/components/subscribe-box').then((m) => ({ default: m.SubscribeBox })));


export function SiteFooter() {
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', mt: 'auto' }}>
      <Box
        sx={{
          maxWidth: MARKETING_WIDTH,
          mx: 'auto',
          px: { xs: 2, sm: 3 },
          py: { xs: 3, md: 4 },
          display: 'grid',
          gap: { xs: 3, md: 6 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
        }}
      >
        <Suspense fallback={<Box sx={{ minHeight: { xs: 220, sm: 170 } }} />}>
          <SubscribeBox />
        </Suspense>
        <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'space-between', gap: 2 }}>
          <Box
            component="nav"
            aria-label="Footer"
            sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' }, columnGap: 3, rowGap: 1.5 }}
          >
            {footerLinks.map((link) => (
              <Link key={link.href} href={link.href} color="text.secondary">
                {link.label}
              </Link>
            ))}
          </Box>
          <Typography variant="body2" color="text.secondary">
            © {new Date().getFullYear()} {siteBrand}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
