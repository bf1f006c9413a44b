import {
  apiErrors,
  asCents,
  DAY_MS,
  dealMessages as dm,
  type EscrowRole,
  formatCents,
  formatUtcDateTime,
  orderFlow,
  PAY_WITHIN_DAYS,
  TRANSFER_START_DAYS,
} from '@market/shared';
import type { ZoneWriter } from '../../dns/zones.js';
import { passToBuyer, updateDomain } from '../domains/index.js';
import type { EscrowKindSpec, StepInput } from '../escrow/index.js';
import { theirs } from '../notifications/index.js';
import * as repo from './deals.repository.js';
import type { OrderView } from './deals.repository.js';

const later = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS).toISOString();
export const orderLink = (id: number) => `/orders/${id}`;

/** The times and fields each step of an order sets besides its status. */
function stepPatch(action: string, _o: OrderView, input: StepInput, now: Date): Record<string, unknown> {
  const at = now.toISOString();
  const patch: Record<string, unknown> = { updated_at: at };
  switch (action) {
    case 'record_payment':
      Object.assign(patch, { paid_at: at, transfer_by: later(now, TRANSFER_START_DAYS) });
      // A refund goes back through the card payment.
      if (input.cardPayment) patch.card_payment_id = input.cardPayment;
      break;
    case 'cancel':
    case 'lapse':
      patch.cancelled_at = at;
      break;
    case 'start_transfer':
      patch.transfer_started_at = at;
      break;
    case 'confirm':
    case 'auto_confirm':
    case 'resolve_release':
      patch.confirmed_at = at;
      break;
    case 'record_payout':
      Object.assign(patch, { payout_at: at, completed_at: at });
      break;
    case 'record_refund':
    case 'refund_sent':
      patch.refunded_at = at;
      break;
  }
  return patch;
}

/** What each step tells the party it notifies (the flow says who): the e-mail's subject, in our words and the domain's name only, and the message. */
function noticeText(action: string, role: EscrowRole, o: OrderView, input: StepInput, by: EscrowRole): { subject: string; message: string } {
  const domain = o.domain_unicode;
  const total = formatCents(o.buyer_total_cents);
  const net = formatCents(o.seller_net_cents);
  const settled = (what: string) => `The dispute on ${domain} was settled: ${what}. ${String(input.patch?.resolution_note ?? '')}`.trim();
  const texts: Record<string, Partial<Record<EscrowRole, string>>> = {
    record_payment: {
      buyer: `We received your payment of ${total} for ${domain}; we hold it until you have the domain.`,
      seller: `The buyer paid for ${domain}: please start the transfer within ${TRANSFER_START_DAYS} days.`,
    },
    cancel: {
      buyer: `The order for ${domain} was cancelled by the ${by}.`,
      seller: `The order for ${domain} was cancelled by the ${by}; the domain is listed again.`,
    },
    lapse: {
      buyer: `Your order for ${domain} lapsed: it was not paid within ${PAY_WITHIN_DAYS} days.`,
      seller: `The order for ${domain} lapsed unpaid; the domain is listed again.`,
    },
    start_transfer: {
      buyer: `The seller started the transfer of ${domain}. ${
        input.patch?.transfer_method === 'auth_code' ? 'The authorisation code is on the order page' : `It was pushed to ${theirs(String(input.patch?.push_account ?? ''))}`
      }. Confirm once it is yours.`,
    },
    transfer_overdue: {
      buyer: `The seller did not transfer ${domain} in time: your ${total} is being refunded.`,
      seller: `You did not start the transfer of ${domain} in time: the buyer is refunded and the domain is listed again.`,
    },
    confirm: { seller: `The buyer confirmed receiving ${domain}. Your payout of ${net} is on its way.` },
    auto_confirm: {
      buyer: `The transfer of ${domain} is confirmed by its DNS proof.`,
      seller: `The transfer of ${domain} is confirmed; your payout of ${net} is due.`,
    },
    dispute: {
      buyer: `The ${by} opened a dispute on ${domain}. Our team will decide and tell you both.`,
      seller: `The ${by} opened a dispute on ${domain}. Our team will decide and tell you both.`,
    },
    resolve_release: { buyer: settled('released to the seller'), seller: settled('released to the seller') },
    resolve_refund: { buyer: settled('refunded to the buyer'), seller: settled('refunded to the buyer') },
    record_payout: {
      seller: `We sent your payout of ${net} for ${domain} (reference ${input.reference ?? ''}).`,
      buyer: `The purchase of ${domain} is complete: it is in your portfolio now. Your receipt is on the order page.`,
    },
    record_refund: { buyer: `We refunded ${total} for ${domain} (reference ${input.reference ?? ''}).` },
    refund_sent: { buyer: `We refunded ${total} for ${domain} to your card (reference ${input.reference ?? ''}).` },
  };
  // The subjects name the step; the messages carry a seller's push account and an admin's notes.
  const subjects: Record<string, string> = {
    record_payment: role === 'buyer' ? 'payment received' : 'the buyer paid',
    cancel: 'order cancelled',
    lapse: 'order lapsed',
    start_transfer: 'transfer started',
    transfer_overdue: 'transfer overdue',
    confirm: 'transfer confirmed',
    auto_confirm: 'transfer confirmed',
    dispute: 'dispute opened',
    resolve_release: 'dispute settled',
    resolve_refund: 'dispute settled',
    record_payout: role === 'seller' ? 'payout sent' : 'purchase complete',
    record_refund: 'refund sent',
    refund_sent: 'refund sent',
  };
  const message = texts[action]?.[role];
  const subject = subjects[action];
  if (!message || !subject) throw new Error(`order ${action}: no notice for the ${role}`);
  return { subject: `${domain}: ${subject}`, message };
}

