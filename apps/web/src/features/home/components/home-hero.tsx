import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { homeContent } from '@market/shared';
import { MARKETING_WIDTH } from '@/components/ui/page-container';
import { useAuthSnapshot } from '@/lib/auth-store';

export function HomeHero() {
  const { isAuthenticated } = useAuthSnapshot();
  const hero = homeContent.hero;
  const second = isAuthenticated ? hero.stableCta : hero.joinCta;
  return (
    <Box
      component="section"
      aria-labelledby="home-title"
      sx={{ color: '#fff', background: 'linear-gradient(135deg, #071f4d 0%, #0b3d91 60%, #0b5f70 100%)' }}
    >
      <Box sx={{ maxWidth: MARKETING_WIDTH, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 5, md: 9 } }}>
        <Typography
          component="p"
          sx={{ textTransform: 'uppercase', letterSpacing: '0.08em', fontWeight: 700, fontSize: '0.85rem', color: '#ffd591', mb: 1.5 }}
        >
          {hero.eyebrow}
        </Typography>
        <Typography
          id="home-title"
          variant="h2"
          component="h1"
          sx={{ fontSize: { xs: '2.1rem', sm: '2.8rem', md: '3.5rem' }, lineHeight: 1.1, maxWidth: 820 }}
        >
          {hero.heading}
        </Typography>
        <Typography component="p" sx={{ fontSize: { xs: '1.3rem', md: '1.6rem' }, fontWeight: 500, mt: 1, mb: 2.5, maxWidth: 820, opacity: 0.92 }}>
          {hero.subheading}
        </Typography>
        {hero.paragraphs.map((p) => (
          <Typography key={p} sx={{ fontSize: '1.1rem', maxWidth: 720, mb: 3.5, opacity: 0.92 }}>
            {p}
          </Typography>
        ))}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}>
          <Button href={hero.searchCta.href} variant="contained" size="large" sx={{ bgcolor: '#f5a623', color: '#1a2233', '&:hover': { bgcolor: '#ffbb45' } }}>
            {hero.searchCta.label}
          </Button>
          <Button
            href={second.href}
            variant="outlined"
            size="large"
            sx={{ color: '#fff', borderColor: 'rgba(255,255,255,0.7)', '&:hover': { borderColor: '#fff', bgcolor: 'rgba(255,255,255,0.08)' } }}
          >
            {second.label}
          </Button>
          <Button href={hero.sponsoredCta.href} size="large" sx={{ color: '#fff', textDecoration: 'underline' }}>
            {hero.sponsoredCta.label}
          </Button>
        </Stack>
      </Box>
    </Box>
  );
}
