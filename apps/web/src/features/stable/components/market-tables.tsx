import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatCents, formatDollars } from '@market/shared';
import type { Order } from '@/features/orders';
import { orderPriceKind } from '@/features/orders';
import type { OwnDomain } from '@/features/portfolio';
import type { LeadSummaryRow } from '../api/get-lead-summary';
import { negotiationPath } from './lead-summary-table';
import { stackedTableSx } from '@/components/ui/stacked-table';
import { formatDate, formatDateTime } from '@/utils/format';

function Frame({ label, columns, rightAligned = [], children }: { label: string; columns: readonly string[]; rightAligned?: number[]; children: ReactNode }) {
  return (
    <Paper variant="outlined">
      <Box sx={{ overflowX: 'auto' }}>
        <Table aria-label={label} sx={stackedTableSx}>
          <TableHead>
            <TableRow>
              {columns.map((c, i) => (
                <TableCell key={c} align={rightAligned.includes(i) ? 'right' : 'left'}>
                  {c}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>{children}</TableBody>
        </Table>
      </Box>
    </Paper>
  );
}

const offerColumns = ['Domain name', 'Last offer', 'Last activity', 'Status'] as const;

/** The user's negotiations as a buyer, each opening its negotiation page. */
export function MarketOffersTable({ rows }: { rows: LeadSummaryRow[] }) {
  return (
    <Frame label="Your offers" columns={offerColumns} rightAligned={[1]}>
      {rows.map((row) => (
        <TableRow key={row.domain_id} hover>
          <TableCell data-label={offerColumns[0]} component="th" scope="row">
            <Link href={negotiationPath(row.domain_id)} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {row.domain_name}
            </Link>
          </TableCell>
          <TableCell data-label={offerColumns[1]} align="right">
            {row.last_bid_amount !== null && row.last_bid_amount > 0 ? formatDollars(row.last_bid_amount) : 'Request only'}
          </TableCell>
          <TableCell data-label={offerColumns[2]}>{formatDateTime(row.last_bid_date)}</TableCell>
          <TableCell data-label={offerColumns[3]}>{row.status_label}</TableCell>
        </TableRow>
      ))}
    </Frame>
  );
}

const purchaseColumns = ['Domain name', 'Price', 'You pay', 'Status', 'Ordered'] as const;

/**
 * Orders where the user is the buyer, bought now or agreed in a negotiation (each price says
 * which); the total includes their commission share. Each opens its order page.
 */
export function MarketPurchasesTable({ orders }: { orders: Order[] }) {
  return (
    <Frame label="Your purchases" columns={purchaseColumns} rightAligned={[1, 2]}>
      {orders.map((order) => (
        <TableRow key={order.id} hover>
          <TableCell data-label={purchaseColumns[0]} component="th" scope="row">
            <Link href={`/orders/${order.id}`} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {order.domain_name}
            </Link>
          </TableCell>
          <TableCell data-label={purchaseColumns[1]} align="right">
            {/* One box: a stacked (phone) cell lays its children out in a row after the label. */}
            <Box component="span">
              {formatCents(order.price_cents)}
              <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8125rem' }}>
                {orderPriceKind(order)}
              </Box>
            </Box>
          </TableCell>
          <TableCell data-label={purchaseColumns[2]} align="right">
            {formatCents(order.buyer_total_cents)}
          </TableCell>
          <TableCell data-label={purchaseColumns[3]}>
            <Box component="span">
              {order.status_label}
              {order.completed_at ? (
                <Link href="/portfolio" underline="always" sx={{ display: 'block', fontSize: '0.8125rem' }}>
                  In your portfolio
                </Link>
              ) : null}
            </Box>
          </TableCell>
          <TableCell data-label={purchaseColumns[4]}>{formatDate(order.created_at)}</TableCell>
        </TableRow>
      ))}
    </Frame>
  );
}

const listingColumns = ['Domain name', 'Listed as', 'Price', 'Visits'] as const;

function listedAs(domain: OwnDomain): string {
  const ways = [domain.business_status_label];
  if (domain.trade_switch === 'Yes') ways.push(domain.trade_option ? `Trade (${domain.trade_option})` : 'Trade');
  if (domain.startup_breeders_switch === 'Yes') ways.push('Startup Breeders');
  return ways.join(' · ');
}

/** The user's approved, public domains: what buyers see in the marketplace. */
export function MarketListingsTable({ domains }: { domains: OwnDomain[] }) {
  return (
    <Frame label="Your listed domains" columns={listingColumns} rightAligned={[2, 3]}>
      {domains.map((domain) => (
        <TableRow key={domain.id} hover>
          <TableCell data-label={listingColumns[0]} component="th" scope="row">
            <Link href={`/landing/${domain.id}`} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {domain.domain_name}
            </Link>
          </TableCell>
          <TableCell data-label={listingColumns[1]}>{listedAs(domain)}</TableCell>
          <TableCell data-label={listingColumns[2]} align="right">
            {domain.seller_price > 0 ? formatDollars(domain.seller_price) : '—'}
          </TableCell>
          <TableCell data-label={listingColumns[3]} align="right">
            {domain.visits}
          </TableCell>
        </TableRow>
      ))}
    </Frame>
  );
}
