import { landingActions as sharedLandingActions, type LandingActionParam, type LandingActions } from '@market/shared';
import type { SearchRow } from '@market/shared';

export type LandingAction = LandingActionParam;

/** The fields the rule reads: a search row has them, and so has the full domain. */
type ActionFields = Pick<SearchRow, 'business_status' | 'seller_price' | 'thoroughbred' | 'trade_switch' | 'trade_option' | 'startup_breeders_switch'>;

/** Which actions a domain offers: the same rule as the server-rendered page's buttons. */
export function landingActions(domain: ActionFields): LandingActions {
  return sharedLandingActions({
    ...domain,
    tradeListed: domain.trade_switch === 'Yes',
    breederListed: domain.startup_breeders_switch === 'Yes',
  });
}
