import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { emptyTableMessage, SEARCH_PAGE_CAP } from '@market/shared';
import type { Domain } from '@/features/portfolio/types/domain';
import { useSearchDomains } from '../api/search-domains';
import type { SearchState } from '../hooks/search-state';
import { searchRequestQuery } from '../utils/search-request';

const CARD_ROWS = 10;

interface HomeSearchCardProps {
  id: string;
  title: string;
  /** The sponsored page of this category (spec section 2). */
  to: string;
  criteria: SearchState;
  /** Right-hand side of a row: price, option, action. */
  renderRow: (domain: Domain) => ReactNode;
}

/** One of the three cards of /homeSearch: its matches, ten at a time, each row to the landing page. */
export function HomeSearchCard({ id, title, to, criteria, renderRow }: HomeSearchCardProps) {
  const [limit, setLimit] = useState(CARD_ROWS);
  const { data, isPending, isError } = useSearchDomains(searchRequestQuery(criteria, limit, 0));
  const headingId = `${id}-heading`;
  const domains = data?.domains ?? [];
  const total = data?.total ?? 0;

  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ display: 'flex', flexDirection: 'column', minWidth: 0, overflow: 'hidden' }}
    >
      <Box
        sx={{
          px: 2,
          py: 1.5,
          display: 'flex',
          alignItems: 'baseline',
          justifyContent: 'space-between',
          gap: 1,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
        }}
      >
        <Typography id={headingId} variant="h6" component="h2">
          <Link href={to} color="inherit" underline="always">
            {title}
          </Link>
        </Typography>
        {data ? (
          <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
            {total.toLocaleString('en-US')}
            {data.capped ? '+' : ''} {total === 1 ? 'result' : 'results'}
          </Typography>
        ) : null}
      </Box>
      {isError ? (
        <Typography sx={{ p: 2 }} color="error">
          The search failed. Please try again.
        </Typography>
      ) : isPending ? (
        <Box sx={{ p: 2, display: 'grid', gap: 1 }} aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={36} />
          ))}
        </Box>
      ) : domains.length === 0 ? (
        <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">
          {emptyTableMessage}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {domains.map((domain) => (
            <Box
              component="li"
              key={domain.id}
              sx={{
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                flexWrap: 'wrap',
                gap: 1,
                px: 2,
                py: 1,
                borderBottom: 1,
                borderColor: 'divider',
                '&:last-of-type': { borderBottom: 0 },
              }}
            >
              <Link href={`/landing/${domain.id}`} sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }}>
                {domain.domain_name}
              </Link>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, ml: 'auto' }}>{renderRow(domain)}</Box>
            </Box>
          ))}
        </Box>
      )}
      {data && domains.length < total && limit < SEARCH_PAGE_CAP ? (
        <Box sx={{ p: 1.5, mt: 'auto', borderTop: 1, borderColor: 'divider', textAlign: 'center' }}>
          <Button onClick={() => setLimit((n) => Math.min(n + CARD_ROWS, SEARCH_PAGE_CAP))}>
            Show more {title.toLowerCase()} results
          </Button>
        </Box>
      ) : null}
    </Paper>
  );
}
