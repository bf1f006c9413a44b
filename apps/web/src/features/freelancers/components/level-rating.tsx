import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import { CONSULTANT_LEVEL_SCALE, ratingText } from '@market/shared';

/**
 * The clients' rating (stars, and in words) and, apart from it, the consultant level (one for
 * each certification held) as its own badge: stars only ever show the rating.
 */
export function LevelRating({ level, rating, completed }: { level: number; rating: number | null; completed: number }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }} data-testid="freelancer-rating">
        {rating !== null && completed > 0 ? <Rating value={rating} precision={0.1} max={5} readOnly size="small" aria-hidden="true" /> : null}
        <Typography variant="body2" color="text.secondary">
          {ratingText(rating, completed)}
        </Typography>
      </Box>
      <Chip size="small" variant="outlined" color={level > 0 ? 'primary' : 'default'} label={`Level ${level} of ${CONSULTANT_LEVEL_SCALE}`} data-testid="freelancer-level" />
    </Box>
  );
}
