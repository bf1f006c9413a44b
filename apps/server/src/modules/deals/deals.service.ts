import { randomBytes } from 'node:crypto';
import {
  apiErrors,
  AUTO_CONFIRM_DAYS,
  DAY_MS,
  dealAmounts,
  dealMessages as dm,
  type DealStatus,
  dealStatusLabels,
  disputableDealStatuses,
  formatCents,
  PAY_WITHIN_DAYS,
  type StartTransferRequest,
  TRANSFER_START_DAYS,
  transferMethodLabels,
  transferTxtName,
} from '@market/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/database.js';
import { nowIso } from '../../db/database.js';
import type { TxtLookup } from '../../dns/txt-lookup.js';
import { AppError } from '../../errors.js';
import { writeAudit } from '../../lib/audit-log.js';
import type { Principal } from '../auth/auth.service.js';
import { updateDomain } from '../domains/domains.repository.js';
import { commitWithNotices, type Notice } from '../notifications/notices.js';
import type { AuthCodeBox } from './auth-code-box.js';
import { type CardPaymentOutcome, completeCardPayment } from './card-payment.js';
import * as repo from './deals.repository.js';
import type { OrderView } from './deals.repository.js';
import { presentDeal, type DealRole } from './deals.presenter.js';
import type { DealPaymentProvider } from './payment-provider.js';
import type { CardPayment } from './stripe-payments.js';

export interface DealsDeps {
  db: Db;
  payments: DealPaymentProvider;
  authCodes: AuthCodeBox;
  txt: TxtLookup;
  /** Wakes the mail outbox after a commit that queued e-mail. */
  mailQueued: () => void;
  bankDetails: string;
  /** The site's address: links in e-mails, and where the card processor sends the buyer back. */
  publicUrl: string;
  log: FastifyBaseLogger;
}

export interface OpenOrderInput {
  domainId: number;
  domainName: string;
  buyerId: number;
  sellerId: number;
  leadId: number | null;
  priceDollars: number;
  /** How the order came about, for its first history line. */
  origin: 'buy-now' | 'accepted-offer';
}

const conflict = (message: string) => new AppError('CONFLICT', message);
const later = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS).toISOString();
const orderLink = (id: number) => `/orders/${id}`;

