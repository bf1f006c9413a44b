import {
  asDollars,
  AUTO_CONFIRM_DAYS,
  DAY_MS,
  dealAmounts,
  dealMessages as dm,
  type Deal,
  formatCents,
  type OrderAction,
  orderFlow,
  PAY_WITHIN_DAYS,
  TRANSFER_START_DAYS,
  statesAllowing,
  type StartTransferRequest,
} from '@market/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { ZoneWriter } from '../../dns/zones.js';
import type { Db, Executor } from '../../db/database.js';
import { nowIso } from '../../db/database.js';
import type { TxtLookup } from '../../dns/txt-lookup.js';
import { AppError } from '../../errors.js';
import type { Principal } from '../auth/index.js';
import { type Actor, type DealPaymentProvider, type EscrowEngine, type EscrowFinance, newPaymentReference, SYSTEM } from '../escrow/index.js';
import type { Notice } from '../notifications/index.js';
import type { AuthCodeBox } from './auth-code-box.js';
import * as repo from './deals.repository.js';
import type { OrderView } from './deals.repository.js';
import { presentDeal, type DealRole } from './deals.presenter.js';
import { orderLink, orderSpec } from './order-escrow.js';
import { expectTransferProof, startTransferChange } from './transfer.js';

export interface DealsDeps {
  db: Db;
  /** A completed sale takes the name off our nameservers until it is approved for its buyer. */
  zones: ZoneWriter;
  engine: EscrowEngine;
  finance: EscrowFinance;
  payments: DealPaymentProvider;
  authCodes: AuthCodeBox;
  txt: TxtLookup;
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
  /** Whole dollars, as listing prices and offers are. */
  priceDollars: number;
  /** How the order came about, for its first history line. */
  origin: 'buy-now' | 'accepted-offer';
}

const later = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS).toISOString();

/**
 * Orders from payment to payout. Every step goes through the escrow engine, which checks the order
 * flow, moves the state and the money together and records refunds as commands; this service
 * brings what each step needs of its own (the transfer's details, the DNS proof, the checkout page).
 */
