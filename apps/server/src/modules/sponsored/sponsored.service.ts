import {
  apiErrors,
  asDollars,
  DAY_MS,
  dollarsToCents,
  domainCategories,
  formatCents,
  PAY_WITHIN_DAYS,
  type EligibleDomain,
  type SponsoredCart,
  type SponsoredCategory,
  sponsoredCategories,
  sponsoredFlow,
  sponsoredMessages as sm,
  type SponsoredOrderStatus,
  statesAllowing,
} from '@market/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/database.js';
import { nowIso } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { Principal } from '../auth/index.js';
import type { DomainWithOwner } from '../domains/index.js';
import { type Actor, type DealPaymentProvider, type EscrowEngine, newPaymentReference, SYSTEM } from '../escrow/index.js';
import { commitWithNotices, type Notice } from '../notifications/index.js';
import { SPONSORED_ORDERS_LINK, sponsoredSpec } from './sponsored-escrow.js';
import { presentSponsoredCart, presentSponsoredOrder } from './sponsored.presenter.js';
import * as repo from './sponsored.repository.js';

export interface CartItemInput {
  domain_ids: number[];
  category: SponsoredCategory;
}

const categoryByName = new Map(sponsoredCategories.map((c) => [c.name, c]));

export interface SponsoredDeps {
  db: Db;
  engine: EscrowEngine;
  /** The deals' payment provider: bank transfer recorded by an admin, or a card checkout. */
  payments: DealPaymentProvider;
  /** Wakes the mail outbox after a commit that queued e-mail. */
  mailQueued: () => void;
  bankDetails: string;
  publicUrl: string;
  log: FastifyBaseLogger;
}

function categoriesOf(d: DomainWithOwner): SponsoredCategory[] {
  return domainCategories({
    business_status: d.business_status,
    trade_switch: d.trade_switch ? 'Yes' : 'No',
    trade_option: d.trade_option,
    startup_breeders_switch: d.startup_breeders_switch ? 'Yes' : 'No',
  });
}

const sellable = (d: DomainWithOwner) => d.status === 'approved' && d.sale_status === 'available';

