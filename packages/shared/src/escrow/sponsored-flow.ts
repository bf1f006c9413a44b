import { defineFlow } from './flow.js';

/**
 * A sponsored order: the seller buying headlines pays (a bank transfer an admin records, or a card
 * payment the processor confirms); the headlines start when the money arrives and the sale is
 * earned then. Unpaid in time, the order lapses; until paid, its buyer may cancel it.
 */
export const sponsoredFlow = defineFlow({
  kind: 'sponsored',
  initial: 'awaiting_payment',
  roles: ['buyer', 'admin', 'system'],
  states: {
    awaiting_payment: {
      label: 'Awaiting payment',
      holds: {},
      next: {
        buyer: 'Pay {amount} by {pay_by}; your headlines start as soon as the payment arrives.',
        admin: 'Record the bank transfer of {amount} (reference {reference}) when it arrives.',
      },
    },
    paid: { label: 'Paid', holds: {}, next: { buyer: 'Paid: your headlines run until {ends_at}.' } },
    cancelled: { label: 'Cancelled', holds: {}, next: { buyer: 'Cancelled: nothing was charged.' } },
  },
  actions: {
    pay_by_card: 'Pay by card',
    pay_by_bank_transfer: 'Pay by bank transfer',
    record_payment: 'Record the payment',
    cancel: 'Cancel the order',
    lapse: 'Not paid in time',
  },
  transitions: [
    { action: 'pay_by_card', from: ['awaiting_payment'], to: null, by: ['buyer'], when: 'card' },
    // Paid outside the app, quoting the reference; an admin records it when it arrives.
    { action: 'pay_by_bank_transfer', from: ['awaiting_payment'], to: null, by: ['buyer'] },
    { action: 'record_payment', from: ['awaiting_payment'], to: 'paid', by: ['admin', 'system'], ledger: ['payment', 'earned'], does: ['start_headlines'], notify: ['buyer'] },
    { action: 'cancel', from: ['awaiting_payment'], to: 'cancelled', by: ['buyer'] },
    { action: 'lapse', from: ['awaiting_payment'], to: 'cancelled', by: ['system'], notify: ['buyer'] },
  ],
});
