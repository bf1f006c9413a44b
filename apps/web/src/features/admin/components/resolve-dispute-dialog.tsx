import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useForm } from 'react-hook-form';
import { type Deal, dealMessages, formatCents } from '@market/shared';
import { toast } from '@/components/ui/toast';
import { submitOnlyValidation, textFieldProps, validatorResolver } from '@/lib/form';
import { useResolveDispute } from '../api/resolve-dispute';
import { adminText } from '../utils/constants';
import { fullName } from '../utils/format';
import { OrderStepDialog, showStepFailure } from './order-step-dialog';

interface Values {
  decision: '' | 'refund' | 'release';
  note: string;
}
const FIELDS = ['decision', 'note'] as const;

/** What either party said went wrong, set apart so it is read before deciding. */
export function DisputeReason({ reason }: { reason: string | null }) {
  return (
    <Box sx={{ mb: 2, p: 1.5, borderLeft: 4, borderColor: 'warning.main', bgcolor: 'grey.100', borderRadius: 1 }}>
      <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        Reason given
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{reason ?? 'No reason was recorded.'}</Typography>
    </Box>
  );
}

/**
 * Settles a dispute: refund the buyer (the refund becomes due) or release the funds (the seller's
 * payout becomes due). The note goes to both parties.
 */
export function ResolveDisputeDialog({ order, onClose }: { order: Deal; onClose: () => void }) {
  const resolve = useResolveDispute();
  const form = useForm<Values>({
    defaultValues: { decision: '', note: '' },
    resolver: validatorResolver((values: Values) => ({
      ...(values.decision ? {} : { decision: adminText.decisionRequired }),
      ...(values.note.trim() ? {} : { note: dealMessages.noteRequired }),
    })),
    ...submitOnlyValidation,
  });

  const onSubmit = form.handleSubmit(({ decision, note }) => {
    if (!decision) return;
    resolve.mutate(
      { id: order.id, body: { decision, note: note.trim() } },
      {
        onSuccess: () => {
          toast.success(adminText.disputeResolved, order.domain_name);
          onClose();
        },
        onError: (error) => showStepFailure(form, error, FIELDS),
      },
    );
  });

  const decisionError = form.formState.errors.decision?.message;
  return (
    <OrderStepDialog
      step="resolve"
      order={order}
      form={form}
      pending={resolve.isPending}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      <DisputeReason reason={order.dispute_reason} />
      <Controller
        control={form.control}
        name="decision"
        render={({ field }) => (
          <FormControl error={Boolean(decisionError)} required sx={{ mb: 1 }}>
            <FormLabel id={`decision-${order.id}`}>Decision</FormLabel>
            <RadioGroup
              aria-labelledby={`decision-${order.id}`}
              name={field.name}
              value={field.value}
              onChange={(event) => {
                form.clearErrors('decision');
                field.onChange(event.target.value);
              }}
            >
              <FormControlLabel
                value="refund"
                control={<Radio inputRef={field.ref} />}
                label={`Refund the buyer, ${fullName(order.buyer)} (${formatCents(order.buyer_total_cents)} becomes due)`}
              />
              <FormControlLabel
                value="release"
                control={<Radio />}
                label={`Release to the seller, ${fullName(order.seller)} (a payout of ${formatCents(order.seller_net_cents)} becomes due)`}
              />
            </RadioGroup>
            {decisionError ? <FormHelperText>{decisionError}</FormHelperText> : null}
          </FormControl>
        )}
      />
      <TextField
        label="Note to both parties"
        required
        multiline
        minRows={3}
        {...textFieldProps(form, 'note')}
        helperText={form.formState.errors.note?.message ?? 'The buyer and the seller both see this note.'}
      />
    </OrderStepDialog>
  );
}
