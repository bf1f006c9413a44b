import Box from '@mui/material/Box';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import { CONSULTANT_LEVEL_SCALE, ratingText } from '@market/shared';

/** The consultant level (one star per certification held) and the clients' average rating, in words. */
export function LevelRating({ level, rating, completed }: { level: number; rating: number | null; completed: number }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Rating value={level} max={CONSULTANT_LEVEL_SCALE} readOnly size="small" aria-hidden="true" />
        <Typography variant="body2">
          Level {level} of {CONSULTANT_LEVEL_SCALE}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {ratingText(rating, completed)}
      </Typography>
    </Box>
  );
}
