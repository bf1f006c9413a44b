import { asCents, type Cents } from '../money.js';
import type { AmountPart } from './flow.js';

/**
 * The double-entry ledger. Every movement of money is a set of postings that sum to zero, in
 * integer cents: a debit is positive, a credit negative. Money the marketplace has received sits
 * on `clearing` (the bank account or the card processor's balance); what it owes sits on the
 * item's liability accounts until it is paid out, refunded or earned.
 */
export const ledgerAccounts = ['clearing', 'escrow', 'payable', 'refunds_payable', 'commission', 'sponsored_sales'] as const;
export type LedgerAccount = (typeof ledgerAccounts)[number];

/** The accounts that hold money for one item: what the reconcile report checks against the item's state. */
export const heldAccounts = ['escrow', 'payable', 'refunds_payable'] as const satisfies readonly LedgerAccount[];
export type HeldAccount = (typeof heldAccounts)[number];

export const ledgerAccountLabels: Record<LedgerAccount, string> = {
  clearing: 'Received, at the bank or card processor',
  escrow: 'Held in escrow',
  payable: 'Payable to the seller or freelancer',
  refunds_payable: 'Refunds payable',
  commission: 'Commission earned',
  sponsored_sales: 'Sponsored headline sales',
};

export const movementKinds = ['payment', 'release', 'reopen', 'refund_owed', 'refund_sent', 'payout_sent', 'earned'] as const;
export type MovementKind = (typeof movementKinds)[number];

export const movementKindLabels: Record<MovementKind, string> = {
  payment: 'Payment received, held',
  release: 'Released: payout due, commission earned',
  reopen: 'Disputed after release: held again',
  refund_owed: 'Refund due to the payer',
  refund_sent: 'Refund sent',
  payout_sent: 'Payout sent',
  earned: 'Sponsored headlines sold',
};

interface PostingRule {
  account: LedgerAccount;
  amount: AmountPart;
  sign: 1 | -1;
}

/**
 * Each movement's postings in terms of the item's amounts. Every rule balances because an item's
 * total is its net plus the commission.
 */
export const movementRules: Record<MovementKind, readonly PostingRule[]> = {
  payment: [
    { account: 'clearing', amount: 'total', sign: 1 },
    { account: 'escrow', amount: 'total', sign: -1 },
  ],
  release: [
    { account: 'escrow', amount: 'total', sign: 1 },
    { account: 'payable', amount: 'net', sign: -1 },
    { account: 'commission', amount: 'commission', sign: -1 },
  ],
  reopen: [
    { account: 'payable', amount: 'net', sign: 1 },
    { account: 'commission', amount: 'commission', sign: 1 },
    { account: 'escrow', amount: 'total', sign: -1 },
  ],
  refund_owed: [
    { account: 'escrow', amount: 'total', sign: 1 },
    { account: 'refunds_payable', amount: 'total', sign: -1 },
  ],
  refund_sent: [
    { account: 'refunds_payable', amount: 'total', sign: 1 },
    { account: 'clearing', amount: 'total', sign: -1 },
  ],
  payout_sent: [
    { account: 'payable', amount: 'net', sign: 1 },
    { account: 'clearing', amount: 'net', sign: -1 },
  ],
  earned: [
    { account: 'escrow', amount: 'total', sign: 1 },
    { account: 'sponsored_sales', amount: 'total', sign: -1 },
  ],
};

/** An item's money: what the payer pays in, what the payee receives, and the marketplace's commission (total = net + commission). */
export interface EscrowAmounts {
  total: Cents;
  net: Cents;
  commission: Cents;
}

export interface Posting {
  account: LedgerAccount;
  amount_cents: Cents;
}

/** The postings of one movement for an item; zero postings are left out. */
export function postingsFor(kind: MovementKind, amounts: EscrowAmounts): Posting[] {
  if (amounts.net + amounts.commission !== amounts.total) {
    throw new RangeError(`Amounts do not add up: net ${amounts.net} + commission ${amounts.commission} != total ${amounts.total}`);
  }
  return movementRules[kind]
    .map((rule) => ({ account: rule.account, amount_cents: asCents(rule.sign * amounts[rule.amount]) }))
    .filter((p) => p.amount_cents !== 0);
}

/** What an item in a state should hold on each held account (positive: owed by the marketplace). */
export function expectedHoldings(holds: Partial<Record<HeldAccount, AmountPart>>, amounts: EscrowAmounts): Record<HeldAccount, Cents> {
  const held = (account: HeldAccount) => {
    const part = holds[account];
    return part ? amounts[part] : asCents(0);
  };
  return { escrow: held('escrow'), payable: held('payable'), refunds_payable: held('refunds_payable') };
}
