import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useClaims } from '../api/get-claims';
import { EmptyRow, headRowSx, LoadingRows, QueryError, TableScroller } from './table-parts';
import { formatDateTime } from '@/utils/format';

const COLUMNS = 5;

/** Names a second seller tried to import; nameserver ownership settles who keeps them. */
export function ClaimsSection() {
  const { data, error, isError, refetch } = useClaims();
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        A name is listed once in the marketplace. When another seller imports a name that is already held, the claim waits
        here; pointing the nameservers at us proves ownership.
      </Typography>
      {isError ? <QueryError error={error} onRetry={() => void refetch()} /> : null}
      <Paper variant="outlined">
        <TableScroller label="Domain claims">
          <Table size="small" aria-label="Domain claims" sx={{ minWidth: 720 }}>
            <TableHead>
              <TableRow sx={headRowSx}>
                <TableCell>Domain</TableCell>
                <TableCell>Held by</TableCell>
                <TableCell>Claimed by</TableCell>
                <TableCell>Nameservers</TableCell>
                <TableCell>Claimed</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data === undefined && !isError ? (
                <LoadingRows colSpan={COLUMNS} label="Loading claims" />
              ) : !data || data.length === 0 ? (
                <EmptyRow colSpan={COLUMNS} hint="No name has been claimed by a second seller." />
              ) : (
                data.map((claim) => (
                  <TableRow key={claim.id} hover>
                    <TableCell sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 150 }}>
                      <Link href={`/landing/${claim.domain_id}`}>{claim.domain_name}</Link>
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>{claim.holder_email}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>{claim.claimant_email}</TableCell>
                    <TableCell>{claim.ns_status ?? '—'}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(claim.created_at)}</TableCell>
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
