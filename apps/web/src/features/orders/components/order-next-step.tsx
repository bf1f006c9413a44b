import { type FormEvent, type ReactNode, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AUTO_CONFIRM_DAYS, dealMessages, formatCents, type TransferMethod, transferMethodLabels } from '@market/shared';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/error-text';
import { formatDateTime } from '@/utils/format';
import type { Order } from '../api/get-orders';
import { useAuthCode, useCardCheckout, useOrderStep } from '../api/order-steps';

type StepMutation = ReturnType<typeof useOrderStep>;

/** Field errors the step forms show under their fields rather than in the alert. */
const FORM_FIELDS = ['auth_code', 'push_account', 'reason'];
const shownInForm = (error: unknown) => isApiError(error) && FORM_FIELDS.some((field) => error.firstError(field));

function Failure({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert severity="error" sx={{ mt: 2 }}>
      {serverMessage(error) ?? 'Something went wrong. Nothing was changed; please try again.'}
    </Alert>
  );
}

function Mono({ children, label }: { children: string; label: string }) {
  return (
    <Box component="code" aria-label={label} sx={{ fontFamily: 'ui-monospace, monospace', bgcolor: 'action.hover', px: 1, py: 0.5, borderRadius: 1, overflowWrap: 'anywhere' }}>
      {children}
    </Box>
  );
}

function BankInstructions({ order, alternative = false }: { order: Order; alternative?: boolean }) {
  const pay = order.payment_instructions;
  if (!pay) return null;
  return (
    <Box sx={{ mt: alternative ? 3 : 1 }}>
      {alternative ? (
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
          Or pay by bank transfer
        </Typography>
      ) : null}
      <Typography>
        Pay <strong>{formatCents(pay.amount_cents)}</strong> by bank transfer by {formatDateTime(order.pay_by)}, quoting the reference{' '}
        <Mono label="Payment reference">{pay.reference}</Mono> so we can match it to your order.
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
        {pay.details}
      </Typography>
      {alternative ? null : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          We hold the money until you confirm you have the domain; the seller is paid only then. Unpaid by the date above, the order lapses.
        </Typography>
      )}
    </Box>
  );
}

/**
 * A card provider's order: the buyer pays on the processor's checkout page, which brings them
 * back here; a bank transfer stays possible for those who prefer it (or whose card limit is lower
 * than the price).
 */
function CardPayment({ order }: { order: Order }) {
  const checkout = useCardCheckout(order.id);
  const [params] = useSearchParams();
  return (
    <Box sx={{ mt: 1 }}>
      {params.get('paid') === '1' ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {dealMessages.cardPaymentReturned}
        </Alert>
      ) : params.get('cancelled') === '1' ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {dealMessages.cardPaymentCancelled}
        </Alert>
      ) : null}
      <Typography>
        Pay <strong>{formatCents(order.buyer_total_cents)}</strong> by card by {formatDateTime(order.pay_by)}. We hold the money until you confirm you have the
        domain; the seller is paid only then. Unpaid by that date, the order lapses.
      </Typography>
      <Button variant="contained" sx={{ mt: 2 }} onClick={() => checkout.mutate()} disabled={checkout.isPending || checkout.isSuccess}>
        {checkout.isPending || checkout.isSuccess ? 'Opening the payment page…' : 'Pay by card'}
      </Button>
      {checkout.isSuccess ? (
        // In case the browser does not follow on its own.
        <Typography variant="body2" sx={{ mt: 1 }}>
          <Link href={checkout.data}>Continue to the payment page</Link>
        </Typography>
      ) : null}
      <Failure error={checkout.error} />
      <BankInstructions order={order} alternative />
    </Box>
  );
}

