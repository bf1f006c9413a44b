/** Admin-only numbers and sentences (they live with the feature). */
export const APPROVAL_PAGE_SIZE = 50;
export const BROKER_TABLE_PAGE_SIZE = 10;
export const AUDIT_LOG_LIMIT = 100;
/** The id of Finance's list of payment commands, which rows of items being refunded link to. */
export const PAYMENT_COMMANDS_ANCHOR = 'payment-commands';

export const adminText = {
  roleFixed: 'A SuperAdmin’s role cannot be changed here.',
  roleChangeFailed: 'Role change failed',
  subscriptionChangeFailed: 'Subscription change failed',
  userSaved: 'User updated',
  queueEmpty: 'No domains are waiting for approval.',
  leadTakeFailed: 'Could not take this lead',
  leadTaken: 'Lead taken',
  videoPlayFailed: 'This video cannot be played.',
  amountInvalid: 'Enter the amount received in dollars and cents, like 1050.00.',
  exportFailed: 'The export failed',
  paymentRecorded: 'Payment recorded',
  payoutRecorded: 'Payout recorded',
  refundRecorded: 'Refund recorded',
  disputeResolved: 'Dispute resolved',
  noOrders: 'No order matches these filters.',
  commandRetried: 'Refund sent again',
  overpaymentRefunding: 'Refund on its way',
} as const;
