import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import {
  CONSULTANT_LEVEL_SCALE,
  type FreelancerPublic,
  freelancerCertifications,
  freelancerSkillLabel,
  HOME_RATING_SCALE,
  homeContent,
  STATIC_STAR_RATING,
} from '@market/shared';
import { FreelancerAvatar, hourlyRateText, LevelRating } from '@/features/freelancers';

const certificationName = new Map<string, string>(freelancerCertifications.map((c) => [c.key, c.name]));

function Services({ items }: { items: readonly string[] }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 3 }}>
      {items.map((service) => (
        <Box component="li" key={service} sx={{ display: 'flex', gap: 1, py: 0.5 }}>
          <CheckIcon fontSize="small" color="secondary" aria-hidden="true" sx={{ mt: '2px' }} />
          <span>{service}</span>
        </Box>
      ))}
    </Box>
  );
}

/** The best-rated certified freelancer: level from certifications held, stars from clients' reviews. */
function RealConsultant({ consultant: f }: { consultant: FreelancerPublic }) {
  const c = homeContent.consultant;
  const rate = hourlyRateText(f.hourly_rate_cents);
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <FreelancerAvatar name={f.name} url={f.avatar_url} size={64} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h3">
            <Link component="a" href={`/freelancers/${f.id}`}>{f.name}</Link>
          </Typography>
          <Typography color="text.secondary">{f.certifications.map((k) => certificationName.get(k) ?? k).join(', ')}</Typography>
        </Box>
      </Box>
      <Box data-testid="consultant-rating" sx={{ mb: 1.5 }}>
        <LevelRating level={f.level} rating={f.rating} completed={f.completed_engagements} />
      </Box>
      <Typography sx={{ mb: 1, overflowWrap: 'anywhere' }}>{f.headline}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        One star for each certification held, out of {CONSULTANT_LEVEL_SCALE}.{rate ? ` ${rate}.` : ''}
      </Typography>
      <Services items={f.skills.map(freelancerSkillLabel)} />
      <Box sx={{ mt: 'auto', display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <Button component="a" href={`/freelancers/${f.id}`} variant="contained">
          See {f.name}’s profile
        </Button>
        <Button href="/freelancers" variant="outlined">
          All freelancers
        </Button>
      </Box>
      {/* The fixed copy's call to join stays for visitors who came to work, not to hire. */}
      <Link href={c.cta.href} sx={{ mt: 2 }}>
        {c.cta.label}
      </Link>
    </>
  );
}

/** Until a certified freelancer exists: the card as the content file describes a consultant. */
function DescribedConsultant() {
  const c = homeContent.consultant;
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Avatar sx={{ width: 64, height: 64, bgcolor: 'primary.main' }} aria-hidden="true">
          <SupportAgentIcon sx={{ fontSize: 36 }} />
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h3">
            {c.cardTitle}
          </Typography>
          <Typography color="text.secondary">{c.cardSubtitle}</Typography>
          <Rating
            value={STATIC_STAR_RATING}
            max={HOME_RATING_SCALE}
            readOnly
            getLabelText={() => c.ratingLabel}
            data-testid="consultant-rating"
            sx={{ mt: 0.5, color: '#b26a00' }}
          />
        </Box>
      </Box>
      <Typography sx={{ mb: 1 }}>{c.summary}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {c.ratingNote}
      </Typography>
      <Services items={c.services} />
      <Button href={c.cta.href} variant="contained" sx={{ mt: 'auto', alignSelf: 'flex-start' }}>
        {c.cta.label}
      </Button>
    </>
  );
}

/** The consultant card: a real certified freelancer when there is one, the described level otherwise. */
export function ConsultantCard({ consultant }: { consultant?: FreelancerPublic | null }) {
  const c = homeContent.consultant;
  return (
    <Box component="section" id={c.id} aria-labelledby="home-consultant" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Typography id="home-consultant" variant="h4" component="h2" gutterBottom>
        {c.heading}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, flexGrow: 1, display: 'flex', flexDirection: 'column' }}>
        {consultant ? <RealConsultant consultant={consultant} /> : <DescribedConsultant />}
      </Paper>
    </Box>
  );
}
