import { describe, expect, it } from 'vitest';
import { ownDomain } from '@/features/portfolio/testing/fixtures';
import { groupDomains } from './group-domains';

describe('groupDomains', () => {
  it('files domains by category membership, a domain in every group it belongs to', () => {
    const buyNow = ownDomain({ id: 1, domain_name: 'buy.com', business_status: 'Buy Now' });
    const breeder = ownDomain({ id: 2, domain_name: 'breed.com', startup_breeders_switch: 'Yes', startup_breeders: 'Pitch to Us' });
    const trade = ownDomain({ id: 3, domain_name: 'trade.com', trade_switch: 'Yes', trade_option: '4 Figures' });
    const both = ownDomain({ id: 4, domain_name: 'both.com', business_status: 'Buy Now', trade_switch: 'Yes', trade_option: '3 Figures' });
    const none = ownDomain({ id: 5, domain_name: 'enquire.com', business_status: 'Price Upon Request' });
    // A switch set to No, or a trade option without the switch, does not count.
    const off = ownDomain({ id: 6, domain_name: 'off.com', trade_option: '5 Figures', startup_breeders: 'Pitch to Us' });

    const groups = groupDomains([buyNow, breeder, trade, both, none, off]);
    expect(groups.buyNow.map((d) => d.id)).toEqual([1, 4]);
    expect(groups.startupBreeders.map((d) => d.id)).toEqual([2]);
    expect(groups.trade.map((d) => d.id)).toEqual([3, 4]);
  });

  it('gives empty groups for no domains', () => {
    expect(groupDomains([])).toEqual({ buyNow: [], startupBreeders: [], trade: [] });
  });
});
