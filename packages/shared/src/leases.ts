import { z } from 'zod';
import { COMMISSION_BUYER_SHARE, COMMISSION_RATE } from './constants.js';
import { instalmentActions, instalmentStatuses, leaseActions, leaseStatuses } from './escrow/index.js';
import { transferMethods } from './deals.js';
import { asCents, type Cents, centsSchema, formatCents } from './money.js';

/**
 * Lease to own (escrow/lease-flow.ts has the states): a seller offers a name for 3 to 60 monthly
 * instalments, with an optional down payment and an optional yearly rate (simple interest on what
 * is financed, shown as a total). The first instalment carries the down payment and is due at the
 * start; each next one a month later.
 */
export const LEASE_MIN_MONTHS = 3;
export const LEASE_MAX_MONTHS = 60;
/** A yearly rate of at most 30%, in basis points (hundredths of a percent). */
export const LEASE_MAX_RATE_BP = 3000;
/** Reminders before an instalment falls due, in days. */
export const LEASE_REMINDER_DAYS = [7, 1] as const;
/** Days late: a warning to both parties. */
export const LEASE_WARNING_DAYS = 7;
/** Days late: the lease ends. */
export const LEASE_END_DAYS = 30;
/** The first instalment unpaid this long after the start: the lease lapses, the name is listed again. */
export const LEASE_FIRST_PAY_DAYS = 3;

/** The lease terms a seller sets on a domain. */
export interface LeaseTerms {
  months: number;
  down_payment_cents: Cents;
  rate_bp: number;
}

export interface LeaseInstalmentPlan {
  number: number;
  /** The instalment, before the buyer's share of the commission. */
  amount_cents: Cents;
}

export interface LeasePlan {
  price_cents: Cents;
  /** Interest over the whole lease (0 without a rate). */
  interest_cents: Cents;
  /** Everything the lessee pays, before their share of the commission. */
  total_cents: Cents;
  /** Each month's instalment (the first adds the down payment; the last takes the rounding). */
  monthly_cents: Cents;
  instalments: LeaseInstalmentPlan[];
}

/** The whole plan of a lease at a price: interest, total and each instalment, in cents. */
export function leasePlan(priceCents: Cents, terms: LeaseTerms): LeasePlan {
  const financed = priceCents - terms.down_payment_cents;
  const interest = Math.round((financed * terms.rate_bp * terms.months) / (10_000 * 12));
  const spread = financed + interest;
  const monthly = Math.floor(spread / terms.months);
  const instalments: LeaseInstalmentPlan[] = [];
  for (let n = 1; n <= terms.months; n += 1) {
    const last = n === terms.months;
    const amount = (last ? spread - monthly * (terms.months - 1) : monthly) + (n === 1 ? terms.down_payment_cents : 0);
    instalments.push({ number: n, amount_cents: asCents(amount) });
  }
  return { price_cents: priceCents, interest_cents: asCents(interest), total_cents: asCents(priceCents + interest), monthly_cents: asCents(monthly), instalments };
}

/** One instalment's money, split as in a sale: 10% commission, half added for the lessee, half taken from the seller. */
export function instalmentAmounts(amountCents: number) {
  const commission = Math.round(amountCents * COMMISSION_RATE);
  const buyerShare = Math.round(commission * COMMISSION_BUYER_SHARE);
  return {
    amount_cents: asCents(amountCents),
    commission_cents: asCents(commission),
    buyer_total_cents: asCents(amountCents + buyerShare),
    seller_net_cents: asCents(amountCents - (commission - buyerShare)),
  };
}

/** The monthly instalment of a listed name's lease offer; null when it is not offered on lease. */
export function leaseMonthlyOf(d: Parameters<typeof leaseTermsOf>[0]): Cents | null {
  const terms = leaseTermsOf(d);
  return terms ? leasePlan(asCents(d.seller_price * 100), terms).monthly_cents : null;
}

/** The lease terms a domain is offered on (Buy Now names with a price); null when it is not offered on lease. */
export function leaseTermsOf(d: { business_status: string | null; seller_price: number; lease_months: number | null; lease_down_payment_cents: number; lease_rate_bp: number }): LeaseTerms | null {
  if (d.lease_months === null || d.business_status !== 'Buy Now' || d.seller_price <= 0) return null;
  return { months: d.lease_months, down_payment_cents: asCents(d.lease_down_payment_cents), rate_bp: d.lease_rate_bp };
}

