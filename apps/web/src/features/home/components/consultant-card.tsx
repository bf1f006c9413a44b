import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { HOME_RATING_SCALE, homeContent, STATIC_STAR_RATING } from '@market/shared';

/** The consultant card with the static star rating (STATIC_STAR_RATING). */
export function ConsultantCard() {
  const c = homeContent.consultant;
  return (
    <Box component="section" id={c.id} aria-labelledby="home-consultant" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Typography id="home-consultant" variant="h4" component="h2" gutterBottom>
        {c.heading}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, flexGrow: 1, display: 'flex', flexDirection: 'column' }}>
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
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 3 }}>
          {c.services.map((service) => (
            <Box component="li" key={service} sx={{ display: 'flex', gap: 1, py: 0.5 }}>
              <CheckIcon fontSize="small" color="secondary" aria-hidden="true" sx={{ mt: '2px' }} />
              <span>{service}</span>
            </Box>
          ))}
        </Box>
        <Button href={c.cta.href} variant="contained" sx={{ mt: 'auto', alignSelf: 'flex-start' }}>
          {c.cta.label}
        </Button>
      </Paper>
    </Box>
  );
}
