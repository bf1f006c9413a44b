import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { emptyTableMessage } from '@market/shared';
import { QueryError } from '@/components/ui/query-error';

interface MarketSectionProps {
  id: string;
  title: string;
  description: string;
  pending: boolean;
  error: unknown;
  onRetry: () => void;
  /** True when there is nothing to list; `empty` then says what to do next. */
  isEmpty: boolean;
  empty: ReactNode;
  children: ReactNode;
  action?: ReactNode;
}

/** One block of the Market tab: heading, loading, error with retry, empty state or content. */
export function MarketSection({ id, title, description, pending, error, onRetry, isEmpty, empty, children, action }: MarketSectionProps) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 0.5 }}>
        <Typography id={id} variant="h5" component="h2">
          {title}
        </Typography>
        {action}
      </Box>
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        {description}
      </Typography>
      {pending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress aria-label={`Loading ${title.toLowerCase()}`} />
        </Box>
      ) : error ? (
        <QueryError error={error} onRetry={onRetry} />
      ) : isEmpty ? (
        <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, textAlign: 'center' }}>
          <Typography sx={{ fontWeight: 600 }}>{emptyTableMessage}</Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {empty}
          </Typography>
        </Paper>
      ) : (
        children
      )}
    </Box>
  );
}
