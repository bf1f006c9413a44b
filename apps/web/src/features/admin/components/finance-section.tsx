import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { type Deal, formatCents } from '@market/shared';
import { useFinance } from '../api/get-finance';
import { useFinanceFilters } from '../hooks/use-finance-filters';
import { adminText } from '../utils/constants';
import { type OrderStep, orderStepLabels, orderStepOf } from '../utils/finance';
import { fullName } from '../utils/format';
import { BankStepDialog } from './bank-step-dialog';
import { FinanceFilters } from './finance-filters';
import { FinanceTotals } from './finance-totals';
import { OrderDetailsDialog } from './order-details-dialog';
import { ResolveDisputeDialog } from './resolve-dispute-dialog';
import { MilestonePaymentsSection } from './milestone-payments-section';
import { SponsoredPaymentsSection } from './sponsored-payments-section';
import { ListTable } from './table-parts';
import { formatDate } from '@/utils/format';

const COLUMNS = [
  { label: 'Reference' },
  { label: 'Domain' },
  { label: 'Buyer' },
  { label: 'Seller' },
  { label: 'Status' },
  { label: 'Buyer total', align: 'right' },
  { label: 'Seller net', align: 'right' },
  { label: 'Created' },
  { label: 'Actions', align: 'right' },
] as const;

type Open = { order: Deal; view: OrderStep | 'details' };

function OrderRow({ order, onOpen }: { order: Deal; onOpen: (open: Open) => void }) {
  const step = orderStepOf[order.status];
  return (
    <TableRow hover data-testid={`finance-row-${order.id}`}>
      <TableCell data-label="Reference" sx={{ whiteSpace: 'nowrap', fontFamily: 'monospace' }}>
        {order.payment_reference}
      </TableCell>
      <TableCell data-label="Domain" component="th" scope="row" sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: { sm: 130 } }}>
        <Link href={`/landing/${order.domain_id}`}>{order.domain_name}</Link>
      </TableCell>
      <TableCell data-label="Buyer" sx={{ overflowWrap: 'anywhere' }}>
        {fullName(order.buyer)}
      </TableCell>
      <TableCell data-label="Seller" sx={{ overflowWrap: 'anywhere' }}>
        {fullName(order.seller)}
      </TableCell>
      <TableCell data-label="Status" sx={{ minWidth: { sm: 110 } }}>
        {order.status_label}
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
        {/* One above the other on wide screens, where the column must stay narrow; side by side on a card. */}
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'row', sm: 'column' },
            alignItems: { xs: 'center', sm: 'flex-end' },
            justifyContent: 'flex-end',
            gap: { xs: 1, sm: 0.5 },
          }}
        >
          {step ? (
            <Button
              size="small"
              variant="contained"
              aria-label={`${orderStepLabels[step]} for ${order.domain_name}`}
              onClick={() => onOpen({ order, view: step })}
              sx={{ whiteSpace: 'nowrap' }}
            >
              {orderStepLabels[step]}
            </Button>
          ) : null}
          <Button size="small" aria-label={`Details of the order for ${order.domain_name}`} onClick={() => onOpen({ order, view: 'details' })}>
            Details
          </Button>
        </Box>
      </TableCell>
    </TableRow>
  );
}

/**
 * The escrow's money: balances and the period's movements, the orders filtered by status and
 * creation days (kept in the address), a CSV export, and on each order the one bank step or
 * decision its status waits for from an admin.
 */
export function FinanceSection() {
  const [filters, setFilters] = useFinanceFilters();
  const finance = useFinance(filters);
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);
  return (
    <>
      <FinanceFilters filters={filters} onChange={setFilters} />
      <FinanceTotals finance={finance.data} filters={filters} />
      <ListTable
        stacked
        label="Orders"
        minWidth={1000}
        dense
        columns={COLUMNS}
        query={{ ...finance, data: finance.data?.orders }}
        loadingLabel="Loading orders"
        emptyHint={adminText.noOrders}
        row={(order) => <OrderRow key={order.id} order={order} onOpen={setOpen} />}
      />
      {open?.view === 'details' ? <OrderDetailsDialog order={open.order} onClose={close} /> : null}
      {open?.view === 'resolve' ? <ResolveDisputeDialog order={open.order} onClose={close} /> : null}
      {open && (open.view === 'payment' || open.view === 'payout' || open.view === 'refund') ? (
        <BankStepDialog order={open.order} step={open.view} onClose={close} />
      ) : null}
      <MilestonePaymentsSection />
      <SponsoredPaymentsSection />
    </>
  );
}
