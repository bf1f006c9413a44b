import { z } from 'zod';
import { centsSchema } from '../money.js';
import { escrowKinds, type EscrowRole, type EscrowFlow, statesOf } from './flow.js';
import { heldAccounts, ledgerAccounts, movementKinds } from './ledger.js';
import { instalmentFlow, leaseFlow } from './lease-flow.js';
import { milestoneFlow } from './milestone-flow.js';
import { orderFlow } from './order-flow.js';
import { overpaymentFlow } from './overpayment-flow.js';
import { sponsoredFlow } from './sponsored-flow.js';

export * from './flow.js';
export * from './ledger.js';
export { orderFlow, milestoneFlow, sponsoredFlow, overpaymentFlow, leaseFlow, instalmentFlow };

type ActionOf<F> = F extends EscrowFlow<string, infer A, EscrowRole> ? A : never;
type StateOf<F> = F extends EscrowFlow<infer S, string, EscrowRole> ? S : never;

export type OrderAction = ActionOf<typeof orderFlow>;
export type MilestoneAction = ActionOf<typeof milestoneFlow>;
export type SponsoredAction = ActionOf<typeof sponsoredFlow>;
export type OverpaymentAction = ActionOf<typeof overpaymentFlow>;
export type OverpaymentStatus = StateOf<typeof overpaymentFlow>;
export type LeaseAction = ActionOf<typeof leaseFlow>;
export type LeaseStatus = StateOf<typeof leaseFlow>;
export type InstalmentAction = ActionOf<typeof instalmentFlow>;
export type InstalmentStatus = StateOf<typeof instalmentFlow>;

/** Every flow by its kind. */
export const escrowFlows = { order: orderFlow, milestone: milestoneFlow, sponsored: sponsoredFlow, overpayment: overpaymentFlow, lease: leaseFlow, instalment: instalmentFlow } as const;

const actionsOf = <A extends string>(flow: EscrowFlow<string, A, EscrowRole>) => Object.keys(flow.actions) as [A, ...A[]];
export const orderActions = actionsOf(orderFlow);
export const milestoneActions = actionsOf(milestoneFlow);
export const sponsoredActions = actionsOf(sponsoredFlow);
export const overpaymentActions = actionsOf(overpaymentFlow);
export const overpaymentStatuses = statesOf(overpaymentFlow);
export const leaseActions = actionsOf(leaseFlow);
export const leaseStatuses = statesOf(leaseFlow);
export const instalmentActions = actionsOf(instalmentFlow);
export const instalmentStatuses = statesOf(instalmentFlow);

// Admin finance: the ledger, the payment commands and the payments we could not apply ------------

export const paymentCommandStatuses = ['pending', 'sending', 'sent', 'failed', 'settled_by_hand'] as const;
export type PaymentCommandStatus = (typeof paymentCommandStatuses)[number];
export const paymentCommandStatusLabels: Record<PaymentCommandStatus, string> = {
  pending: 'Waiting to be sent',
  sending: 'Being sent',
  sent: 'Sent',
  failed: 'Failed: needs you',
  settled_by_hand: 'Settled by hand',
};

const itemRef = { item_kind: z.enum(escrowKinds), item_id: z.number() };

/** A refund (or payout) the marketplace asked the payment provider to send. */
export const paymentCommandSchema = z.object({
  id: z.number(),
  ...itemRef,
  /** What the item is, in words ("Order #12, example.com"). */
  item_label: z.string(),
  /** The app's page of the item, for the admin to open. */
  item_link: z.string(),
  action: z.literal('refund'),
  provider: z.string(),
  amount_cents: centsSchema,
  status: z.enum(paymentCommandStatuses),
  status_label: z.string(),
  attempts: z.number(),
  next_attempt_at: z.string().nullable(),
  last_error: z.string().nullable(),
  provider_reference: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** An admin may send it again now (it failed). */
  can_retry: z.boolean(),
});
export type PaymentCommand = z.infer<typeof paymentCommandSchema>;

/** A card payment we could not apply (a second payment, or one for a cancelled item), held until refunded. */
export const overpaymentSchema = z.object({
  id: z.number(),
  ...itemRef,
  item_label: z.string(),
  item_link: z.string(),
  payer: z.object({ id: z.number(), first_name: z.string(), last_name: z.string() }),
  provider: z.string(),
  payment_reference: z.string(),
  amount_cents: centsSchema,
  status: z.enum(overpaymentStatuses),
  status_label: z.string(),
  created_at: z.string(),
  refunded_at: z.string().nullable(),
  allowed_actions: z.array(z.enum(overpaymentActions)),
});
export type Overpayment = z.infer<typeof overpaymentSchema>;

/** An item whose balances disagree with its state, or a movement whose postings do not sum to zero. */
export const reconcileReportSchema = z.object({
  checked_items: z.number(),
  mismatches: z.array(
    z.object({
      ...itemRef,
      status: z.string(),
      expected: z.record(z.enum(heldAccounts), centsSchema),
      actual: z.record(z.enum(heldAccounts), centsSchema),
    }),
  ),
  unbalanced_movements: z.array(z.object({ movement_id: z.number(), sum_cents: centsSchema })),
});
export type ReconcileReport = z.infer<typeof reconcileReportSchema>;

/** One movement as the finance export lists it. */
export const ledgerMovementSchema = z.object({
  id: z.number(),
  ...itemRef,
  kind: z.enum(movementKinds),
  provider: z.string(),
  reference: z.string(),
  created_at: z.string(),
  postings: z.array(z.object({ account: z.enum(ledgerAccounts), amount_cents: centsSchema })),
});
export type LedgerMovement = z.infer<typeof ledgerMovementSchema>;

/** GET /api/admin/finance/ledger?kind=&id=: one item's money as the ledger has it. */
export const itemLedgerQuery = z.object({ kind: z.enum(escrowKinds), id: z.coerce.number().int().positive().max(2_147_483_647) });
export const itemLedgerSchema = z.object({
  ...itemRef,
  /** What the marketplace holds for the item now, per account (positive: owed by the marketplace). */
  held: z.record(z.enum(heldAccounts), centsSchema),
  movements: z.array(ledgerMovementSchema),
});
export type ItemLedger = z.infer<typeof itemLedgerSchema>;
