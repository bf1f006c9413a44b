import {
  checkStep,
  DAY_MS,
  type EscrowAmounts,
  type EscrowFacts,
  type EscrowFlow,
  type EscrowKind,
  type EscrowRole,
  type EscrowTransition,
  escrowFlows,
  type InstalmentAction,
  type LeaseAction,
  type MilestoneAction,
  type OrderAction,
  type OverpaymentAction,
  type SponsoredAction,
  asCents,
  statesOf,
} from '@market/shared';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { loadConfig } from '../config.js';
import type { TxtLookup } from '../dns/txt-lookup.js';
import type { CommandWorkerSettings } from '../modules/escrow/index.js';
import { listForBuyNow } from './deals-support.js';
import { registerFreelancer } from './freelancer-support.js';
import { deliverWebhook, paidSessionEvent, STRIPE_WEBHOOK_SECRET, startStripeStandIn, type StripeStandIn } from './stripe-stand-in.js';
import { adminToken, bearer, createTestApp, json, registerUser, type TestApp } from './test-app.js';

/**
 * What the escrow tests (the table walk and the property test) share: an app with its people, a
 * way to make an item of each kind, and, for every step of every flow, how a person or the system
 * takes it through the API. Everything here goes the way a user (or the card processor, the
 * deadline sweep, the refund worker) would; the database is read to check, and written only to
 * move a deadline or a refund's next attempt in time.
 */

type User = Awaited<ReturnType<typeof registerUser>>;
type AnyFlow = EscrowFlow<string, string, EscrowRole>;
export type AnyTransition = EscrowTransition<string, string, EscrowRole>;
/** Someone who may try a step: a role of the flows, or a signed-in user who is no party to the item. */
export type Who = EscrowRole | 'stranger';
/** How the card processor's stand-in answers: as asked, 500 (unknown: sent again later), or 400 (refused: waits for an admin). */
export type StandInMode = 'ok' | 'failing' | 'refusing';

export const flowOf = (kind: EscrowKind): AnyFlow => escrowFlows[kind] as unknown as AnyFlow;

/** Each kind's table, for reading states and counting money. */
export const tableOf = {
  order: 'purchase_orders',
  milestone: 'engagement_milestones',
  sponsored: 'sponsored_orders',
  overpayment: 'overpayments',
  lease: 'leases',
  instalment: 'lease_instalments',
} as const satisfies Record<EscrowKind, string>;

export interface World {
  t: TestApp;
  /** The card processor's stand-in; undefined for the app paid by bank transfer only (the manual provider). */
  stand: StripeStandIn | undefined;
  admin: string;
  people: Record<'buyer' | 'seller' | 'client' | 'freelancer' | 'sponsor' | 'stranger', User>;
  /** TXT records "published" for the DNS proof of a transfer. */
  published: Map<string, string[]>;
  /** Domains listed for sale at Buy Now, not used yet: the seller's for orders, the sponsor's for sponsored orders. */
  unused: { order: number[]; sponsored: number[] };
  counter: number;
  close(): Promise<void>;
}

/** Buy Now price of each listed domain, in dollars: an odd figure so the fees round. */
const PRICE = 1234;
/** A milestone's amount in cents (commission 10%). */
const MILESTONE_CENTS = 12_345;

export async function createEscrowWorld(options: { card: boolean; paymentCommands?: Partial<CommandWorkerSettings> }): Promise<World> {
  const published = new Map<string, string[]>();
  const txtLookup: TxtLookup = {
    async lookup(name) {
      const records = published.get(name);
      return records ? { ok: true, records } : { ok: false, error: 'ENOTFOUND' };
    },
  };
  const stand = options.card ? await startStripeStandIn() : undefined;
  const defaults = loadConfig({ NODE_ENV: 'test' }).paymentCommands;
  const t = await createTestApp(
    {
      publicUrl: 'https://market.example',
      ...(stand ? { stripe: { secretKey: 'sk_test_stand_in', webhookSecret: STRIPE_WEBHOOK_SECRET, apiBase: stand.base } } : {}),
      engagements: { commissionPercent: 10, requestsPerHourPerUser: 1_000_000, messagesPerMinutePerUser: 1_000_000 },
      // Refunds go when a commit wakes the worker or a test drains it, and one waiting for a retry
      // waits until the test makes it due (sendRefundsNow): never behind a test's back, however slow the run.
      paymentCommands: { ...defaults, pollMs: 0, retryBaseMs: 3_600_000, retryMaxMs: 3_600_000, ...options.paymentCommands },
    },
    { txtLookup },
  );
  const [buyer, seller, client, sponsor, stranger] = await Promise.all([
    registerUser(t.app, { first_name: 'Bea', last_name: 'Buyer' }),
    registerUser(t.app, { first_name: 'Sol', last_name: 'Seller' }),
    registerUser(t.app, { first_name: 'Cleo', last_name: 'Client' }),
    registerUser(t.app, { first_name: 'Spa', last_name: 'Sponsor' }),
    registerUser(t.app, { first_name: 'Stan', last_name: 'Stranger' }),
  ]);
  const freelancer = await registerFreelancer(t.app, 'Fay', 'Lancer');
  return {
    t,
    stand,
    admin: await adminToken(t.app),
    people: { buyer, seller, client, freelancer, sponsor, stranger },
    published,
    unused: { order: [], sponsored: [] },
    counter: 0,
    async close() {
      await t.close();
      await stand?.close();
    },
  };
}

