import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import { usePendingRequests } from '@/lib/request-tracker';

const slide = keyframes`from { transform: translateX(-100%); } to { transform: translateX(250%); }`;

/**
 * Thin bar at the very top while any API request is in flight (docs/product.md section 5).
 * Drawn here rather than with MUI's LinearProgress, which the first bundle can do without.
 */
export function GlobalProgress() {
  const pending = usePendingRequests();
  if (pending === 0) return null;
  return (
    <Box
      role="progressbar"
      aria-label="Loading"
      data-testid="global-progress"
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: 3,
        overflow: 'hidden',
        bgcolor: 'rgba(11, 61, 145, 0.2)',
        zIndex: (theme) => theme.zIndex.appBar + 1,
        '&::after': {
          content: '""',
          position: 'absolute',
          inset: 0,
          width: '40%',
          bgcolor: 'primary.main',
          animation: `${slide} 1.2s ease-in-out infinite`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none', width: '100%', opacity: 0.6 },
        },
      }}
    />
  );
}
