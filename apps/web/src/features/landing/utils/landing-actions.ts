import { requiresBuyNow } from '@market/shared';
import type { Domain } from '@/features/portfolio/types/domain';

export type LandingAction = 'offer' | 'trade' | 'breeder';

/** Which actions a domain offers, as on the server-rendered page (the broker one excepted). */
export function landingActions(domain: Domain): { buyNow: boolean; offer: boolean; trade: boolean; breeder: boolean } {
  return {
    buyNow: domain.business_status === 'Buy Now' && domain.seller_price > 0,
    offer: !requiresBuyNow(domain.seller_price),
    trade: domain.trade_switch === 'Yes' && Boolean(domain.trade_option),
    breeder: domain.startup_breeders_switch === 'Yes',
  };
}
