import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDollars } from '@market/shared';
import type { NegotiationEntry } from '../api/get-negotiation-view';
import type { PartyRole } from '../utils/offer-rules';
import { stackedTableSx } from '@/components/ui/stacked-table';
import { formatDateTime } from '@/utils/format';

const columns = ['Date', 'From', 'Step', 'Amount', 'Valid until'] as const;

function authorLabel(entry: NegotiationEntry, role: PartyRole, buyerName: string): string {
  if (entry.author === role) return 'You';
  return entry.author === 'buyer' ? `Buyer (${buyerName})` : 'Seller';
}

/** Validity of an offer: its expiry date, marked when it has passed (expired offers cannot be accepted). */
function Validity({ entry }: { entry: NegotiationEntry }) {
  if (!entry.expires_at) return <>—</>;
  if (!entry.expired) return <>{formatDateTime(entry.expires_at)}</>;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
      <Chip label="Expired" size="small" color="warning" variant="outlined" sx={{ fontWeight: 700, color: '#8a4b00', borderColor: '#8a4b00' }} />
      <Box component="span" sx={{ color: 'text.secondary', textDecoration: 'line-through' }}>
        {formatDateTime(entry.expires_at)}
      </Box>
    </Box>
  );
}

/** Every step of one lead, newest first: what was proposed, by whom, and until when it holds. */
export function NegotiationHistory({ entries, role, buyerName }: { entries: NegotiationEntry[]; role: PartyRole; buyerName: string }) {
  if (entries.length === 0) {
    return <Typography color="text.secondary">No offers yet.</Typography>;
  }
  const newestFirst = [...entries].reverse();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Negotiation history" sx={stackedTableSx}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c} align={c === 'Amount' ? 'right' : 'left'}>
                {c}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {newestFirst.map((entry) => (
            <TableRow key={entry.id} data-testid="negotiation-entry">
              <TableCell data-label="Date">{formatDateTime(entry.created_at)}</TableCell>
              <TableCell data-label="From">{authorLabel(entry, role, buyerName)}</TableCell>
              <TableCell data-label="Step">{entry.status_label}</TableCell>
              <TableCell data-label="Amount" align="right" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
                {entry.amount > 0 ? formatDollars(entry.amount) : '—'}
                {entry.lease ? (
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', fontWeight: 400 }}>
                    Lease to own, {entry.lease.line}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell data-label="Valid until">
                <Validity entry={entry} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
