import { useId } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { type Cents, type Finance, formatCents } from '@market/shared';
import { type FinanceFilters, periodLabel } from '../utils/finance';

type Figure = { key: string; label: string; cents: (finance: Finance) => Cents };

const balances: Figure[] = [
  { key: 'held', label: 'Funds held', cents: (f) => f.held_cents },
  { key: 'payouts-due', label: 'Payouts due', cents: (f) => f.payouts_due_cents },
  { key: 'refunds-due', label: 'Refunds due', cents: (f) => f.refunds_due_cents },
];

const moved: Figure[] = [
  { key: 'payments', label: 'Payments received', cents: (f) => f.period.payments_cents },
  { key: 'refunds', label: 'Refunds sent', cents: (f) => f.period.refunds_cents },
  { key: 'payouts', label: 'Payouts sent', cents: (f) => f.period.payouts_cents },
  { key: 'commission', label: 'Commission earned', cents: (f) => f.period.commission_cents },
  { key: 'sponsored', label: 'Sponsored sales', cents: (f) => f.period.sponsored_cents },
];

function FigureGroup({ title, note, figures, finance }: { title: string; note: string; figures: Figure[]; finance: Finance | undefined }) {
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {note}
      </Typography>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fit, minmax(130px, 1fr))' } }}
      >
        {figures.map((figure) => (
          <Box key={figure.key}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {figure.label}
            </Typography>
            <Typography component="dd" data-testid={`figure-${figure.key}`} sx={{ m: 0, fontWeight: 700, fontSize: '1.25rem', overflowWrap: 'anywhere' }}>
              {finance ? formatCents(figure.cents(finance)) : <Skeleton width={90} aria-hidden="true" />}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

/**
 * The escrow's balances now (whatever the filters), and the money moved in the chosen days, both
 * read from the ledger: the period counts movements by the day they were made, not by the
 * order's creation.
 */
export function FinanceTotals({ finance, filters }: { finance: Finance | undefined; filters: FinanceFilters }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'minmax(0, 3fr) minmax(0, 5fr)' }, mb: 2 }}>
      <FigureGroup title="Balances now" note="Money held for items, and what must leave it." figures={balances} finance={finance} />
      <FigureGroup
        title={`Money moved: ${periodLabel(filters)}`}
        note={filters.from || filters.to ? 'Ledger movements made in these days.' : 'Every ledger movement so far.'}
        figures={moved}
        finance={finance}
      />
    </Box>
  );
}
