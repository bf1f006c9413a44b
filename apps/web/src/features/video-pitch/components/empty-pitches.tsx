import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { emptyTableMessage, type VideoFilter } from '@market/shared';

const whatIsMissing: Record<VideoFilter, string> = {
  all: 'You have no video pitches yet.',
  accepted: 'No accepted pitches yet.',
  declined: 'No declined pitches.',
  deleted: 'No deleted pitches.',
  undecided: 'No pitches are waiting for a decision.',
};

/** An empty list says why, and what to do next. */
export function EmptyPitches({ filter }: { filter: VideoFilter }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }} data-testid="empty-pitches">
      <Typography sx={{ fontWeight: 600 }}>{emptyTableMessage}</Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {whatIsMissing[filter]}{' '}
        <Link href="/homeSearch" underline="always">
          Find a domain and send its owner a pitch
        </Link>
: a short video of what you would build with it, which the owner watches and accepts or declines. Pitches
        that others send about your domains show here too, for you to decide on.
      </Typography>
    </Paper>
  );
}
