import { isThoroughbred, publicPrices, type SearchRow, withLastInitial } from '@market/shared';
import type { SearchRecord } from './domain-search.js';

const yesNo = (v: number): 'Yes' | 'No' => (v ? 'Yes' : 'No');

/** A search answer's row (packages/shared `searchRowSchema`). */
export function presentSearchRow(r: SearchRecord, leaseLine = ''): SearchRow {
  return {
    id: r.id,
    domain_name: r.domain_unicode,
    business_status: r.business_status,
    // The index keeps every price (the price filter reads it); the answer shows it only where the listing does.
    ...publicPrices(r),
    min_offer: r.min_offer,
    thoroughbred: isThoroughbred(r.seller_price),
    trade_option: r.trade_option,
    trade_switch: yesNo(r.trade_switch),
    startup_breeders: r.startup_breeders,
    startup_breeders_switch: yesNo(r.startup_breeders_switch),
    created_at: r.created_at,
    lease_monthly_line: leaseLine,
    videos: [],
    // A public answer: the owner's last name only as its initial (docs/product.md, "Names").
    user: withLastInitial({ id: r.user_id, first_name: r.owner_first_name, last_name: r.owner_last_name }),
  };
}
