import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { toast } from '@/components/ui/toast';
import { useAuthSnapshot } from '@/lib/auth-store';
import { type BrokerLead, useBrokerLeads } from '../api/get-broker-leads';
import { useTakeBrokerLead } from '../api/take-broker-lead';
import { adminText } from '../utils/constants';
import { failureMessage } from '../utils/format';
import { ListTable } from './table-parts';
import { formatDateTime, formatListPrice } from '@/utils/format';

const COLUMNS = [
  { label: 'Domain' },
  { label: 'Price', align: 'right' },
  { label: 'Buyer' },
  { label: 'Seller' },
  { label: 'Requested' },
  { label: 'Broker' },
] as const;

function TakeCell({ lead }: { lead: BrokerLead }) {
  const take = useTakeBrokerLead();
  const { user } = useAuthSnapshot();
  if (lead.broker_id !== null) {
    return (
      <Typography variant="body2" component="div">
        {lead.broker_id === user?.id ? 'Taken by you' : `Taken by ${lead.broker_name ?? 'another broker'}`}
        <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
          {formatDateTime(lead.broker_taken_at)}
        </Box>
      </Typography>
    );
  }
  return (
    <Button
      size="small"
      variant="contained"
      disabled={take.isPending}
      aria-label={`Take the lead on ${lead.domain_name}`}
      onClick={() =>
        take.mutate(lead.id, {
          onSuccess: () => toast.success(adminText.leadTaken, lead.domain_name),
          onError: (error) => toast.error(adminText.leadTakeFailed, failureMessage(error)),
        })
      }
    >
      {take.isPending ? 'Taking…' : 'Take'}
    </Button>
  );
}

/** New Broker Leads: negotiations that asked for the Broker Team; one admin takes each. */
export function BrokerLeadsSection() {
  return (
    <ListTable
      label="Broker leads"
      minWidth={820}
      columns={COLUMNS}
      query={useBrokerLeads()}
      loadingLabel="Loading broker leads"
      emptyHint="No negotiation has asked for a broker yet."
      row={(lead) => (
        <TableRow key={lead.id} hover data-testid={`lead-row-${lead.id}`}>
          <TableCell sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 150 }}>
            <Link href={`/landing/${lead.domain_id}`}>{lead.domain_name}</Link>
          </TableCell>
          <TableCell align="right">{formatListPrice(lead.seller_price)}</TableCell>
          <TableCell>{lead.buyer_name ?? '—'}</TableCell>
          <TableCell>{lead.seller_name ?? '—'}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(lead.broker_requested_at)}</TableCell>
          <TableCell sx={{ minWidth: 140 }}>
            <TakeCell lead={lead} />
          </TableCell>
        </TableRow>
      )}
    />
  );
}