/** An offer in instalments, as the negotiation shows it: "in 12 monthly instalments of $4,166.66 ($50,000 in all)". */
export function leaseOfferLine(plan: Pick<LeasePlan, 'monthly_cents' | 'total_cents' | 'instalments'>, terms: LeaseTerms): string {
  const down = terms.down_payment_cents > 0 ? `, ${formatCents(terms.down_payment_cents)} down with the first` : '';
  return `in ${plan.instalments.length} monthly instalments of ${formatCents(plan.monthly_cents)}${down} (${formatCents(plan.total_cents)} in all)`;
}

/** "or $X a month", as landing pages, search rows and headlines say it; '' without lease terms. */
export function leaseMonthlyLine(monthlyCents: number | null | undefined): string {
  return monthlyCents ? `or ${formatCents(asCents(monthlyCents))} a month` : '';
}

/** The next month's date of `iso` (the same day; the month's last day when it has fewer). */
export function addMonths(iso: string, months: number): string {
  const d = new Date(iso);
  const day = d.getUTCDate();
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString();
}

/** What the terms say happens, shown before the lease starts and on it throughout. */
export function leaseTermsText(plan: Pick<LeasePlan, 'total_cents'>, months: number): string[] {
  return [
    `${months} monthly instalments, ${formatCents(plan.total_cents)} in all before our fee; the first is due at the start, each next one a month later.`,
    'While the lease runs you control the name’s DNS through our nameservers; the seller keeps the registration and cannot sell the name or change its records.',
    `Reminders come ${LEASE_REMINDER_DAYS.join(' and ')} days before each instalment; ${LEASE_WARNING_DAYS} days late, a warning.`,
    `An instalment ${LEASE_END_DAYS} days late ends the lease: DNS control returns to the seller, the name is listed again, and the instalments paid stay with the seller (less our commission). They are not refunded.`,
    'You may pay off the remainder at any time. Once everything is paid, the seller transfers the name to you as in a sale.',
  ];
}

export const leaseMessages = {
  notFound: 'Lease not found.',
  instalmentNotFound: 'Instalment not found.',
  buyerOnly: 'Only the lessee can do this.',
  sellerOnly: 'Only the seller can do this.',
  outOfOrder: (label: string) => `This lease is ${label.toLowerCase()}: that step is not possible now.`,
  instalmentOutOfOrder: (label: string) => `This instalment is ${label.toLowerCase()}: that step is not possible now.`,
  amountMismatch: (expected: string) => `The payment must be exactly ${expected}, the instalment's total.`,
  notOffered: 'This name is not offered on lease.',
  ownDomain: 'You cannot lease your own domain.',
  notAvailable: 'This name is no longer available.',
  notNext: 'Pay the earliest instalment due first.',
  leased: 'This name is leased: its DNS is the lessee’s to set, and it cannot be sold until the lease ends.',
  noPrice: 'Set a Buy Now price first: the instalments are computed from it.',
  downPaymentTooHigh: 'The down payment must be less than the price.',
  paidByBankTransfer: 'This lease is paid by bank transfer: use the reference and bank details shown on the lease.',
  offerNotOnLease: 'This name is not offered on lease: make an offer paid at once.',
  offerBelowDownPayment: (down: string) => `An offer in instalments must be more than the down payment of ${down}.`,
} as const;

// Requests ------------------------------------------------------------------------------------

/** PUT /api/domains/{id}/lease-terms/: the seller offers the name on lease (or stops). */
export const leaseTermsRequest = z.object({
  enabled: z.boolean(),
  months: z.number().int().min(LEASE_MIN_MONTHS).max(LEASE_MAX_MONTHS).default(12),
  down_payment_cents: z.number().int().min(0).default(0),
  rate_bp: z.number().int().min(0).max(LEASE_MAX_RATE_BP).default(0),
});
export type LeaseTermsRequest = z.input<typeof leaseTermsRequest>;

/** POST /api/leases/: the buyer starts a lease of a name at its Buy Now price. */
export const startLeaseRequest = z.object({ domain_id: z.number().int().positive() });

/** POST /api/admin/leases/{id}/resolve/: a disputed lease ends, or the name passes to the lessee. */
export const resolveLeaseRequest = z.object({
  decision: z.enum(['transfer', 'end']),
  note: z.string().trim().max(2000).min(1, 'Please write a note both parties will see.'),
});

