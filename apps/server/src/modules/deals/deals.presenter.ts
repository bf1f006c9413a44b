import {
  type Deal,
  type DealStatus,
  dealStatusLabels,
  type PaymentProviderName,
  type TransferMethod,
  transferTxtName,
} from '@market/shared';
import type { OrderEventRow, OrderView } from './deals.repository.js';

export type DealRole = Deal['role'];

const person = (id: number, first: string, last: string) => ({ id, first_name: first, last_name: last });
const label = (status: string) => dealStatusLabels[status as DealStatus] ?? status;

/**
 * An order as one party (or an admin) sees it. The authorisation code never leaves here (only
 * whether there is one); the DNS record to publish is the buyer's alone; bank instructions go to
 * the buyer while the order waits for their money.
 */
export function presentDeal(
  o: OrderView,
  events: OrderEventRow[],
  role: DealRole,
  options: { bankDetails: string; view: { allowed_actions: string[]; next_step: string } },
): Deal {
  const awaitingBuyer = options.view.allowed_actions.includes('pay_by_bank_transfer');
  return {
    id: o.id,
    domain_id: o.domain_id,
    domain_name: o.domain_unicode,
    domain_lead_id: o.domain_lead_id,
    role,
    buyer: person(o.buyer_id, o.buyer_first_name, o.buyer_last_name),
    seller: person(o.seller_id, o.seller_first_name, o.seller_last_name),
    status: o.status as DealStatus,
    status_label: label(o.status),
    provider: o.provider as PaymentProviderName,
    payment_reference: o.payment_reference ?? `DM-${o.id}`,
    price_cents: o.price_cents,
    commission_cents: o.commission_cents,
    buyer_fee_cents: o.buyer_fee_cents,
    seller_fee_cents: o.seller_fee_cents,
    buyer_total_cents: o.buyer_total_cents,
    seller_net_cents: o.seller_net_cents,
    pay_by: o.pay_by,
    paid_at: o.paid_at,
    transfer_by: o.transfer_by,
    transfer_method: o.transfer_method as TransferMethod | null,
    push_account: o.push_account,
    transfer_started_at: o.transfer_started_at,
    has_auth_code: o.auth_code_secret !== null,
    dns_txt:
      role === 'buyer' && o.dns_token && options.view.allowed_actions.includes('check_dns')
        ? { name: transferTxtName(o.domain_ascii), value: o.dns_token }
        : null,
    dns_checked_at: o.dns_checked_at,
    dns_verified_at: o.dns_verified_at,
    confirm_by: o.confirm_by,
    confirmed_at: o.confirmed_at,
    payout_at: o.payout_at,
    completed_at: o.completed_at,
    refunded_at: o.refunded_at,
    dispute_reason: o.dispute_reason,
    resolution_note: o.resolution_note,
    created_at: o.created_at,
    updated_at: o.updated_at,
    events: events.map((e) => ({ status: e.status as DealStatus, status_label: label(e.status), note: e.note, created_at: e.created_at })),
    payment_instructions: awaitingBuyer
      ? { reference: o.payment_reference ?? `DM-${o.id}`, amount_cents: o.buyer_total_cents, details: options.bankDetails }
      : null,
    next_step: options.view.next_step,
    allowed_actions: options.view.allowed_actions as Deal['allowed_actions'],
  };
}
