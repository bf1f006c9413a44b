import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import VerifiedIcon from '@mui/icons-material/Verified';
import { type FreelancerShowcase, homeContent } from '@market/shared';
import { HolderLinks } from './holder-links';

/**
 * Passed-test badges: what each skills test proves, and the freelancers who passed it (best rated
 * first). With nobody holding a badge yet, the copy alone describes it.
 */
export function BadgeList({ holders }: { holders?: FreelancerShowcase['badges'] }) {
  const badges = homeContent.badges;
  const byKey = new Map((holders ?? []).map((b) => [b.badge as string, b]));
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
            <HolderLinks group={byKey.get(badge.key)} more={`/freelancers?badge=${badge.key}`} />
          </Box>
        ))}
      </Box>
    </Box>
  );
}
