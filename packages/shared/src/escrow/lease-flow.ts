import { defineFlow } from './flow.js';

/**
 * Lease to own: the buyer (the lessee) pays the price in monthly instalments and controls the
 * name's DNS meanwhile; the seller keeps the registration and cannot change the records or sell
 * the name. The lease holds no money itself: each instalment is an item of its own (below), paid
 * into escrow and released to the seller at once. When the last instalment (or the early payoff)
 * is paid, the transfer runs as in a sale and the name passes to the lessee. An instalment 30 days
 * late ends the lease: DNS control returns to the seller, the name is listed again, and what was
 * paid stays with the seller (less commission), as the terms shown at the start say.
 */
export const leaseFlow = defineFlow({
  kind: 'lease',
  initial: 'awaiting_payment',
  roles: ['buyer', 'seller', 'admin', 'system'],
  progressSteps: ['First instalment', 'Leasing', 'Paid in full', 'Transfer', 'Yours'],
  states: {
    awaiting_payment: {
      label: 'Awaiting the first instalment',
      progress: 0,
      holds: {},
      next: {
        buyer: 'Pay the first instalment of {first_total} by {pay_by}; the name’s DNS is yours to set as soon as it arrives. Unpaid by that date, the lease lapses.',
        seller: 'Waiting for the lessee’s first instalment, due by {pay_by}. The name is off the market meanwhile.',
        admin: 'Record the lessee’s bank transfer of {first_total} (reference {reference}) when it arrives.',
      },
    },
    active: {
      label: 'Leasing',
      progress: 1,
      holds: {},
      next: {
        buyer: 'You control the DNS of {domain}. Next: {next_total} due {next_due}. Pay off the remaining {remaining} at any time. An instalment 30 days late ends the lease: the name returns to the seller and what you paid stays with the seller.',
        seller: 'Leased: the lessee controls the DNS of {domain} and pays {next_total} next on {next_due}. You are paid out after each instalment.',
        admin: 'Record each instalment’s bank transfer when it arrives, and each payout to the seller.',
      },
    },
    paid_off: {
      label: 'Paid in full: transfer due',
      progress: 2,
      holds: {},
      next: {
        buyer: 'Paid in full. Waiting for the seller to start the transfer of {domain}.',
        seller: 'The lessee paid in full: start the transfer of {domain} to them.',
        admin: 'Paid in full. Waiting for the seller to start the transfer.',
      },
    },
    transfer_in_progress: {
      label: 'Transfer in progress',
      progress: 3,
      holds: {},
      next: {
        buyer: 'The seller started the transfer. Once the domain is in your account, confirm it here.',
        seller: 'The transfer started. Waiting for the lessee to confirm receipt.',
        admin: 'Waiting for the lessee to confirm receipt, or for the DNS proof.',
      },
    },
    completed: {
      label: 'Completed',
      progress: 4,
      tone: 'success',
      holds: {},
      next: {
        buyer: 'Completed {completed_at}. {domain} is yours: it is in your portfolio.',
        seller: 'Completed {completed_at}: {domain} has passed to the lessee.',
        admin: 'Completed {completed_at}.',
      },
    },
    ended: {
      label: 'Ended: instalment missed',
      tone: 'warning',
      holds: {},
      next: {
        buyer: 'The lease ended {ended_at}: an instalment was not paid within 30 days. DNS control returned to the seller; the instalments paid stay with the seller, as the terms said.',
        seller: 'The lease ended {ended_at}: DNS control is yours again and {domain} is listed again. The instalments paid are yours, less commission.',
        admin: 'Ended {ended_at}.',
      },
    },
    cancelled: {
      label: 'Cancelled',
      holds: {},
      next: { buyer: 'This lease was cancelled before the first instalment; nothing was paid.', seller: 'This lease was cancelled; the name is listed again.', admin: 'Cancelled before the first instalment.' },
    },
    disputed: {
      label: 'Disputed',
      tone: 'warning',
      holds: {},
      next: {
        buyer: 'Disputed: our team is looking into it and will decide whether the name passes to you or the lease ends, with a note to you both.',
        seller: 'Disputed: our team is looking into it and will decide whether the name passes to the lessee or the lease ends, with a note to you both.',
        admin: 'Pass the name to the lessee or end the lease, with a note both see. A paid instalment may be refunded on its own.',
      },
    },
  },
  actions: {
    cancel: 'Cancel the lease',
    lapse: 'First instalment not paid in time',
    activate: 'First instalment paid: lease started',
    pay_off: 'Pay off the remainder',
    all_paid: 'Paid in full',
    end: 'Instalment 30 days late: lease ended',
    start_transfer: 'Start the transfer',
    read_auth_code: 'Show the authorisation code',
    check_dns: 'Check DNS now',
    confirm: 'I have received the domain',
    auto_confirm: 'Confirmed by the DNS proof',
    dispute: 'Open a dispute',
    resolve_transfer: 'Pass the name to the lessee',
    resolve_end: 'End the lease',
  },
  transitions: [
    { action: 'cancel', from: ['awaiting_payment'], to: 'cancelled', by: ['buyer', 'seller'], does: ['relist_domain', 'close_instalments'], notify: ['buyer', 'seller'] },
    { action: 'lapse', from: ['awaiting_payment'], to: 'cancelled', by: ['system'], does: ['relist_domain', 'close_instalments'], notify: ['buyer', 'seller'] },
    // Taken by the first instalment's payment, in its transaction.
    { action: 'activate', from: ['awaiting_payment'], to: 'active', by: ['system'], does: ['hand_dns_to_lessee'], notify: ['buyer', 'seller'] },
    // The remaining instalments become one, due when the next was.
    { action: 'pay_off', from: ['active'], to: null, by: ['buyer'], notify: ['seller'] },
    // Taken by the last instalment's payment (or the payoff's), in its transaction.
    { action: 'all_paid', from: ['active', 'disputed'], to: 'paid_off', by: ['system'], notify: ['buyer', 'seller'] },
    { action: 'end', from: ['active'], to: 'ended', by: ['system'], does: ['return_dns_to_seller', 'relist_domain', 'close_instalments'], notify: ['buyer', 'seller'] },
    { action: 'start_transfer', from: ['paid_off'], to: 'transfer_in_progress', by: ['seller'], notify: ['buyer'] },
    { action: 'read_auth_code', from: ['transfer_in_progress'], to: null, by: ['buyer'], when: 'auth_code' },
    { action: 'check_dns', from: ['transfer_in_progress'], to: null, by: ['buyer', 'seller'], when: 'dns_unverified' },
    { action: 'confirm', from: ['transfer_in_progress'], to: 'completed', by: ['buyer'], does: ['pass_domain_to_buyer'], notify: ['seller'] },
    { action: 'auto_confirm', from: ['transfer_in_progress'], to: 'completed', by: ['system'], when: 'dns_verified', does: ['pass_domain_to_buyer'], notify: ['buyer', 'seller'] },
    { action: 'dispute', from: ['active', 'paid_off', 'transfer_in_progress'], to: 'disputed', by: ['buyer', 'seller'], notify: ['buyer', 'seller'] },
    // The instalments still due are not owed any more: the name is the lessee's.
    { action: 'resolve_transfer', from: ['disputed'], to: 'completed', by: ['admin'], does: ['waive_instalments', 'pass_domain_to_buyer'], notify: ['buyer', 'seller'] },
    { action: 'resolve_end', from: ['disputed'], to: 'ended', by: ['admin'], does: ['return_dns_to_seller', 'relist_domain', 'close_instalments'], notify: ['buyer', 'seller'] },
  ],
});

