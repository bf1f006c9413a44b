import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { formatCents, leaseFinanceSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { formatDate } from '@/utils/format';
import { fullName } from '../utils/format';

/** Admin Finance: the leases to own and their instalments past their date; each lease's page records payments and payouts. */
export function LeaseFinanceSection() {
  const query = useQuery({
    queryKey: ['leases', 'finance'],
    queryFn: async ({ signal }) => leaseFinanceSchema.parse(await api.get<unknown>('/api/admin/finance/leases/', { signal })),
  });
  if (query.isError) return <Alert severity="error">The leases could not be loaded.</Alert>;
  if (!query.data) return null;
  const { leases, overdue } = query.data;
  return (
    <Box component="section" aria-labelledby="lease-finance-title" sx={{ mt: 4 }}>
      <Typography id="lease-finance-title" variant="h6" component="h2" gutterBottom>
        Leases
      </Typography>
      {overdue.length > 0 ? (
        <Box sx={{ overflowX: 'auto', mb: 2 }}>
          <Table size="small" aria-label="Overdue instalments">
            <TableHead>
              <TableRow>
                <TableCell>Lease</TableCell>
                <TableCell>Instalment</TableCell>
                <TableCell>Due</TableCell>
                <TableCell align="right">Days late</TableCell>
                <TableCell align="right">Amount</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {overdue.map((i) => (
                <TableRow key={i.id}>
                  <TableCell>
                    <Link href={`/leases/${i.lease_id}`}>{i.domain_name}</Link>
                  </TableCell>
                  <TableCell>{i.payoff ? 'Payoff' : i.number}</TableCell>
                  <TableCell>{formatDate(i.due_at)}</TableCell>
                  <TableCell align="right">{i.days_late}</TableCell>
                  <TableCell align="right">{formatCents(i.buyer_total_cents)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      ) : (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          No instalment is past its date.
        </Typography>
      )}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Leases">
          <TableHead>
            <TableRow>
              <TableCell>Domain</TableCell>
              <TableCell>Lessee</TableCell>
              <TableCell>Seller</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right">Paid</TableCell>
              <TableCell align="right">Remaining</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {leases.map((l) => (
              <TableRow key={l.id}>
                <TableCell>
                  <Link href={`/leases/${l.id}`}>{l.domain_name}</Link>
                </TableCell>
                <TableCell>{fullName(l.buyer)}</TableCell>
                <TableCell>{fullName(l.seller)}</TableCell>
                <TableCell>{l.status_label}</TableCell>
                <TableCell align="right">{formatCents(l.paid_cents)}</TableCell>
                <TableCell align="right">{formatCents(l.remaining_cents)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