export function createDealsService({ db, zones, engine, finance, payments, authCodes, txt, bankDetails, publicUrl, log }: DealsDeps) {
  const k = db.kysely;
  engine.register(orderSpec(zones));

  function roleOf(order: OrderView, principal: Principal): DealRole | undefined {
    if (order.buyer_id === principal.user.id) return 'buyer';
    if (order.seller_id === principal.user.id) return 'seller';
    if (principal.user.role >= 1) return 'admin';
    return undefined;
  }

  /** The order and the caller's part in it; someone else's order is not found, rather than forbidden: its existence is private too. */
  async function load(principal: Principal, id: number): Promise<{ order: OrderView; actor: Actor & { role: DealRole } }> {
    const order = await repo.findOrder(k, id);
    const role = order ? roleOf(order, principal) : undefined;
    if (!order || !role) throw new AppError('NOT_FOUND', dm.notFound);
    return { order, actor: { role, userId: principal.user.id } };
  }

  /** An order as an admin acts on it from the admin pages, whoever its parties are. */
  async function loadForAdmin(principal: Principal, id: number): Promise<{ order: OrderView; actor: Actor }> {
    return { order: await engine.load<OrderView>('order', id), actor: { role: 'admin', userId: principal.user.id } };
  }

  async function presentMany(orders: OrderView[], roleFor: (o: OrderView) => DealRole, withEvents = false): Promise<Deal[]> {
    const views = await engine.views('order', orders, roleFor);
    return Promise.all(
      orders.map(async (o) => presentDeal(o, withEvents ? await repo.eventsOf(k, o.id) : [], roleFor(o), { bankDetails, view: views.get(o.id)! })),
    );
  }

  async function present(id: number, role: DealRole): Promise<Deal> {
    const order = await engine.load<OrderView>('order', id);
    return (await presentMany([order], () => role, true))[0]!;
  }

  return {
    /** Opens the order of a sale (Buy Now or an accepted offer) inside the caller's transaction. */
    async openOrder(trx: Executor, input: OpenOrderInput, now: Date): Promise<{ order: repo.OrderRow; notices: Notice[] }> {
      const amounts = dealAmounts(asDollars(input.priceDollars));
      const at = now.toISOString();
      const order = await repo.insertOrder(trx, {
        domain_id: input.domainId,
        buyer_id: input.buyerId,
        seller_id: input.sellerId,
        domain_lead_id: input.leadId,
        ...amounts,
        status: orderFlow.initial,
        provider: payments.name,
        payment_reference: newPaymentReference(),
        pay_by: later(now, PAY_WITHIN_DAYS),
        created_at: at,
        updated_at: at,
      });
      const how = input.origin === 'buy-now' ? 'Bought at its Buy Now price' : 'Offer accepted';
      await repo.insertEvent(trx, { order_id: order.id, status: orderFlow.initial, note: how, actor_id: input.buyerId, created_at: at });
      const total = formatCents(amounts.buyer_total_cents);
      const notice = (userId: number, subject: string, message: string): Notice => ({ userId, leadId: input.leadId, category: 'order', subject, message, link: orderLink(order.id), linkLabel: 'Open the order' });
      return {
        order,
        notices: [
          notice(input.buyerId, `Your order for ${input.domainName} is open`, `Your order for ${input.domainName} is open: pay ${total} within ${PAY_WITHIN_DAYS} days.`),
          notice(input.sellerId, `${input.domainName} is sold`, `${input.domainName} is sold for ${formatCents(amounts.price_cents)}, awaiting the buyer's payment.`),
        ],
      };
    },

    /** Which order each accepted lead became, for the negotiation page's link to it. */
    orderIdsOfLeads(leadIds: number[]) {
      return repo.orderIdsOfLeads(k, leadIds);
    },

    async list(principal: Principal) {
      const orders = await repo.ordersOfUser(k, principal.user.id);
      return presentMany(orders, (o) => (o.buyer_id === principal.user.id ? 'buyer' : 'seller'));
    },

    async get(principal: Principal, id: number) {
      const { actor } = await load(principal, id);
      return present(id, actor.role);
    },

    /** Either party, before payment: the domain is listed again. */
    async cancel(principal: Principal, id: number) {
      const { order, actor } = await load(principal, id);
      await engine.step('order', order, 'cancel', actor, { note: `Cancelled by the ${actor.role}` });
      return present(id, actor.role);
    },

    /** The buyer's way to the card processor's checkout page; a new page each time, the newest kept. */
    async checkout(principal: Principal, id: number): Promise<{ url: string }> {
      const { order, actor } = await load(principal, id);
      const byCard = Boolean(payments.checkout) && order.provider !== 'manual';
      try {
        await engine.assertAllowed('order', order, 'pay_by_card', actor);
      } catch (error) {
        // The flow decides first, so that whoever never pays (the seller, an admin) is refused as
        // such (403) on any order; the buyer of an order paid by bank transfer is told how to pay.
        if (!byCard && error instanceof AppError && error.code === 'CONFLICT') throw new AppError('CONFLICT', dm.paidByBankTransfer);
        throw error;
      }
      if (!payments.checkout || !byCard) throw new AppError('CONFLICT', dm.paidByBankTransfer);
      const back = `${publicUrl}${orderLink(id)}`;
      const { url, sessionId } = await payments.checkout(
        { amountCents: order.buyer_total_cents, description: order.domain_unicode, metadata: { order_id: String(order.id) } },
        { success: `${back}?paid=1`, cancel: `${back}?cancelled=1` },
      );
      // Cancelled or lapsed meanwhile: the page is not offered (an abandoned session just expires).
      if (!(await repo.setCheckoutSession(k, id, order.status, sessionId, nowIso()))) {
        await engine.assertAllowed('order', await engine.load('order', id), 'pay_by_card', actor);
      }
      return { url };
    },

    /** Admin: a bank transfer for the order arrived; it must be the order's total. */
    async adminRecordPayment(principal: Principal, id: number, body: { reference: string; amount_cents?: number }) {
      const { order, actor } = await loadForAdmin(principal, id);
      await engine.assertAllowed('order', order, 'record_payment', actor);
      if ((body.amount_cents ?? order.buyer_total_cents) !== order.buyer_total_cents) {
        throw AppError.fields({ amount_cents: [dm.amountMismatch(formatCents(order.buyer_total_cents))] });
      }
      await engine.step('order', order, 'record_payment', actor, { reference: body.reference, note: `Payment ${body.reference}` });
      return present(id, 'admin');
    },

    /** The seller starts the transfer: a push between accounts, or a code only the buyer can read. */
    async startTransfer(principal: Principal, id: number, body: StartTransferRequest) {
      const { order, actor } = await load(principal, id);
      await engine.step('order', order, 'start_transfer', actor, startTransferChange(body, authCodes));
      return present(id, actor.role);
    },

    /** Only the buyer reads the authorisation code, and only once the transfer started. */
    async authCode(principal: Principal, id: number): Promise<{ auth_code: string }> {
      const { order, actor } = await load(principal, id);
      await engine.assertAllowed('order', order, 'read_auth_code', actor);
      return { auth_code: authCodes.open(order.auth_code_secret!) };
    },

    /** Looks for the buyer's TXT record; once it is there, the order confirms itself after a few days. */
    async checkDns(principal: Principal, id: number) {
      const { order, actor } = await load(principal, id);
      await engine.assertAllowed('order', order, 'check_dns', actor);
      const now = new Date();
      const at = now.toISOString();
      await expectTransferProof(txt, order.domain_ascii, order.dns_token, () => repo.updateOrder(k, id, { dns_checked_at: at }));
      await engine.step(
        'order',
        order,
        'check_dns',
        actor,
        { patch: { dns_checked_at: at, dns_verified_at: at, confirm_by: later(now, AUTO_CONFIRM_DAYS), updated_at: at } },
        async (trx) => {
          await repo.insertEvent(trx, { order_id: id, status: order.status, note: dm.dnsVerified, actor_id: principal.user.id, created_at: at });
          const text = `The DNS check of ${order.domain_unicode} passed: the buyer holds it. It confirms itself in ${AUTO_CONFIRM_DAYS} days unless disputed.`;
          const subject = `${order.domain_unicode}: the DNS check passed`;
          return actor.role === 'seller' ? [] : [{ userId: order.seller_id, leadId: order.domain_lead_id, category: 'order', subject, message: text, link: orderLink(id), linkLabel: 'Open the order' }];
        },
      );
      return present(id, actor.role);
    },

    /** The buyer has the domain: the seller's payout is due. */
    async confirm(principal: Principal, id: number) {
      const { order, actor } = await load(principal, id);
      await engine.step('order', order, 'confirm', actor, { note: 'Receipt confirmed by the buyer' });
      return present(id, actor.role);
    },

    /** Either party, from payment until the payout: an admin decides. */
    async dispute(principal: Principal, id: number, reason: string) {
      const { order, actor } = await load(principal, id);
      await engine.step('order', order, 'dispute', actor, {
        note: `Disputed by the ${actor.role}: ${reason}`,
        patch: { dispute_reason: reason, disputed_by: principal.user.id, disputed_from: order.status },
      });
      return present(id, actor.role);
    },

    /** Admin: settles a dispute by refunding the buyer or releasing the funds to the seller. */
    async resolve(principal: Principal, id: number, decision: 'refund' | 'release', note: string) {
      const { order, actor } = await loadForAdmin(principal, id);
      const release = decision === 'release';
      await engine.step('order', order, release ? 'resolve_release' : 'resolve_refund', actor, {
        note: release ? `Released to the seller: ${note}` : `Refunded to the buyer: ${note}`,
        patch: { resolution_note: note },
      });
      return present(id, 'admin');
    },

    /** Admin: the seller's payout was sent; the deal completes and the name passes to the buyer. */
    async recordPayout(principal: Principal, id: number, reference: string) {
      const { order, actor } = await loadForAdmin(principal, id);
      await engine.step('order', order, 'record_payout', actor, { reference, note: `Payout ${reference}` });
      return present(id, 'admin');
    },

    /** Admin: a refund sent by hand (a bank transfer back) has gone to the buyer. */
    async recordRefund(principal: Principal, id: number, reference: string) {
      const { order, actor } = await loadForAdmin(principal, id);
      await engine.step('order', order, 'record_refund', actor, { reference, note: `Refund ${reference}` });
      return present(id, 'admin');
    },

    /**
     * The deadlines: unpaid orders lapse, paid ones whose transfer never started are refunded,
     * transfers proven by DNS confirm themselves. Each order moves in its own conditional step,
     * so two instances sweeping at once move it once.
     */
    async sweep(now = new Date()): Promise<{ lapsed: number; refunded: number; confirmed: number }> {
      const at = now.toISOString();
      const done = { lapsed: 0, refunded: 0, confirmed: 0 };
      const run = async (order: OrderView, action: string, note: string) => {
        try {
          await engine.step('order', order, action, SYSTEM, { note });
          return 1;
        } catch (error) {
          if (error instanceof AppError && error.code === 'CONFLICT') return 0;
          throw error;
        }
      };
      const from = (action: string) => statesAllowing(orderFlow, action as OrderAction);
      for (const order of await repo.overdueOrders(k, from('lapse'), 'pay_by', at)) done.lapsed += await run(order, 'lapse', `Not paid within ${PAY_WITHIN_DAYS} days`);
      for (const order of await repo.overdueOrders(k, from('transfer_overdue'), 'transfer_by', at)) done.refunded += await run(order, 'transfer_overdue', `Transfer not started within ${TRANSFER_START_DAYS} days`);
      for (const order of await repo.overdueOrders(k, from('auto_confirm'), 'confirm_by', at)) {
        done.confirmed += await run(order, 'auto_confirm', `Confirmed by DNS, ${AUTO_CONFIRM_DAYS} days without a dispute`);
      }
      if (done.lapsed || done.refunded || done.confirmed) log.info(done, 'order deadlines applied');
      return done;
    },

    /**
     * Admin's finance page: what is held, due and earned (the ledger), the orders of the filter with
     * the admin's next steps, the payment commands not done and the payments held for a refund. The
     * figures and the orders are read from one snapshot, so they always agree with each other.
     */
    async finance(filter: repo.OrderFilter, limit = 1000) {
      const read = async (trx: Executor) => ({ totals: await finance.totals(trx, filter), orders: await repo.listOrders(trx, filter, limit) });
      const tx = k.transaction();
      const { totals, orders } = await (db.dialect === 'postgres' ? tx.setIsolationLevel('repeatable read') : tx).execute(read);
      return {
        ...totals,
        orders: await presentMany(orders, () => 'admin'),
        commands: await finance.commands(),
        overpayments: await finance.overpayments(),
      };
    },
  };
}

export type DealsService = ReturnType<typeof createDealsService>;
