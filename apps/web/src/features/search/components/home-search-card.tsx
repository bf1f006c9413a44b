import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { emptyTableMessage, SEARCH_PAGE_CAP } from '@market/shared';
import { CardList, CardListRow, CardListSkeleton } from '@/components/ui/card-list';
import type { SearchRow } from '@market/shared';
import { useSearchDomains } from '../api/search-domains';
import type { SearchState } from '../hooks/search-state';
import { searchRequestQuery } from '../utils/search-request';

const CARD_ROWS = 10;

interface HomeSearchCardProps {
  id: string;
  title: string;
  /** The sponsored page of this category. */
  to: string;
  criteria: SearchState;
  /** Right-hand side of a row: price, option, action. */
  renderRow: (domain: SearchRow) => ReactNode;
}

/** One of the three cards of /homeSearch: its matches, ten at a time, each row to the landing page. */
export function HomeSearchCard({ id, title, to, criteria, renderRow }: HomeSearchCardProps) {
  const [limit, setLimit] = useState(CARD_ROWS);
  const { data, isPending, isError } = useSearchDomains(searchRequestQuery(criteria, limit, 0));
  const headingId = `${id}-heading`;
  const domains = data?.domains ?? [];
  const total = data?.total ?? 0;

  return (
    <CardList
      headingId={headingId}
      title={title}
      titleHref={to}
      count={data ? `${total.toLocaleString('en-US')}${data.capped ? '+' : ''} ${total === 1 ? 'result' : 'results'}` : undefined}
    >
      {isError ? (
        <Typography sx={{ p: 2 }} color="error">
          The search failed. Please try again.
        </Typography>
      ) : isPending ? (
        <CardListSkeleton />
      ) : domains.length === 0 ? (
        <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">
          {emptyTableMessage}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {domains.map((domain) => (
            <CardListRow key={domain.id} domainId={domain.id} domainName={domain.domain_name}>
              {renderRow(domain)}
            </CardListRow>
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
    </CardList>
  );
}
