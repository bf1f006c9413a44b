import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { apiErrors, BREEDER_BUDGET_ABOVE, BROKER_ABOVE, commissionSplit, formatCents, formatDollars, NegotiationStatus, OFFER_VALIDITY_DAYS, offerLease, parseDollars } from '@market/shared';
import { toast } from '@/components/ui/toast';
import { SplitFigures } from '@/features/orders';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors, textFieldProps } from '@/lib/form';
import { type NegotiationStepRequest, useNegotiationStep } from '../api/post-negotiation-step';
import type { NegotiationLead, NegotiationView } from '../api/get-negotiation-view';
import { acceptableOffer, latestOffer } from '../utils/negotiation-state';
import { type OfferStatus, validateOfferAmount } from '../utils/offer-rules';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

const BIDDING_WAR_EXPLAINED =
  'A bidding war shows the domain as a sponsored headline on our home page and advertising network, and tells everyone who made an offer so they can bid higher.';

interface OfferValues {
  amount: string;
  /** An offer in instalments (lease to own), where the seller offers a lease. */
  lease: boolean;
}

type Confirming = typeof NegotiationStatus.Accept | typeof NegotiationStatus.BiddingWar | typeof NegotiationStatus.Decline | null;

/** Turns a failed post into one sentence for the lead's alert; field errors go under the input. */
function failureText(error: unknown): string {
  if (!isApiError(error)) return apiErrors.internal;
  if (error.isServerError) return `${apiErrors.internal}: nothing was sent. Please try again.`;
  if (error.status === 401) return apiErrors.invalidToken;
  return error.message;
}

/**
 * The buttons for exactly the codes the server allows now (`allowed_statuses`), and the amount
 * input only when 2 or 7 is among them (OFFER_STATUSES). Amounts are checked here with the
 * server's own rules and messages; whatever the server still refuses is shown where it belongs.
 */
