// What other features may use from the seller's domains.
export { useDomain } from './api/get-domain';
export { useDomains } from './api/get-domains';
export { type RecentlyViewedDomain, useRecentlyViewed } from './api/get-recently-viewed';
export { type TrafficResponse, useTraffic } from './api/get-traffic';
export { domainKeys } from './api/query-keys';
export { recordView } from './api/record-view';
export { ApprovalChip } from './components/approval-chip';
export { DomainCard, DomainCardList } from './components/domain-card';
export type { Domain, OwnDomain } from '@market/shared';
export { ownerName } from './utils/format';
export { type DomainChoice, DomainChoiceField, domainChoiceBody, domainChoiceOf } from './components/domain-choice-field';
export { DnsRecordsDialog } from './components/dns-records-dialog';
