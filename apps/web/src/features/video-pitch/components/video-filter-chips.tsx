import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { type VideoFilter, videoFilterChips } from '@market/shared';

/**
 * The chips (videoFilterChips: All projects, Accepted, Decline, Deleted, Undecided) as toggle buttons: the
 * pressed one is the filter the list shows.
 */
export function VideoFilterChips({ value, onChange }: { value: VideoFilter; onChange: (filter: VideoFilter) => void }) {
  return (
    <Stack direction="row" role="group" aria-label="Filter video pitches" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}>
      {videoFilterChips.map((chip) => {
        const selected = chip.filter === value;
        return (
          <Chip
            key={chip.filter}
            label={chip.label}
            clickable
            color={selected ? 'primary' : 'default'}
            variant={selected ? 'filled' : 'outlined'}
            aria-pressed={selected}
            onClick={() => onChange(chip.filter)}
            sx={{ fontWeight: 600 }}
          />
        );
      })}
    </Stack>
  );
}
