import { defineFlow } from './flow.js';

/**
 * A card payment we could not apply: a second paid checkout for an item already paid, or a payment
 * for an item cancelled meanwhile. The money is held on its own and listed in admin Finance until
 * an admin sends it back through the card processor.
 */
export const overpaymentFlow = defineFlow({
  kind: 'overpayment',
  initial: 'held',
  roles: ['buyer', 'admin', 'system'],
  states: {
    held: { label: 'Held: to be refunded', holds: { escrow: 'total' } },
    refund_due: { label: 'Refund being sent', holds: { refunds_payable: 'total' } },
    refunded: { label: 'Refunded', holds: {} },
  },
  actions: {
    refund: 'Refund it',
    record_refund: 'Record the refund',
    refund_sent: 'Refund sent by the card processor',
  },
  transitions: [
    { action: 'refund', from: ['held'], to: 'refund_due', by: ['admin'], ledger: ['refund_owed'], command: 'refund', notify: ['buyer'] },
    { action: 'record_refund', from: ['refund_due'], to: 'refunded', by: ['admin'], when: 'by_hand', ledger: ['refund_sent'], notify: ['buyer'] },
    { action: 'refund_sent', from: ['refund_due'], to: 'refunded', by: ['system'], ledger: ['refund_sent'], notify: ['buyer'] },
  ],
});
