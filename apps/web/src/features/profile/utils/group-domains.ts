import type { Domain } from '@/features/portfolio';

export interface DomainGroups<D extends Domain = Domain> {
  buyNow: D[];
  startupBreeders: D[];
  trade: D[];
}

/**
 * Category membership (domainCategories in @market/shared): Buy Now when business_status is 'Buy Now'; Startup
 * Breeders when startup_breeders_switch is 'Yes'; trade listed when trade_switch is 'Yes'. A
 * domain can sit in more than one group; one in none (Enquire, not traded) is in no group.
 */
export function groupDomains<D extends Domain>(domains: readonly D[]): DomainGroups<D> {
  const groups: DomainGroups<D> = { buyNow: [], startupBreeders: [], trade: [] };
  for (const domain of domains) {
    if (domain.business_status === 'Buy Now') groups.buyNow.push(domain);
    if (domain.startup_breeders_switch === 'Yes') groups.startupBreeders.push(domain);
    if (domain.trade_switch === 'Yes') groups.trade.push(domain);
  }
  return groups;
}

/** How the profile names the groups, in their fixed order. */
export const domainGroupOrder = [
  { key: 'buyNow', title: 'Buy Now' },
  { key: 'startupBreeders', title: 'Startup Breeders' },
  { key: 'trade', title: 'Trade Listed Domains' },
] as const satisfies ReadonlyArray<{ key: keyof DomainGroups; title: string }>;