function TransferForm({ order, step }: { order: Order; step: StepMutation }) {
  const [method, setMethod] = useState<TransferMethod>('auth_code');
  const [code, setCode] = useState('');
  const [account, setAccount] = useState('');
  const fieldError = (field: string) => (isApiError(step.error) ? step.error.firstError(field) : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    step.mutate({ step: 'transfer', body: method === 'auth_code' ? { method, auth_code: code } : { method, push_account: account } });
  };
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ mt: 2 }} aria-label="Start the transfer">
      <Typography>
        The buyer’s payment is held. Start the transfer of {order.domain_name} by {formatDateTime(order.transfer_by)}, or the buyer is refunded and
        the domain listed again.
      </Typography>
      <RadioGroup value={method} onChange={(e) => setMethod(e.target.value as TransferMethod)} sx={{ mt: 1 }} aria-label="Transfer method">
        <FormControlLabel value="auth_code" control={<Radio />} label={transferMethodLabels.auth_code} />
        <FormControlLabel value="push" control={<Radio />} label={transferMethodLabels.push} />
      </RadioGroup>
      {method === 'auth_code' ? (
        <TextField
          label="Authorisation code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="off"
          helperText={fieldError('auth_code') ?? 'Only the buyer can read it, on this page. It is never e-mailed.'}
          error={Boolean(fieldError('auth_code'))}
        />
      ) : (
        <TextField
          label="Buyer’s account you pushed it to"
          value={account}
          onChange={(e) => setAccount(e.target.value)}
          helperText={fieldError('push_account') ?? 'The account name or ID at your registrar.'}
          error={Boolean(fieldError('push_account'))}
        />
      )}
      <Button type="submit" variant="contained" sx={{ mt: 1 }} disabled={step.isPending}>
        {step.isPending ? 'Starting…' : 'Start the transfer'}
      </Button>
    </Box>
  );
}

function AuthCodeReveal({ order }: { order: Order }) {
  const code = useAuthCode(order.id);
  if (!order.has_auth_code) return <Typography sx={{ mt: 1 }}>The seller pushed the domain to your account “{order.push_account}”.</Typography>;
  return (
    <Box sx={{ mt: 1 }}>
      {code.data ? (
        <Typography>
          Authorisation code: <Mono label="Authorisation code">{code.data}</Mono>. Enter it at your registrar to move the domain to your account.
        </Typography>
      ) : (
        <Button variant="outlined" onClick={() => code.mutate()} disabled={code.isPending}>
          Show the authorisation code
        </Button>
      )}
      <Failure error={code.error} />
    </Box>
  );
}

function DnsCheck({ order, step }: { order: Order; step: StepMutation }) {
  if (order.dns_verified_at) {
    return (
      <Alert severity="success" sx={{ mt: 2 }}>
        DNS check passed {formatDateTime(order.dns_verified_at)}. The order confirms itself {formatDateTime(order.confirm_by)} unless someone opens a
        dispute.
      </Alert>
    );
  }
  return (
    <Box sx={{ mt: 2 }}>
      {order.dns_txt ? (
        <Typography>
          To prove the domain is yours now, publish a TXT record at <Mono label="Record name">{order.dns_txt.name}</Mono> with the value{' '}
          <Mono label="Record value">{order.dns_txt.value}</Mono>. Once we see it, the order confirms itself after {AUTO_CONFIRM_DAYS} days.
        </Typography>
      ) : (
        <Typography color="text.secondary">The buyer can prove the transfer by a DNS record; you can run the check too.</Typography>
      )}
      <Button variant="outlined" sx={{ mt: 1 }} onClick={() => step.mutate({ step: 'dns-check' })} disabled={step.isPending}>
        Check DNS now
      </Button>
      {order.dns_checked_at ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Last checked {formatDateTime(order.dns_checked_at)}.
        </Typography>
      ) : null}
    </Box>
  );
}