/**
 * One instalment of a lease: due on its date, paid by card (a checkout of its own) or by a bank
 * transfer an admin records. Its payment is released at once: the seller's net is payable and the
 * commission earned, in the same step; an admin then records the payout. Reminders (7 days and 1
 * day before) and the warning (7 days late) change nothing but tell the lessee; 30 days late the
 * lease ends and every instalment still due is missed.
 */
export const instalmentFlow = defineFlow({
  kind: 'instalment',
  initial: 'due',
  roles: ['buyer', 'seller', 'admin', 'system'],
  states: {
    due: {
      label: 'Due',
      holds: {},
      next: {
        buyer: 'Pay {amount} by {due_at}.',
        seller: 'Due from the lessee on {due_at}.',
        admin: 'Record the lessee’s bank transfer of {amount} (reference {reference}) when it arrives.',
      },
    },
    paid: {
      label: 'Paid: payout due',
      holds: { payable: 'net' },
      next: { buyer: 'Paid {paid_at}.', seller: 'Paid {paid_at}: your payout of {net} is on its way.', admin: 'Send the seller {net} and record the payout.' },
    },
    paid_out: { label: 'Paid out', tone: 'success', holds: {}, next: { buyer: 'Paid {paid_at}.', seller: 'Paid out: {net}.' } },
    missed: { label: 'Missed', tone: 'warning', holds: {}, next: { buyer: 'Not paid: the lease ended.', seller: 'Not paid: the lease ended.' } },
    waived: { label: 'Not needed', holds: {}, next: { buyer: 'Not needed: paid off early, or the lease was cancelled.', seller: 'Not needed.' } },
    refund_due: {
      label: 'Refund due',
      holds: { refunds_payable: 'total' },
      next: {
        buyer: 'Your {amount} is being refunded.',
        seller: 'The lessee is being refunded this instalment.',
        admin: 'The lessee is owed {amount}: a card payment goes back on its own; send a bank transfer back and record it.',
      },
    },
    refunded: { label: 'Refunded', holds: {}, next: { buyer: 'Refunded {refunded_at}.', seller: 'Refunded to the lessee.' } },
  },
  actions: {
    pay_by_card: 'Pay by card',
    pay_by_bank_transfer: 'Pay by bank transfer',
    record_payment: 'Record the payment',
    remind: 'Reminder sent',
    warn: 'Late: warning sent',
    miss: 'Missed: the lease ended',
    waive: 'Not needed',
    record_payout: 'Record the payout',
    resolve_refund: 'Refund the lessee',
    record_refund: 'Record the refund',
    refund_sent: 'Refund sent by the card processor',
  },
  transitions: [
    { action: 'pay_by_card', from: ['due'], to: null, by: ['buyer'], when: 'card' },
    // Paid outside the app, quoting the reference; an admin records it when it arrives.
    { action: 'pay_by_bank_transfer', from: ['due'], to: null, by: ['buyer'] },
    { action: 'record_payment', from: ['due'], to: 'paid', by: ['admin', 'system'], ledger: ['payment', 'release'], does: ['advance_lease'], notify: ['buyer', 'seller'] },
    { action: 'remind', from: ['due'], to: null, by: ['system'], notify: ['buyer'] },
    { action: 'warn', from: ['due'], to: null, by: ['system'], notify: ['buyer', 'seller'] },
    { action: 'miss', from: ['due'], to: 'missed', by: ['system'], quiet: true },
    { action: 'waive', from: ['due'], to: 'waived', by: ['system'], quiet: true },
    { action: 'record_payout', from: ['paid'], to: 'paid_out', by: ['admin'], ledger: ['payout_sent'], notify: ['seller'] },
    // Released money is held again and owed back to the lessee (an admin's decision in a dispute).
    { action: 'resolve_refund', from: ['paid'], to: 'refund_due', by: ['admin'], ledger: ['reopen', 'refund_owed'], command: 'refund', notify: ['buyer', 'seller'] },
    { action: 'record_refund', from: ['refund_due'], to: 'refunded', by: ['admin'], when: 'by_hand', ledger: ['refund_sent'], notify: ['buyer'] },
    { action: 'refund_sent', from: ['refund_due'], to: 'refunded', by: ['system'], ledger: ['refund_sent'], notify: ['buyer'] },
  ],
});
