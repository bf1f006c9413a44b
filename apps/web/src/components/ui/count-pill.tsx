import Box from '@mui/material/Box';

/**
 * A small count over an icon button (unread notifications, unread messages): a plain pill rather
 * than MUI's Badge, because the header that shows it is in the first bundle. Hidden at 0; the
 * button's own label says the count to screen readers.
 */
export function CountPill({ count, color, testId }: { count: number; color: 'error' | 'secondary'; testId: string }) {
  if (count <= 0) return null;
  return (
    <Box
      component="span"
      aria-hidden="true"
      data-testid={testId}
      sx={{
        position: 'absolute',
        top: 2,
        right: 0,
        minWidth: 18,
        height: 18,
        px: 0.5,
        borderRadius: 9,
        bgcolor: `${color}.main`,
        color: `${color}.contrastText`,
        fontSize: '0.6875rem',
        fontWeight: 700,
        lineHeight: '18px',
        textAlign: 'center',
      }}
    >
      {count > 99 ? '99+' : count}
    </Box>
  );
}