// Calls ---------------------------------------------------------------------------------------

/**
 * One request as `token`. Each comes from its own address: the per-route rate limits count by
 * address, and thousands of steps from one address would meet them.
 */
export function call(w: World, method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: Record<string, unknown>): Promise<LightMyRequestResponse> {
  w.counter += 1;
  const n = w.counter;
  return w.t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    ...(payload ? { payload } : {}),
  });
}

async function ok<T>(w: World, method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: Record<string, unknown>, status = 200): Promise<T> {
  const res = await call(w, method, url, token, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return json<T>(res);
}

export function setStandIn(w: World, mode: StandInMode): void {
  if (!w.stand) return;
  w.stand.failing.on = mode === 'failing';
  w.stand.refusing.on = mode === 'refusing';
}

const standInMode = (w: World): StandInMode => (w.stand?.failing.on ? 'failing' : w.stand?.refusing.on ? 'refusing' : 'ok');

/** Runs the refund worker until nothing due is left, including what the last commit woke it for. */
export const drain = (w: World) => w.t.app.paymentCommands.drain();

// Items ---------------------------------------------------------------------------------------

/**
 * An item of escrow as the tests know it, from what they did (never from the server's answers):
 * its money, its parties, how it was paid, and the facts some steps need.
 */
export interface Item {
  kind: EscrowKind;
  id: number;
  /** A milestone's engagement (its page, and the terms whose acceptance opens it). */
  engagementId?: number;
  /** An instalment's lease (its page). */
  leaseId?: number;
  amounts: EscrowAmounts;
  parties: Partial<Record<EscrowRole, User>>;
  /** The card payment (PaymentIntent) applied to it; null while unpaid or paid by bank transfer. */
  cardPayment: string | null;
  /** The PaymentIntent of the last paid checkout the card processor reported for it. */
  lastPayment: string | null;
  /** How the seller transfers the domain when they start; null until they do. */
  plan: 'push' | 'auth_code';
  transfer: 'push' | 'auth_code' | null;
  authCode: string;
  dnsVerified: boolean;
  /** The refund command of its card payment: waiting (500, a retry later), failed (400: an admin decides), sent, settled by hand. */
  refund: 'none' | 'pending' | 'failed' | 'sent' | 'settled';
}

function newItem(kind: EscrowKind, id: number, amounts: EscrowAmounts, parties: Item['parties'], plan: Item['plan'] = 'push'): Item {
  return { kind, id, amounts, parties, cardPayment: null, lastPayment: null, plan, transfer: null, authCode: `Code-${kind}-${id}!`, dnsVerified: false, refund: 'none' };
}

async function freshDomain(w: World, pool: 'order' | 'sponsored'): Promise<number> {
  if (w.unused[pool].length === 0) {
    const owner = pool === 'order' ? w.people.seller : w.people.sponsor;
    const names = Array.from({ length: 40 }, () => `esc${pool}${(w.counter += 1)}x${Math.random().toString(36).slice(2, 8)}.com`);
    const ids = await listForBuyNow(w.t, owner.token, w.admin, Object.fromEntries(names.map((n) => [n, PRICE])));
    w.unused[pool].push(...names.map((n) => ids[n]!));
    expect(w.unused[pool].every((id) => Number.isInteger(id))).toBe(true);
  }
  return w.unused[pool].shift()!;
}

/** A Buy Now order, awaiting payment. */
export async function newOrder(w: World, plan: Item['plan'] = 'push'): Promise<Item> {
  const deal = await ok<{ id: number; buyer_total_cents: number; seller_net_cents: number }>(w, 'POST', '/api/domains/buy-now/', w.people.buyer.token, { domain_id: await freshDomain(w, 'order') }, 201);
  const total = asCents(deal.buyer_total_cents);
  const net = asCents(deal.seller_net_cents);
  return newItem('order', deal.id, { total, net, commission: asCents(total - net) }, { buyer: w.people.buyer, seller: w.people.seller }, plan);
}

/** An engagement's milestones, proposed (the terms not accepted yet). */
export async function newMilestones(w: World, count = 1): Promise<Item[]> {
  const day = (n: number) => new Date(Date.now() + n * DAY_MS).toISOString().slice(0, 10);
  const milestones = Array.from({ length: count }, (_, i) => ({ title: `Part ${i + 1}`, amount_cents: MILESTONE_CENTS + i, due_date: day(20) }));
  const e = await ok<{ id: number; milestones: { id: number; amount_cents: number; freelancer_net_cents: number }[] }>(
    w,
    'POST',
    '/api/engagements/',
    w.people.client.token,
    { freelancer_id: w.people.freelancer.user.id, title: 'A logo', brief: 'A logo for a domain.', budget_cents: milestones.reduce((s, m) => s + m.amount_cents, 0), deadline: day(30), milestones },
    201,
  );
  return e.milestones.map((m) => {
    const total = asCents(m.amount_cents);
    const net = asCents(m.freelancer_net_cents);
    const item = newItem('milestone', m.id, { total, net, commission: asCents(total - net) }, { client: w.people.client, freelancer: w.people.freelancer });
    item.engagementId = e.id;
    return item;
  });
}

/** A sponsored headline order for one of the sponsor's domains, awaiting payment. */
export async function newSponsored(w: World): Promise<Item> {
  const cart = await ok<{ id: number }>(w, 'POST', '/api/domains/sponsored-headlines/cart/', w.people.sponsor.token, { items: [{ category: 'Buy Now', domain_ids: [await freshDomain(w, 'sponsored')] }] }, 201);
  const order = await ok<{ id: number; amount_cents: number }>(w, 'POST', '/api/domains/sponsored-headlines/order/', w.people.sponsor.token, { cart_id: cart.id }, 201);
  const total = asCents(order.amount_cents);
  return newItem('sponsored', order.id, { total, net: total, commission: asCents(0) }, { buyer: w.people.sponsor });
}

interface LeaseAnswer {
  id: number;
  instalments: { id: number; number: number; buyer_total_cents: number; seller_net_cents: number }[];
}

/** A lease to own of one of the seller's names over 3 months, awaiting its first instalment. */
export async function newLease(w: World, plan: Item['plan'] = 'push'): Promise<Item> {
  const domainId = await freshDomain(w, 'order');
  await ok(w, 'PUT', `/api/domains/${domainId}/lease-terms/`, w.people.seller.token, { enabled: true, months: 3 });
  const lease = await ok<LeaseAnswer>(w, 'POST', '/api/leases/', w.people.buyer.token, { domain_id: domainId }, 201);
  const zero = asCents(0);
  return newItem('lease', lease.id, { total: zero, net: zero, commission: zero }, { buyer: w.people.buyer, seller: w.people.seller }, plan);
}

/** The second instalment of a running lease (the first paid by bank transfer), due in a month. */
export async function newInstalment(w: World): Promise<Item> {
  const lease = await newLease(w);
  const answer = await ok<LeaseAnswer>(w, 'GET', `/api/leases/${lease.id}/`, w.people.buyer.token);
  const [first, second] = answer.instalments;
  await ok(w, 'POST', `/api/admin/instalments/${first!.id}/payment/`, w.admin, { reference: `BANK-first-${first!.id}`, amount_cents: first!.buyer_total_cents });
  const total = asCents(second!.buyer_total_cents);
  const net = asCents(second!.seller_net_cents);
  const item = newItem('instalment', second!.id, { total, net, commission: asCents(total - net) }, { buyer: w.people.buyer, seller: w.people.seller });
  item.leaseId = lease.id;
  return item;
}

/** The metadata a checkout for the item carries, which leads the card processor's event back to it. */
export function metadataOf(item: Item): Record<string, string> {
  if (item.kind === 'order') return { order_id: String(item.id) };
  if (item.kind === 'milestone') return { milestone_id: String(item.id) };
  if (item.kind === 'sponsored') return { sponsored_order_id: String(item.id) };
  if (item.kind === 'instalment') return { instalment_id: String(item.id) };
  throw new Error(`A ${item.kind} is not paid through a checkout`);
}

const checkoutUrl: Partial<Record<EscrowKind, (id: number) => string>> = {
  order: (id) => `/api/orders/${id}/checkout/`,
  milestone: (id) => `/api/engagements/milestones/${id}/checkout/`,
  sponsored: (id) => `/api/domains/sponsored-headlines/orders/${id}/checkout/`,
  instalment: (id) => `/api/leases/instalments/${id}/checkout/`,
};

const payerOf = (item: Item): User => (item.parties.buyer ?? item.parties.client)!;

/**
 * The payer opens a checkout page (when the item still takes one) and pays it; the card
 * processor then reports the payment to the webhook. Answers the webhook's outcome.
 */
export async function payByCard(w: World, item: Item, amountCents: number = item.amounts.total): Promise<{ outcome: string; paymentIntent: string }> {
  if (!w.stand) throw new Error('No card processor on this app');
  const mode = standInMode(w);
  setStandIn(w, 'ok');
  const opened = await call(w, 'POST', checkoutUrl[item.kind]!(item.id), payerOf(item).token);
  setStandIn(w, mode);
  // A page opened for the item, or (paid already, cancelled) an old page paid late: the metadata leads to the item.
  const session = opened.statusCode === 200 ? json<{ url: string }>(opened).url.split('/').at(-1)! : `cs_late_${(w.counter += 1)}`;
  const paymentIntent = `pi_${item.kind}_${item.id}_${(w.counter += 1)}`;
  const res = await deliverWebhook(w.t.app, paidSessionEvent({ id: session, amountCents, metadata: metadataOf(item), paymentIntent }));
  expect(res.statusCode, res.body).toBe(200);
  item.lastPayment = paymentIntent;
  return { outcome: json<{ outcome: string }>(res).outcome, paymentIntent };
}

/** A card payment for an item paid already: held as an overpayment, an item of its own. */
export async function newOverpayment(w: World, paid: Item): Promise<Item> {
  const { outcome, paymentIntent } = await payByCard(w, paid);
  expect(outcome).toBe('overpaid');
  const row = await w.t.db.kysely.selectFrom('overpayments').select(['id', 'amount_cents']).where('payment_reference', '=', paymentIntent).executeTakeFirstOrThrow();
  const total = asCents(Number(row.amount_cents));
  const item = newItem('overpayment', row.id, { total, net: total, commission: asCents(0) }, { buyer: payerOf(paid) });
  item.cardPayment = paymentIntent;
  return item;
}

// The facts and the views ---------------------------------------------------------------------

/** The facts of the item as the test knows them (what the server should decide from the item). */
export function factsOf(w: World, item: Item): EscrowFacts {
  const cardPaid = w.stand !== undefined && item.cardPayment !== null;
  return {
    card: w.stand !== undefined,
    by_hand: !cardPaid || item.refund === 'failed',
    auth_code: item.transfer === 'auth_code',
    dns_verified: item.dnsVerified,
    dns_unverified: item.transfer !== null && !item.dnsVerified,
  };
}

function tokenOf(w: World, item: Item, who: Who): string {
  if (who === 'admin') return w.admin;
  if (who === 'stranger') return w.people.stranger.token;
  const user = item.parties[who];
  if (!user) throw new Error(`${item.kind} has no ${who}`);
  return user.token;
}

/**
 * Who has a page showing the item (with its allowed actions): its parties and an admin. A held
 * payment is on the admin's finance page only; the milestones of terms still under discussion are
 * on the parties' page of the engagement only.
 */
export function viewersOf(kind: EscrowKind, state: string): Who[] {
  return flowOf(kind).roles.filter(
    (r) => r !== 'system' && !(kind === 'overpayment' && r === 'buyer') && !(kind === 'milestone' && state === 'proposed' && r === 'admin'),
  );
}

interface ItemView {
  status: number;
  state?: string;
  allowed_actions?: string[];
  /** Bank transfer instructions are shown. */
  instructions?: boolean;
}

type Shown = { id: number; status: string; allowed_actions: string[]; payment_instructions?: unknown };

async function findIn(w: World, url: string, token: string, pick: (body: unknown) => Shown[], id: number): Promise<ItemView> {
  const res = await call(w, 'GET', url, token);
  if (res.statusCode !== 200) return { status: res.statusCode };
  const found = pick(json(res)).find((x) => x.id === id);
  if (!found) return { status: 404 };
  return { status: 200, state: found.status, allowed_actions: found.allowed_actions, instructions: Boolean(found.payment_instructions) };
}

/** The item as `who` sees it in the API: their page of it, or the admin's list (of the items in `state`, when given). */
export function viewOf(w: World, item: Item, who: Who, state?: string): Promise<ItemView> {
  const token = tokenOf(w, item, who);
  const list = (body: unknown) => body as Shown[];
  const only = state ? `?status=${state}` : '';
  switch (item.kind) {
    case 'order':
      return findIn(w, `/api/orders/${item.id}/`, token, (b) => [b as Shown], item.id);
    case 'milestone':
      return who === 'admin'
        ? findIn(w, `/api/admin/milestones/${only}`, token, list, item.id)
        : findIn(w, `/api/engagements/${item.engagementId}/`, token, (b) => (b as { milestones: Shown[] }).milestones, item.id);
    case 'sponsored':
      return who === 'admin'
        ? findIn(w, `/api/admin/sponsored-orders/${only}`, token, list, item.id)
        : findIn(w, `/api/domains/sponsored-headlines/orders/${item.id}/`, token, (b) => [b as Shown], item.id);
    case 'overpayment':
      // Listed on the admin's finance page only; a period with no orders keeps the page short.
      return findIn(w, '/api/admin/finance/?from=2999-01-01', token, (b) => (b as { overpayments: Shown[] }).overpayments, item.id);
    case 'lease':
      return findIn(w, `/api/leases/${item.id}/`, token, (b) => [b as Shown], item.id);
    case 'instalment':
      // On the lease's page, the bank details beside the instalment paid next.
      return findIn(
        w,
        `/api/leases/${item.leaseId}/`,
        token,
        (b) => {
          const lease = b as { instalments: Shown[]; next_instalment_id: number | null; payment_instructions: unknown };
          return lease.instalments.map((i) => ({ ...i, payment_instructions: lease.next_instalment_id === i.id ? lease.payment_instructions : null }));
        },
        item.id,
      );
  }
}

/** The item's state in the database. */
export async function stateOf(w: World, item: Pick<Item, 'kind' | 'id'>): Promise<string> {
  const row = await w.t.db.kysely
    .selectFrom(tableOf[item.kind] as 'purchase_orders')
    .select('status')
    .where('id', '=', item.id)
    .executeTakeFirstOrThrow();
  return row.status;
}

// How each step is taken ----------------------------------------------------------------------

/** A person's way to take a step: a route of the parties, a route of the admin, or what their page of the item shows. */
interface HumanWay {
  route: 'party' | 'admin' | 'view';
  run?: (w: World, item: Item, token: string) => Promise<LightMyRequestResponse>;
}

/** The system's way: the deadline sweep with a shifted clock, the card processor's webhook, the refund worker, accepting terms. */
interface SystemWay {
  /** Whether the way exists for this item at all: a webhook needs a card processor, the worker a refund waiting to be sent. */
  reaches(w: World, item: Item): boolean;
  run(w: World, item: Item): Promise<void>;
  /** The card processor's word of a payment: the way a card-paid item is paid. */
  pays?: true;
}

interface Way {
  human?: HumanWay;
  system?: SystemWay;
}

const post =
  (url: (item: Item) => string, body: (item: Item) => Record<string, unknown> = () => ({})) =>
  (w: World, item: Item, token: string) =>
    call(w, 'POST', url(item), token, body(item));
const party = (run: HumanWay['run']): Way => ({ human: { route: 'party', run } });
const admin = (run: HumanWay['run']): Way => ({ human: { route: 'admin', run } });
const shown: Way = { human: { route: 'view' } };

const FAR = '9999-12-31T00:00:00.000Z';
const deadlineColumns = {
  purchase_orders: ['pay_by', 'transfer_by', 'confirm_by'],
  engagement_milestones: ['approve_by'],
  sponsored_orders: ['pay_by'],
  leases: ['pay_by', 'confirm_by'],
  lease_instalments: ['due_at'],
} as const;
type Deadline = 'pay_by' | 'transfer_by' | 'confirm_by' | 'approve_by';

/**
 * Every other item's deadlines are moved far ahead first, so the shifted clock reaches this item
 * alone and the money counts around the step stay exact.
 */
async function keepOthersWaiting(w: World, item: Item, keep: { lease?: number; instalment?: number } = {}): Promise<void> {
  for (const [table, columns] of Object.entries(deadlineColumns)) {
    for (const column of columns) {
      let q = w.t.db.kysely
        .updateTable(table as 'purchase_orders')
        .set({ [column]: FAR })
        .where(column as 'pay_by', 'is not', null);
      if (table === tableOf[item.kind]) q = q.where('id', '<>', item.id);
      if (table === 'leases' && keep.lease !== undefined) q = q.where('id', '<>', keep.lease);
      if (table === 'lease_instalments' && keep.instalment !== undefined) q = q.where('id', '<>', keep.instalment);
      await q.execute();
    }
  }
}

/**
 * The lease sweep at a clock `days` after an instalment's date (the item's own, or its lease's
 * earliest due): that instalment alone is kept as it is, every other date moved far ahead.
 */
const leaseTimer = (days: number): Way => ({
  system: {
    reaches: () => true,
    async run(w, item) {
      const k = w.t.db.kysely;
      const instalment =
        item.kind === 'instalment'
          ? await k.selectFrom('lease_instalments').select(['id', 'due_at']).where('id', '=', item.id).executeTakeFirstOrThrow()
          : await k.selectFrom('lease_instalments').select(['id', 'due_at']).where('lease_id', '=', item.id).where('status', '=', 'due').orderBy('number').executeTakeFirst();
      const leaseId = item.kind === 'lease' ? item.id : item.leaseId;
      await keepOthersWaiting(w, item, { lease: leaseId, instalment: instalment?.id });
      // Only the instalment's date counts here: the lease's first-payment deadline waits too.
      if (leaseId !== undefined) await k.updateTable('leases').set({ pay_by: FAR }).where('id', '=', leaseId).execute();
      await w.t.app.services.leases.sweep(new Date(instalment ? Date.parse(instalment.due_at) + days * DAY_MS + 1000 : Date.now() + 3_600_000));
    },
  },
});

/** Pays a lease's instalments by bank transfer, as an admin records them, in order from `number` on (the first refused stops). */
const payInstalments =
  (from: number, to: number): SystemWay['run'] =>
  async (w, item) => {
    const rows = await w.t.db.kysely
      .selectFrom('lease_instalments')
      .select(['id', 'number', 'buyer_total_cents'])
      .where('lease_id', '=', item.id)
      .where('status', '=', 'due')
      .where('number', '>=', from)
      .where('number', '<=', to)
      .orderBy('number')
      .execute();
    for (const r of rows) {
      const res = await call(w, 'POST', `/api/admin/instalments/${r.id}/payment/`, w.admin, { reference: `BANK-${r.id}`, amount_cents: Number(r.buyer_total_cents) });
      if (res.statusCode !== 200) return;
    }
  };

async function deadlineOf(w: World, item: Item, column: Deadline): Promise<string | null> {
  const row = await w.t.db.kysely
    .selectFrom(tableOf[item.kind] as 'purchase_orders')
    .select(column as 'pay_by')
    .where('id', '=', item.id)
    .executeTakeFirstOrThrow();
  return (row as Record<string, string | null>)[column] ?? null;
}

/**
 * The deadline sweep run at a clock just past the item's deadline for the step; without one, an
 * hour on (every deadline is days away: nothing is due then).
 */
const sweep = (column: Deadline, run: (w: World, at: Date) => Promise<unknown>): Way => ({
  system: {
    reaches: () => true,
    async run(w, item) {
      await keepOthersWaiting(w, item);
      const deadline = await deadlineOf(w, item, column);
      await run(w, new Date(deadline ? Date.parse(deadline) + 1000 : Date.now() + 3_600_000));
    },
  },
});

/** Makes the waiting refunds (of one item, or all) due now, as if their back-off had passed, and runs the worker; the stand-in answers as it is set. */
export async function sendRefundsNow(w: World, item?: Pick<Item, 'kind' | 'id'>): Promise<void> {
  let q = w.t.db.kysely.updateTable('payment_commands').set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() }).where('status', '=', 'pending');
  if (item) q = q.where('item_kind', '=', item.kind).where('item_id', '=', item.id);
  await q.execute();
  await drain(w);
}

