import type { Domain } from '@/features/portfolio';
import type { LeadSummaryRow } from '../api/get-lead-summary';

/**
 * The lead summary mixes both roles (a row per domain the user negotiates on). Rows on a domain
 * the user does not own are the ones where they are the buyer.
 */
export function buyerLeadRows(rows: readonly LeadSummaryRow[], ownDomains: readonly Pick<Domain, 'id'>[]): LeadSummaryRow[] {
  const own = new Set(ownDomains.map((d) => d.id));
  return rows.filter((row) => !own.has(row.domain_id));
}