export function createSponsoredService({ db, engine, payments, mailQueued, bankDetails, publicUrl, log }: SponsoredDeps) {
  const k = db.kysely;
  engine.register(sponsoredSpec());

  /** Checks every line against the caller's domains and returns the server's own prices. */
  async function priceItems(principal: Principal, items: CartItemInput[]) {
    const lines = items.filter((i) => i.domain_ids.length > 0);
    if (lines.length === 0) throw AppError.fields({ items: [sm.cartEmpty] });
    const ids = [...new Set(lines.flatMap((l) => l.domain_ids))];
    const domains = await repo.domainsByIds(k, ids);
    const byId = new Map(domains.map((d) => [d.id, d]));
    const running = await repo.runningHeadlines(k, ids, nowIso());
    const pending = await repo.pendingItems(k, ids, statesAllowing(sponsoredFlow, 'record_payment'));
    const priced: { name: SponsoredCategory; unit_price: number; domains: DomainWithOwner[] }[] = [];
    for (const line of lines) {
      const category = categoryByName.get(line.category);
      if (!category) throw AppError.fields({ category: ['Unknown category.'] });
      const seen = new Set<number>();
      const existing = priced.find((p) => p.name === category.name);
      const entry = existing ?? { name: category.name, unit_price: category.advertisement_price, domains: [] };
      for (const id of line.domain_ids) {
        const d = byId.get(id);
        if (!d || d.user_id !== principal.user.id || !sellable(d)) throw new AppError('FORBIDDEN', sm.notYourDomain);
        if (seen.has(id) || entry.domains.some((x) => x.id === id)) {
          throw AppError.fields({ domain_ids: [sm.duplicate(d.domain_unicode, category.name)] });
        }
        seen.add(id);
        if (!categoriesOf(d).includes(category.name)) {
          throw AppError.fields({ domain_ids: [sm.notInCategory(d.domain_unicode, category.name)] });
        }
        if (running.some((r) => r.domain_id === id && r.category === category.name)) {
          throw new AppError('CONFLICT', sm.alreadyRunning(d.domain_unicode, category.name));
        }
        if (pending.some((p) => p.domain_id === id && p.category === category.name)) {
          throw new AppError('CONFLICT', sm.alreadyOrdered(d.domain_unicode, category.name));
        }
        entry.domains.push(d);
      }
      if (!existing) priced.push(entry);
    }
    return priced;
  }

  async function presentCart(cartId: number) {
    const cart = await repo.findCart(k, cartId);
    if (!cart) throw new AppError('NOT_FOUND', apiErrors.notFound);
    return presentSponsoredCart(cart, await repo.cartLines(k, cartId));
  }

  async function present(orders: repo.SponsoredOrderView[], forAdmin = false) {
    const items = await repo.itemsOfOrders(k, orders);
    const headlines = await repo.headlinesOfOrders(k, orders.map((o) => o.id));
    const views = await engine.views('sponsored', orders, () => (forAdmin ? 'admin' : 'buyer'));
    return orders.map((o) => presentSponsoredOrder(o, { items, headlines }, { bankDetails, forAdmin, view: views.get(o.id)! }));
  }

  /** The caller's own order; anyone else's is not found. */
  async function loadOwn(principal: Principal, id: number): Promise<{ order: repo.SponsoredOrderView; actor: Actor }> {
    const order = await repo.findOrder(k, id);
    if (!order || order.user_id !== principal.user.id) throw new AppError('NOT_FOUND', sm.notFound);
    return { order, actor: { role: 'buyer', userId: principal.user.id } };
  }

  async function presentOne(id: number, forAdmin = false) {
    const order = await repo.findOrder(k, id);
    if (!order) throw new AppError('NOT_FOUND', sm.notFound);
    return (await present([order], forAdmin))[0]!;
  }

  const commit = (work: (trx: Executor) => Promise<Notice[]>) => commitWithNotices(db, work, { publicUrl, mailQueued });

  const notice = (userId: number, subject: string, message: string): Notice => ({
    userId,
    leadId: null,
    category: 'sponsored',
    subject,
    message,
    link: SPONSORED_ORDERS_LINK,
    linkLabel: 'See your sponsored orders',
  });

  return {
    paymentMode: () => payments.name,

    /** The caller's domains that could be sponsored, with their categories and running headlines. */
    async eligible(principal: Principal): Promise<EligibleDomain[]> {
      const domains = await repo.sellableDomainsOf(k, principal.user.id);
      const running = await repo.runningHeadlines(k, domains.map((d) => d.id), nowIso());
      return domains
        .map((d) => ({
          id: d.id,
          domain_name: d.domain_unicode,
          business_status: d.business_status,
          seller_price: d.seller_price,
          trade_option: d.trade_switch ? d.trade_option : null,
          categories: categoriesOf(d),
          running: running.filter((r) => r.domain_id === d.id).map((r) => ({ category: r.category as SponsoredCategory, ends_at: r.ends_at })),
        }))
        .filter((d) => d.categories.length > 0);
    },

    async createCart(principal: Principal, items: CartItemInput[]): Promise<SponsoredCart> {
      const priced = await priceItems(principal, items);
      const total = priced.reduce((sum, p) => sum + p.unit_price * p.domains.length, 0);
      const now = nowIso();
      const cartId = await k.transaction().execute((trx) =>
        repo.insertCart(
          trx,
          { user_id: principal.user.id, total_amount: total, created_at: now, updated_at: now },
          priced.flatMap((p) => p.domains.map((d) => ({ domain_id: d.id, category: p.name, unit_price: p.unit_price }))),
        ),
      );
      return presentCart(cartId);
    },

    /**
     * Places the order once: the cart is claimed first (so a replay or a double click orders it
     * once), checked again, then the order waits for its payment. The headlines start when it
     * arrives; a cart that fails the check is released.
     */
    async placeOrder(principal: Principal, cartId: number) {
      const cart = await repo.findCart(k, cartId);
      if (!cart || cart.user_id !== principal.user.id) throw new AppError('NOT_FOUND', apiErrors.notFound);
      if (!(await repo.setCartStatus(k, cartId, 'processing', nowIso(), 'open'))) throw new AppError('CART_NOT_OPEN', sm.cartNotOpen);

      const items = await repo.cartItems(k, cartId);
      try {
        // The domains may have changed since the cart was made: check again before ordering.
        await priceItems(
          principal,
          sponsoredCategories.map((c) => ({ category: c.name, domain_ids: items.filter((i) => i.category === c.name).map((i) => i.domain_id) })),
        );
      } catch (error) {
        await repo.setCartStatus(k, cartId, 'open', nowIso());
        throw error;
      }
      const now = new Date();
      const at = now.toISOString();
      let orderId = 0;
      await commit(async (trx) => {
        orderId = await repo.insertOrder(trx, {
          cart_id: cart.id,
          user_id: principal.user.id,
          total_amount: cart.total_amount,
          amount_cents: dollarsToCents(asDollars(cart.total_amount)),
          status: sponsoredFlow.initial,
          payment_mode: payments.name,
          payment_reference: newPaymentReference('SH'),
          pay_by: new Date(now.getTime() + PAY_WITHIN_DAYS * DAY_MS).toISOString(),
          created_at: at,
        });
        await repo.setCartStatus(trx, cart.id, 'ordered', at);
        const how = payments.checkout ? 'by card or bank transfer' : 'by bank transfer';
        const total = formatCents(dollarsToCents(asDollars(cart.total_amount)));
        return [notice(principal.user.id, `Sponsored order #${orderId} placed`, `Sponsored order #${orderId} placed: pay ${total} ${how} within ${PAY_WITHIN_DAYS} days; the headlines start when it arrives.`)];
      });
      return presentOne(orderId);
    },

    /** The owner's way to the card processor's checkout page for an order still waiting for money. */
    async checkout(principal: Principal, id: number): Promise<{ url: string }> {
      const { order, actor } = await loadOwn(principal, id);
      if (!payments.checkout || order.payment_mode !== payments.name) throw new AppError('CONFLICT', sm.awaitingPayment);
      await engine.assertAllowed('sponsored', order, 'pay_by_card', actor);
      const back = `${publicUrl}${SPONSORED_ORDERS_LINK}`;
      const { url, sessionId } = await payments.checkout(
        { amountCents: order.amount_cents, description: `Sponsored headlines, order #${order.id}`, metadata: { sponsored_order_id: String(order.id) } },
        { success: `${back}&paid=${order.id}`, cancel: `${back}&cancelled=${order.id}` },
      );
      if (!(await repo.setCheckoutSession(k, id, order.status, sessionId))) {
        await engine.assertAllowed('sponsored', await engine.load('sponsored', id), 'pay_by_card', actor);
      }
      return { url };
    },

    /** The owner calls off an order not paid yet; its domains can be ordered again. */
    async cancel(principal: Principal, id: number) {
      const { order, actor } = await loadOwn(principal, id);
      await engine.step('sponsored', order, 'cancel', actor, { note: 'Cancelled by its buyer' });
      return presentOne(id);
    },

    /** Admin: the bank transfer for a sponsored order arrived; its headlines start. */
    async adminRecordPayment(principal: Principal, id: number, body: { reference: string; amount_cents?: number }) {
      const order = await engine.load<repo.SponsoredOrderView>('sponsored', id);
      const actor: Actor = { role: 'admin', userId: principal.user.id };
      await engine.assertAllowed('sponsored', order, 'record_payment', actor);
      if ((body.amount_cents ?? order.amount_cents) !== order.amount_cents) {
        throw AppError.fields({ amount_cents: [engine.specOf('sponsored').messages.amountMismatch(order.amount_cents)] });
      }
      await engine.step('sponsored', order, 'record_payment', actor, { reference: body.reference, note: `Payment ${body.reference}` });
      return presentOne(id, true);
    },

    /**
     * The demo seed's payment of its own order (no admin exists yet on a fresh demo): the same
     * step an admin takes, by the system, so the ledger holds it like any other.
     */
    async recordDemoPayment(id: number, reference: string) {
      const order = await engine.load<repo.SponsoredOrderView>('sponsored', id);
      const actor: Actor = { role: 'admin', userId: null };
      await engine.assertAllowed('sponsored', order, 'record_payment', actor);
      await engine.step('sponsored', order, 'record_payment', actor, { reference, note: `Payment ${reference}` });
    },

    /** Admin: sponsored orders, newest first (those waiting for money first to look at). */
    async adminList(status: SponsoredOrderStatus | undefined, limit = 500) {
      return present(await repo.listOrders(k, status, limit), true);
    },

    /** Orders unpaid past their date lapse; their domains can be ordered again. */
    async sweep(now = new Date()): Promise<{ lapsed: number }> {
      let lapsed = 0;
      for (const order of await repo.overdueOrders(k, statesAllowing(sponsoredFlow, 'lapse'), now.toISOString())) {
        try {
          await engine.step('sponsored', order, 'lapse', SYSTEM, { note: `Not paid within ${PAY_WITHIN_DAYS} days` });
          lapsed += 1;
        } catch (error) {
          if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
        }
      }
      if (lapsed) log.info({ lapsed }, 'sponsored orders lapsed unpaid');
      return { lapsed };
    },

    /** Running headlines of approved, available domains, newest first, for the public pages. */
    async active(limitPerCategory = 100) {
      const rows = await repo.activeHeadlines(k, nowIso(), limitPerCategory * sponsoredCategories.length);
      const counts = new Map<string, number>();
      return rows.filter((r) => {
        const n = (counts.get(r.category) ?? 0) + 1;
        counts.set(r.category, n);
        return n <= limitPerCategory;
      });
    },

    async orders(principal: Principal) {
      return present(await repo.ordersOfUser(k, principal.user.id));
    },

    async order(principal: Principal, id: number) {
      const { order } = await loadOwn(principal, id);
      return (await present([order]))[0]!;
    },
  };
}

export type SponsoredService = ReturnType<typeof createSponsoredService>;