const webhook: SystemWay = {
  pays: true,
  reaches: (w) => w.stand !== undefined,
  async run(w, item) {
    if (w.stand) {
      await payByCard(w, item);
      return;
    }
    // Without a card processor there is no webhook to call.
    const res = await deliverWebhook(w.t.app, paidSessionEvent({ id: 'cs_none', amountCents: item.amounts.total, metadata: metadataOf(item), paymentIntent: `pi_none_${item.id}` }));
    expect(res.statusCode).toBe(404);
  },
};

const worker: Way = {
  system: {
    reaches: (w, item) => w.stand !== undefined && item.refund === 'pending',
    async run(w, item) {
      setStandIn(w, 'ok');
      await sendRefundsNow(w, item);
    },
  },
};

const reference = (what: string) => (item: Item) => ({ reference: `${what}-${item.kind}-${item.id}` });
const bankPayment = (item: Item) => ({ reference: `BANK-${item.kind}-${item.id}`, amount_cents: item.amounts.total });
const transferBody = (item: Item) => (item.plan === 'auth_code' ? { method: 'auth_code', auth_code: item.authCode } : { method: 'push', push_account: `acct-${item.id}` });

/**
 * For every step of every flow, how it is taken. Typed by each flow's actions, so a step added to
 * a flow does not compile until it has a way here; the walk then fails on any role its table
 * names that has none.
 */
