import { type FormEventHandler, type ReactNode, useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { apiErrors, type Cents, type Deal, formatCents } from '@market/shared';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form';
import { fullName } from '../utils/format';
import { Detail } from './table-parts';

/**
 * A refused step: field errors go under their fields; what belongs to no field (a 409's detail:
 * the order moved on meanwhile) shows above the form; a 5xx or a lost connection says so.
 */
export function showStepFailure<T extends FieldValues>(form: UseFormReturn<T>, error: unknown, fields: ReadonlyArray<Path<T>>): void {
  let message: string | undefined = apiErrors.internal;
  if (isApiError(error) && !error.isServerError) {
    const leftovers = applyServerErrors(form, error.fieldErrors, fields);
    message = error.detail ?? error.nonFieldErrors[0] ?? leftovers[0];
  }
  if (message) form.setError('root.server', { type: 'server', message });
}

/** Which order the dialog is about and its money, so the admin checks it against the bank statement. */
export function OrderFacts({ order, children }: { order: Deal; children?: ReactNode }) {
  return (
    <Box component="dl" sx={{ m: 0, mb: 2, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}>
      <Detail label="Domain">{order.domain_name}</Detail>
      <Detail label="Order reference">{order.payment_reference}</Detail>
      <Detail label="Status">{order.status_label}</Detail>
      <Detail label="Buyer">{fullName(order.buyer)}</Detail>
      <Detail label="Seller">{fullName(order.seller)}</Detail>
      {children}
    </Box>
  );
}

interface StepDialogProps<T extends FieldValues> {
  /** The dialog's title, and its submit button's words unless `submitLabel` says otherwise. */
  title: string;
  submitLabel?: string;
  form: UseFormReturn<T>;
  pending: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The frame of every step an admin records: the server's refusal, the step's content, Cancel and
 * the step's button (which says Saving… while the answer is awaited).
 */
export function StepDialog<T extends FieldValues>({ title, submitLabel = title, form, pending, onSubmit, onClose, children }: StepDialogProps<T>) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const failure = form.formState.errors.root?.server?.message;
  return (
    <Dialog open onClose={pending ? undefined : onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {failure ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          ) : null}
          {children}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {pending ? 'Saving…' : submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** A finance step on an order: the frame, with the order it is about and its total above the step's fields. */
export function OrderStepDialog<T extends FieldValues>({ order, children, ...frame }: StepDialogProps<T> & { order: Deal }) {
  return (
    <StepDialog {...frame}>
      <OrderFacts order={order}>
        <Detail label="Buyer total">{formatCents(order.buyer_total_cents)}</Detail>
      </OrderFacts>
      {children}
    </StepDialog>
  );
}

/** A sum the admin sends or receives, large enough to read off against the bank screen. */
export function AmountLine({ label, cents }: { label: string; cents: Cents }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2, p: 1.5, mb: 2, borderRadius: 1, bgcolor: 'grey.100' }}>
      <Box component="span">{label}</Box>
      <Box component="strong" sx={{ fontSize: '1.25rem' }}>
        {formatCents(cents)}
      </Box>
    </Box>
  );
}
