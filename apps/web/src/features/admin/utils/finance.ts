import { type DealStatus, dealStatuses, type EscrowKind, type PaymentCommand } from '@market/shared';

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

/**
 * The steps an admin takes on an order or a milestone (both flows name them alike), each through
 * its own route: money recorded at the bank, or a dispute settled one way or the other. Which of
 * them an item offers is its `allowed_actions`, never its status.
 */
export const bankSteps = { record_payment: 'payment', record_payout: 'payout', record_refund: 'refund' } as const;
export type BankAction = keyof typeof bankSteps;
export const disputeDecisions = { resolve_release: 'release', resolve_refund: 'refund' } as const;
export type DisputeAction = keyof typeof disputeDecisions;
export type AdminStepAction = BankAction | DisputeAction;

export const isBankAction = (action: string): action is BankAction => action in bankSteps;
export const isDisputeAction = (action: string): action is DisputeAction => action in disputeDecisions;

/** The admin steps of `allowed`, in the server's order; steps for the parties or the clock are not the admin's to take. */
export function adminStepsOf(allowed: readonly string[]): AdminStepAction[] {
  return allowed.filter((action): action is AdminStepAction => isBankAction(action) || isDisputeAction(action));
}

/** What each kind of escrow item is called where only its kind and id are known (the reconcile report). */
export const escrowKindLabels: Record<EscrowKind, string> = {
  order: 'Order',
  milestone: 'Milestone',
  sponsored: 'Sponsored order',
  overpayment: 'Held payment',
  lease: 'Lease',
  instalment: 'Lease instalment',
};

/** "order:12": one key per escrow item, for lists that meet on the same item. */
export const itemKey = (item: { item_kind: EscrowKind; item_id: number }) => `${item.item_kind}:${item.item_id}`;

/** The newest open payment command of each item, by itemKey: an item being refunded through the card processor. */
export function commandsByItem(commands: readonly PaymentCommand[] | undefined): Map<string, PaymentCommand> {
  return new Map((commands ?? []).map((command) => [itemKey(command), command]));
}

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
