import { useId } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatDollars } from '@market/shared';
import type { LeadSummaryRow } from '@/features/stable';
import { negotiationPath } from '@/features/stable';
import { QueryError } from '@/components/ui/query-error';
import { formatDate } from '@/utils/format';

export const PROJECTS_PREVIEW = 5;

interface MyProjectsBoxProps {
  /** The user's negotiations as a buyer (lead summary rows on domains they do not own). */
  projects: LeadSummaryRow[] | undefined;
  pending: boolean;
  error: unknown;
  onRetry: () => void;
}

/**
 * My Projects: the domains this user is pursuing as a buyer or founder (offers, trade requests,
 * Startup Breeder budget offers). Pitches live in the My Video Pitch box beside it.
 */
export function MyProjectsBox({ projects, pending, error, onRetry }: MyProjectsBoxProps) {
  const headingId = useId();
  const shown = projects?.slice(0, PROJECTS_PREVIEW) ?? [];
  const more = (projects?.length ?? 0) - shown.length;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }} data-testid="my-projects-box">
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 0.5 }}>
        <Typography id={headingId} variant="h6" component="h2">
          My Projects
        </Typography>
        <Link href="/market" underline="always">
          View all in Market
        </Link>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Domains you are pursuing as a buyer or founder.
      </Typography>
      {pending ? (
        <Box role="status" aria-label="Loading your projects">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} height={40} />
          ))}
        </Box>
      ) : error ? (
        <QueryError error={error} onRetry={onRetry} />
      ) : shown.length === 0 ? (
        <Typography color="text.secondary">
          No projects yet. When you make an offer, request a trade or send a Startup Breeder budget, the domain shows up here.{' '}
          <Link href="/homeSearch" underline="always">
            Search domains
          </Link>{' '}
          to start one.
        </Typography>
      ) : (
        <>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {shown.map((row) => (
              <Box
                component="li"
                key={row.domain_id}
                sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, py: 1, borderTop: 1, borderColor: 'divider' }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Link href={negotiationPath(row.domain_id)} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {row.domain_name}
                  </Link>
                  <Typography variant="body2" color="text.secondary">
                    {[
                      row.last_bid_amount && row.last_bid_amount > 0 ? `Last offer ${formatDollars(row.last_bid_amount)}` : 'Request sent',
                      formatDate(row.last_bid_date, ''),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                </Box>
                <Typography variant="body2" sx={{ flexShrink: 0, fontWeight: 600 }}>
                  {row.status_label}
                </Typography>
              </Box>
            ))}
          </Box>
          {more > 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              and {more} more.
            </Typography>
          ) : null}
        </>
      )}
    </Paper>
  );
}