const ways = {
  order: {
    pay_by_card: party(post((i) => `/api/orders/${i.id}/checkout/`)),
    pay_by_bank_transfer: shown,
    record_payment: { ...admin(post((i) => `/api/admin/orders/${i.id}/payment/`, bankPayment)), system: webhook },
    cancel: party(post((i) => `/api/orders/${i.id}/cancel/`)),
    lapse: sweep('pay_by', (w, at) => w.t.app.services.deals.sweep(at)),
    start_transfer: party(post((i) => `/api/orders/${i.id}/transfer/`, transferBody)),
    transfer_overdue: sweep('transfer_by', (w, at) => w.t.app.services.deals.sweep(at)),
    read_auth_code: party((w, i, token) => call(w, 'GET', `/api/orders/${i.id}/auth-code/`, token)),
    check_dns: party(post((i) => `/api/orders/${i.id}/dns-check/`)),
    confirm: party(post((i) => `/api/orders/${i.id}/confirm/`)),
    auto_confirm: sweep('confirm_by', (w, at) => w.t.app.services.deals.sweep(at)),
    dispute: party(post((i) => `/api/orders/${i.id}/dispute/`, () => ({ reason: 'It is not what was agreed.' }))),
    resolve_release: admin(post((i) => `/api/admin/orders/${i.id}/resolve/`, () => ({ decision: 'release', note: 'Released after review.' }))),
    resolve_refund: admin(post((i) => `/api/admin/orders/${i.id}/resolve/`, () => ({ decision: 'refund', note: 'Refunded after review.' }))),
    record_payout: admin(post((i) => `/api/admin/orders/${i.id}/payout/`, reference('PAYOUT'))),
    record_refund: admin(post((i) => `/api/admin/orders/${i.id}/refund/`, reference('REFUND'))),
    refund_sent: worker,
  } satisfies Record<OrderAction, Way>,
  milestone: {
    // The terms are accepted (here by the freelancer, the client having sent them): the system opens the milestones.
    open: {
      system: {
        reaches: () => true,
        async run(w, item) {
          // Refused (409) once the terms were accepted: the test checks the milestone's state.
          await call(w, 'POST', `/api/engagements/${item.engagementId}/accept/`, w.people.freelancer.token, { terms_version: 1 });
        },
      },
    },
    fund_by_card: party(post((i) => `/api/engagements/milestones/${i.id}/checkout/`)),
    fund_by_bank_transfer: shown,
    record_payment: { ...admin(post((i) => `/api/admin/milestones/${i.id}/payment/`, bankPayment)), system: webhook },
    cancel: party(post((i) => `/api/engagements/milestones/${i.id}/cancel/`)),
    deliver: party(post((i) => `/api/engagements/milestones/${i.id}/deliver/`, () => ({ note: 'Delivered: the files are attached.' }))),
    approve: party(post((i) => `/api/engagements/milestones/${i.id}/approve/`)),
    auto_approve: sweep('approve_by', (w, at) => w.t.app.services.engagements.sweep(at)),
    dispute: party(post((i) => `/api/engagements/milestones/${i.id}/dispute/`, () => ({ reason: 'Not what we agreed.' }))),
    resolve_release: admin(post((i) => `/api/admin/milestones/${i.id}/resolve/`, () => ({ decision: 'release', note: 'Released after review.' }))),
    resolve_refund: admin(post((i) => `/api/admin/milestones/${i.id}/resolve/`, () => ({ decision: 'refund', note: 'Refunded after review.' }))),
    record_payout: admin(post((i) => `/api/admin/milestones/${i.id}/payout/`, reference('PAYOUT'))),
    record_refund: admin(post((i) => `/api/admin/milestones/${i.id}/refund/`, reference('REFUND'))),
    refund_sent: worker,
  } satisfies Record<MilestoneAction, Way>,
  sponsored: {
    pay_by_card: party(post((i) => `/api/domains/sponsored-headlines/orders/${i.id}/checkout/`)),
    pay_by_bank_transfer: shown,
    record_payment: { ...admin(post((i) => `/api/admin/sponsored-orders/${i.id}/payment/`, bankPayment)), system: webhook },
    cancel: party(post((i) => `/api/domains/sponsored-headlines/orders/${i.id}/cancel/`)),
    lapse: sweep('pay_by', (w, at) => w.t.app.services.sponsored.sweep(at)),
  } satisfies Record<SponsoredAction, Way>,
  overpayment: {
    refund: admin(post((i) => `/api/admin/finance/overpayments/${i.id}/refund/`)),
    record_refund: admin(post((i) => `/api/admin/finance/overpayments/${i.id}/record-refund/`, reference('REFUND'))),
    refund_sent: worker,
  } satisfies Record<OverpaymentAction, Way>,
  lease: {
    cancel: party(post((i) => `/api/leases/${i.id}/cancel/`)),
    lapse: sweep('pay_by', (w, at) => w.t.app.services.leases.sweep(at)),
    // The first instalment's payment starts the lease.
    activate: { system: { reaches: () => true, run: payInstalments(1, 1) } },
    pay_off: party(post((i) => `/api/leases/${i.id}/pay-off/`)),
    // The remaining instalments' payments pay it in full (the first is paid on the way already).
    all_paid: { system: { reaches: () => true, run: payInstalments(2, 99) } },
    end: leaseTimer(31),
    start_transfer: party(post((i) => `/api/leases/${i.id}/transfer/`, transferBody)),
    read_auth_code: party((w, i, token) => call(w, 'GET', `/api/leases/${i.id}/auth-code/`, token)),
    check_dns: party(post((i) => `/api/leases/${i.id}/dns-check/`)),
    confirm: party(post((i) => `/api/leases/${i.id}/confirm/`)),
    auto_confirm: sweep('confirm_by', (w, at) => w.t.app.services.leases.sweep(at)),
    dispute: party(post((i) => `/api/leases/${i.id}/dispute/`, () => ({ reason: 'The name does not resolve as agreed.' }))),
    resolve_transfer: admin(post((i) => `/api/admin/leases/${i.id}/resolve/`, () => ({ decision: 'transfer', note: 'Passed after review.' }))),
    resolve_end: admin(post((i) => `/api/admin/leases/${i.id}/resolve/`, () => ({ decision: 'end', note: 'Ended after review.' }))),
  } satisfies Record<LeaseAction, Way>,
  instalment: {
    pay_by_card: party(post((i) => `/api/leases/instalments/${i.id}/checkout/`)),
    pay_by_bank_transfer: shown,
    record_payment: { ...admin(post((i) => `/api/admin/instalments/${i.id}/payment/`, bankPayment)), system: webhook },
    remind: leaseTimer(-6),
    warn: leaseTimer(8),
    miss: leaseTimer(31),
    // The lessee's early payoff replaces the instalments still due.
    waive: {
      system: {
        reaches: () => true,
        async run(w, item) {
          await call(w, 'POST', `/api/leases/${item.leaseId}/pay-off/`, w.people.buyer.token);
        },
      },
    },
    record_payout: admin(post((i) => `/api/admin/instalments/${i.id}/payout/`, reference('PAYOUT'))),
    resolve_refund: admin(post((i) => `/api/admin/instalments/${i.id}/refund/`)),
    record_refund: admin(post((i) => `/api/admin/instalments/${i.id}/record-refund/`, reference('REFUND'))),
    refund_sent: worker,
  } satisfies Record<InstalmentAction, Way>,
};

