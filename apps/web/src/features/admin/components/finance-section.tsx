import { useId, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type Deal, formatCents, orderFlow, type PaymentCommand } from '@market/shared';
import { formatDate } from '@/utils/format';
import { useFinance } from '../api/get-finance';
import { useFinanceFilters } from '../hooks/use-finance-filters';
import { adminText } from '../utils/constants';
import { type AdminStepAction, adminStepsOf, commandsByItem, isBankAction, itemKey } from '../utils/finance';
import { fullName } from '../utils/format';
import { BankStepDialog } from './bank-step-dialog';
import { FinanceFilters } from './finance-filters';
import { FinanceTotals } from './finance-totals';
import { LeaseFinanceSection } from './lease-finance-section';
import { MilestonePaymentsSection } from './milestone-payments-section';
import { OrderDetailsDialog } from './order-details-dialog';
import { OverpaymentsSection } from './overpayments-section';
import { PaymentCommandsSection } from './payment-commands-section';
import { ReconcileStatus } from './reconcile-status';
import { ResolveDisputeDialog } from './resolve-dispute-dialog';
import { SponsoredPaymentsSection } from './sponsored-payments-section';
import { ActionStack, CellLines, ReferenceLine, StatusWithNextStep, StepButtons } from './step-buttons';
import { ListTable } from './table-parts';

const COLUMNS = [
  { label: 'Order' },
  { label: 'Buyer' },
  { label: 'Seller' },
  { label: 'Status and next step' },
  { label: 'Buyer total', align: 'right' },
  { label: 'Seller net', align: 'right' },
  { label: 'Created' },
  { label: 'Actions', align: 'right' },
] as const;

type Open = { order: Deal; view: AdminStepAction | 'details' };

function OrderRow({ order, command, onOpen }: { order: Deal; command?: PaymentCommand; onOpen: (open: Open) => void }) {
  return (
    <TableRow hover data-testid={`finance-row-${order.id}`}>
      <TableCell data-label="Order" component="th" scope="row" sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: { sm: 130 } }}>
        <CellLines>
          <Link href={`/landing/${order.domain_id}`}>{order.domain_name}</Link>
          <ReferenceLine reference={order.payment_reference} />
        </CellLines>
      </TableCell>
      <TableCell data-label="Buyer" sx={{ overflowWrap: 'anywhere' }}>
        {fullName(order.buyer)}
      </TableCell>
      <TableCell data-label="Seller" sx={{ overflowWrap: 'anywhere' }}>
        {fullName(order.seller)}
      </TableCell>
      <TableCell data-label="Status" sx={{ minWidth: { sm: 200 } }}>
        <StatusWithNextStep label={order.status_label} nextStep={order.next_step} command={command} />
      </TableCell>
      <TableCell data-label="Buyer total" align="right" sx={{ whiteSpace: 'nowrap' }}>
        {formatCents(order.buyer_total_cents)}
      </TableCell>
      <TableCell data-label="Seller net" align="right" sx={{ whiteSpace: 'nowrap' }}>
        {formatCents(order.seller_net_cents)}
      </TableCell>
      <TableCell data-label="Created" sx={{ whiteSpace: 'nowrap' }}>
        {formatDate(order.created_at)}
      </TableCell>
      <TableCell data-label="Actions" align="right">
        <ActionStack>
          <StepButtons
            actions={adminStepsOf(order.allowed_actions)}
            labels={orderFlow.actions}
            subject={order.domain_name}
            onStep={(action) => onOpen({ order, view: action })}
          />
          <Button size="small" aria-label={`Details of the order for ${order.domain_name}`} onClick={() => onOpen({ order, view: 'details' })}>
            Details
          </Button>
        </ActionStack>
      </TableCell>
    </TableRow>
  );
}

/** The dialog of the step or view chosen on an order. */
function OrderDialog({ open, command, onOpen, onClose }: { open: Open; command?: PaymentCommand; onOpen: (open: Open) => void; onClose: () => void }) {
  const { order, view } = open;
  if (view === 'details') return <OrderDetailsDialog order={order} command={command} onStep={(action) => onOpen({ order, view: action })} onClose={onClose} />;
  if (isBankAction(view)) return <BankStepDialog order={order} action={view} onClose={onClose} />;
  return <ResolveDisputeDialog order={order} action={view} onClose={onClose} />;
}

/**
 * The escrow's money: balances from the ledger and the period's movements, whether the books
 * reconcile, the orders filtered by status and creation days (kept in the address) with the steps
 * each offers the admin now, the refunds on their way through the card processor, the card
 * payments to send back, the freelance milestones and sponsored orders waiting for the admin,
 * and the exports.
 */
export function FinanceSection() {
  const headingId = useId();
  const [filters, setFilters] = useFinanceFilters();
  const finance = useFinance(filters);
  const [open, setOpen] = useState<Open | null>(null);
  const commands = finance.data?.commands;
  const commandOf = useMemo(() => commandsByItem(commands), [commands]);
  const orderCommand = (order: Deal) => commandOf.get(itemKey({ item_kind: 'order', item_id: order.id }));
  return (
    <>
      <FinanceFilters filters={filters} onChange={setFilters} />
      <FinanceTotals finance={finance.data} filters={filters} />
      <ReconcileStatus overpayments={finance.data?.overpayments} />
      <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
          Orders
        </Typography>
        <ListTable
          stacked
          label="Orders"
          minWidth={960}
          dense
          columns={COLUMNS}
          query={{ ...finance, data: finance.data?.orders }}
          loadingLabel="Loading orders"
          emptyHint={adminText.noOrders}
          row={(order) => <OrderRow key={order.id} order={order} command={orderCommand(order)} onOpen={setOpen} />}
        />
      </Box>
      <PaymentCommandsSection query={{ ...finance, data: commands }} />
      <OverpaymentsSection query={{ ...finance, data: finance.data?.overpayments }} />
      <MilestonePaymentsSection commandOf={commandOf} />
      <SponsoredPaymentsSection />
      <LeaseFinanceSection />
      {open ? <OrderDialog open={open} command={orderCommand(open.order)} onOpen={setOpen} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