// Answers -------------------------------------------------------------------------------------

/** The lease terms a negotiation offer in instalments was made on, with its plan. */
export const offerLeaseSchema = z.object({
  months: z.number(),
  down_payment_cents: centsSchema,
  rate_bp: z.number(),
  monthly_cents: centsSchema,
  total_cents: centsSchema,
  /** "in 12 monthly instalments of $X ($Y in all)" */
  line: z.string(),
});
export type OfferLease = z.infer<typeof offerLeaseSchema>;

/** The plan of an offer of `amountDollars` in instalments on `terms`, as negotiation entries carry it. */
export function offerLease(amountDollars: number, terms: LeaseTerms): OfferLease {
  const plan = leasePlan(asCents(amountDollars * 100), terms);
  return { ...terms, monthly_cents: plan.monthly_cents, total_cents: plan.total_cents, line: leaseOfferLine(plan, terms) };
}

export const leaseOfferSchema = z.object({
  domain_id: z.number(),
  enabled: z.boolean(),
  months: z.number().nullable(),
  down_payment_cents: centsSchema,
  rate_bp: z.number(),
  /** Null without a Buy Now price or lease terms. */
  monthly_cents: centsSchema.nullable(),
  interest_cents: centsSchema,
  total_cents: centsSchema.nullable(),
  monthly_line: z.string(),
  terms: z.array(z.string()),
});
export type LeaseOffer = z.infer<typeof leaseOfferSchema>;

export const instalmentSchema = z.object({
  id: z.number(),
  number: z.number(),
  /** The early payoff of the remainder, in place of the instalments still due. */
  payoff: z.boolean(),
  status: z.enum(instalmentStatuses),
  status_label: z.string(),
  amount_cents: centsSchema,
  buyer_total_cents: centsSchema,
  seller_net_cents: centsSchema,
  commission_cents: centsSchema,
  due_at: z.string(),
  paid_at: z.string().nullable(),
  payout_at: z.string().nullable(),
  warned_at: z.string().nullable(),
  payment_reference: z.string(),
  next_step: z.string(),
  allowed_actions: z.array(z.enum(instalmentActions)),
});
export type Instalment = z.infer<typeof instalmentSchema>;

const person = z.object({ id: z.number(), first_name: z.string(), last_name: z.string() });

export const leaseSchema = z.object({
  id: z.number(),
  domain_id: z.number(),
  domain_name: z.string(),
  role: z.enum(['buyer', 'seller', 'admin']),
  buyer: person,
  seller: person,
  status: z.enum(leaseStatuses),
  status_label: z.string(),
  provider: z.string(),
  price_cents: centsSchema,
  total_cents: centsSchema,
  months: z.number(),
  down_payment_cents: centsSchema,
  rate_bp: z.number(),
  paid_cents: centsSchema,
  remaining_cents: centsSchema,
  /** The earliest instalment still due, if any. */
  next_instalment_id: z.number().nullable(),
  terms: z.array(z.string()),
  /** The viewer sets the name's DNS records now (the lessee while the lease runs). */
  can_set_dns: z.boolean(),
  instalments: z.array(instalmentSchema),
  transfer_method: z.enum(transferMethods).nullable(),
  push_account: z.string().nullable(),
  dns_txt: z.object({ name: z.string(), value: z.string() }).nullable(),
  dns_verified_at: z.string().nullable(),
  dispute_reason: z.string().nullable(),
  resolution_note: z.string().nullable(),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  created_at: z.string(),
  events: z.array(z.object({ status: z.string(), note: z.string().nullable(), created_at: z.string() })),
  payment_instructions: z.object({ reference: z.string(), amount_cents: centsSchema, details: z.string() }).nullable(),
  next_step: z.string(),
  allowed_actions: z.array(z.enum(leaseActions)),
});
export type Lease = z.infer<typeof leaseSchema>;

/** Admin finance: the leases and the instalments past their date. */
export const leaseFinanceSchema = z.object({
  leases: z.array(leaseSchema.omit({ events: true, terms: true, can_set_dns: true })),
  overdue: z.array(instalmentSchema.extend({ lease_id: z.number(), domain_name: z.string(), days_late: z.number() })),
});
export type LeaseFinance = z.infer<typeof leaseFinanceSchema>;
