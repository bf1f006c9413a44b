import { z } from 'zod';
import { commissionSplit } from './domains.js';
import { finalStates, orderActions, orderFlow, overpaymentSchema, paymentCommandSchema, stateLabels, statesOf } from './escrow/index.js';
import { asCents, centsSchema, type Dollars, dollarsToCents } from './money.js';

/** An order's states and their labels: the order flow (escrow/order-flow.ts) is the one list. */
export const dealStatuses = statesOf(orderFlow);
export type DealStatus = (typeof dealStatuses)[number];
export const dealStatusLabels: Record<DealStatus, string> = stateLabels(orderFlow);

/** Orders still open: they hold the domain off the market (every state a step still leaves). */
export const openDealStatuses: readonly DealStatus[] = dealStatuses.filter((s) => !finalStates(orderFlow).includes(s));

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Unpaid this long, the order lapses and the domain is listed again. */
export const PAY_WITHIN_DAYS = 3;
/** Paid but no transfer started this long: the buyer is refunded and the domain listed again. */
export const TRANSFER_START_DAYS = 5;
/** After a verified DNS check, no confirmation or dispute this long: confirmed automatically. */
export const AUTO_CONFIRM_DAYS = 5;

export const transferMethods = ['push', 'auth_code'] as const;
export type TransferMethod = (typeof transferMethods)[number];
export const transferMethodLabels: Record<TransferMethod, string> = {
  push: 'Push to the buyer’s account at the same registrar',
  auth_code: 'Authorisation (EPP) code',
};

export const paymentProviders = ['manual', 'stripe'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

/** The DNS name a buyer publishes a TXT record at to prove the domain is theirs now. */
export function transferTxtName(domainAscii: string): string {
  return `_domain-market.${domainAscii}`;
}

/** An order's money, in cents, from a price in whole dollars and the buyer's share of the commission. */
export function dealAmounts(price: Dollars, buyerShare?: number) {
  const split = commissionSplit(dollarsToCents(price), buyerShare);
  return {
    price_cents: asCents(split.price),
    commission_cents: asCents(split.commission),
    buyer_fee_cents: asCents(split.buyerShare),
    seller_fee_cents: asCents(split.sellerShare),
    buyer_total_cents: asCents(split.buyerTotal),
    seller_net_cents: asCents(split.sellerNet),
  };
}


export const dealMessages = {
  notFound: 'Order not found.',
  notParty: 'Only the buyer, the seller or an admin can see this order.',
  buyerOnly: 'Only the buyer can do this.',
  sellerOnly: 'Only the seller can do this.',
  outOfOrder: (label: string) => `This order is ${label.toLowerCase()}: that step is not possible now.`,
  amountMismatch: (expected: string) => `The payment must be exactly ${expected}, the order's total.`,
  authCodeRequired: 'Please enter the authorisation code.',
  authCodeInvalid: 'An authorisation code is 6 to 64 visible characters without spaces.',
  pushAccountRequired: 'Please say which registrar account you pushed the domain to.',
  referenceRequired: 'Please enter the bank reference.',
  reasonRequired: 'Please say what went wrong.',
  noteRequired: 'Please write a note both parties will see.',
  dnsNotFound: (name: string) => `No TXT record with the token was found at ${name} yet. DNS changes can take a while; try again later.`,
  dnsVerified: 'DNS check passed: the domain is in the buyer’s hands.',
  paidByBankTransfer: 'This order is paid by bank transfer: use the reference and bank details shown on the order.',
  cardProcessorDown: 'The card processor did not answer. Please try again in a moment.',
  webhookSignatureInvalid: 'The webhook signature is missing or invalid.',
  webhookTimestampInvalid: 'The webhook event is signed for a time more than 5 minutes from our clock.',
  cardPaymentReturned: 'Payment received: it shows here once the card processor confirms it.',
  cardPaymentCancelled: 'Card payment cancelled: nothing was charged. You can pay whenever you are ready, before the deadline.',
} as const;

// Requests ------------------------------------------------------------------------------------

const trimmed = (max: number) => z.string().trim().max(max);

export const startTransferRequest = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('auth_code'),
    auth_code: z
      .string({ error: dealMessages.authCodeRequired })
      .trim()
      .min(1, dealMessages.authCodeRequired)
      .regex(/^[\x21-\x7e]{6,64}$/, dealMessages.authCodeInvalid),
  }),
  z.object({
    method: z.literal('push'),
    push_account: trimmed(200).min(1, dealMessages.pushAccountRequired),
  }),
]);
export type StartTransferRequest = z.infer<typeof startTransferRequest>;

