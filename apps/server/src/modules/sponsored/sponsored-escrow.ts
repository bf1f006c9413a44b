import { apiErrors, asCents, DAY_MS, formatCents, formatUtcDateTime, PAY_WITHIN_DAYS, SPONSORED_PERIOD_DAYS, sponsoredFlow, sponsoredMessages as sm } from '@market/shared';
import type { EscrowKindSpec } from '../escrow/index.js';
import * as repo from './sponsored.repository.js';
import type { SponsoredOrderView } from './sponsored.repository.js';

export const SPONSORED_ORDERS_LINK = '/order-sponsored-headlines?tab=orders';

const amountsOf = (o: { amount_cents: number }) => {
  const total = asCents(Number(o.amount_cents));
  // The marketplace is the payee: the whole amount is its sale.
  return { total, net: total, commission: asCents(0) };
};

/** Sponsored orders as the escrow engine moves them (the sponsored flow in packages/shared says how). */
export function sponsoredSpec(): EscrowKindSpec<SponsoredOrderView> {
  return {
    flow: sponsoredFlow,
    table: 'sponsored_orders',
    load: repo.findOrder,
    bySession: repo.findOrderByCheckoutSession,
    amounts: amountsOf,
    provider: (o) => o.payment_mode,
    cardPayment: (o) => (o.paid_reference?.startsWith('pi_') ? o.paid_reference : null),
    parties: (o) => ({ buyer: o.user_id }),
    stepPatch: (action, _o, input, now) => {
      const at = now.toISOString();
      if (action === 'record_payment') return { paid_at: at, paid_reference: input.cardPayment ?? input.reference ?? null };
      if (action === 'cancel' || action === 'lapse') return { cancelled_at: at };
      return {};
    },
    // The order's page shows its state and headlines; it keeps no history of its own.
    history: async () => undefined,
    effects: {
      /** The headlines run from now for the paid period. */
      start_headlines: async (trx, o, at) => {
        const ends = new Date(Date.parse(at) + SPONSORED_PERIOD_DAYS * DAY_MS).toISOString();
        const items = await repo.itemsOfOrders(trx, [o]);
        await repo.insertHeadlines(
          trx,
          items.map((i) => ({ order_id: o.id, domain_id: i.domain_id, category: i.category, advertisement_price: i.unit_price, starts_at: at, ends_at: ends, created_at: at })),
        );
      },
    },
    notice: (action, _role, o) => ({
      ...(action === 'record_payment'
        ? {
            subject: `Sponsored order #${o.id}: payment received, your headlines are live`,
            message: `Payment of ${formatCents(o.amount_cents)} received for sponsored order #${o.id}: your headlines are live for ${SPONSORED_PERIOD_DAYS} days.`,
          }
        : { subject: `Sponsored order #${o.id} lapsed`, message: `Sponsored order #${o.id} lapsed: it was not paid within ${PAY_WITHIN_DAYS} days.` }),
      link: SPONSORED_ORDERS_LINK,
      linkLabel: 'See your sponsored orders',
      category: 'sponsored',
      leadId: null,
    }),
    label: (o) => `Sponsored order #${o.id}`,
    link: () => SPONSORED_ORDERS_LINK,
    // The orders page is the buyer's; an admin finds the order in Finance.
    adminLink: () => '/BrokerPage?section=finance',
    holdings: async (db) => (await db.selectFrom('sponsored_orders').select(['id', 'status', 'amount_cents']).execute()).map((o) => ({ id: o.id, status: o.status, amounts: amountsOf(o) })),
    nextStepVars: (o) => ({
      amount: formatCents(o.amount_cents),
      reference: o.payment_reference,
      pay_by: formatUtcDateTime(o.pay_by),
      ends_at: formatUtcDateTime(o.paid_at ? new Date(Date.parse(o.paid_at) + SPONSORED_PERIOD_DAYS * DAY_MS).toISOString() : null),
    }),
    messages: {
      notFound: sm.notFound,
      outOfOrder: sm.outOfOrder,
      forbidden: () => apiErrors.permissionDenied,
      amountMismatch: (expected) => `The order's total is ${formatCents(expected)}; record the payment once that amount has arrived.`,
    },
  };
}
