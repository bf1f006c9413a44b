import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * Text fields side by side from 600 px up, one under the other below. A grid rather than a
 * Stack: Stack's spacing zeroes its children's margins, and a TextField without its top margin
 * has its floating label cut off at the top of a dialog's scrolling content (and, stacked,
 * drawn over the field above).
 */
export function FieldRow({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }, columnGap: 2 }}>
      {children}
    </Box>
  );
}
