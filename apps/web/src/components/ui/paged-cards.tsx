import type { Key, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { QueryError } from './query-error';

/** One page of a capped search: `count` stops at the cap and `more` says there are more. */
interface CappedPage<T> {
  count: number;
  more: boolean;
  results: T[];
}

interface PagedCardsProps<T> {
  /** The page's query, as TanStack Query gives it. */
  query: { data: CappedPage<T> | undefined; error: unknown; isError: boolean; isPending: boolean; isPlaceholderData: boolean; refetch: () => unknown };
  /** The count's words: `one` for exactly one ("1 open job"), `many` after a number ("open jobs"). */
  noun: { one: string; many: string };
  countTestId: string;
  /** Names the loading placeholders for screen readers, e.g. "Loading jobs". */
  loadingLabel: string;
  loadError: string;
  /** Shown when nothing matches: what to do next. */
  empty: string;
  skeletons: { count: number; height: number };
  grid: SxProps<Theme>;
  pageSize: number;
  page: number | undefined;
  onPage: (page: number) => void;
  itemKey: (item: T) => Key;
  renderItem: (item: T) => ReactNode;
}

/**
 * A searched, paged list of cards (the freelancer directory, the jobs board): placeholders while
 * the first page loads, the count ("1,000+" past the cap), the cards or what to do when none
 * match, and the pages. The previous page stays shown, marked busy, while the next one loads.
 */
export function PagedCards<T>({ query, noun, countTestId, loadingLabel, loadError, empty, skeletons, grid, pageSize, page, onPage, itemKey, renderItem }: PagedCardsProps<T>) {
  const { data } = query;
  const pages = data ? Math.max(1, Math.ceil(data.count / pageSize)) : 1;
  return (
    <>
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} what={loadError} /> : null}
      {query.isPending ? (
        <Box sx={grid} aria-busy="true" aria-label={loadingLabel}>
          {Array.from({ length: skeletons.count }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={skeletons.height} />
          ))}
        </Box>
      ) : null}
      {data ? (
        <Box aria-busy={query.isPlaceholderData}>
          <Typography role="status" sx={{ mb: 2 }} data-testid={countTestId}>
            {data.count === 1 && !data.more ? `1 ${noun.one}` : `${data.count.toLocaleString('en-US')}${data.more ? '+' : ''} ${noun.many}`}
          </Typography>
          {data.results.length === 0 ? (
            <Alert severity="info">{empty}</Alert>
          ) : (
            <Box component="ul" sx={[...(Array.isArray(grid) ? grid : [grid]), { listStyle: 'none', p: 0, m: 0 }]}>
              {data.results.map((item) => (
                <li key={itemKey(item)}>{renderItem(item)}</li>
              ))}
            </Box>
          )}
          {pages > 1 ? (
            <Pagination
              sx={{ mt: 3, display: 'flex', justifyContent: 'center' }}
              count={pages}
              page={Math.min(page ?? 1, pages)}
              onChange={(_event, next) => onPage(next)}
              getItemAriaLabel={(type, n) => (type === 'page' ? `Page ${n}` : `Go to ${type} page`)}
            />
          ) : null}
        </Box>
      ) : null}
    </>
  );
}
