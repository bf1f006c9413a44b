// What other features and the app shell may use from My Stable.
export { type LeadSummaryRow, leadSummaryKey, useLeadSummary } from './api/get-lead-summary';
export { negotiationViewKey } from './api/get-negotiation-view';
export { type StableCounts, stableCountsKey, useStableCounts } from './api/get-stable-counts';
export { negotiationPath } from './components/lead-summary-table';
export { buyerLeadRows } from './utils/buyer-lead-rows';