/** Orders as the escrow engine moves them (the order flow in packages/shared says how). */
export function orderSpec(zones: ZoneWriter): EscrowKindSpec<OrderView> {
  return {
    flow: orderFlow,
    table: 'purchase_orders',
    load: (db, id) => repo.findOrder(db, id),
    bySession: async (db, sessionId) => {
      const found = await repo.findOrderByCheckoutSession(db, sessionId);
      return found ? repo.findOrder(db, found.id) : undefined;
    },
    amounts: (o) => ({ total: o.buyer_total_cents, net: o.seller_net_cents, commission: asCents(o.buyer_total_cents - o.seller_net_cents) }),
    provider: (o) => o.provider,
    // A bank payment has none.
    cardPayment: (o) => o.card_payment_id,
    parties: (o) => ({ buyer: o.buyer_id, seller: o.seller_id }),
    liveEvent: (o) => ({ kind: 'order', id: o.id }),
    facts: (o) => ({
      auth_code: o.auth_code_secret !== null,
      dns_verified: o.dns_verified_at !== null,
      dns_unverified: o.dns_token !== null && o.dns_verified_at === null,
    }),
    stepPatch,
    history: (trx, o, to, note, actorId, at) => repo.insertEvent(trx, { order_id: o.id, status: to, note, actor_id: actorId, created_at: at }),
    effects: {
      relist_domain: (trx, o, at) => updateDomain(trx, o.domain_id, { sale_status: 'available', updated_at: at }),
      pass_domain_to_buyer: async (trx, o, at) => {
        await passToBuyer(trx, { domainId: o.domain_id, sellerId: o.seller_id, buyerId: o.buyer_id, orderId: o.id, at });
        // It arrives pending approval: our nameservers stop answering for it until approved again.
        await zones.sync(trx, o.domain_id);
      },
    },
    notice: (action, role, o, input, by) => ({
      ...noticeText(action, role, o, input, by),
      link: orderLink(o.id),
      linkLabel: 'Open the order',
      category: 'order',
      leadId: o.domain_lead_id,
    }),
    label: (o) => `Order #${o.id}, ${o.domain_unicode}`,
    link: (o) => orderLink(o.id),
    holdings: async (db) =>
      (await db.selectFrom('purchase_orders').select(['id', 'status', 'buyer_total_cents', 'seller_net_cents']).execute()).map((o) => {
        const total = asCents(Number(o.buyer_total_cents));
        const net = asCents(Number(o.seller_net_cents));
        return { id: o.id, status: o.status, amounts: { total, net, commission: asCents(total - net) } };
      }),
    nextStepVars: (o) => ({
      domain: o.domain_unicode,
      buyer_total: formatCents(o.buyer_total_cents),
      seller_net: formatCents(o.seller_net_cents),
      reference: o.payment_reference ?? `DM-${o.id}`,
      pay_by: formatUtcDateTime(o.pay_by),
      transfer_by: formatUtcDateTime(o.transfer_by),
      completed_at: formatUtcDateTime(o.completed_at),
      refunded_at: formatUtcDateTime(o.refunded_at),
    }),
    messages: {
      notFound: dm.notFound,
      outOfOrder: dm.outOfOrder,
      forbidden: (roles) => (roles.includes('buyer') ? dm.buyerOnly : roles.includes('seller') ? dm.sellerOnly : apiErrors.permissionDenied),
      amountMismatch: (expected) => dm.amountMismatch(formatCents(expected)),
    },
  };
}
