import { useId, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { formatCents, type PaymentCommand } from '@market/shared';
import { ConfirmDialog, ConfirmSubject } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast';
import { formatDateTime } from '@/utils/format';
import { useRetryPaymentCommand } from '../api/retry-payment-command';
import { adminText, PAYMENT_COMMANDS_ANCHOR } from '../utils/constants';
import { failureMessage } from '../utils/format';
import { ItemLink } from './item-link';
import { ActionsCell, ListTable, type ListQuery } from './table-parts';

const COLUMNS = [
  { label: 'Item' },
  { label: 'Amount', align: 'right' },
  { label: 'Status' },
  { label: 'Attempts', align: 'right' },
  { label: 'Last error' },
  { label: 'Next attempt' },
  { label: 'Actions', align: 'right' },
] as const;

/** Failed ones first: they wait for an admin, the others for the worker. Otherwise oldest first, as the server lists them. */
function needingYouFirst(commands: readonly PaymentCommand[]): PaymentCommand[] {
  return [...commands].sort((a, b) => Number(b.can_retry) - Number(a.can_retry));
}

const failedEdge = (theme: Theme) => {
  const edge = `inset 4px 0 0 ${theme.palette.error.main}`;
  return { [theme.breakpoints.down('sm')]: { boxShadow: edge }, [theme.breakpoints.up('sm')]: { '& > th': { boxShadow: edge } } };
};

function CommandRow({ command, onRetry }: { command: PaymentCommand; onRetry: (command: PaymentCommand) => void }) {
  return (
    <TableRow
      hover
      data-testid={`command-row-${command.id}`}
      // A red edge on failed ones, the only lines that need the admin: on the card a phone shows, else on the row's header cell.
      sx={command.can_retry ? failedEdge : undefined}
    >
      <TableCell data-label="Item" component="th" scope="row" sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: { sm: 160 } }}>
        <ItemLink label={command.item_label} link={command.item_link} />
      </TableCell>
      <TableCell data-label="Amount" align="right" sx={{ whiteSpace: 'nowrap' }}>
        {formatCents(command.amount_cents)}
      </TableCell>
      <TableCell data-label="Status">
        {command.can_retry ? (
          <Chip size="small" color="error" icon={<ErrorOutlineIcon />} label={command.status_label} />
        ) : (
          command.status_label
        )}
      </TableCell>
      <TableCell data-label="Attempts" align="right">
        {command.attempts}
      </TableCell>
      <TableCell data-label="Last error" sx={{ overflowWrap: 'anywhere', minWidth: { sm: 180 } }}>
        {command.last_error ?? '—'}
      </TableCell>
      <TableCell data-label="Next attempt" sx={{ whiteSpace: 'nowrap' }}>
        {command.next_attempt_at ? formatDateTime(command.next_attempt_at) : command.can_retry ? 'When you retry' : '—'}
      </TableCell>
      <ActionsCell empty={!command.can_retry}>
        {command.can_retry ? (
          <Button size="small" variant="contained" aria-label={`Retry the refund: ${command.item_label}`} onClick={() => onRetry(command)} sx={{ whiteSpace: 'nowrap' }}>
            Retry
          </Button>
        ) : null}
      </ActionsCell>
    </TableRow>
  );
}

/** Sends a failed refund to the card processor again, after a yes; a refusal stays in the dialog. */
function RetryDialog({ command, onClose }: { command: PaymentCommand; onClose: () => void }) {
  const retry = useRetryPaymentCommand();
  return (
    <ConfirmDialog
      open
      title="Send the refund again?"
      confirmLabel={retry.isPending ? 'Sending…' : 'Send it again'}
      pending={retry.isPending}
      onClose={onClose}
      onConfirm={() =>
        retry.mutate(command.id, {
          onSuccess: (sent) => {
            toast.success(adminText.commandRetried, `${sent.item_label}: ${sent.status_label.toLowerCase()}.`);
            onClose();
          },
        })
      }
    >
      {retry.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failureMessage(retry.error)}
        </Alert>
      ) : null}
      The card processor is asked again now to refund {formatCents(command.amount_cents)}
      {command.last_error ? `; the last attempt failed: ${command.last_error}` : ''}.
      <ConfirmSubject>{command.item_label}</ConfirmSubject>
    </ConfirmDialog>
  );
}

/**
 * Refunds the card processor is sending, or failed to send: the failed ones first, marked, each
 * with a Retry. An item being refunded reads "Refund due" until the processor confirms.
 */
export function PaymentCommandsSection({ query }: { query: ListQuery<PaymentCommand> }) {
  const headingId = useId();
  const [retrying, setRetrying] = useState<PaymentCommand | null>(null);
  const commands = useMemo(() => (query.data ? needingYouFirst(query.data) : undefined), [query.data]);
  const failed = commands?.filter((c) => c.can_retry).length ?? 0;
  return (
    // Focusable by script only: rows of items being refunded lead here.
    <Box component="section" id={PAYMENT_COMMANDS_ANCHOR} tabIndex={-1} aria-labelledby={headingId} sx={{ mt: 4, scrollMarginTop: 80, outline: 'none' }}>
      <Typography id={headingId} variant="h6" component="h2">
        Payment commands
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Refunds the card processor is sending or failed to send.
        {failed > 0 ? ` ${failed === 1 ? 'One failed and waits' : `${failed} failed and wait`} for you: retry, or refund by hand and record it on the item.` : ''}
      </Typography>
      <ListTable
        stacked
        label="Payment commands"
        minWidth={950}
        dense
        columns={COLUMNS}
        query={{ ...query, data: commands }}
        loadingLabel="Loading payment commands"
        emptyHint="No refund is waiting to be sent, being sent or failed."
        row={(command) => <CommandRow key={command.id} command={command} onRetry={setRetrying} />}
      />
      {retrying ? <RetryDialog command={retrying} onClose={() => setRetrying(null)} /> : null}
    </Box>
  );
}
