import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { formatCents, type Instalment, instalmentFlow, type Lease, leaseFlow, leaseSchema } from '@market/shared';
import { useParams } from 'react-router';
import { ItemHeading } from '@/components/ui/item-heading';
import { PageContainer } from '@/components/ui/page-container';
import { QueryError } from '@/components/ui/query-error';
import { DnsRecordsDialog } from '@/features/portfolio';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { api, isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/error-text';
import { formatDate } from '@/utils/format';
import { leaseKeys, useInstalmentCheckout, useLease, useLeaseAuthCode, useLeaseStep } from '../api/leases';

const parseId = (raw: string | undefined) => (raw && /^\d{1,10}$/.test(raw) ? Number(raw) : undefined);

/** An admin's step on one instalment: a bank payment or a payout recorded with its reference, or a refund. */
function AdminInstalmentActions({ lease, instalment }: { lease: Lease; instalment: Instalment }) {
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string>();
  const client = useQueryClient();
  const run = async (path: string, body: Record<string, unknown>) => {
    setError(undefined);
    try {
      client.setQueryData(leaseKeys.one(lease.id), leaseSchema.parse(await api.post<unknown>(`/api/admin/instalments/${instalment.id}/${path}/`, body)));
    } catch (e) {
      setError(serverMessage(e) ?? 'Refused.');
    }
  };
  const withRef = instalment.allowed_actions.filter((a) => a === 'record_payment' || a === 'record_payout' || a === 'record_refund');
  if (withRef.length === 0 && !instalment.allowed_actions.includes('resolve_refund')) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      {withRef.length > 0 ? (
        <TextField size="small" label="Reference" value={reference} onChange={(e) => setReference(e.target.value)} inputProps={{ 'aria-label': `Reference for instalment ${instalment.number}` }} />
      ) : null}
      {withRef.includes('record_payment') ? (
        <Button size="small" variant="contained" onClick={() => void run('payment', { reference, amount_cents: instalment.buyer_total_cents })}>
          Record the payment
        </Button>
      ) : null}
      {withRef.includes('record_payout') ? (
        <Button size="small" variant="outlined" onClick={() => void run('payout', { reference })}>
          Record the payout
        </Button>
      ) : null}
      {withRef.includes('record_refund') ? (
        <Button size="small" variant="outlined" onClick={() => void run('record-refund', { reference })}>
          Record the refund
        </Button>
      ) : null}
      {instalment.allowed_actions.includes('resolve_refund') ? (
        <Button size="small" color="warning" onClick={() => void run('refund', {})}>
          Refund the lessee
        </Button>
      ) : null}
      {error ? <Alert severity="error">{error}</Alert> : null}
    </Box>
  );
}

