import { defineFlow } from './flow.js';

/**
 * A deal that closes (Buy Now, or an accepted offer): the buyer pays into escrow, the seller
 * transfers the domain, the buyer confirms (or the DNS proof does), and the seller is paid; the
 * name then passes to the buyer. Either party may dispute from payment until the payout; an admin
 * refunds the buyer or releases the money to the seller.
 */
export const orderFlow = defineFlow({
  kind: 'order',
  initial: 'awaiting_payment',
  roles: ['buyer', 'seller', 'admin', 'system'],
  progressSteps: ['Payment', 'Funds held', 'Transfer', 'Received', 'Seller paid'],
  states: {
    awaiting_payment: {
      label: 'Awaiting payment',
      progress: 0,
      holds: {},
      next: {
        buyer: 'Pay {buyer_total} by {pay_by}. We hold the money until you confirm you have the domain; the seller is paid only then. Unpaid by that date, the order lapses.',
        seller: 'Waiting for the buyer’s payment, due by {pay_by}. The domain is off the market meanwhile.',
        admin: 'Record the buyer’s bank transfer of {buyer_total} (reference {reference}) when it arrives.',
      },
    },
    paid: {
      label: 'Paid, funds held',
      progress: 2,
      holds: { escrow: 'total' },
      next: {
        buyer: 'Your payment is held safely. Waiting for the seller to start the transfer, by {transfer_by}.',
        seller: 'The buyer’s payment is held. Start the transfer of {domain} by {transfer_by}, or the buyer is refunded and the domain listed again.',
        admin: 'Funds held. Waiting for the seller to start the transfer, by {transfer_by}.',
      },
    },
    transfer_in_progress: {
      label: 'Transfer in progress',
      progress: 3,
      holds: { escrow: 'total' },
      next: {
        buyer: 'The seller started the transfer. Once the domain is in your account, confirm it here.',
        seller: 'The transfer started. Waiting for the buyer to confirm receipt.',
        admin: 'Waiting for the buyer to confirm receipt, or for the DNS proof.',
      },
    },
    confirmed: {
      label: 'Received: payout due',
      progress: 4,
      holds: { payable: 'net' },
      next: {
        buyer: 'The domain is received. The seller’s payout is being sent; then the deal completes.',
        seller: 'The buyer has the domain. Your payout of {seller_net} is being sent.',
        admin: 'Send the seller {seller_net} and record the payout.',
      },
    },
    completed: {
      label: 'Completed',
      progress: 5,
      tone: 'success',
      holds: {},
      next: {
        buyer: 'Completed {completed_at}. {domain} is yours: it is in your portfolio, not listed. Set its price and listing options there; it is listed once our team approves it, as any domain you add.',
        seller: 'Completed {completed_at}: your payout of {seller_net} was sent and {domain} has passed to the buyer. The sale stays under Your sales in your portfolio.',
        admin: 'Completed {completed_at}.',
      },
    },
    cancelled: {
      label: 'Cancelled',
      holds: {},
      next: { buyer: 'This order was cancelled; nothing was paid.', seller: 'This order was cancelled; the domain is listed again.', admin: 'Cancelled before payment.' },
    },
    disputed: {
      label: 'Disputed',
      tone: 'warning',
      holds: { escrow: 'total' },
      next: {
        buyer: 'Disputed: our team is looking into it and will refund you or release the funds to the seller, with a note to you both.',
        seller: 'Disputed: our team is looking into it and will refund the buyer or release the funds to you, with a note to you both.',
        admin: 'Refund the buyer or release the funds to the seller, with a note both see.',
      },
    },
    refund_due: {
      label: 'Refund due',
      holds: { refunds_payable: 'total' },
      next: {
        buyer: 'The deal did not go through: your {buyer_total} is being refunded.',
        seller: 'The deal did not go through: the buyer is being refunded and the domain is listed again.',
        admin: 'The buyer is owed {buyer_total}: a card payment goes back on its own; send a bank transfer back and record it.',
      },
    },
    refunded: {
      label: 'Refunded',
      holds: {},
      next: { buyer: 'Refunded {refunded_at}.', seller: 'Refunded to the buyer {refunded_at}. The domain is listed again.', admin: 'Refunded {refunded_at}.' },
    },
  },
  actions: {
    pay_by_card: 'Pay by card',
    pay_by_bank_transfer: 'Pay by bank transfer',
    record_payment: 'Record the payment',
    cancel: 'Cancel the order',
    lapse: 'Not paid in time',
    start_transfer: 'Start the transfer',
    transfer_overdue: 'Transfer not started in time',
    read_auth_code: 'Show the authorisation code',
    check_dns: 'Check DNS now',
    confirm: 'I have received the domain',
    auto_confirm: 'Confirmed by the DNS proof',
    dispute: 'Open a dispute',
    resolve_release: 'Release to the seller',
    resolve_refund: 'Refund the buyer',
    record_payout: 'Record the payout',
    record_refund: 'Record the refund',
    refund_sent: 'Refund sent by the card processor',
  },
  transitions: [
    { action: 'pay_by_card', from: ['awaiting_payment'], to: null, by: ['buyer'], when: 'card' },
    // Paid outside the app, quoting the reference; an admin records it when it arrives.
    { action: 'pay_by_bank_transfer', from: ['awaiting_payment'], to: null, by: ['buyer'] },
    { action: 'record_payment', from: ['awaiting_payment'], to: 'paid', by: ['admin', 'system'], ledger: ['payment'], notify: ['buyer', 'seller'] },
    { action: 'cancel', from: ['awaiting_payment'], to: 'cancelled', by: ['buyer', 'seller'], does: ['relist_domain'], notify: ['buyer', 'seller'] },
    { action: 'lapse', from: ['awaiting_payment'], to: 'cancelled', by: ['system'], does: ['relist_domain'], notify: ['buyer', 'seller'] },
    { action: 'start_transfer', from: ['paid'], to: 'transfer_in_progress', by: ['seller'], notify: ['buyer'] },
    {
      action: 'transfer_overdue',
      from: ['paid'],
      to: 'refund_due',
      by: ['system'],
      ledger: ['refund_owed'],
      command: 'refund',
      does: ['relist_domain'],
      notify: ['buyer', 'seller'],
    },
    { action: 'read_auth_code', from: ['transfer_in_progress'], to: null, by: ['buyer'], when: 'auth_code' },
    { action: 'check_dns', from: ['transfer_in_progress'], to: null, by: ['buyer', 'seller'], when: 'dns_unverified' },
    { action: 'confirm', from: ['transfer_in_progress'], to: 'confirmed', by: ['buyer'], ledger: ['release'], notify: ['seller'] },
    { action: 'auto_confirm', from: ['transfer_in_progress'], to: 'confirmed', by: ['system'], when: 'dns_verified', ledger: ['release'], notify: ['buyer', 'seller'] },
    { action: 'dispute', from: ['paid', 'transfer_in_progress'], to: 'disputed', by: ['buyer', 'seller'], notify: ['buyer', 'seller'] },
    // Released money is held again while an admin decides.
    { action: 'dispute', from: ['confirmed'], to: 'disputed', by: ['buyer', 'seller'], ledger: ['reopen'], notify: ['buyer', 'seller'] },
    { action: 'resolve_release', from: ['disputed'], to: 'confirmed', by: ['admin'], ledger: ['release'], notify: ['buyer', 'seller'] },
    {
      action: 'resolve_refund',
      from: ['disputed'],
      to: 'refund_due',
      by: ['admin'],
      ledger: ['refund_owed'],
      command: 'refund',
      does: ['relist_domain'],
      notify: ['buyer', 'seller'],
    },
    { action: 'record_payout', from: ['confirmed'], to: 'completed', by: ['admin'], ledger: ['payout_sent'], does: ['pass_domain_to_buyer'], notify: ['buyer', 'seller'] },
    { action: 'record_refund', from: ['refund_due'], to: 'refunded', by: ['admin'], when: 'by_hand', ledger: ['refund_sent'], notify: ['buyer'] },
    { action: 'refund_sent', from: ['refund_due'], to: 'refunded', by: ['system'], ledger: ['refund_sent'], notify: ['buyer'] },
  ],
});
