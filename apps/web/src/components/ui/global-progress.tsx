import LinearProgress from '@mui/material/LinearProgress';
import { usePendingRequests } from '@/lib/request-tracker';

/** Thin bar at the very top while any API request is in flight (docs/product.md section 5). */
export function GlobalProgress() {
  const pending = usePendingRequests();
  if (pending === 0) return null;
  return (
    <LinearProgress
      aria-label="Loading"
      data-testid="global-progress"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, height: 3, zIndex: (theme) => theme.zIndex.appBar + 1 }}
    />
  );
}
