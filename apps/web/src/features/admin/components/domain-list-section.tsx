import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { type DomainListKind, useDomainList } from '../api/get-domain-list';
import { fullName } from '../utils/format';
import { EmptyRow, headRowSx, LoadingRows, QueryError, TableScroller } from './table-parts';
import { formatListPrice } from '@/utils/format';

const labels: Record<DomainListKind, { table: string; empty: string }> = {
  thoroughbred: { table: 'Thoroughbred domains', empty: 'No approved domain is priced above $50,000 yet.' },
  'startup-breeders': { table: 'Exclusive startup breeders', empty: 'No approved domain is open to startup breeders yet.' },
};

/** Thoroughbred Domain and Exclusive Startup Breeders: approved names, each linking to its landing page. */
export function DomainListSection({ kind }: { kind: DomainListKind }) {
  const { data, error, isError, refetch } = useDomainList(kind);
  const breeders = kind === 'startup-breeders';
  const columns = breeders ? 6 : 5;
  return (
    <>
      {isError ? <QueryError error={error} onRetry={() => void refetch()} /> : null}
      <Paper variant="outlined">
        <TableScroller label={labels[kind].table}>
          <Table size="small" aria-label={labels[kind].table} sx={{ minWidth: 640 }}>
            <TableHead>
              <TableRow sx={headRowSx}>
                <TableCell>Domain</TableCell>
                <TableCell>Owner</TableCell>
                <TableCell>Listing</TableCell>
                {breeders ? <TableCell>Startup breeders</TableCell> : null}
                <TableCell align="right">Price</TableCell>
                <TableCell align="right">Visits</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data === undefined && !isError ? (
                <LoadingRows colSpan={columns} label="Loading domains" />
              ) : !data || data.length === 0 ? (
                <EmptyRow colSpan={columns} hint={labels[kind].empty} />
              ) : (
                data.map((domain) => (
                  <TableRow key={domain.id} hover>
                    <TableCell sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 160 }}>
                      <Link href={`/landing/${domain.id}`}>{domain.domain_name}</Link>
                    </TableCell>
                    <TableCell>{fullName(domain.user)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{domain.business_status_label || 'Enquire'}</TableCell>
                    {breeders ? <TableCell>{domain.startup_breeders ?? '—'}</TableCell> : null}
                    <TableCell align="right">{formatListPrice(domain.seller_price)}</TableCell>
                    <TableCell align="right">{domain.visits.toLocaleString('en-US')}</TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </TableScroller>
      </Paper>
    </>
  );
}
