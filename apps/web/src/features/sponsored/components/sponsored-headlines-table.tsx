import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type SponsoredCategory, TABLE_PREVIEW_ROWS } from '@market/shared';
import { useNewestListings } from '../api/get-newest-listings';
import { type HeadlinesByCategory, type SponsoredHeadline, useSponsoredHeadlines } from '../api/get-sponsored-headlines';
import { categoryLabels, publicCategoryOrder, sponsoredPagePath } from '../utils/categories';
import { errorText } from '@/lib/error-text';
import { HeadlineDetails } from './headline-details';

function HeadlineCell({ headline }: { headline: SponsoredHeadline }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5 }}>
      <Link href={`/landing/${headline.domain_obj.id}`} sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }}>
        {headline.domain_obj.domain_name}
      </Link>
      {headline.domain_obj.lease_monthly_line ? (
        <Typography variant="body2" color="text.secondary" component="span">
          {headline.domain_obj.lease_monthly_line}
        </Typography>
      ) : null}
      <Box sx={{ ml: 'auto' }}>
        <HeadlineDetails headline={headline} />
      </Box>
    </Box>
  );
}

function MoreLink({ category, count }: { category: SponsoredCategory; count: number }) {
  return (
    <Link href={sponsoredPagePath(category)} variant="body2">
      See all {count} {categoryLabels[category]}
    </Link>
  );
}

function ColumnsTable({ data }: { data: HeadlinesByCategory }) {
  const rows = Math.max(1, ...publicCategoryOrder.map((c) => Math.min(data[c].length, TABLE_PREVIEW_ROWS)));
  const anyMore = publicCategoryOrder.some((c) => data[c].length > TABLE_PREVIEW_ROWS);
  return (
    <Table aria-label="Sponsored headlines" sx={{ tableLayout: 'fixed', '& td': { verticalAlign: 'top' } }}>
      <TableHead>
        <TableRow>
          {publicCategoryOrder.map((category) => (
            <TableCell key={category} scope="col" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', fontSize: '1rem', fontWeight: 700 }}>
              <Link href={sponsoredPagePath(category)} color="inherit" underline="always">
                {categoryLabels[category]}
              </Link>
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {Array.from({ length: rows }, (_, row) => (
          <TableRow key={row}>
            {publicCategoryOrder.map((category) => {
              const headline = data[category][row];
              return (
                <TableCell key={category}>
                  {headline ? (
                    <HeadlineCell headline={headline} />
                  ) : row === 0 ? (
                    <Typography variant="body2" color="text.secondary">
                      No headlines yet
                    </Typography>
                  ) : null}
                </TableCell>
              );
            })}
          </TableRow>
        ))}
        {anyMore ? (
          <TableRow>
            {publicCategoryOrder.map((category) => (
              <TableCell key={category}>
                {data[category].length > TABLE_PREVIEW_ROWS ? <MoreLink category={category} count={data[category].length} /> : null}
              </TableCell>
            ))}
          </TableRow>
        ) : null}
      </TableBody>
    </Table>
  );
}

/** Below 600 px the three columns stack: one short list per category, in the same order. */
function StackedLists({ data }: { data: HeadlinesByCategory }) {
  return (
    <Box>
      {publicCategoryOrder.map((category) => (
        <Box key={category} sx={{ borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}>
          <Typography variant="subtitle1" component="h3" sx={{ px: 2, py: 1, bgcolor: 'primary.main', color: 'primary.contrastText', fontWeight: 700 }}>
            <Link href={sponsoredPagePath(category)} color="inherit" underline="always">
              {categoryLabels[category]}
            </Link>
          </Typography>
          {data[category].length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
              No headlines yet
            </Typography>
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {data[category].slice(0, TABLE_PREVIEW_ROWS).map((headline) => (
                <Box component="li" key={headline.id} sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
                  <HeadlineCell headline={headline} />
                </Box>
              ))}
              {data[category].length > TABLE_PREVIEW_ROWS ? (
                <Box component="li" sx={{ px: 2, py: 1 }}>
                  <MoreLink category={category} count={data[category].length} />
                </Box>
              ) : null}
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}

/** While nothing is sponsored, the home page still shows domains: the newest listings, each linking to its landing page. */
function NewestListings() {
  const newest = useNewestListings();
  const rows = newest.data ?? [];
  return (
    <Box sx={{ p: 2 }}>
      <Typography color="text.secondary" sx={{ mb: rows.length > 0 ? 1.5 : 0 }}>
        No sponsored headlines yet{rows.length > 0 ? '. The newest listings:' : '.'}
      </Typography>
      {rows.length > 0 ? (
        <Box component="ul" aria-label="Newest listings" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } }}>
          {rows.map((d) => (
            <Box component="li" key={d.id} sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
              <Link href={`/landing/${d.id}`} sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }}>
                {d.domain_name}
              </Link>
              <Typography component="span" variant="body2" color="text.secondary">
                {d.business_status}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

/**
 * The home page's sponsored headlines table: three columns, Domain trade, Buy
 * Now and Startup Breeders, the newest ten of each, every name linking to its landing page.
 * Fetches its own data and takes no props. The home page owns the surrounding
 * <section id="sponsored">, its heading and calls to action; this renders the table block only.
 */
export function SponsoredHeadlinesTable() {
  const headlines = useSponsoredHeadlines();
  const theme = useTheme();
  const stacked = useMediaQuery(theme.breakpoints.down('sm'));
  const data = headlines.data;
  const empty = data !== undefined && publicCategoryOrder.every((c) => data[c].length === 0);

  return (
    <TableContainer component={Paper} variant="outlined" data-testid="sponsored-headlines-table">
      {headlines.isError ? (
        <Box sx={{ p: 2 }}>
          <Typography color="error" sx={{ mb: 1 }}>
            Sponsored headlines could not be loaded. {errorText(headlines.error)}
          </Typography>
          <Button size="small" variant="outlined" onClick={() => void headlines.refetch()}>
            Try again
          </Button>
        </Box>
      ) : !data ? (
        <Box sx={{ p: 2, display: 'grid', gap: 1 }} role="status" aria-label="Loading sponsored headlines">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={36} />
          ))}
        </Box>
      ) : empty ? (
        <NewestListings />
      ) : stacked ? (
        <StackedLists data={data} />
      ) : (
        <ColumnsTable data={data} />
      )}
    </TableContainer>
  );
}
