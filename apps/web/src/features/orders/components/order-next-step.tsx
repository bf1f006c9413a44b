import { type FormEvent, useState } from 'react';
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
import { AUTO_CONFIRM_DAYS, dealMessages, formatCents, type OrderAction, orderFlow, type TransferMethod, transferMethodLabels } from '@market/shared';
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

/** How to pay by bank transfer: the order's reference and our account, shown while the buyer may pay that way. */
function BankInstructions({ order, alternative }: { order: Order; alternative: boolean }) {
  const pay = order.payment_instructions;
  if (!pay) return null;
  return (
    <Box sx={{ mt: alternative ? 3 : 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
        {alternative ? 'Or pay by bank transfer' : 'Pay by bank transfer'}
      </Typography>
      <Typography>
        Transfer <strong>{formatCents(pay.amount_cents)}</strong> quoting the reference <Mono label="Payment reference">{pay.reference}</Mono> so we can
        match it to your order.
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
        {pay.details}
      </Typography>
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
    <Box sx={{ mt: 2 }}>
      {params.get('paid') === '1' ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {dealMessages.cardPaymentReturned}
        </Alert>
      ) : params.get('cancelled') === '1' ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {dealMessages.cardPaymentCancelled}
        </Alert>
      ) : null}
      <Button variant="contained" onClick={() => checkout.mutate()} disabled={checkout.isPending || checkout.isSuccess}>
        {checkout.isPending || checkout.isSuccess ? 'Opening the payment page…' : `${orderFlow.actions.pay_by_card}: ${formatCents(order.buyer_total_cents)}`}
      </Button>
      {checkout.isSuccess ? (
        // In case the browser does not follow on its own.
        <Typography variant="body2" sx={{ mt: 1 }}>
          <Link href={checkout.data}>Continue to the payment page</Link>
        </Typography>
      ) : null}
      <Failure error={checkout.error} />
    </Box>
  );
}

function TransferForm({ step }: { step: StepMutation }) {
  const [method, setMethod] = useState<TransferMethod>('auth_code');
  const [code, setCode] = useState('');
  const [account, setAccount] = useState('');
  const fieldError = (field: string) => (isApiError(step.error) ? step.error.firstError(field) : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    step.mutate({ step: 'transfer', body: method === 'auth_code' ? { method, auth_code: code } : { method, push_account: account } });
  };
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ mt: 2 }} aria-label={orderFlow.actions.start_transfer}>
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
        {step.isPending ? 'Starting…' : orderFlow.actions.start_transfer}
      </Button>
    </Box>
  );
}

function AuthCodeReveal({ order }: { order: Order }) {
  const code = useAuthCode(order.id);
  return (
    <Box sx={{ mt: 1 }}>
      {code.data ? (
        <Typography>
          Authorisation code: <Mono label="Authorisation code">{code.data}</Mono>. Enter it at your registrar to move the domain to your account.
        </Typography>
      ) : (
        <Button variant="outlined" onClick={() => code.mutate()} disabled={code.isPending}>
          {orderFlow.actions.read_auth_code}
        </Button>
      )}
      <Failure error={code.error} />
    </Box>
  );
}

/** The DNS proof of the transfer: what to publish and a check, while it is not seen; when it was seen, after. */
function DnsCheck({ order, step, canCheck }: { order: Order; step: StepMutation; canCheck: boolean }) {
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
      {canCheck ? (
        <Button variant="outlined" sx={{ mt: 1 }} onClick={() => step.mutate({ step: 'dns-check' })} disabled={step.isPending}>
          {orderFlow.actions.check_dns}
        </Button>
      ) : null}
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

/**
 * What this party does next on this order, and what they are waiting for: the server's sentence,
 * and a control for each step it allows this viewer now (nothing else is offered).
 */
export function OrderNextStep({ order }: { order: Order }) {
  const step = useOrderStep(order.id);
  const [confirming, setConfirming] = useState<'cancel' | 'confirm' | null>(null);
  const [disputing, setDisputing] = useState(false);
  const can = (action: OrderAction) => order.allowed_actions.includes(action);
  const pushed = order.role === 'buyer' && order.push_account && order.transfer_started_at && !order.completed_at;

  return (
    <Box aria-live="polite">
      {order.resolution_note ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Our team’s decision: {order.resolution_note}
        </Alert>
      ) : order.dispute_reason ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          The dispute: “{order.dispute_reason}”
        </Alert>
      ) : null}
      {order.next_step ? <Typography data-testid="order-next-step">{order.next_step}</Typography> : null}
      {can('pay_by_card') ? <CardPayment order={order} /> : null}
      {can('pay_by_bank_transfer') ? <BankInstructions order={order} alternative={can('pay_by_card')} /> : null}
      {can('start_transfer') ? <TransferForm step={step} /> : null}
      {order.transfer_method && order.transfer_started_at ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          The transfer started {formatDateTime(order.transfer_started_at)} ({transferMethodLabels[order.transfer_method]}).
        </Typography>
      ) : null}
      {pushed ? <Typography sx={{ mt: 1 }}>The seller pushed the domain to your account “{order.push_account}”.</Typography> : null}
      {can('read_auth_code') ? <AuthCodeReveal order={order} /> : null}
      {can('check_dns') || (order.dns_verified_at && !order.confirmed_at) ? <DnsCheck order={order} step={step} canCheck={can('check_dns')} /> : null}
      {can('confirm') ? (
        <Button variant="contained" sx={{ mt: 2 }} onClick={() => setConfirming('confirm')} disabled={step.isPending}>
          {orderFlow.actions.confirm}
        </Button>
      ) : null}
      {order.completed_at ? (
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }}>
          <Button href={`/orders/${order.id}/receipt`} variant="outlined">
            View the receipt
          </Button>
          {order.role === 'buyer' ? (
            <Button href="/portfolio" variant="outlined">
              Open your portfolio
            </Button>
          ) : null}
        </Stack>
      ) : null}
      <Failure error={shownInForm(step.error) ? null : step.error} />
      <Stack direction="row" spacing={1} sx={{ mt: 3, flexWrap: 'wrap' }}>
        {can('cancel') ? (
          <Button color="error" variant="outlined" onClick={() => setConfirming('cancel')} disabled={step.isPending}>
            {orderFlow.actions.cancel}
          </Button>
        ) : null}
        {can('dispute') && !disputing ? (
          <Button color="error" onClick={() => setDisputing(true)}>
            {orderFlow.actions.dispute}
          </Button>
        ) : null}
      </Stack>
      {disputing && can('dispute') ? <DisputeForm step={step} onDone={() => setDisputing(false)} /> : null}
      <ConfirmDialog
        open={confirming === 'cancel'}
        title="Cancel this order?"
        confirmLabel={orderFlow.actions.cancel}
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
