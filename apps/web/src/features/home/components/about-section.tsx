import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { homeContent } from '@market/shared';

export function AboutSection() {
  const about = homeContent.about;
  return (
    <Box
      component="section"
      id={about.id}
      aria-labelledby="home-about"
      sx={{ display: 'grid', gap: { xs: 3, md: 6 }, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1.1fr) minmax(0, 1fr)' } }}
    >
      <Box>
        <Typography id="home-about" variant="h4" component="h2" gutterBottom>
          {about.heading}
        </Typography>
        {about.paragraphs.map((p) => (
          <Typography key={p} sx={{ mb: 2, fontSize: '1.05rem' }}>
            {p}
          </Typography>
        ))}
        <Link href={about.link.href} underline="always" sx={{ fontWeight: 600 }}>
          {about.link.label}
        </Link>
      </Box>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }, alignContent: 'start' }}
      >
        {about.facts.map((fact) => (
          <Box
            key={fact.value + fact.label}
            sx={{ p: 2.5, borderRadius: 2, bgcolor: 'background.paper', border: 1, borderColor: 'divider', display: 'flex', flexDirection: 'column-reverse' }}
          >
            {/* The label is the term; the figure is shown above it. */}
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              {fact.label}
            </Box>
            <Box component="dd" sx={{ m: 0, fontSize: '2rem', fontWeight: 800, color: 'primary.main', lineHeight: 1.2, mb: 0.5 }}>
              {fact.value}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
