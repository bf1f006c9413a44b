import { allowedActions, asDollars, dealAmounts, type Deal, dealStatusLabels, type EscrowFacts, formatCents, nextStepText, orderFlow } from '@market/shared';
import { testUser } from '@/testing/test-utils';

/**
 * An order as the API answers it; the viewer (testUser) is the buyer unless `role` says otherwise.
 * Its next steps come from the shared order flow, as the server's do; `facts` says what else the
 * order has (a card checkout, an authorisation code, the DNS proof).
 */
export function aDeal(overrides: Partial<Deal> & { priceDollars?: number; facts?: Partial<EscrowFacts> } = {}): Deal {
  const { priceDollars = 4000, facts = {}, ...rest } = overrides;
  const role = rest.role ?? 'buyer';
  const me = { id: testUser.id, first_name: testUser.first_name, last_name: testUser.last_name };
  const other = { id: 99, first_name: 'Sam', last_name: 'Seller' };
  const status = rest.status ?? 'awaiting_payment';
  const amounts = dealAmounts(asDollars(priceDollars));
  const allowed = allowedActions(orderFlow, status, role, { card: false, by_hand: true, auth_code: false, dns_verified: false, dns_unverified: false, ...facts });
  const when = '1 Mar 2025, 10:00 UTC';
  return {
    id: 7,
    domain_id: 42,
    domain_name: 'bin-order.com',
    domain_lead_id: null,
    role,
    buyer: role === 'seller' ? { ...other, first_name: 'Bea', last_name: 'Buyer' } : me,
    seller: role === 'seller' ? me : other,
    status,
    status_label: dealStatusLabels[status],
    provider: facts.card ? 'stripe' : 'manual',
    payment_reference: 'DM-ABCD-EFGH',
    ...amounts,
    pay_by: '2025-03-04T10:00:00.000Z',
    paid_at: null,
    transfer_by: null,
    transfer_method: null,
    push_account: null,
    transfer_started_at: null,
    has_auth_code: facts.auth_code ?? false,
    dns_txt: null,
    dns_checked_at: null,
    dns_verified_at: null,
    confirm_by: null,
    confirmed_at: null,
    payout_at: null,
    completed_at: null,
    refunded_at: null,
    dispute_reason: null,
    resolution_note: null,
    created_at: '2025-03-01T10:00:00.000Z',
    updated_at: '2025-03-01T10:00:00.000Z',
    events: [{ status: 'awaiting_payment', status_label: dealStatusLabels.awaiting_payment, note: 'Bought at its Buy Now price', created_at: '2025-03-01T10:00:00.000Z' }],
    payment_instructions: allowed.includes('pay_by_bank_transfer')
      ? { reference: 'DM-ABCD-EFGH', amount_cents: amounts.buyer_total_cents, details: 'Pay to IBAN IE00 TEST 0000 0000 0000 00' }
      : null,
    next_step: nextStepText(orderFlow, status, role, {
      domain: 'bin-order.com',
      buyer_total: formatCents(amounts.buyer_total_cents),
      seller_net: formatCents(amounts.seller_net_cents),
      reference: 'DM-ABCD-EFGH',
      pay_by: when,
      transfer_by: when,
      completed_at: when,
      refunded_at: when,
    }),
    allowed_actions: allowed,
    ...rest,
  };
}
