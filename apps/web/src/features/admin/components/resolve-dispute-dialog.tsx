import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { type Deal, dealMessages, orderFlow } from '@market/shared';
import { toast } from '@/components/ui/toast';
import { submitOnlyValidation, textFieldProps, validatorResolver } from '@/lib/form';
import { useResolveDispute } from '../api/resolve-dispute';
import { adminText } from '../utils/constants';
import { type DisputeAction, disputeDecisions } from '../utils/finance';
import { fullName } from '../utils/format';
import { AmountLine, OrderStepDialog, showStepFailure } from './order-step-dialog';

interface Values {
  note: string;
}
const FIELDS = ['note'] as const;

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

/** What the decision sets going, read before it is taken. */
function Outcome({ order, action }: { order: Deal; action: DisputeAction }) {
  if (action === 'resolve_release') {
    return (
      <>
        <Typography sx={{ mb: 2 }}>
          The seller, {fullName(order.seller)}, is owed the payout: record it here once you have sent it.
        </Typography>
        <AmountLine label="Payout due to the seller" cents={order.seller_net_cents} />
      </>
    );
  }
  return (
    <>
      <Typography sx={{ mb: 2 }}>
        The buyer, {fullName(order.buyer)}, is refunded and the domain listed again. A card payment goes back through the card processor on
        its own (it shows under Payment commands until the processor confirms it); a bank transfer you send back and record.
      </Typography>
      <AmountLine label="Refund due to the buyer" cents={order.buyer_total_cents} />
    </>
  );
}

/**
 * Settles a dispute one way, the step the admin chose on the order: release the funds (the
 * seller's payout becomes due) or refund the buyer (the refund becomes due). The note goes to both
 * parties.
 */
export function ResolveDisputeDialog({ order, action, onClose }: { order: Deal; action: DisputeAction; onClose: () => void }) {
  const resolve = useResolveDispute();
  const form = useForm<Values>({
    defaultValues: { note: '' },
    resolver: validatorResolver((values: Values) => (values.note.trim() ? {} : { note: dealMessages.noteRequired })),
    ...submitOnlyValidation,
  });

  const onSubmit = form.handleSubmit(({ note }) =>
    resolve.mutate(
      { id: order.id, body: { decision: disputeDecisions[action], note: note.trim() } },
      {
        onSuccess: () => {
          toast.success(adminText.disputeResolved, `${order.domain_name}: ${orderFlow.actions[action].toLowerCase()}`);
          onClose();
        },
        onError: (error) => showStepFailure(form, error, FIELDS),
      },
    ),
  );

  return (
    <OrderStepDialog
      title={orderFlow.actions[action]}
      order={order}
      form={form}
      pending={resolve.isPending}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      <DisputeReason reason={order.dispute_reason} />
      <Outcome order={order} action={action} />
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
