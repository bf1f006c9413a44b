import { defineFlow } from './flow.js';

/**
 * A freelance milestone: part of the terms under discussion until they are accepted, then paid
 * into escrow by the client, delivered by the freelancer, approved by the client (or after a few
 * days on its own), and paid out. Either party may cancel before delivery (a funded milestone is
 * refunded) or dispute from funding until the payout; an admin then refunds or releases.
 */
export const milestoneFlow = defineFlow({
  kind: 'milestone',
  initial: 'proposed',
  roles: ['client', 'freelancer', 'admin', 'system'],
  states: {
    proposed: { label: 'Proposed', holds: {}, next: { client: 'Part of the terms under discussion.', freelancer: 'Part of the terms under discussion.' } },
    awaiting_funding: {
      label: 'Awaiting funding',
      holds: {},
      next: {
        client: 'Fund it: pay {amount} into escrow.',
        freelancer: 'Waiting for the client to fund it. Start once it is funded.',
        admin: 'Record the client’s bank transfer of {amount} when it arrives.',
      },
    },
    funded: {
      label: 'Funded, held in escrow',
      holds: { escrow: 'total' },
      next: { client: '{amount} is held until you approve the delivery.', freelancer: 'Funded: do the work, then mark it delivered. You receive {net}.' },
    },
    delivered: {
      label: 'Delivered: waiting for approval',
      holds: { escrow: 'total' },
      next: {
        client: 'Approve the delivery or open a dispute by {approve_by}; after that it is approved automatically.',
        freelancer: 'Waiting for the client’s approval (automatic on {approve_by}).',
      },
    },
    approved: {
      label: 'Approved: payout due',
      holds: { payable: 'net' },
      next: {
        client: 'Approved: the freelancer is being paid.',
        freelancer: 'Approved: your payout of {net} is on its way.',
        admin: 'Send the freelancer {net} and record the payout.',
      },
    },
    paid_out: { label: 'Paid out', tone: 'success', holds: {}, next: { client: 'Paid out to the freelancer.', freelancer: 'Paid out: {net}.' } },
    cancelled: { label: 'Cancelled', holds: {}, next: { client: 'Cancelled.', freelancer: 'Cancelled.' } },
    disputed: {
      label: 'Disputed',
      tone: 'warning',
      holds: { escrow: 'total' },
      next: {
        client: 'Disputed: our team decides and tells you both.',
        freelancer: 'Disputed: our team decides and tells you both.',
        admin: 'Refund the client or release to the freelancer, with a note both see.',
      },
    },
    refund_due: {
      label: 'Refund due',
      holds: { refunds_payable: 'total' },
      next: {
        client: 'Your refund of {amount} is on its way.',
        freelancer: 'The client is being refunded.',
        admin: 'The client is owed {amount}: a card payment goes back on its own; send a bank transfer back and record it.',
      },
    },
    refunded: { label: 'Refunded', holds: {}, next: { client: 'Refunded: {amount}.', freelancer: 'Refunded to the client.' } },
  },
  actions: {
    open: 'Terms accepted',
    fund_by_card: 'Pay by card',
    fund_by_bank_transfer: 'Pay by bank transfer',
    record_payment: 'Record the payment',
    cancel: 'Cancel the milestone',
    deliver: 'Mark delivered',
    approve: 'Approve the delivery',
    auto_approve: 'Approved automatically',
    dispute: 'Open a dispute',
    resolve_release: 'Release to the freelancer',
    resolve_refund: 'Refund the client',
    record_payout: 'Record the payout',
    record_refund: 'Record the refund',
    refund_sent: 'Refund sent by the card processor',
  },
  transitions: [
    { action: 'open', from: ['proposed'], to: 'awaiting_funding', by: ['system'], quiet: true },
    { action: 'fund_by_card', from: ['awaiting_funding'], to: null, by: ['client'], when: 'card' },
    // Paid outside the app, quoting the reference; an admin records it when it arrives.
    { action: 'fund_by_bank_transfer', from: ['awaiting_funding'], to: null, by: ['client'] },
    { action: 'record_payment', from: ['awaiting_funding'], to: 'funded', by: ['admin', 'system'], ledger: ['payment'], does: ['unmask_contacts'], notify: ['client', 'freelancer'] },
    { action: 'cancel', from: ['awaiting_funding'], to: 'cancelled', by: ['client', 'freelancer'], notify: ['client', 'freelancer'] },
    { action: 'cancel', from: ['funded'], to: 'refund_due', by: ['client', 'freelancer'], ledger: ['refund_owed'], command: 'refund', notify: ['client', 'freelancer'] },
    { action: 'deliver', from: ['funded'], to: 'delivered', by: ['freelancer'], notify: ['client'] },
    { action: 'approve', from: ['delivered'], to: 'approved', by: ['client'], ledger: ['release'], notify: ['freelancer'] },
    { action: 'auto_approve', from: ['delivered'], to: 'approved', by: ['system'], ledger: ['release'], notify: ['client', 'freelancer'] },
    { action: 'dispute', from: ['funded', 'delivered'], to: 'disputed', by: ['client', 'freelancer'], notify: ['client', 'freelancer'] },
    // Released money is held again while an admin decides.
    { action: 'dispute', from: ['approved'], to: 'disputed', by: ['client', 'freelancer'], ledger: ['reopen'], notify: ['client', 'freelancer'] },
    { action: 'resolve_release', from: ['disputed'], to: 'approved', by: ['admin'], ledger: ['release'], notify: ['client', 'freelancer'] },
    { action: 'resolve_refund', from: ['disputed'], to: 'refund_due', by: ['admin'], ledger: ['refund_owed'], command: 'refund', notify: ['client', 'freelancer'] },
    { action: 'record_payout', from: ['approved'], to: 'paid_out', by: ['admin'], ledger: ['payout_sent'], notify: ['client', 'freelancer'] },
    { action: 'record_refund', from: ['refund_due'], to: 'refunded', by: ['admin'], when: 'by_hand', ledger: ['refund_sent'], notify: ['client'] },
    { action: 'refund_sent', from: ['refund_due'], to: 'refunded', by: ['system'], ledger: ['refund_sent'], notify: ['client'] },
  ],
});
