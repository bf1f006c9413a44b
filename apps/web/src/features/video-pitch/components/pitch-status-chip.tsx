import Chip from '@mui/material/Chip';
import type { Theme } from '@mui/material/styles';

/** Dark backgrounds so white text passes WCAG AA contrast (axe checks every page). */
const colours: Record<string, (theme: Theme) => string> = {
  accepted: (t) => t.palette.success.dark,
  declined: (t) => t.palette.error.dark,
  undecided: () => '#8a4b00',
  deleted: (t) => t.palette.grey[700],
};

export function PitchStatusChip({ status, label }: { status: string; label: string }) {
  const colour = colours[status] ?? ((t: Theme) => t.palette.grey[700]);
  return (
    <Chip
      size="small"
      label={label}
      data-testid="pitch-status"
      sx={{ bgcolor: colour, color: '#fff', fontWeight: 600 }}
    />
  );
}

/** The viewer's side of a pitch, in words. */
export function roleLabel(role: 'uploader' | 'seller'): string {
  return role === 'uploader' ? 'Sent by you' : 'Sent to you';
}
