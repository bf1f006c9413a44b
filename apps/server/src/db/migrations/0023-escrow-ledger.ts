import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { notNull, withId } from './columns.js';

/** The whole-dollar copies of an order's figures, which nothing reads since orders keep cents. */
const ORDER_DOLLAR_COLUMNS = ['price', 'commission', 'buyer_total', 'seller_net'] as const;

type Row = Record<string, unknown>;
type Posting = [account: string, cents: number];

/**
 * One escrow engine for orders, milestones and sponsored orders: a double-entry ledger (movements
 * made of postings that sum to zero) instead of one row per kind of money, payment commands that
 * a worker sends to the payment provider after the step's transaction, card payments that could
 * not be applied (held until refunded), and this installation's id, which the provider's
 * idempotency keys carry so two installations sharing an account never collide. The orders lose
 * their whole-dollar copies.
 *
 * The old rows are carried over: each item's movements follow from its old entries and its state.
 */
export function escrowLedger(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('app_settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', notNull)
        .execute();
      await sql`INSERT INTO app_settings (key, value) VALUES ('installation_id', ${randomUUID()})`.execute(db);

      await withId(db.schema.createTable('ledger_movements'), dialect)
        .addColumn('item_kind', 'text', notNull)
        .addColumn('item_id', 'integer', notNull)
        .addColumn('kind', 'text', notNull)
        .addColumn('provider', 'text', notNull)
        .addColumn('reference', 'text', notNull)
        .addColumn('recorded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('ledger_movements_item_idx').on('ledger_movements').columns(['item_kind', 'item_id', 'id']).execute();
      await db.schema.createIndex('ledger_movements_created_idx').on('ledger_movements').columns(['created_at', 'id']).execute();
      // A card payment is applied once, whichever event brings it.
      await db.schema.createIndex('ledger_movements_reference_idx').on('ledger_movements').columns(['reference', 'kind']).execute();

      await withId(db.schema.createTable('ledger_postings'), dialect)
        .addColumn('movement_id', 'integer', (c) => c.notNull().references('ledger_movements.id').onDelete('restrict'))
        .addColumn('item_kind', 'text', notNull)
        .addColumn('item_id', 'integer', notNull)
        .addColumn('account', 'text', notNull)
        .addColumn('amount_cents', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('ledger_postings_item_idx').on('ledger_postings').columns(['item_kind', 'item_id', 'account']).execute();
      await db.schema.createIndex('ledger_postings_movement_idx').on('ledger_postings').columns(['movement_id']).execute();
      await db.schema.createIndex('ledger_postings_account_idx').on('ledger_postings').columns(['account', 'item_kind']).execute();

      await withId(db.schema.createTable('payment_commands'), dialect)
        .addColumn('item_kind', 'text', notNull)
        .addColumn('item_id', 'integer', notNull)
        .addColumn('action', 'text', notNull)
        .addColumn('provider', 'text', notNull)
        .addColumn('amount_cents', 'bigint', notNull)
        .addColumn('payment_reference', 'text', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        // Raised when an admin retries after the provider refused: a new key, since the old one's answer is kept by the provider.
        .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text')
        .addColumn('locked_until', 'text')
        .addColumn('last_error', 'text')
        .addColumn('last_error_refused', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('provider_reference', 'text')
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('payment_commands_due_idx').on('payment_commands').columns(['status', 'next_attempt_at']).execute();
      await db.schema.createIndex('payment_commands_item_idx').on('payment_commands').columns(['item_kind', 'item_id']).execute();

      await withId(db.schema.createTable('overpayments'), dialect)
        .addColumn('item_kind', 'text', notNull)
        .addColumn('item_id', 'integer', notNull)
        // The payer's page of the item, for the notices about the refund.
        .addColumn('item_link', 'text', notNull)
        .addColumn('payer_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
        .addColumn('provider', 'text', notNull)
        .addColumn('payment_reference', 'text', (c) => c.notNull().unique())
        .addColumn('event_id', 'text', notNull)
        .addColumn('amount_cents', 'bigint', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('refunded_at', 'text')
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('overpayments_status_idx').on('overpayments').columns(['status', 'id']).execute();

      // The card processor's id of an item's payment, which its refund goes back through. The
      // payment reference stays the one the payer was given; earlier card payments overwrote it.
      for (const table of ['purchase_orders', 'engagement_milestones'] as const) {
        await db.schema.alterTable(table).addColumn('card_payment_id', 'text').execute();
        await sql`UPDATE ${sql.table(table)} SET card_payment_id = payment_reference WHERE payment_reference LIKE 'pi_%'`.execute(db);
      }

      await carryOverLedger(db);
      await db.schema.dropTable('ledger_entries').execute();

      for (const column of ORDER_DOLLAR_COLUMNS) await db.schema.alterTable('purchase_orders').dropColumn(column).execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      for (const column of ORDER_DOLLAR_COLUMNS) {
        await db.schema.alterTable('purchase_orders').addColumn(column, 'integer', (c) => c.notNull().defaultTo(0)).execute();
      }
      await sql`UPDATE purchase_orders SET price = price_cents / 100, commission = commission_cents / 100,
          buyer_total = buyer_total_cents / 100, seller_net = seller_net_cents / 100`.execute(db);

      await withId(db.schema.createTable('ledger_entries'), dialect)
        .addColumn('order_id', 'integer', (c) => c.references('purchase_orders.id').onDelete('restrict'))
        .addColumn('kind', 'text', notNull)
        .addColumn('amount_cents', 'bigint', notNull)
        .addColumn('reference', 'text', notNull)
        .addColumn('recorded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', notNull)
        .addColumn('milestone_id', 'integer')
        .execute();
      await db.schema.createIndex('ledger_entries_order_idx').on('ledger_entries').columns(['order_id', 'id']).execute();
      await db.schema.createIndex('ledger_entries_created_idx').on('ledger_entries').columns(['created_at', 'id']).execute();
      await db.schema.createIndex('ledger_entries_milestone_idx').on('ledger_entries').columns(['milestone_id', 'id']).execute();
      await carryBackLedger(db);
      for (const table of ['purchase_orders', 'engagement_milestones'] as const) {
        await sql`UPDATE ${sql.table(table)} SET payment_reference = card_payment_id WHERE card_payment_id IS NOT NULL`.execute(db);
        await db.schema.alterTable(table).dropColumn('card_payment_id').execute();
      }

      await db.schema.dropTable('overpayments').execute();
      await db.schema.dropTable('payment_commands').execute();
      await db.schema.dropTable('ledger_postings').execute();
      await db.schema.dropTable('ledger_movements').execute();
      await db.schema.dropTable('app_settings').execute();
    },
  };
}

async function insertMovement(db: Kysely<unknown>, item: { kind: string; id: number }, kind: string, provider: string, reference: string, recordedBy: unknown, at: string, postings: Posting[]) {
  const { id } = await sql<{ id: number }>`INSERT INTO ledger_movements (item_kind, item_id, kind, provider, reference, recorded_by, created_at)
      VALUES (${item.kind}, ${item.id}, ${kind}, ${provider}, ${reference}, ${recordedBy ?? null}, ${at}) RETURNING id`
    .execute(db)
    .then((r) => r.rows[0]!);
  for (const [account, cents] of postings) {
    if (cents === 0) continue;
    await sql`INSERT INTO ledger_postings (movement_id, item_kind, item_id, account, amount_cents) VALUES (${id}, ${item.kind}, ${item.id}, ${account}, ${cents})`.execute(db);
  }
}

/** The movements an order or milestone made under the old ledger, from its entries and the state it is in now. */
async function carryOverItem(db: Kysely<unknown>, item: { kind: string; id: number }, row: Row, entries: Row[], total: number, net: number) {
  const commission = total - net;
  const provider = String(row.provider ?? 'manual');
  const entry = (kind: string) => entries.find((e) => e.kind === kind);
  const at = (value: unknown, fallback: unknown) => String(value ?? fallback ?? row.updated_at ?? row.created_at);
  const payment = entry('payment');
  if (!payment) return;
  await insertMovement(db, item, 'payment', provider, String(payment.reference), payment.recorded_by, String(payment.created_at), [['clearing', total], ['escrow', -total]]);
  const status = String(row.status);
  const released = ['confirmed', 'completed', 'approved', 'paid_out'].includes(status);
  const refundOwed = ['refund_due', 'refunded'].includes(status);
  const payout = entry('payout');
  if (released) {
    const when = at(row.confirmed_at ?? row.approved_at, payout?.created_at);
    await insertMovement(db, item, 'release', provider, 'carried over', null, when, [['escrow', total], ['payable', -net], ['commission', -commission]]);
  }
  if (released && payout) {
    await insertMovement(db, item, 'payout_sent', provider, String(payout.reference), payout.recorded_by, String(payout.created_at), [['payable', net], ['clearing', -net]]);
  }
  const refund = entry('refund');
  if (refundOwed) {
    await insertMovement(db, item, 'refund_owed', provider, 'carried over', null, at(refund?.created_at, row.updated_at), [['escrow', total], ['refunds_payable', -total]]);
  }
  if (refundOwed && refund) {
    await insertMovement(db, item, 'refund_sent', provider, String(refund.reference), refund.recorded_by, String(refund.created_at), [['refunds_payable', total], ['clearing', -total]]);
  }
}

async function carryOverLedger(db: Kysely<unknown>) {
  const entries = (await sql<Row>`SELECT * FROM ledger_entries ORDER BY id`.execute(db)).rows;
  const orders = (await sql<Row>`SELECT * FROM purchase_orders ORDER BY id`.execute(db)).rows;
  for (const o of orders) {
    const mine = entries.filter((e) => e.order_id === o.id);
    await carryOverItem(db, { kind: 'order', id: Number(o.id) }, o, mine, Number(o.buyer_total_cents), Number(o.seller_net_cents));
  }
  const milestones = (await sql<Row>`SELECT * FROM engagement_milestones ORDER BY id`.execute(db)).rows;
  for (const m of milestones) {
    const mine = entries.filter((e) => e.milestone_id === m.id);
    await carryOverItem(db, { kind: 'milestone', id: Number(m.id) }, m, mine, Number(m.amount_cents), Number(m.freelancer_net_cents));
  }
  const sponsored = (await sql<Row>`SELECT * FROM sponsored_orders WHERE status = 'paid' ORDER BY id`.execute(db)).rows;
  for (const s of sponsored) {
    const item = { kind: 'sponsored', id: Number(s.id) };
    const amount = Number(s.amount_cents);
    const at = String(s.paid_at ?? s.created_at);
    const provider = String(s.payment_mode);
    await insertMovement(db, item, 'payment', provider, String(s.paid_reference ?? s.payment_reference), s.recorded_by, at, [['clearing', amount], ['escrow', -amount]]);
    await insertMovement(db, item, 'earned', provider, String(s.paid_reference ?? s.payment_reference), s.recorded_by, at, [['escrow', amount], ['sponsored_sales', -amount]]);
  }
}

/** The old ledger's rows from the movements: payments, refunds sent, payouts with their commission. */
async function carryBackLedger(db: Kysely<unknown>) {
  const movements = (await sql<Row>`SELECT * FROM ledger_movements WHERE item_kind IN ('order', 'milestone') ORDER BY id`.execute(db)).rows;
  const postings = (await sql<Row>`SELECT * FROM ledger_postings ORDER BY id`.execute(db)).rows;
  const commissionOf = new Map<string, number>();
  for (const m of movements.filter((x) => x.kind === 'release')) {
    const c = postings.find((p) => p.movement_id === m.id && p.account === 'commission');
    commissionOf.set(`${m.item_kind}:${m.item_id}`, -Number(c?.amount_cents ?? 0));
  }
  for (const m of movements) {
    const clearing = postings.find((p) => p.movement_id === m.id && p.account === 'clearing');
    const amount = Math.abs(Number(clearing?.amount_cents ?? 0));
    const kind = { payment: 'payment', refund_sent: 'refund', payout_sent: 'payout' }[String(m.kind)];
    if (!kind) continue;
    const orderId = m.item_kind === 'order' ? m.item_id : null;
    const milestoneId = m.item_kind === 'milestone' ? m.item_id : null;
    const insert = (k: string, cents: number) =>
      sql`INSERT INTO ledger_entries (order_id, milestone_id, kind, amount_cents, reference, recorded_by, created_at)
          VALUES (${orderId}, ${milestoneId}, ${k}, ${cents}, ${m.reference}, ${m.recorded_by ?? null}, ${m.created_at})`.execute(db);
    await insert(kind, amount);
    if (kind === 'payout') await insert('commission', commissionOf.get(`${m.item_kind}:${m.item_id}`) ?? 0);
  }
}
