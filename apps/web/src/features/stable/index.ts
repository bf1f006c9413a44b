// What other features and the app shell may use from My Stable.
export { type LeadSummaryRow, useLeadSummary } from './api/get-lead-summary';
export { type StableCounts, stableCountsKey, useStableCounts } from './api/get-stable-counts';
export { negotiationPath } from './components/lead-summary-table';
export { buyerLeadRows } from './utils/buyer-lead-rows';