function DisputeForm({ step, onDone }: { step: StepMutation; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const error = isApiError(step.error) ? step.error.firstError('reason') : undefined;
  return (
    <Box
      component="form"
      noValidate
      aria-label="Open a dispute"
      onSubmit={(e) => {
        e.preventDefault();
        step.mutate({ step: 'dispute', body: { reason } }, { onSuccess: onDone });
      }}
      sx={{ mt: 2 }}
    >
      <TextField label="What went wrong?" multiline minRows={3} value={reason} onChange={(e) => setReason(e.target.value)} error={Boolean(error)} helperText={error ?? 'Our team reads it, decides, and tells you both.'} />
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button type="submit" color="error" variant="contained" disabled={step.isPending}>
          Open the dispute
        </Button>
        <Button onClick={onDone}>Back</Button>
      </Stack>
    </Box>
  );
}

/** What this party does next on this order, and what they are waiting for. */
export function OrderNextStep({ order }: { order: Order }) {
  const step = useOrderStep(order.id);
  const [confirming, setConfirming] = useState<'cancel' | 'confirm' | null>(null);
  const [disputing, setDisputing] = useState(false);
  const buyer = order.role === 'buyer';
  const seller = order.role === 'seller';
  const canDispute = (buyer || seller) && ['paid', 'transfer_in_progress', 'confirmed'].includes(order.status);

  let body: ReactNode = null;
  switch (order.status) {
    case 'awaiting_payment':
      body = buyer ? (
        order.provider === 'manual' ? <BankInstructions order={order} /> : <CardPayment order={order} />
      ) : (
        <Typography>Waiting for the buyer’s payment, due by {formatDateTime(order.pay_by)}. The domain is off the market meanwhile.</Typography>
      );
      break;
    case 'paid':
      body = seller ? (
        <TransferForm order={order} step={step} />
      ) : (
        <Typography>
          {buyer ? 'Your payment is held safely.' : 'Funds held.'} Waiting for the seller to start the transfer, by {formatDateTime(order.transfer_by)}.
        </Typography>
      );
      break;
    case 'transfer_in_progress':
      body = (
        <>
          <Typography>
            The transfer started {formatDateTime(order.transfer_started_at)} ({order.transfer_method ? transferMethodLabels[order.transfer_method] : ''}).
            {buyer ? ' Once the domain is in your account, confirm it here.' : ' Waiting for the buyer to confirm receipt.'}
          </Typography>
          {buyer ? <AuthCodeReveal order={order} /> : null}
          {buyer || seller ? <DnsCheck order={order} step={step} /> : null}
          {buyer ? (
            <Button variant="contained" sx={{ mt: 2 }} onClick={() => setConfirming('confirm')} disabled={step.isPending}>
              I have received the domain
            </Button>
          ) : null}
        </>
      );
      break;
    case 'confirmed':
      body = (
        <Typography>
          {seller
            ? `The buyer has the domain. Your payout of ${formatCents(order.seller_net_cents)} is being sent.`
            : 'The domain is received. The seller’s payout is being sent; then the deal completes.'}
        </Typography>
      );
      break;
    case 'completed':
      body = (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Typography>Completed {formatDateTime(order.completed_at)}.</Typography>
          <Button href={`/orders/${order.id}/receipt`} variant="outlined">
            View the receipt
          </Button>
        </Stack>
      );
      break;
    case 'disputed':
      body = (
        <Alert severity="warning">
          Disputed: “{order.dispute_reason}”. Our team is looking into it and will refund the buyer or release the funds to the seller, with a note to you
          both.
        </Alert>
      );
      break;
    case 'refund_due':
      body = <Typography>The deal did not go through: the buyer’s {formatCents(order.buyer_total_cents)} is being refunded.</Typography>;
      break;
    case 'refunded':
      body = <Typography>Refunded {formatDateTime(order.refunded_at)}. The domain is listed again.</Typography>;
      break;
    case 'cancelled':
      body = <Typography>This order was cancelled; the domain is listed again.</Typography>;
      break;
  }

  return (
    <Box aria-live="polite">
      {order.resolution_note ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Our team’s decision: {order.resolution_note}
        </Alert>
      ) : null}
      {body}
      <Failure error={shownInForm(step.error) ? null : step.error} />
      <Stack direction="row" spacing={1} sx={{ mt: 3, flexWrap: 'wrap' }}>
        {order.status === 'awaiting_payment' && (buyer || seller) ? (
          <Button color="error" variant="outlined" onClick={() => setConfirming('cancel')} disabled={step.isPending}>
            Cancel the order
          </Button>
        ) : null}
        {canDispute && !disputing ? (
          <Button color="error" onClick={() => setDisputing(true)}>
            Open a dispute
          </Button>
        ) : null}
      </Stack>
      {disputing && canDispute ? <DisputeForm step={step} onDone={() => setDisputing(false)} /> : null}
      <ConfirmDialog
        open={confirming === 'cancel'}
        title="Cancel this order?"
        confirmLabel="Cancel the order"
        destructive
        pending={step.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={() => step.mutate({ step: 'cancel' }, { onSettled: () => setConfirming(null) })}
      >
        Nothing has been paid yet. The domain becomes available to other buyers again.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'confirm'}
        title="Confirm you have the domain?"
        confirmLabel="Yes, it is mine"
        pending={step.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={() => step.mutate({ step: 'confirm' }, { onSettled: () => setConfirming(null) })}
      >
        Confirm only once {order.domain_name} is in your registrar account. The seller is then paid from the funds we hold.
      </ConfirmDialog>
    </Box>
  );
}