export function wayOf(kind: EscrowKind, action: string): Way {
  const way = (ways[kind] as Record<string, Way>)[action];
  if (!way) throw new Error(`No way to take ${kind} ${action}: add one to ways in escrow-support.ts`);
  return way;
}

/** Who can reach an item through the parties' routes; anyone else is told it does not exist (404). */
const partyRouteSees: Record<EscrowKind, readonly Who[]> = {
  // An admin opens any order through the parties' routes, as an admin.
  order: ['buyer', 'seller', 'admin'],
  milestone: ['client', 'freelancer'],
  sponsored: ['buyer'],
  overpayment: [],
  // An admin opens any lease (and its instalments) through the parties' routes, as an admin.
  lease: ['buyer', 'seller', 'admin'],
  instalment: ['buyer', 'seller', 'admin'],
};

type Expectation =
  /** The step is taken: `transition` is the flow's row for it. */
  | { ok: true; status: number; transition: AnyTransition }
  /** Refused with this HTTP status (0 for the system: its way simply does nothing). */
  | { ok: false; status: number };

/**
 * What the API must answer when `who` tries `action` on the item in `state`, from the shared
 * table (checkStep) and the routes' rules: an admin route refuses anyone but an admin (403); a
 * parties' route does not show the item to anyone else (404); then a role that never takes the
 * step is refused (403), and one that does, in another state or without the fact it needs (409).
 */
