import type { LeadSummaryRow } from '../api/get-lead-summary';

/**
 * The lead summary has a row per domain and side; these are the user's negotiations as a buyer,
 * including on a domain they have since bought (it is theirs now, the negotiation still was one).
 */
export function buyerLeadRows(rows: readonly LeadSummaryRow[]): LeadSummaryRow[] {
  return rows.filter((row) => row.role === 'buyer');
}
