import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  type EscrowKind,
  type EscrowState,
  escrowFlows,
  formatCents,
  heldAccounts,
  ledgerAccountLabels,
  type Overpayment,
  type ReconcileReport,
} from '@market/shared';
import { useReconcileReport } from '../api/get-reconcile-report';
import { escrowKindLabels } from '../utils/finance';
import { failureMessage } from '../utils/format';
import { ItemLink } from './item-link';

type Mismatch = ReconcileReport['mismatches'][number];

/**
 * The page of an item the report names by kind and id only, where an admin can open one: an
 * order's own page, and a held payment's item as the list of payments to refund links it.
 * Engagements and sponsored orders are their parties' pages only, so those are named, not linked.
 */
function linkOf(m: Mismatch, overpayments: readonly Overpayment[] | undefined): string | null {
  const links: Record<EscrowKind, () => string | null | undefined> = {
    order: () => `/orders/${m.item_id}`,
    milestone: () => null,
    overpayment: () => overpayments?.find((x) => x.id === m.item_id)?.item_link,
    sponsored: () => null,
    lease: () => `/leases/${m.item_id}`,
    // An instalment's lease is on the admin's list of leases in Finance.
    instalment: () => null,
  };
  return links[m.item_kind]() || null;
}

const stateLabel = (m: Mismatch) => (escrowFlows[m.item_kind].states as Record<string, EscrowState>)[m.status]?.label ?? m.status;

function MismatchLine({ mismatch: m, link }: { mismatch: Mismatch; link: string | null }) {
  const differing = heldAccounts.filter((account) => (m.expected[account] ?? 0) !== (m.actual[account] ?? 0));
  return (
    <Box component="li" sx={{ mb: 0.5 }}>
      <ItemLink label={`${escrowKindLabels[m.item_kind]} #${m.item_id}`} link={link} /> ({stateLabel(m)}):{' '}
      {differing
        .map((account) => `${ledgerAccountLabels[account]}: expected ${formatCents(m.expected[account] ?? 0)}, found ${formatCents(m.actual[account] ?? 0)}`)
        .join('; ')}
    </Box>
  );
}

/**
 * Whether every item holds in the ledger what its state says, and every movement balances: a line
 * when they do, each disagreement with its amounts when not. Checked when the section opens and on
 * demand; steps taken on the page check again.
 */
export function ReconcileStatus({ overpayments }: { overpayments: readonly Overpayment[] | undefined }) {
  const report = useReconcileReport();
  const again = (
    <Button color="inherit" size="small" disabled={report.isFetching} onClick={() => void report.refetch()} sx={{ whiteSpace: 'nowrap' }}>
      {report.isFetching ? 'Checking…' : 'Check again'}
    </Button>
  );
  let content;
  if (report.isError) {
    content = (
      <Alert severity="error" action={again}>
        The books could not be checked. {failureMessage(report.error)}
      </Alert>
    );
  } else if (!report.data) {
    content = <Typography color="text.secondary">Checking the books…</Typography>;
  } else if (report.data.mismatches.length === 0 && report.data.unbalanced_movements.length === 0) {
    content = (
      <Alert severity="success" role="presentation" action={again}>
        The books reconcile: {report.data.checked_items} {report.data.checked_items === 1 ? 'item' : 'items'} checked.
      </Alert>
    );
  } else {
    const { mismatches, unbalanced_movements: unbalanced } = report.data;
    content = (
      <Alert severity="warning" role="presentation" action={again}>
        <AlertTitle>The books do not reconcile</AlertTitle>
        {mismatches.length > 0 ? (
          <>
            {mismatches.length === 1 ? 'One item holds' : `${mismatches.length} items hold`} other amounts than {mismatches.length === 1 ? 'its state says' : 'their states say'} (of {report.data.checked_items} checked):
            <Box component="ul" sx={{ my: 0.5, pl: 2.5 }}>
              {mismatches.map((m) => (
                <MismatchLine key={`${m.item_kind}:${m.item_id}`} mismatch={m} link={linkOf(m, overpayments)} />
              ))}
            </Box>
          </>
        ) : null}
        {unbalanced.length > 0 ? (
          <>
            {unbalanced.length === 1 ? 'One movement does' : `${unbalanced.length} movements do`} not balance:
            <Box component="ul" sx={{ my: 0.5, pl: 2.5 }}>
              {unbalanced.map((u) => (
                <Box component="li" key={u.movement_id}>
                  Movement #{u.movement_id}: its postings sum to {formatCents(u.sum_cents)}
                </Box>
              ))}
            </Box>
          </>
        ) : null}
      </Alert>
    );
  }
  return (
    <Box role="status" aria-label="Reconciliation of the books" data-testid="reconcile-status" sx={{ mb: 2 }}>
      {content}
    </Box>
  );
}
