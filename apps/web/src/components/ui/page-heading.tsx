import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface PageHeadingProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Buttons or controls on the right (below the title on phones). */
  actions?: ReactNode;
}

/** The h1 block of the domain pages: one size scale, long names wrap instead of overflowing. */
export function PageHeading({ title, subtitle, actions }: PageHeadingProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'flex-end',
        justifyContent: 'space-between',
        columnGap: 3,
        rowGap: 2,
        mb: 3,
      }}
    >
      <Box sx={{ minWidth: 0, flex: '1 1 320px' }}>
        <Typography
          variant="h4"
          component="h1"
          sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' }, overflowWrap: 'anywhere', lineHeight: 1.2 }}
        >
          {title}
        </Typography>
        {subtitle ? (
          <Typography color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {subtitle}
          </Typography>
        ) : null}
      </Box>
      {actions ? <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>{actions}</Box> : null}
    </Box>
  );
}