export function expectAttempt(w: World, item: Item, state: string, action: string, who: Who): Expectation {
  const flow = flowOf(item.kind);
  const way = wayOf(item.kind, action);
  const facts = factsOf(w, item);
  if (who === 'system') {
    if (!way.system) throw new Error(`No way for the system to take ${item.kind} ${action}`);
    const check = checkStep(flow, action, state, 'system', facts);
    return check.ok && way.system.reaches(w, item) ? { ok: true, status: 0, transition: check.transition } : { ok: false, status: 0 };
  }
  if (!way.human) throw new Error(`No way for the ${who} to take ${item.kind} ${action}`);
  const route = way.human.route;
  if (route === 'admin' && who !== 'admin') return { ok: false, status: 403 };
  if (route === 'view') {
    if (!viewersOf(item.kind, state).includes(who)) return { ok: false, status: 404 };
  } else {
    // The milestones of terms still under discussion are not found by their routes, by anyone.
    if (item.kind === 'milestone' && state === 'proposed') return { ok: false, status: 404 };
    if (route === 'party' && !partyRouteSees[item.kind].includes(who)) return { ok: false, status: 404 };
  }
  // Past the checks above, `who` is a party or the admin (someone who is neither sees no route of the item).
  const check = checkStep(flow, action, state, who as EscrowRole, facts);
  if (check.ok) return { ok: true, status: 200, transition: check.transition };
  // A page shows the instructions or not; it does not refuse.
  if (route === 'view') return { ok: false, status: 200 };
  return { ok: false, status: check.reason === 'forbidden' ? 403 : 409 };
}

