import { type DealStatus, dealStatuses } from '@market/shared';

/** The finance page's filters, as the URL keeps them (?status=&from=&to=, days as YYYY-MM-DD). */
export interface FinanceFilters {
  status?: DealStatus;
  from?: string;
  to?: string;
}

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (value: string | null) =>
  value !== null && isoDay.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : undefined;

/** A hand-edited address must not send the API a filter it refuses: unknown values are dropped. */
export function financeFiltersFrom(params: URLSearchParams): FinanceFilters {
  const status = params.get('status');
  const filters: FinanceFilters = {};
  if ((dealStatuses as readonly (string | null)[]).includes(status)) filters.status = status as DealStatus;
  const from = validDay(params.get('from'));
  const to = validDay(params.get('to'));
  if (from) filters.from = from;
  if (to) filters.to = to;
  return filters;
}

/** The one step an admin can take on an order in each status (the others belong to the parties or the clock). */
export type OrderStep = 'payment' | 'payout' | 'refund' | 'resolve';
export const orderStepOf: Partial<Record<DealStatus, OrderStep>> = {
  awaiting_payment: 'payment',
  confirmed: 'payout',
  refund_due: 'refund',
  disputed: 'resolve',
};
export const orderStepLabels: Record<OrderStep, string> = {
  payment: 'Record payment',
  payout: 'Record payout',
  refund: 'Record refund',
  resolve: 'Resolve dispute',
};

// The filter's days are UTC days, as the server counts them.
const utcDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const dayText = (day: string) => utcDay.format(new Date(`${day}T00:00:00Z`));

/** "All time", "Since Mar 1, 2026", "Until Mar 31, 2026" or "Mar 1, 2026 – Mar 31, 2026". */
export function periodLabel({ from, to }: FinanceFilters): string {
  if (from && to) return `${dayText(from)} – ${dayText(to)}`;
  if (from) return `Since ${dayText(from)}`;
  if (to) return `Until ${dayText(to)}`;
  return 'All time';
}
