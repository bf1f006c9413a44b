import {
  apiErrors,
  domainCategories,
  SPONSORED_PERIOD_DAYS,
  type SponsoredCategory,
  sponsoredCategories,
  sponsoredMessages as sm,
} from '@market/shared';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { PaymentProvider } from '../../payments/payments.js';
import type { Principal } from '../auth/auth.service.js';
import { type DomainWithOwner, selectWithOwner } from '../domains/domains.repository.js';

export interface CartItemInput {
  domain_ids: number[];
  category: SponsoredCategory;
}

const categoryByName = new Map(sponsoredCategories.map((c) => [c.name, c]));
const cartStatusLabels: Record<string, string> = {
  open: 'Awaiting payment',
  processing: 'Payment in progress',
  ordered: 'Ordered',
};

function categoriesOf(d: DomainWithOwner): SponsoredCategory[] {
  return domainCategories({
    business_status: d.business_status,
    trade_switch: d.trade_switch ? 'Yes' : 'No',
    trade_option: d.trade_option,
    startup_breeders_switch: d.startup_breeders_switch ? 'Yes' : 'No',
  });
}

const sellable = (d: DomainWithOwner) => d.status === 'approved' && d.sale_status === 'available';

export function createSponsoredService(db: Db, payments: PaymentProvider) {
  const k = db.kysely;

  async function runningHeadlines(domainIds: number[], now: string) {
    if (domainIds.length === 0) return [];
    return k
      .selectFrom('sponsored_headlines')
      .select(['domain_id', 'category', 'ends_at'])
      .where('domain_id', 'in', domainIds)
      .where('ends_at', '>', now)
      .execute();
  }

  /** Checks every line against the caller's domains and returns the server's own prices. */
  async function priceItems(principal: Principal, items: CartItemInput[]) {
    const lines = items.filter((i) => i.domain_ids.length > 0);
    if (lines.length === 0) throw AppError.fields({ items: [sm.cartEmpty] });
    const ids = [...new Set(lines.flatMap((l) => l.domain_ids))];
    const domains = await selectWithOwner(k).where('d.id', 'in', ids).execute();
    const byId = new Map(domains.map((d) => [d.id, d]));
    const running = await runningHeadlines(ids, nowIso());
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
        entry.domains.push(d);
      }
      if (!existing) priced.push(entry);
    }
    return priced;
  }

  async function presentCart(cartId: number) {
    const cart = await k.selectFrom('sponsored_carts').selectAll().where('id', '=', cartId).executeTakeFirstOrThrow();
    const items = await k
      .selectFrom('sponsored_cart_items as i')
      .innerJoin('domains as d', 'd.id', 'i.domain_id')
      .select(['i.category', 'i.unit_price', 'd.id as domain_id', 'd.domain_unicode as domain_name'])
      .where('i.cart_id', '=', cartId)
      .orderBy('i.id')
      .execute();
    const groups = sponsoredCategories
      .map((c) => {
        const mine = items.filter((i) => i.category === c.name);
        return {
          name: c.name,
          quantity: mine.length,
          unit_price: c.advertisement_price,
          sub_total: mine.reduce((sum, i) => sum + i.unit_price, 0),
          domains: mine.map((i) => ({ id: i.domain_id, domain_name: i.domain_name })),
        };
      })
      .filter((g) => g.quantity > 0);
    return {
      id: cart.id,
      total_amount: cart.total_amount,
      status: cart.status,
      status_label: cartStatusLabels[cart.status] ?? cart.status,
      category: groups,
      created_at: cart.created_at,
    };
  }

  return {
    paymentMode: () => payments.mode,

    /** The caller's domains that could be sponsored, with their categories and running headlines. */
    async eligible(principal: Principal) {
      const domains = await selectWithOwner(k)
        .where('d.user_id', '=', principal.user.id)
        .where('d.status', '=', 'approved')
        .where('d.sale_status', '=', 'available')
        .orderBy('d.domain_name')
        .limit(5000)
        .execute();
      const running = await runningHeadlines(domains.map((d) => d.id), nowIso());
      return domains
        .map((d) => ({
          id: d.id,
          domain_name: d.domain_unicode,
          business_status: d.business_status,
          seller_price: d.seller_price,
          trade_option: d.trade_switch ? d.trade_option : null,
          categories: categoriesOf(d),
          running: running.filter((r) => r.domain_id === d.id).map((r) => ({ category: r.category, ends_at: r.ends_at })),
        }))
        .filter((d) => d.categories.length > 0);
    },

    async createCart(principal: Principal, items: CartItemInput[]) {
      const priced = await priceItems(principal, items);
      const total = priced.reduce((sum, p) => sum + p.unit_price * p.domains.length, 0);
      const now = nowIso();
      const cartId = await k.transaction().execute(async (trx) => {
        const cart = await trx
          .insertInto('sponsored_carts')
          .values({ user_id: principal.user.id, total_amount: total, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('sponsored_cart_items')
          .values(priced.flatMap((p) => p.domains.map((d) => ({ cart_id: cart.id, domain_id: d.id, category: p.name, unit_price: p.unit_price }))))
          .execute();
        return cart.id;
      });
      return presentCart(cartId);
    },

    /**
     * Places the order once: the cart is claimed first (so a replay or a double click cannot pay
     * twice), then charged, then the headlines start. A failed charge releases the cart.
     */
    async placeOrder(principal: Principal, cartId: number) {
      const cart = await k.selectFrom('sponsored_carts').selectAll().where('id', '=', cartId).executeTakeFirst();
      if (!cart || cart.user_id !== principal.user.id) throw new AppError('NOT_FOUND', apiErrors.notFound);
      const claimed = await k
        .updateTable('sponsored_carts')
        .set({ status: 'processing', updated_at: nowIso() })
        .where('id', '=', cartId)
        .where('status', '=', 'open')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw new AppError('CONFLICT', sm.cartNotOpen);
      const release = () =>
        k.updateTable('sponsored_carts').set({ status: 'open', updated_at: nowIso() }).where('id', '=', cartId).execute();

      const items = await k.selectFrom('sponsored_cart_items').selectAll().where('cart_id', '=', cartId).execute();
      try {
        // The domains may have changed since the cart was made: check again before charging.
        await priceItems(
          principal,
          sponsoredCategories.map((c) => ({ category: c.name, domain_ids: items.filter((i) => i.category === c.name).map((i) => i.domain_id) })),
        );
      } catch (error) {
        await release();
        throw error;
      }
      const charge = await payments.charge({
        amount: cart.total_amount,
        currency: 'USD',
        reference: `sponsored-cart-${cart.id}`,
        description: `Sponsored headlines (${items.length})`,
        userId: principal.user.id,
      });
      if (!charge.ok) {
        await release();
        throw new AppError('CONFLICT', sm.paymentFailed);
      }
      const now = new Date();
      const ends = new Date(now.getTime() + SPONSORED_PERIOD_DAYS * 86_400_000).toISOString();
      const orderId = await k.transaction().execute(async (trx) => {
        const order = await trx
          .insertInto('sponsored_orders')
          .values({
            cart_id: cart.id,
            user_id: principal.user.id,
            total_amount: cart.total_amount,
            status: 'paid',
            payment_mode: payments.mode,
            payment_reference: charge.reference,
            created_at: now.toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('sponsored_headlines')
          .values(
            items.map((i) => ({
              order_id: order.id,
              domain_id: i.domain_id,
              category: i.category,
              advertisement_price: i.unit_price,
              starts_at: now.toISOString(),
              ends_at: ends,
              created_at: now.toISOString(),
            })),
          )
          .execute();
        await trx.updateTable('sponsored_carts').set({ status: 'ordered', updated_at: now.toISOString() }).where('id', '=', cart.id).execute();
        return order.id;
      });
      return { id: orderId, cart_id: cart.id, total_amount: cart.total_amount, status: 'paid', payment_mode: payments.mode, ends_at: ends };
    },

    /** Running headlines of approved, available domains, newest first, for the public pages. */
    async active(limitPerCategory = 100) {
      const now = nowIso();
      const rows = await selectWithOwner(k)
        .innerJoin('sponsored_headlines as h', 'h.domain_id', 'd.id')
        .select(['h.id as headline_id', 'h.category', 'h.advertisement_price', 'h.created_at as headline_created_at', 'h.ends_at'])
        .where('h.starts_at', '<=', now)
        .where('h.ends_at', '>', now)
        .where('d.status', '=', 'approved')
        .where('d.sale_status', '=', 'available')
        .orderBy('h.id', 'desc')
        .limit(limitPerCategory * sponsoredCategories.length)
        .execute();
      const counts = new Map<string, number>();
      return rows.filter((r) => {
        const n = (counts.get(r.category) ?? 0) + 1;
        counts.set(r.category, n);
        return n <= limitPerCategory;
      });
    },

    async orders(principal: Principal) {
      const orders = await k
        .selectFrom('sponsored_orders')
        .selectAll()
        .where('user_id', '=', principal.user.id)
        .orderBy('id', 'desc')
        .limit(200)
        .execute();
      if (orders.length === 0) return [];
      const headlines = await k
        .selectFrom('sponsored_headlines as h')
        .innerJoin('domains as d', 'd.id', 'h.domain_id')
        .select(['h.order_id', 'h.id', 'h.category', 'h.advertisement_price', 'h.starts_at', 'h.ends_at', 'd.domain_unicode as domain_name', 'd.id as domain_id'])
        .where('h.order_id', 'in', orders.map((o) => o.id))
        .orderBy('h.id')
        .execute();
      const now = Date.now();
      return orders.map((o) => ({
        id: o.id,
        total_amount: o.total_amount,
        status: o.status,
        payment_mode: o.payment_mode,
        created_at: o.created_at,
        headlines: headlines
          .filter((h) => h.order_id === o.id)
          .map((h) => ({ ...h, running: Date.parse(h.ends_at) > now })),
      }));
    },
  };
}

export type SponsoredService = ReturnType<typeof createSponsoredService>;