/** Tries the step as `who` the way the table says it is taken; answers the HTTP status (0 for the system) and, for a page, whether it shows the instructions. */
export async function attempt(w: World, item: Item, action: string, who: Who): Promise<{ status: number; shown?: boolean; body?: string }> {
  const way = wayOf(item.kind, action);
  if (who === 'system') {
    await way.system!.run(w, item);
    return { status: 0 };
  }
  if (way.human!.route === 'view') {
    const view = await viewOf(w, item, who);
    return { status: view.status, shown: view.instructions ?? false };
  }
  const res = await way.human!.run!(w, item, tokenOf(w, item, who));
  return { status: res.statusCode, body: res.body };
}

/** What the test learns of an item from a step it saw taken. */
export function learn(w: World, item: Item, transition: AnyTransition, by: Who, modeAtStep: StandInMode): void {
  if (transition.action === 'record_payment' && by === 'system') item.cardPayment = item.lastPayment;
  if (transition.action === 'start_transfer') item.transfer = item.plan;
  if (transition.action === 'check_dns') item.dnsVerified = true;
  if (transition.command === 'refund' && w.stand && item.cardPayment) item.refund = modeAtStep === 'ok' ? 'sent' : modeAtStep === 'failing' ? 'pending' : 'failed';
  if (transition.action === 'refund_sent') item.refund = 'sent';
  if (transition.action === 'record_refund' && item.refund === 'failed') item.refund = 'settled';
}