export function NegotiationActions({ lead, view }: { lead: NegotiationLead; view: NegotiationView }) {
  const { domain } = view;
  const { role } = lead;
  const allowed = new Set<number>(lead.allowed_statuses);
  const create = useNegotiationStep();
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const form = useForm<OfferValues>({ defaultValues: { amount: '', lease: false }, mode: 'onSubmit', reValidateMode: 'onSubmit' });
  const leaseTerms = domain.lease_terms;
  const inInstalments = form.watch('lease');
  const typed = parseDollars(form.watch('amount'));
  const preview = leaseTerms && inInstalments && typeof typed === 'number' && typed * 100 > leaseTerms.down_payment_cents ? offerLease(typed, leaseTerms).line : null;
  const inputId = useId();
  const rulesId = `${inputId}-rules`;

  const offerCodes = ([NegotiationStatus.CounterOffer, NegotiationStatus.BreederBudgetOffer] as const).filter((s) => allowed.has(s));
  const offerOnTable = latestOffer(lead.entries);
  const acceptable = allowed.has(NegotiationStatus.Accept) ? acceptableOffer(lead, role) : undefined;
  const minOffer = role === 'buyer' ? domain.min_offer : 0;

  const send = (payload: Omit<NegotiationStepRequest, 'domain_lead_id'>, after?: () => void) => {
    setFailure(null);
    create.mutate(
      { domain_lead_id: lead.id, ...payload },
      {
        onSuccess: (entry) => {
          toast.success(entry.message);
          form.reset({ amount: '', lease: false });
          after?.();
        },
        onError: (error) => {
          after?.();
          // A refused amount belongs under the input; anything else (expired, already accepted,
          // not allowed now) above the buttons, which the refetched state has already updated.
          if (isApiError(error) && error.status === 400 && offerCodes.length > 0 && Object.keys(error.fieldErrors).length > 0) {
            const leftovers = applyServerErrors(form, error.fieldErrors, ['amount']);
            if (leftovers[0]) setFailure(leftovers[0]);
            return;
          }
          setFailure(failureText(error));
        },
      },
    );
  };

  const submitOffer = (status: OfferStatus) =>
    form.handleSubmit(({ amount, lease }) => {
      const checked = validateOfferAmount(amount, { status, role, minOffer });
      if ('error' in checked) {
        form.setError('amount', { type: 'validate', message: checked.error }, { shouldFocus: true });
        return;
      }
      send({ status, amount: checked.amount, ...(leaseTerms && lease ? { lease: true } : {}) });
    });

  // Answering the other party's price is a counter offer; replacing one's own is not.
  const offerLabel = (status: OfferStatus) => {
    if (status === NegotiationStatus.BreederBudgetOffer) return 'Startup breeder budget offer';
    if (!offerOnTable) return 'Make an offer';
    return offerOnTable.author === role ? 'Change your offer' : 'Counter offer';
  };

  if (allowed.size === 0) return null;

  const rules: string[] = [];
  if (minOffer > 0 && allowed.has(NegotiationStatus.CounterOffer)) rules.push(`Offers from ${formatDollars(minOffer)}.`);
  if (allowed.has(NegotiationStatus.BreederBudgetOffer)) rules.push(`Startup breeder budget offers must be above ${formatDollars(BREEDER_BUDGET_ABOVE)}.`);
  rules.push(`Offers expire ${OFFER_VALIDITY_DAYS} days after they are made.`);

  const [primary, secondary] = offerCodes;

  return (
    <Box component="section" aria-label="Your next step" sx={{ mt: 2 }}>
      {failure ? (
        <Alert severity="error" onClose={() => setFailure(null)} sx={{ mb: 2 }}>
          {failure}
        </Alert>
      ) : null}

      {primary !== undefined ? (
        <Box component="form" noValidate onSubmit={submitOffer(primary)} sx={{ mb: 2 }}>
          <Typography id={rulesId} variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {rules.join(' ')}
          </Typography>
          {leaseTerms ? (
            <FormControlLabel
              sx={{ mb: 1 }}
              control={<Checkbox {...form.register('lease')} checked={inInstalments} />}
              label={`Paid in instalments: lease to own over ${leaseTerms.months} months${leaseTerms.down_payment_cents > 0 ? `, ${formatCents(leaseTerms.down_payment_cents)} down` : ''}`}
            />
          ) : null}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              id={inputId}
              margin="none"
              label="Offer amount"
              autoComplete="off"
              {...textFieldProps(form, 'amount')}
              slotProps={{
                input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                htmlInput: {
                  inputMode: 'numeric',
                  // The rules above, then the error (MUI's own helper text id) when there is one.
                  'aria-describedby': form.formState.errors.amount ? `${rulesId} ${inputId}-helper-text` : rulesId,
                },
              }}
              sx={{ maxWidth: { sm: 260 } }}
            />
            <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1.5 }}>
              <Button type="submit" variant="contained" disabled={create.isPending} sx={{ minHeight: 56 }}>
                {offerLabel(primary)}
              </Button>
              {secondary !== undefined ? (
                <Button variant="outlined" disabled={create.isPending} onClick={submitOffer(secondary)} sx={{ minHeight: 56 }}>
                  {offerLabel(secondary)}
                </Button>
              ) : null}
            </Stack>
          </Stack>
          {preview ? (
            <Typography variant="body2" color="text.secondary" data-testid="lease-offer-preview" sx={{ mt: 1 }}>
              {role === 'buyer'
                ? `Your offer ${preview}, plus your half of our 10% commission on each. Accepted, it starts a lease to own: you control the name’s DNS from the first instalment and own it after the last.`
                : `Your offer ${preview}, less your half of our 10% commission on each. Accepted, it starts a lease to own: the buyer controls the name’s DNS from the first instalment and owns it after the last.`}
            </Typography>
          ) : null}
        </Box>
      ) : null}

      <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1.5 }}>
        {allowed.has(NegotiationStatus.InitialRequest) ? (
          <Button variant="outlined" disabled={create.isPending} onClick={() => send({ status: NegotiationStatus.InitialRequest })}>
            Send a request without an offer
          </Button>
        ) : null}
        {acceptable ? (
          <Button variant="contained" color="secondary" disabled={create.isPending} onClick={() => setConfirming(NegotiationStatus.Accept)}>
            Accept {formatDollars(acceptable.amount)}
          </Button>
        ) : null}
        {allowed.has(NegotiationStatus.AssignBroker) ? (
          <Button variant="outlined" disabled={create.isPending} onClick={() => send({ status: NegotiationStatus.AssignBroker })}>
            Ask our Broker Team
          </Button>
        ) : null}
        {allowed.has(NegotiationStatus.BiddingWar) ? (
          <Button variant="outlined" disabled={create.isPending} onClick={() => setConfirming(NegotiationStatus.BiddingWar)}>
            Start a bidding war
          </Button>
        ) : null}
        {allowed.has(NegotiationStatus.Decline) ? (
          <Button variant="outlined" color="error" disabled={create.isPending} onClick={() => setConfirming(NegotiationStatus.Decline)}>
            Decline
          </Button>
        ) : null}
      </Stack>
      {allowed.has(NegotiationStatus.AssignBroker) ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Our Broker Team handles deals above {formatDollars(BROKER_ABOVE)} for you.
        </Typography>
      ) : null}
      {allowed.has(NegotiationStatus.BiddingWar) ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {BIDDING_WAR_EXPLAINED}
        </Typography>
      ) : null}
      {allowed.has(NegotiationStatus.Decline) ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Decline ends this negotiation without a sale; the buyer is told and may make a new request.
        </Typography>
      ) : null}

      {acceptable ? (
        <ConfirmDialog
          open={confirming === NegotiationStatus.Accept}
          title={`Accept ${formatDollars(acceptable.amount)}?`}
          confirmLabel="Accept offer"
          pending={create.isPending}
          onClose={() => setConfirming(null)}
          onConfirm={() => send({ status: NegotiationStatus.Accept }, () => setConfirming(null))}
        >
          <Typography sx={{ mb: 2 }}>
            You accept the {role === 'buyer' ? "seller's" : "buyer's"} offer of {formatDollars(acceptable.amount)}
            {acceptable.lease ? ` ${acceptable.lease.line}` : ''} for <strong>{domain.domain_name}</strong>.{' '}
            {acceptable.lease
              ? 'This closes the deal and starts a lease to own: the buyer pays monthly, controls the DNS from the first instalment and owns the name after the last. It cannot be undone.'
              : 'This closes the deal and places the order; it cannot be undone.'}
          </Typography>
          {acceptable.lease ? (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              Our 10% commission is taken from each instalment, split as below over the whole lease.
            </Typography>
          ) : null}
          <SplitFigures split={commissionSplit(acceptable.amount)} side={role} />
        </ConfirmDialog>
      ) : null}
      <ConfirmDialog
        open={confirming === NegotiationStatus.BiddingWar}
        title="Start a bidding war?"
        confirmLabel="Start the bidding war"
        pending={create.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={() => send({ status: NegotiationStatus.BiddingWar }, () => setConfirming(null))}
      >
        <Typography>
          {domain.domain_name} will be shown as a sponsored headline, and everyone who made an offer on it is told so they can bid
          again.
        </Typography>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === NegotiationStatus.Decline}
        title={`Decline ${lead.buyer_name}'s negotiation?`}
        confirmLabel="Decline"
        destructive
        pending={create.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={() => send({ status: NegotiationStatus.Decline }, () => setConfirming(null))}
      >
        <Typography>
          This ends the negotiation on <strong>{domain.domain_name}</strong> without a sale. The buyer is told and may make a new request;
          your other negotiations go on.
        </Typography>
      </ConfirmDialog>
    </Box>
  );
}
