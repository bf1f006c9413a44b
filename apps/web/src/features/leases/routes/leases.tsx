import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatCents } from '@market/shared';
import { PageContainer } from '@/components/ui/page-container';
import { QueryError } from '@/components/ui/query-error';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLeases } from '../api/leases';

/** /leases: the names the user leases to own, and the ones they lease out. */
export default function LeasesRoute() {
  useDocumentTitle('Your leases');
  const leases = useLeases();
  return (
    <PageContainer>
      <Typography variant="h4" component="h1" gutterBottom>
        Your leases
      </Typography>
      {leases.isPending ? (
        <CircularProgress aria-label="Loading your leases" />
      ) : leases.isError ? (
        <QueryError error={leases.error} onRetry={() => void leases.refetch()} />
      ) : leases.data.length === 0 ? (
        <Alert severity="info">No leases yet. Names offered on lease show “or $X a month” beside their price.</Alert>
      ) : (
        <Table size="small" aria-label="Leases">
          <TableHead>
            <TableRow>
              <TableCell>Domain</TableCell>
              <TableCell>You are</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right">Paid</TableCell>
              <TableCell align="right">Remaining</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {leases.data.map((l) => (
              <TableRow key={l.id}>
                <TableCell>
                  <Link href={`/leases/${l.id}`}>{l.domain_name}</Link>
                </TableCell>
                <TableCell>{l.role === 'buyer' ? 'Lessee' : 'Seller'}</TableCell>
                <TableCell>{l.status_label}</TableCell>
                <TableCell align="right">{formatCents(l.paid_cents)}</TableCell>
                <TableCell align="right">{formatCents(l.remaining_cents)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </PageContainer>
  );
}
