import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { PaymentCommand } from '@market/shared';
import { PAYMENT_COMMANDS_ANCHOR } from '../utils/constants';

interface StepButtonsProps<A extends string> {
  /** The steps the item offers the admin now (from its `allowed_actions`), in the server's order. */
  actions: readonly A[];
  /** Each step's name in the item's flow (orderFlow.actions, milestoneFlow.actions, ...). */
  labels: Readonly<Record<A, string>>;
  /** The item in words, for the buttons' accessible names: "escrowed.com", "payment pi_123". */
  subject: string;
  onStep: (action: A) => void;
}

/** One button per step the item offers now, each named as its flow names it; nothing when it offers none. */
export function StepButtons<A extends string>({ actions, labels, subject, onStep }: StepButtonsProps<A>) {
  return actions.map((action) => (
    <Button
      key={action}
      size="small"
      variant="contained"
      aria-label={`${labels[action]}: ${subject}`}
      onClick={() => onStep(action)}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {labels[action]}
    </Button>
  ));
}

/** The actions cell's buttons: one above the other on wide screens, where the column must stay narrow; side by side on a card. */
export function ActionStack({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'row', sm: 'column' },
        flexWrap: 'wrap',
        alignItems: { xs: 'center', sm: 'flex-end' },
        justifyContent: 'flex-end',
        gap: { xs: 1, sm: 0.5 },
      }}
    >
      {children}
    </Box>
  );
}

/**
 * Lines of one cell kept together: a stacked table (cards on phones) lays a cell's children side
 * by side, so they go in one block, read from the left.
 */
export function CellLines({ children }: { children: ReactNode }) {
  return <Box sx={{ flex: 1, minWidth: 0, textAlign: { xs: 'left', sm: 'inherit' } }}>{children}</Box>;
}

/** A payment reference as a second line under what it belongs to. */
export function ReferenceLine({ reference }: { reference: string }) {
  return (
    <Box component="span" sx={{ display: 'block', fontFamily: 'monospace', fontWeight: 400, fontSize: '0.8125rem', color: 'text.secondary' }}>
      {reference}
    </Box>
  );
}

/** An item's state with what the admin does next (its `next_step`), as a status cell shows them. */
export function StatusWithNextStep({ label, nextStep, command }: { label: string; nextStep: string; command?: PaymentCommand }) {
  return (
    <CellLines>
      <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
        {label}
      </Box>
      {nextStep ? (
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          {nextStep}
        </Typography>
      ) : null}
      {command ? <CommandNote command={command} /> : null}
    </CellLines>
  );
}

/** Brings the list of payment commands into view, with the focus on it so reading goes on from there. */
function goToPaymentCommands() {
  const list = document.getElementById(PAYMENT_COMMANDS_ANCHOR);
  list?.scrollIntoView({ block: 'start' });
  list?.focus({ preventScroll: true });
}

/**
 * A refund of the item on its way through the card processor, pointing at its line in Payment
 * commands; `onFollow` closes what covers that list (a dialog) as the link is followed.
 */
export function CommandNote({ command, onFollow }: { command: PaymentCommand; onFollow?: () => void }) {
  return (
    <Typography component="span" variant="body2" sx={{ display: 'block', mt: 0.5, color: command.can_retry ? 'error.main' : 'text.primary' }}>
      Card refund of the payer: {command.status_label.toLowerCase()}.{' '}
      <Link
        component="a"
        underline="always"
        href={`#${PAYMENT_COMMANDS_ANCHOR}`}
        onClick={(event) => {
          event.preventDefault();
          onFollow?.();
          // After a dialog has closed and given focus back to what opened it.
          setTimeout(goToPaymentCommands, 0);
        }}
      >
        See payment commands
      </Link>
    </Typography>
  );
}
