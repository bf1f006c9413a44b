import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  countryName,
  type FreelancerPublic,
  freelancerAvailabilityLabel,
  freelancerCertifications,
  freelancerSkillLabel,
} from '@market/shared';
import { Link as RouterLink } from 'react-router';
import { hourlyRateText } from '../utils/format';
import { FreelancerAvatar } from './freelancer-avatar';
import { LevelRating } from './level-rating';

const certificationName = new Map<string, string>(freelancerCertifications.map((c) => [c.key, c.name]));

/** One freelancer in the directory; the name opens the server-rendered public profile. */
export function FreelancerCard({ freelancer: f }: { freelancer: FreelancerPublic }) {
  const rate = hourlyRateText(f.hourly_rate_cents);
  return (
    <Card component="article" variant="outlined" aria-labelledby={`freelancer-${f.id}`} sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <FreelancerAvatar name={f.name} url={f.avatar_url} />
          <Box sx={{ minWidth: 0 }}>
            <Typography id={`freelancer-${f.id}`} variant="h6" component="h2" sx={{ lineHeight: 1.3 }}>
              {/* A plain anchor, so a full page load: the profile is rendered by the server, not by the app. */}
              <Link component="a" href={`/freelancers/${f.id}`} underline="hover">
                {f.name}
              </Link>
            </Typography>
            <Typography sx={{ overflowWrap: 'anywhere' }}>{f.headline}</Typography>
          </Box>
        </Box>
        <LevelRating level={f.level} rating={f.rating} completed={f.completed_engagements} />
        <Typography variant="body2" color="text.secondary">
          {[freelancerAvailabilityLabel(f.availability), rate, f.country ? countryName(f.country) : null].filter(Boolean).join(' · ')}
        </Typography>
        <Box component="ul" aria-label="Skills" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, p: 0, m: 0, listStyle: 'none' }}>
          {f.skills.map((s) => (
            <li key={s}>
              <Chip size="small" variant="outlined" label={freelancerSkillLabel(s)} />
            </li>
          ))}
        </Box>
        {f.badges.length + f.certifications.length > 0 ? (
          <Box component="ul" aria-label="Badges and certifications" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, p: 0, m: 0, listStyle: 'none' }}>
            {f.certifications.map((c) => (
              <li key={c}>
                <Chip size="small" color="primary" label={certificationName.get(c) ?? c} />
              </li>
            ))}
            {f.badges.map((b) => (
              <li key={b.id}>
                <Chip size="small" color="secondary" variant="outlined" label={`${b.name} badge`} />
              </li>
            ))}
          </Box>
        ) : null}
        {/* /hire/{id} asks a signed-out visitor to log in first, then comes back to the request. */}
        <Box>
          <Button component={RouterLink} to={`/hire/${f.id}`} variant="contained" size="small" aria-label={`Send a request to ${f.name}`}>
            Send a request
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