function Schedule({ lease }: { lease: Lease }) {
  const checkout = useInstalmentCheckout();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Instalments">
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell>Due</TableCell>
            <TableCell align="right">{lease.role === 'seller' ? 'You receive' : 'Amount'}</TableCell>
            <TableCell>Status</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {lease.instalments.map((i) => (
            <TableRow key={i.id} data-testid={`instalment-${i.payoff ? 'payoff' : i.number}`} selected={i.id === lease.next_instalment_id}>
              <TableCell>{i.payoff ? 'Payoff' : i.number}</TableCell>
              <TableCell>{formatDate(i.due_at)}</TableCell>
              <TableCell align="right">{formatCents(lease.role === 'seller' ? i.seller_net_cents : i.buyer_total_cents)}</TableCell>
              <TableCell>
                <Chip size="small" label={i.warned_at && i.status === 'due' ? `${i.status_label}: late` : i.status_label} color={i.warned_at && i.status === 'due' ? 'warning' : (instalmentFlow.states[i.status].tone ?? 'default')} />
              </TableCell>
              <TableCell>
                {i.allowed_actions.includes('pay_by_card') ? (
                  <Button size="small" variant="contained" disabled={checkout.isPending} onClick={() => checkout.mutate(i.id)}>
                    Pay {formatCents(i.buyer_total_cents)} by card
                  </Button>
                ) : null}
                {lease.role === 'admin' ? <AdminInstalmentActions lease={lease} instalment={i} /> : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {checkout.isError ? <Alert severity="error">{serverMessage(checkout.error) ?? 'The card processor did not answer.'}</Alert> : null}
    </Box>
  );
}

function Actions({ lease }: { lease: Lease }) {
  const step = useLeaseStep(lease.id);
  const code = useLeaseAuthCode(lease.id);
  const [method, setMethod] = useState<'push' | 'auth_code'>('push');
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [dnsOpen, setDnsOpen] = useState(false);
  const can = (a: Lease['allowed_actions'][number]) => lease.allowed_actions.includes(a);
  return (
    <Box sx={{ display: 'grid', gap: 2, mt: 2 }}>
      {lease.can_set_dns ? (
        <Box>
          <Button variant="contained" onClick={() => setDnsOpen(true)}>
            Set the DNS records
          </Button>
          <DnsRecordsDialog domain={dnsOpen ? { id: lease.domain_id, domain_name: lease.domain_name } : null} onClose={() => setDnsOpen(false)} />
        </Box>
      ) : null}
      {can('pay_off') ? (
        <Box>
          <Button variant="outlined" disabled={step.isPending} onClick={() => step.mutate({ step: 'pay-off' })}>
            Pay off the remaining {formatCents(lease.remaining_cents)}
          </Button>
        </Box>
      ) : null}
      {can('start_transfer') ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <TextField select size="small" label="How" value={method} onChange={(e) => setMethod(e.target.value as 'push' | 'auth_code')}>
            <MenuItem value="push">Push to the lessee’s account</MenuItem>
            <MenuItem value="auth_code">Authorisation code</MenuItem>
          </TextField>
          <TextField size="small" label={method === 'push' ? 'Lessee’s registrar account' : 'Authorisation code'} value={value} onChange={(e) => setValue(e.target.value)} />
          <Button
            variant="contained"
            disabled={step.isPending}
            onClick={() => step.mutate({ step: 'transfer', body: method === 'push' ? { method, push_account: value } : { method, auth_code: value } })}
          >
            Start the transfer
          </Button>
        </Box>
      ) : null}
      {can('read_auth_code') ? (
        <Box>
          <Button variant="outlined" onClick={() => code.mutate()}>
            Show the authorisation code
          </Button>
          {code.data ? <Typography sx={{ fontFamily: 'monospace', mt: 1 }}>{code.data}</Typography> : null}
        </Box>
      ) : null}
      {lease.dns_txt ? (
        <Alert severity="info">
          To prove the name is yours, publish a TXT record at {lease.dns_txt.name} with the value {lease.dns_txt.value}.
        </Alert>
      ) : null}
      {can('check_dns') ? (
        <Box>
          <Button variant="outlined" disabled={step.isPending} onClick={() => step.mutate({ step: 'dns-check' })}>
            Check DNS now
          </Button>
        </Box>
      ) : null}
      {can('confirm') ? (
        <Box>
          <Button variant="contained" disabled={step.isPending} onClick={() => step.mutate({ step: 'confirm' })}>
            I have received the domain
          </Button>
        </Box>
      ) : null}
      {can('cancel') ? (
        <Box>
          <Button color="inherit" disabled={step.isPending} onClick={() => step.mutate({ step: 'cancel' })}>
            Cancel the lease
          </Button>
        </Box>
      ) : null}
      {can('dispute') ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <TextField size="small" label="What went wrong" value={reason} onChange={(e) => setReason(e.target.value)} />
          <Button color="warning" disabled={step.isPending || !reason.trim()} onClick={() => step.mutate({ step: 'dispute', body: { reason } })}>
            Open a dispute
          </Button>
        </Box>
      ) : null}
      {step.isError ? <Alert severity="error">{serverMessage(step.error) ?? 'That step was refused.'}</Alert> : null}
    </Box>
  );
}

/** /leases/:id: a lease to own, its schedule, what is paid and what is next, for both parties and an admin. */
export default function LeaseRoute() {
  const id = parseId(useParams().id);
  const lease = useLease(id);
  useDocumentTitle(lease.data ? `Lease of ${lease.data.domain_name}` : 'Lease');
  let body;
  if (id === undefined || (isApiError(lease.error) && lease.error.status === 404)) {
    body = <Alert severity="warning">This lease does not exist, or it is not yours.</Alert>;
  } else if (lease.isError) {
    body = <QueryError error={lease.error} onRetry={() => void lease.refetch()} />;
  } else if (lease.isPending) {
    body = <CircularProgress aria-label="Loading the lease" />;
  } else {
    const l = lease.data;
    body = (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, borderRadius: 3 }}>
        <ItemHeading title={l.domain_name} status={l.status_label} tone={leaseFlow.states[l.status].tone} statusTestId="lease-status" />
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Lease to own · {l.months} months · {formatCents(l.total_cents)} in all · paid {formatCents(l.paid_cents)} · remaining {formatCents(l.remaining_cents)}
        </Typography>
        <Box sx={{ display: 'grid', gap: { xs: 3, md: 6 }, gridTemplateColumns: { xs: 'minmax(0,1fr)', md: 'minmax(0,3fr) minmax(0,2fr)' }, mt: 3 }}>
          <section aria-labelledby="next-step">
            <Typography id="next-step" variant="h6" component="h2" gutterBottom>
              {l.role === 'admin' ? 'Where it stands' : 'Next step'}
            </Typography>
            <Typography data-testid="lease-next-step">{l.next_step}</Typography>
            {l.payment_instructions ? (
              <Alert severity="info" sx={{ mt: 2 }} data-testid="lease-bank-details">
                Or pay {formatCents(l.payment_instructions.amount_cents)} by bank transfer quoting {l.payment_instructions.reference}. {l.payment_instructions.details}
              </Alert>
            ) : null}
            <Actions lease={l} />
          </section>
          <section aria-labelledby="lease-terms">
            <Typography id="lease-terms" variant="h6" component="h2" gutterBottom>
              The terms
            </Typography>
            <ul style={{ marginTop: 0, paddingLeft: 20 }}>
              {l.terms.map((line) => (
                <li key={line}>
                  <Typography variant="body2">{line}</Typography>
                </li>
              ))}
            </ul>
          </section>
        </Box>
        <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
          Schedule
        </Typography>
        <Schedule lease={l} />
        <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
          History
        </Typography>
        <ul style={{ paddingLeft: 20 }}>
          {l.events.map((e, n) => (
            <li key={n}>
              <Typography variant="body2">
                {formatDate(e.created_at)}: {e.note}
              </Typography>
            </li>
          ))}
        </ul>
      </Paper>
    );
  }
  return (
    <PageContainer>
      <Link href="/leases" sx={{ display: 'inline-block', mb: 2 }}>
        ← Your leases
      </Link>
      {body}
    </PageContainer>
  );
}
