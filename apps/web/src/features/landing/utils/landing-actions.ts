import { landingActions as sharedLandingActions, type LandingActionParam, type LandingActions } from '@market/shared';
import type { Domain } from '@/features/portfolio';

export type LandingAction = LandingActionParam;

/** Which actions a domain offers: the same rule as the server-rendered page's buttons. */
export function landingActions(domain: Domain): LandingActions {
  return sharedLandingActions({
    ...domain,
    tradeListed: domain.trade_switch === 'Yes',
    breederListed: domain.startup_breeders_switch === 'Yes',
  });
}
