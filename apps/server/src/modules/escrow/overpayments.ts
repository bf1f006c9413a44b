import { asCents, type EscrowKind, formatCents, overpaymentFlow, type Overpayment, type OverpaymentStatus } from '@market/shared';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { OverpaymentsTable } from '../../db/schema.js';
import type { EscrowEngine, EscrowKindSpec } from './engine.js';

export type OverpaymentView = Selectable<OverpaymentsTable> & { payer_first_name: string; payer_last_name: string };

function selectOverpayments(db: Executor) {
  return db
    .selectFrom('overpayments as o')
    .innerJoin('users as u', 'u.id', 'o.payer_id')
    .selectAll('o')
    .select(['u.first_name as payer_first_name', 'u.last_name as payer_last_name']);
}

export function insertOverpayment(
  db: Executor,
  row: { item: { kind: EscrowKind; id: number }; itemLink: string; payerId: number; provider: string; paymentReference: string; eventId: string; amountCents: number; at: string },
): Promise<{ id: number }> {
  return db
    .insertInto('overpayments')
    .values({
      item_kind: row.item.kind,
      item_id: row.item.id,
      item_link: row.itemLink,
      payer_id: row.payerId,
      provider: row.provider,
      payment_reference: row.paymentReference,
      event_id: row.eventId,
      amount_cents: asCents(row.amountCents),
      status: overpaymentFlow.initial,
      created_at: row.at,
      updated_at: row.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function overpaymentExists(db: Executor, paymentReference: string): Promise<boolean> {
  return (await db.selectFrom('overpayments').select('id').where('payment_reference', '=', paymentReference).executeTakeFirst()) !== undefined;
}

/** Held or being refunded first, then the newest refunded ones. */
export function listOverpayments(db: Executor, limit: number): Promise<OverpaymentView[]> {
  return selectOverpayments(db).orderBy('o.id', 'desc').limit(limit).execute();
}

/**
 * A card payment that could not be applied, as the engine moves it: held on its own account, then
 * refunded through the card processor when an admin says so.
 */
export function overpaymentSpec(): EscrowKindSpec<OverpaymentView> {
  return {
    flow: overpaymentFlow,
    table: 'overpayments',
    load: (db, id) => selectOverpayments(db).where('o.id', '=', id).executeTakeFirst(),
    amounts: (o) => ({ total: o.amount_cents, net: o.amount_cents, commission: asCents(0) }),
    provider: (o) => o.provider,
    cardPayment: (o) => o.payment_reference,
    parties: (o) => ({ buyer: o.payer_id }),
    stepPatch: (action, _o, _input, now) => ({ updated_at: now.toISOString(), ...(action.startsWith('record_refund') || action === 'refund_sent' ? { refunded_at: now.toISOString() } : {}) }),
    history: async () => undefined,
    label: (o) => `Payment ${o.payment_reference}`,
    link: (o) => o.item_link,
    notice: (action, _role, o) => {
      const link = o.item_link;
      const amount = formatCents(o.amount_cents);
      const [subject, message] =
        action === 'refund'
          ? [`We are refunding your extra payment of ${amount}`, `We are refunding your extra payment of ${amount} (${o.payment_reference}).`]
          : [`We refunded your extra payment of ${amount}`, `We refunded your extra payment of ${amount} (${o.payment_reference}).`];
      return { subject, message, link, linkLabel: 'Open it', category: 'payment', leadId: null };
    },
    nextStepVars: () => ({}),
    holdings: async (db) =>
      (await db.selectFrom('overpayments').select(['id', 'status', 'amount_cents']).execute()).map((o) => {
        const total = asCents(Number(o.amount_cents));
        return { id: o.id, status: o.status, amounts: { total, net: total, commission: asCents(0) } };
      }),
    messages: {
      notFound: 'Payment not found.',
      outOfOrder: (label) => `This payment is ${label.toLowerCase()}: that step is not possible now.`,
      forbidden: () => 'Only an admin can do this.',
      amountMismatch: (expected) => `The amount must be ${formatCents(expected)}.`,
    },
  };
}

/** Overpayments as admin Finance lists them: each with the item it was paid for and the admin's next steps. */
export async function presentOverpayments(engine: EscrowEngine, db: Executor, rows: OverpaymentView[]): Promise<Overpayment[]> {
  const views = await engine.views('overpayment', rows, () => 'admin');
  return Promise.all(
    rows.map(async (o) => {
      const spec = engine.specOf(o.item_kind as EscrowKind);
      const item = await spec.load(db, o.item_id);
      const label = item ? spec.label(item) : `${o.item_kind} #${o.item_id}`;
      return presentOverpayment(o, { label, link: item ? (spec.adminLink?.(item) ?? spec.link(item)) : o.item_link }, views.get(o.id)?.allowed_actions ?? []);
    }),
  );
}

function presentOverpayment(o: OverpaymentView, item: { label: string; link: string }, allowed: string[]): Overpayment {
  const status = o.status as OverpaymentStatus;
  return {
    id: o.id,
    item_kind: o.item_kind as EscrowKind,
    item_id: o.item_id,
    item_label: item.label,
    item_link: item.link,
    payer: { id: o.payer_id, first_name: o.payer_first_name, last_name: o.payer_last_name },
    provider: o.provider,
    payment_reference: o.payment_reference,
    amount_cents: o.amount_cents,
    status,
    status_label: overpaymentFlow.states[status]?.label ?? status,
    created_at: o.created_at,
    refunded_at: o.refunded_at,
    allowed_actions: allowed as Overpayment['allowed_actions'],
  };
}
