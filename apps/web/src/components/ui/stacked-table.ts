import type { SxProps, Theme } from '@mui/material/styles';
import { visuallyHiddenSx } from './visually-hidden';

/**
 * A table that stays a table on wide screens and turns each row into a labelled card below
 * 600 px (every body cell needs data-label="Column"). The header row is kept for screen
 * readers but hidden visually on small screens.
 */
export const stackedTableSx: SxProps<Theme> = (theme) => ({
  [theme.breakpoints.down('sm')]: {
    '& thead': visuallyHiddenSx,
    '& tbody tr': {
      display: 'block',
      borderBottom: `1px solid ${theme.palette.divider}`,
      py: 1,
    },
    '& tbody tr:last-of-type': { borderBottom: 0 },
    '& tbody td, & tbody th': {
      display: 'flex',
      // MUI lays right-aligned cells out row-reverse; the label must stay on the left.
      flexDirection: 'row',
      justifyContent: 'space-between',
      alignItems: 'center',
      gap: 2,
      textAlign: 'right',
      border: 0,
      py: 0.5,
    },
    '& tbody td::before, & tbody th::before': {
      content: 'attr(data-label)',
      fontWeight: 600,
      color: theme.palette.text.secondary,
      textAlign: 'left',
      flexShrink: 0,
    },
    // A cell spanning the row (an empty table's message) stays one block of text, not a label and value side by side.
    '& tbody td[data-full-row]': { display: 'block', textAlign: 'center' },
    '& tbody td[data-full-row]::before': { content: 'none' },
  },
});
