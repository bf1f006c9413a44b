import { dealAmounts, type Deal, dealStatusLabels } from '@market/shared';
import { testUser } from '@/testing/test-utils';

/** An order as the API answers it; the viewer (testUser) is the buyer unless `role` says otherwise. */
export function aDeal(overrides: Partial<Deal> & { priceDollars?: number } = {}): Deal {
  const { priceDollars = 4000, ...rest } = overrides;
  const role = rest.role ?? 'buyer';
  const me = { id: testUser.id, first_name: testUser.first_name, last_name: testUser.last_name };
  const other = { id: 99, first_name: 'Sam', last_name: 'Seller' };
  const status = rest.status ?? 'awaiting_payment';
  const amounts = dealAmounts(priceDollars);
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
    provider: 'manual',
    payment_reference: 'DM-ABCD-EFGH',
    ...amounts,
    pay_by: '2025-03-04T10:00:00.000Z',
    paid_at: null,
    transfer_by: null,
    transfer_method: null,
    push_account: null,
    transfer_started_at: null,
    has_auth_code: false,
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
    payment_instructions:
      role === 'buyer' && status === 'awaiting_payment'
        ? { reference: 'DM-ABCD-EFGH', amount_cents: amounts.buyer_total_cents, details: 'Pay to IBAN IE00 TEST 0000 0000 0000 00' }
        : null,
    ...rest,
  };
}