export const disputeRequest = z.object({ reason: trimmed(2000).min(1, dealMessages.reasonRequired) });
export const bankRecordRequest = z.object({
  reference: trimmed(120).min(1, dealMessages.referenceRequired),
  /** Payments only: what arrived, which must match the order's total. */
  amount_cents: centsSchema.refine((n) => n > 0).optional(),
});
export const resolveDisputeRequest = z.object({
  decision: z.enum(['refund', 'release']),
  note: trimmed(2000).min(1, dealMessages.noteRequired),
});

// Responses -----------------------------------------------------------------------------------

export const dealEventSchema = z.object({
  status: z.enum(dealStatuses),
  status_label: z.string(),
  note: z.string().nullable(),
  created_at: z.string(),
});

export const dealSchema = z.object({
  id: z.number(),
  domain_id: z.number(),
  domain_name: z.string(),
  /** The negotiation an accepted offer came from; null for a Buy Now purchase. */
  domain_lead_id: z.number().nullable(),
  role: z.enum(['buyer', 'seller', 'admin']),
  buyer: z.object({ id: z.number(), first_name: z.string(), last_name: z.string() }),
  seller: z.object({ id: z.number(), first_name: z.string(), last_name: z.string() }),
  status: z.enum(dealStatuses),
  status_label: z.string(),
  provider: z.enum(paymentProviders),
  payment_reference: z.string(),
  price_cents: centsSchema,
  commission_cents: centsSchema,
  buyer_fee_cents: centsSchema,
  seller_fee_cents: centsSchema,
  buyer_total_cents: centsSchema,
  seller_net_cents: centsSchema,
  pay_by: z.string().nullable(),
  paid_at: z.string().nullable(),
  transfer_by: z.string().nullable(),
  transfer_method: z.enum(transferMethods).nullable(),
  push_account: z.string().nullable(),
  transfer_started_at: z.string().nullable(),
  has_auth_code: z.boolean(),
  /** The TXT record the buyer publishes; shown to the buyer only. */
  dns_txt: z.object({ name: z.string(), value: z.string() }).nullable(),
  dns_checked_at: z.string().nullable(),
  dns_verified_at: z.string().nullable(),
  confirm_by: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  payout_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
  dispute_reason: z.string().nullable(),
  resolution_note: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  events: z.array(dealEventSchema),
  /** Bank-transfer instructions, for the buyer while a manual-provider order waits for payment. */
  payment_instructions: z.object({ reference: z.string(), amount_cents: centsSchema, details: z.string() }).nullable(),
  /** What the viewer does next, or waits for, in words. */
  next_step: z.string(),
  /** The steps the viewer may take now; the page offers exactly these. */
  allowed_actions: z.array(z.enum(orderActions)),
});
export type Deal = z.infer<typeof dealSchema>;

/**
 * Admin finance: what the marketplace holds and owes (from the ledger, over all time), what moved
 * in the period asked for, the orders of the filter, the payment commands that are not done, and
 * the card payments that could not be applied.
 */
export const financeSchema = z.object({
  /** Everything held for items: in escrow, payable to sellers and freelancers, refunds payable. */
  held_cents: centsSchema,
  payouts_due_cents: centsSchema,
  refunds_due_cents: centsSchema,
  period: z.object({
    payments_cents: centsSchema,
    refunds_cents: centsSchema,
    payouts_cents: centsSchema,
    commission_cents: centsSchema,
    sponsored_cents: centsSchema,
  }),
  orders: z.array(dealSchema),
  commands: z.array(paymentCommandSchema),
  overpayments: z.array(overpaymentSchema),
});
export type Finance = z.infer<typeof financeSchema>;
