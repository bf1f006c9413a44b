import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { homeContent } from '@market/shared';
import { SponsoredHeadlinesTable } from '@/features/sponsored';

/** Anchor id="sponsored": /#sponsored scrolls here (below the sticky top bar). */
export function SponsoredSection() {
  const s = homeContent.sponsored;
  return (
    <Box component="section" id={s.id} aria-labelledby="home-sponsored" tabIndex={-1} sx={{ scrollMarginTop: { xs: 128, md: 88 }, outline: 'none' }}>
      <Box
        sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, alignItems: { md: 'flex-end' }, justifyContent: 'space-between', gap: 2, mb: 3 }}
      >
        <Box sx={{ maxWidth: 760 }}>
          <Typography id="home-sponsored" variant="h4" component="h2" gutterBottom>
            {s.heading}
          </Typography>
          <Typography color="text.secondary">{s.intro}</Typography>
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ flexShrink: 0 }}>
          <Button href={s.allCta.href} variant="outlined">
            {s.allCta.label}
          </Button>
          <Button href={s.orderCta.href} variant="contained">
            {s.orderCta.label}
          </Button>
        </Stack>
      </Box>
      {/* The sponsored feature's live table: Domain trade, Buy Now, Startup Breeders. */}
      <SponsoredHeadlinesTable />
    </Box>
  );
}