/** Publishes the transfer's DNS proof (the TXT record the buyer's page shows). */
export async function publishDnsProof(w: World, item: Item): Promise<void> {
  const url = item.kind === 'lease' ? `/api/leases/${item.id}/` : `/api/orders/${item.id}/`;
  const deal = await ok<{ dns_txt: { name: string; value: string } | null }>(w, 'GET', url, w.people.buyer.token);
  if (!deal.dns_txt) throw new Error(`order ${item.id} shows no DNS record`);
  w.published.set(deal.dns_txt.name, [deal.dns_txt.value]);
}

/** The first state of a kind's flow: where a new item starts (the flows write it first). */
export const firstState = (kind: EscrowKind): string => statesOf(flowOf(kind))[0];

// Money ---------------------------------------------------------------------------------------

/** The ledger movement kinds of one item, oldest first. */
export async function movementKinds(w: World, item: Pick<Item, 'kind' | 'id'>): Promise<string[]> {
  const rows = await w.t.db.kysely.selectFrom('ledger_movements').select('kind').where('item_kind', '=', item.kind).where('item_id', '=', item.id).orderBy('id').execute();
  return rows.map((r) => r.kind);
}

export async function commandsOf(w: World, item: Pick<Item, 'kind' | 'id'>) {
  return w.t.db.kysely
    .selectFrom('payment_commands')
    .select(['id', 'status', 'amount_cents', 'payment_reference', 'attempts'])
    .where('item_kind', '=', item.kind)
    .where('item_id', '=', item.id)
    .orderBy('id')
    .execute();
}

/**
 * The ledger movements of a lease's own instalments: a lease's steps taken by payments (the first
 * instalment starts it, the last pays it in full) move its instalments' money, no one else's.
 */
export async function instalmentMovementsOf(w: World, item: Pick<Item, 'kind' | 'id'>): Promise<number> {
  if (item.kind !== 'lease') return 0;
  const row = await w.t.db.kysely
    .selectFrom('ledger_movements as m')
    .innerJoin('lease_instalments as i', 'i.id', 'm.item_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('m.item_kind', '=', 'instalment')
    .where('i.lease_id', '=', item.id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The refunds the card processor's stand-in carried out (answered 200) for one payment. */
export const refundsDone = (w: World, paymentIntent: string) => (w.stand?.refunds() ?? []).filter((c) => c.status === 200 && c.form.payment_intent === paymentIntent);

/**
 * Everything a refused step must leave as it was: the item's state, every ledger movement, every
 * payment command and held payment, and every refund call the card processor received.
 */
export async function moneySnapshot(w: World, item?: Pick<Item, 'kind' | 'id'>) {
  const k = w.t.db.kysely;
  const [state, movements, commands, overpayments] = await Promise.all([
    item ? stateOf(w, item) : null,
    k.selectFrom('ledger_movements').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    k.selectFrom('payment_commands').select(['id', 'status', 'attempts', 'generation']).orderBy('id').execute(),
    k.selectFrom('overpayments').select(['id', 'status']).orderBy('id').execute(),
  ]);
  return { state, movements: Number(movements.n), commands, overpayments, refundCalls: w.stand?.refunds().length ?? 0 };
}