/** A reference a buyer can type into a bank transfer: no 0/O or 1/I to mix up. */
export function newPaymentReference(prefix = 'DM'): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(8);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return `${prefix}-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

export function createDealsService({ db, payments, authCodes, txt, mailQueued, bankDetails, publicUrl, log }: DealsDeps) {
  const k = db.kysely;

  function roleOf(order: OrderView, principal: Principal): DealRole | undefined {
    if (order.buyer_id === principal.user.id) return 'buyer';
    if (order.seller_id === principal.user.id) return 'seller';
    if (principal.user.role >= 1) return 'admin';
    return undefined;
  }

  async function load(principal: Principal, id: number, allowed?: readonly DealRole[]): Promise<{ order: OrderView; role: DealRole }> {
    const order = await repo.findOrder(k, id);
    const role = order ? roleOf(order, principal) : undefined;
    // Someone else's order is not found, rather than forbidden: its existence is private too.
    if (!order || !role) throw new AppError('NOT_FOUND', dm.notFound);
    if (allowed && !allowed.includes(role)) {
      throw new AppError('FORBIDDEN', allowed.includes('buyer') ? dm.buyerOnly : allowed.includes('seller') ? dm.sellerOnly : apiErrors.permissionDenied);
    }
    return { order, role };
  }

  async function present(id: number, role: DealRole) {
    const order = await repo.findOrder(k, id);
    if (!order) throw new AppError('NOT_FOUND', dm.notFound);
    return presentDeal(order, await repo.eventsOf(k, id), role, { bankDetails });
  }

  /** Moves the order or refuses with the state it is in; writes the history line. */
  async function move(
    trx: Executor,
    order: OrderView,
    from: readonly DealStatus[],
    to: DealStatus,
    patch: Parameters<typeof repo.moveOrder>[3],
    event: { actorId: number | null; note?: string | null; now: string },
  ): Promise<void> {
    if (!(await repo.moveOrder(trx, order.id, from, { ...patch, status: to, updated_at: event.now }))) {
      const current = (await repo.findOrder(trx, order.id))?.status as DealStatus | undefined;
      throw conflict(dm.outOfOrder(dealStatusLabels[current ?? (order.status as DealStatus)] ?? order.status));
    }
    await repo.insertEvent(trx, { order_id: order.id, status: to, note: event.note ?? null, actor_id: event.actorId, created_at: event.now });
  }

  function notice(order: Pick<OrderView, 'id' | 'domain_lead_id'>, userId: number, message: string): Notice {
    return { userId, leadId: order.domain_lead_id, category: 'order', message, link: orderLink(order.id), linkLabel: 'Open the order' };
  }

  const commit = (work: (trx: Executor) => Promise<Notice[]>) => commitWithNotices(db, work, { publicUrl, mailQueued });

  async function relist(trx: Executor, domainId: number, now: string) {
    await updateDomain(trx, domainId, { sale_status: 'available', updated_at: now });
  }

  /** Money back to the buyer: through the provider when it can, else due for an admin to send. */
  async function refund(trx: Executor, order: OrderView, from: readonly DealStatus[], actorId: number | null, note: string, now: string) {
    const sent = payments.refund && order.provider === payments.name && order.provider !== 'manual' ? await payments.refund({ kind: 'order', id: order.id, payment_reference: order.payment_reference }) : null;
    if (sent) {
      const { reference } = sent;
      await move(trx, order, from, 'refunded', { refunded_at: now }, { actorId, note, now });
      await repo.insertLedger(trx, { order_id: order.id, kind: 'refund', amount_cents: order.buyer_total_cents, reference, recorded_by: actorId, created_at: now });
    } else {
      await move(trx, order, from, 'refund_due', {}, { actorId, note, now });
    }
    await relist(trx, order.domain_id, now);
  }

  /** The money arrived (an admin's bank record, or the card provider's word); funds are held. */
  async function applyPayment(actor: { id: number | null }, order: OrderView, payment: { reference: string; amountCents: number }, trx: Executor): Promise<Notice[]> {
    if (payment.amountCents !== order.buyer_total_cents) {
      throw AppError.fields({ amount_cents: [dm.amountMismatch(formatCents(order.buyer_total_cents))] });
    }
    const now = new Date();
    const at = now.toISOString();
    await move(trx, order, ['awaiting_payment'], 'paid', { paid_at: at, transfer_by: later(now, TRANSFER_START_DAYS) }, { actorId: actor.id, note: `Payment ${payment.reference}`, now: at });
    await repo.insertLedger(trx, { order_id: order.id, kind: 'payment', amount_cents: order.buyer_total_cents, reference: payment.reference, recorded_by: actor.id, created_at: at });
    return [
      notice(order, order.buyer_id, `We received your payment of ${formatCents(order.buyer_total_cents)} for ${order.domain_unicode}; we hold it until you have the domain.`),
      notice(order, order.seller_id, `The buyer paid for ${order.domain_unicode}: please start the transfer within ${TRANSFER_START_DAYS} days.`),
    ];
  }

  return {
    /** Opens the order of a sale (Buy Now or an accepted offer) inside the caller's transaction. */
    async openOrder(trx: Executor, input: OpenOrderInput, now: Date): Promise<{ order: repo.OrderRow; notices: Notice[] }> {
      const amounts = dealAmounts(input.priceDollars);
      const at = now.toISOString();
      const order = await repo.insertOrder(trx, {
        domain_id: input.domainId,
        buyer_id: input.buyerId,
        seller_id: input.sellerId,
        domain_lead_id: input.leadId,
        // The whole-dollar figures of the first orders, kept filled for older readers.
        price: input.priceDollars,
        commission: Math.round(amounts.commission_cents / 100),
        buyer_total: Math.round(amounts.buyer_total_cents / 100),
        seller_net: Math.round(amounts.seller_net_cents / 100),
        ...amounts,
        status: 'awaiting_payment',
        provider: payments.name,
        payment_reference: newPaymentReference(),
        pay_by: later(now, PAY_WITHIN_DAYS),
        created_at: at,
        updated_at: at,
      });
      const how = input.origin === 'buy-now' ? 'Bought at its Buy Now price' : 'Offer accepted';
      await repo.insertEvent(trx, { order_id: order.id, status: 'awaiting_payment', note: how, actor_id: input.buyerId, created_at: at });
      const total = formatCents(amounts.buyer_total_cents);
      return {
        order,
        notices: [
          notice(order, input.buyerId, `Your order for ${input.domainName} is open: pay ${total} within ${PAY_WITHIN_DAYS} days.`),
          notice(order, input.sellerId, `${input.domainName} is sold for ${formatCents(amounts.price_cents)}, awaiting the buyer's payment.`),
        ],
      };
    },

    /** Which order each accepted lead became, for the negotiation page's link to it. */
    orderIdsOfLeads(leadIds: number[]) {
      return repo.orderIdsOfLeads(k, leadIds);
    },

    async list(principal: Principal) {
      const orders = await repo.ordersOfUser(k, principal.user.id);
      return orders.map((o) => presentDeal(o, [], o.buyer_id === principal.user.id ? 'buyer' : 'seller', { bankDetails }));
    },

    async get(principal: Principal, id: number) {
      const { role } = await load(principal, id);
      return present(id, role);
    },

    /** Either party, before payment: the domain is listed again. */
    async cancel(principal: Principal, id: number) {
      const { order, role } = await load(principal, id, ['buyer', 'seller']);
      await commit(async (trx) => {
        const now = nowIso();
        await move(trx, order, ['awaiting_payment'], 'cancelled', { cancelled_at: now }, { actorId: principal.user.id, note: `Cancelled by the ${role}`, now });
        await relist(trx, order.domain_id, now);
        const other = role === 'buyer' ? order.seller_id : order.buyer_id;
        return [notice(order, other, `The order for ${order.domain_unicode} was cancelled by the ${role}; the domain is listed again.`)];
      });
      return present(id, role);
    },

    applyPayment,

    /** The buyer's way to the card processor's checkout page; a new page each time, the newest kept. */
    async checkout(principal: Principal, id: number): Promise<{ url: string }> {
      const { order } = await load(principal, id, ['buyer']);
      if (order.provider === 'manual' || order.provider !== payments.name || !payments.checkout) throw conflict(dm.paidByBankTransfer);
      if (order.status !== 'awaiting_payment') throw conflict(dm.outOfOrder(dealStatusLabels[order.status as DealStatus] ?? order.status));
      const back = `${publicUrl}${orderLink(id)}`;
      const { url, sessionId } = await payments.checkout(
        { amountCents: order.buyer_total_cents, description: order.domain_unicode, metadata: { order_id: String(order.id) } },
        { success: `${back}?paid=1`, cancel: `${back}?cancelled=1` },
      );
      // Cancelled or lapsed meanwhile: the page is not offered (an abandoned session just expires).
      if (!(await repo.setCheckoutSession(k, id, sessionId, nowIso()))) {
        const current = (await repo.findOrder(k, id))?.status as DealStatus | undefined;
        throw conflict(dm.outOfOrder(dealStatusLabels[current ?? 'cancelled']));
      }
      return { url };
    },

    /** The card processor says a checkout was paid (card-payment.ts: once per event, in the payment's transaction). */
    async cardPaymentCompleted(payment: CardPayment): Promise<CardPaymentOutcome> {
      const bySession = await repo.findOrderByCheckoutSession(k, payment.sessionId);
      const order = await repo.findOrder(k, bySession?.id ?? payment.orderId ?? 0);
      return completeCardPayment({ provider: payments.name, log, commit }, payment, {
        order: order?.provider === payments.name ? order : undefined,
        kind: 'order',
        logKey: 'order',
        async apply(trx, found, reference) {
          const notices = await applyPayment({ id: null }, found, { reference, amountCents: payment.amountCents }, trx);
          // Kept on the order: a refund goes back through this payment.
          await repo.setPaymentReference(trx, found.id, reference);
          return notices;
        },
      });
    },

    /** Admin: a bank transfer for the order arrived. */
    async adminRecordPayment(principal: Principal, id: number, body: { reference: string; amount_cents?: number }) {
      const { order } = await load(principal, id, ['admin']);
      await commit(async (trx) => {
        const notices = await applyPayment(
          { id: principal.user.id },
          order,
          { reference: body.reference, amountCents: body.amount_cents ?? order.buyer_total_cents },
          trx,
        );
        await writeAudit(trx, { actorId: principal.user.id, action: 'order-payment', targetType: 'order', targetId: id, outcome: 'ok', details: { reference: body.reference } });
        return notices;
      });
      return present(id, 'admin');
    },

    /** The seller starts the transfer: a push between accounts, or a code only the buyer can read. */
    async startTransfer(principal: Principal, id: number, body: StartTransferRequest) {
      const { order } = await load(principal, id, ['seller']);
      await commit(async (trx) => {
        const now = nowIso();
        await move(
          trx,
          order,
          ['paid'],
          'transfer_in_progress',
          {
            transfer_method: body.method,
            push_account: body.method === 'push' ? body.push_account : null,
            auth_code_secret: body.method === 'auth_code' ? authCodes.seal(body.auth_code) : null,
            transfer_started_at: now,
            dns_token: randomBytes(16).toString('base64url'),
          },
          // The history says how, never the code itself.
          { actorId: principal.user.id, note: transferMethodLabels[body.method], now },
        );
        const what = body.method === 'auth_code' ? 'The authorisation code is on the order page' : `It was pushed to ${body.push_account}`;
        return [notice(order, order.buyer_id, `The seller started the transfer of ${order.domain_unicode}. ${what}. Confirm once it is yours.`)];
      });
      return present(id, 'seller');
    },

    /** Only the buyer reads the authorisation code, and only once the transfer started. */
    async authCode(principal: Principal, id: number): Promise<{ auth_code: string }> {
      const { order } = await load(principal, id, ['buyer']);
      if (!order.auth_code_secret) throw conflict(dm.outOfOrder(dealStatusLabels[order.status as DealStatus] ?? order.status));
      return { auth_code: authCodes.open(order.auth_code_secret) };
    },

    /** Looks for the buyer's TXT record; once it is there, the order confirms itself after a few days. */
    async checkDns(principal: Principal, id: number) {
      const { order, role } = await load(principal, id, ['buyer', 'seller']);
      if (order.status !== 'transfer_in_progress' || !order.dns_token) {
        throw conflict(dm.outOfOrder(dealStatusLabels[order.status as DealStatus] ?? order.status));
      }
      const name = transferTxtName(order.domain_ascii);
      const found = await txt.lookup(name);
      const verified = found.ok && found.records.some((r) => r.trim() === order.dns_token);
      const now = new Date();
      const at = now.toISOString();
      if (!verified || order.dns_verified_at) {
        await repo.updateOrder(k, id, { dns_checked_at: at });
        if (!verified) throw conflict(dm.dnsNotFound(name));
        return present(id, role);
      }
      await commit(async (trx) => {
        const changed = await repo.moveOrder(trx, id, ['transfer_in_progress'], {
          dns_checked_at: at,
          dns_verified_at: at,
          confirm_by: later(now, AUTO_CONFIRM_DAYS),
          updated_at: at,
        });
        if (!changed) throw conflict(dm.outOfOrder(dealStatusLabels[order.status as DealStatus]));
        await repo.insertEvent(trx, { order_id: id, status: 'transfer_in_progress', note: dm.dnsVerified, actor_id: principal.user.id, created_at: at });
        return [
          notice(order, order.seller_id, `The DNS check of ${order.domain_unicode} passed: the buyer holds it. It confirms itself in ${AUTO_CONFIRM_DAYS} days unless disputed.`),
        ];
      });
      return present(id, role);
    },

    /** The buyer has the domain: the seller's payout is due. */
    async confirm(principal: Principal, id: number) {
      const { order } = await load(principal, id, ['buyer']);
      await commit(async (trx) => {
        const now = nowIso();
        await move(trx, order, ['transfer_in_progress'], 'confirmed', { confirmed_at: now }, { actorId: principal.user.id, note: 'Receipt confirmed by the buyer', now });
        return [notice(order, order.seller_id, `The buyer confirmed receiving ${order.domain_unicode}. Your payout of ${formatCents(order.seller_net_cents)} is on its way.`)];
      });
      return present(id, 'buyer');
    },

    /** Either party, from payment until the payout: an admin decides. */
    async dispute(principal: Principal, id: number, reason: string) {
      const { order, role } = await load(principal, id, ['buyer', 'seller']);
      await commit(async (trx) => {
        const now = nowIso();
        await move(
          trx,
          order,
          disputableDealStatuses,
          'disputed',
          { dispute_reason: reason, disputed_by: principal.user.id, disputed_from: order.status },
          { actorId: principal.user.id, note: `Disputed by the ${role}: ${reason}`, now },
        );
        const other = role === 'buyer' ? order.seller_id : order.buyer_id;
        return [notice(order, other, `The ${role} opened a dispute on ${order.domain_unicode}. Our team will decide and tell you both.`)];
      });
      return present(id, role);
    },

    /** Admin: settles a dispute by refunding the buyer or releasing the funds to the seller. */
    async resolve(principal: Principal, id: number, decision: 'refund' | 'release', note: string) {
      const { order } = await load(principal, id, ['admin']);
      await commit(async (trx) => {
        const now = nowIso();
        if (decision === 'release') {
          await move(trx, order, ['disputed'], 'confirmed', { confirmed_at: now, resolution_note: note }, { actorId: principal.user.id, note: `Released to the seller: ${note}`, now });
        } else {
          await repo.moveOrder(trx, id, ['disputed'], { resolution_note: note });
          await refund(trx, order, ['disputed'], principal.user.id, `Refunded to the buyer: ${note}`, now);
        }
        await writeAudit(trx, { actorId: principal.user.id, action: 'order-resolve', targetType: 'order', targetId: id, outcome: 'ok', details: { decision } });
        const text = decision === 'release' ? 'released to the seller' : 'refunded to the buyer';
        return [order.buyer_id, order.seller_id].map((u) => notice(order, u, `The dispute on ${order.domain_unicode} was settled: ${text}. ${note}`));
      });
      return present(id, 'admin');
    },

    /** Admin: the seller's payout was sent; the commission is earned and the deal completes. */
    async recordPayout(principal: Principal, id: number, reference: string) {
      const { order } = await load(principal, id, ['admin']);
      await commit(async (trx) => {
        const now = nowIso();
        await move(trx, order, ['confirmed'], 'completed', { payout_at: now, completed_at: now }, { actorId: principal.user.id, note: `Payout ${reference}`, now });
        await repo.insertLedger(trx, { order_id: id, kind: 'payout', amount_cents: order.seller_net_cents, reference, recorded_by: principal.user.id, created_at: now });
        await repo.insertLedger(trx, { order_id: id, kind: 'commission', amount_cents: order.commission_cents, reference, recorded_by: principal.user.id, created_at: now });
        await updateDomain(trx, order.domain_id, { sale_status: 'sold', updated_at: now });
        await writeAudit(trx, { actorId: principal.user.id, action: 'order-payout', targetType: 'order', targetId: id, outcome: 'ok', details: { reference } });
        return [
          notice(order, order.seller_id, `We sent your payout of ${formatCents(order.seller_net_cents)} for ${order.domain_unicode} (reference ${reference}).`),
          notice(order, order.buyer_id, `The purchase of ${order.domain_unicode} is complete. Your receipt is on the order page.`),
        ];
      });
      return present(id, 'admin');
    },

    /** Admin: a refund that was due has been sent to the buyer. */
    async recordRefund(principal: Principal, id: number, reference: string) {
      const { order } = await load(principal, id, ['admin']);
      await commit(async (trx) => {
        const now = nowIso();
        await move(trx, order, ['refund_due'], 'refunded', { refunded_at: now }, { actorId: principal.user.id, note: `Refund ${reference}`, now });
        await repo.insertLedger(trx, { order_id: id, kind: 'refund', amount_cents: order.buyer_total_cents, reference, recorded_by: principal.user.id, created_at: now });
        await writeAudit(trx, { actorId: principal.user.id, action: 'order-refund', targetType: 'order', targetId: id, outcome: 'ok', details: { reference } });
        return [notice(order, order.buyer_id, `We refunded ${formatCents(order.buyer_total_cents)} for ${order.domain_unicode} (reference ${reference}).`)];
      });
      return present(id, 'admin');
    },

    /**
     * The deadlines: unpaid orders lapse, paid ones whose transfer never started are refunded,
     * transfers proven by DNS confirm themselves. Each order moves in its own conditional update,
     * so two instances sweeping at once move it once.
     */
    async sweep(now = new Date()): Promise<{ lapsed: number; refunded: number; confirmed: number }> {
      const at = now.toISOString();
      const done = { lapsed: 0, refunded: 0, confirmed: 0 };
      const run = async (view: OrderView, work: (trx: Executor, view: OrderView) => Promise<Notice[]>) => {
        try {
          await commit((trx) => work(trx, view));
          return true;
        } catch (error) {
          if (error instanceof AppError && error.code === 'CONFLICT') return false;
          // The card processor refused or is down: this order waits for the next sweep, the others go on.
          if (error instanceof AppError && error.code === 'UPSTREAM') {
            log.warn({ order: view.id }, 'order deadline not applied: the card processor failed; next sweep tries again');
            return false;
          }
          throw error;
        }
      };
      for (const order of await repo.overdueOrders(k, 'awaiting_payment', 'pay_by', at)) {
        const moved = await run(order, async (trx, view) => {
          await move(trx, view, ['awaiting_payment'], 'cancelled', { cancelled_at: at }, { actorId: null, note: `Not paid within ${PAY_WITHIN_DAYS} days`, now: at });
          await relist(trx, view.domain_id, at);
          return [
            notice(view, view.buyer_id, `Your order for ${view.domain_unicode} lapsed: it was not paid within ${PAY_WITHIN_DAYS} days.`),
            notice(view, view.seller_id, `The order for ${view.domain_unicode} lapsed unpaid; the domain is listed again.`),
          ];
        });
        if (moved) done.lapsed += 1;
      }
      for (const order of await repo.overdueOrders(k, 'paid', 'transfer_by', at)) {
        const moved = await run(order, async (trx, view) => {
          await refund(trx, view, ['paid'], null, `Transfer not started within ${TRANSFER_START_DAYS} days`, at);
          return [
            notice(view, view.buyer_id, `The seller did not transfer ${view.domain_unicode} in time: your ${formatCents(view.buyer_total_cents)} is being refunded.`),
            notice(view, view.seller_id, `You did not start the transfer of ${view.domain_unicode} in time: the buyer is refunded and the domain is listed again.`),
          ];
        });
        if (moved) done.refunded += 1;
      }
      for (const order of await repo.overdueOrders(k, 'transfer_in_progress', 'confirm_by', at)) {
        const moved = await run(order, async (trx, view) => {
          await move(trx, view, ['transfer_in_progress'], 'confirmed', { confirmed_at: at }, { actorId: null, note: `Confirmed by DNS, ${AUTO_CONFIRM_DAYS} days without a dispute`, now: at });
          return [notice(view, view.seller_id, `The transfer of ${view.domain_unicode} is confirmed; your payout is due.`)];
        });
        if (moved) done.confirmed += 1;
      }
      if (done.lapsed || done.refunded || done.confirmed) log.info(done, 'order deadlines applied');
      return done;
    },

    /**
     * Admin's finance page: what is held, due and earned, and the orders behind it, all read
     * from one snapshot so the figures always agree with each other.
     */
    async finance(filter: repo.OrderFilter, limit = 1000) {
      const read = async (trx: Executor) => {
        const totals = await repo.ledgerTotals(trx, filter);
        const orders = await repo.listOrders(trx, filter, limit);
        // The balances are over all time; without a period that is the same sum.
        const all = filter.from || filter.to ? await repo.ledgerTotals(trx) : totals;
        const due = await repo.dueTotals(trx);
        return { totals, orders, all, due };
      };
      const tx = k.transaction();
      const { totals, orders, all, due } = await (db.dialect === 'postgres' ? tx.setIsolationLevel('repeatable read') : tx).execute(read);
      return {
        held_cents: all.payment - all.refund - all.payout - all.commission,
        payouts_due_cents: due.payoutsCents,
        refunds_due_cents: due.refundsCents,
        period: {
          payments_cents: totals.payment,
          refunds_cents: totals.refund,
          payouts_cents: totals.payout,
          commission_cents: totals.commission,
        },
        orders: orders.map((o) => presentDeal(o, [], 'admin', { bankDetails })),
      };
    },
  };
}

export type DealsService = ReturnType<typeof createDealsService>;
