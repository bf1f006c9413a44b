import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import VerifiedIcon from '@mui/icons-material/Verified';
import { homeContent } from '@market/shared';

/** Passed-test badges: what each skills test proves. */
export function BadgeList() {
  const badges = homeContent.badges;
  return (
    <Box component="section" id={badges.id} aria-labelledby="home-badges">
      <Typography id="home-badges" variant="h4" component="h2" gutterBottom>
        {badges.heading}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 820 }}>
        {badges.intro}
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(5, minmax(0, 1fr))' },
        }}
      >
        {badges.items.map((badge) => (
          <Box
            component="li"
            key={badge.name}
            sx={{ p: 2.5, borderRadius: 2, bgcolor: 'background.paper', border: 1, borderColor: 'divider' }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
              <VerifiedIcon color="primary" aria-hidden="true" />
              <Typography component="h3" sx={{ fontWeight: 700 }}>
                {badge.name}
              </Typography>
            </Box>
            <Typography variant="body2" color="text.secondary">
              {badge.description}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
