import type { ReactElement } from 'react';
import Chip from '@mui/material/Chip';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import ScheduleIcon from '@mui/icons-material/Schedule';
import type { DomainStatus } from '@market/shared';

// Dark text on a pale tint: each pair passes WCAG AA (axe runs on every page).
const styles: Record<DomainStatus, { bg: string; fg: string; icon: ReactElement }> = {
  pending: { bg: '#fff4e5', fg: '#7a4100', icon: <ScheduleIcon /> },
  approved: { bg: '#e7f5ea', fg: '#1b5e20', icon: <CheckCircleIcon /> },
  denied: { bg: '#fdecea', fg: '#a31515', icon: <HighlightOffIcon /> },
};

/** Approval state of a domain: Pending approval, Approved or Denied, with colour and icon. */
export function ApprovalChip({ status, label }: { status: DomainStatus; label: string }) {
  const style = styles[status] ?? styles.pending;
  return (
    <Chip
      size="small"
      icon={style.icon}
      label={label}
      sx={{
        bgcolor: style.bg,
        color: style.fg,
        fontWeight: 600,
        '& .MuiChip-icon': { color: style.fg },
      }}
    />
  );
}
