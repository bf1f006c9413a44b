import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { businessStatusLabel, emptyTableMessage } from '@market/shared';
import type { RecentlyViewedDomain } from '@/features/portfolio';
import { DomainCard, DomainCardList } from '@/features/portfolio';
import { useCompact } from '@/hooks/use-compact';
import { formatDateTime, formatListPrice } from '@/utils/format';

/** Recently viewed domains: name to its landing page, listing, price, when it was seen. */
export function RecentlyViewedTable({ domains }: { domains: RecentlyViewedDomain[] }) {
  const compact = useCompact();
  if (domains.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <Typography sx={{ fontWeight: 600 }}>{emptyTableMessage}</Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3, maxWidth: 520, mx: 'auto' }}>
          Domains you open appear here, so you can find them again. Start by searching the market.
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
          <Button href="/search" variant="contained">
            Search domains
          </Button>
          <Button href="/homeSearch" variant="outlined">
            Browse listings
          </Button>
        </Box>
      </Paper>
    );
  }
  if (compact) {
    return (
      <DomainCardList label="Recently viewed domains">
        {domains.map((domain) => (
          <DomainCard
            key={domain.id}
            title={<Link href={`/landing/${domain.id}`}>{domain.domain_name}</Link>}
            facts={[
              { label: 'Listing', value: businessStatusLabel(domain.business_status) },
              { label: 'Price', value: formatListPrice(domain.seller_price) },
              { label: 'Viewed', value: <time dateTime={domain.viewed_at}>{formatDateTime(domain.viewed_at)}</time> },
            ]}
          />
        ))}
      </DomainCardList>
    );
  }
  return (
    <Paper variant="outlined">
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Recently viewed domains" sx={{ minWidth: 560 }}>
          <TableHead>
            <TableRow sx={{ '& th': { fontWeight: 700, whiteSpace: 'nowrap', bgcolor: 'grey.50' } }}>
              <TableCell>Domain</TableCell>
              <TableCell>Listing</TableCell>
              <TableCell align="right">Price</TableCell>
              <TableCell>Viewed</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {domains.map((domain) => (
              <TableRow key={domain.id} hover>
                <TableCell sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 160 }}>
                  <Link href={`/landing/${domain.id}`}>{domain.domain_name}</Link>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{businessStatusLabel(domain.business_status)}</TableCell>
                <TableCell align="right">{formatListPrice(domain.seller_price)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <time dateTime={domain.viewed_at}>{formatDateTime(domain.viewed_at)}</time>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
