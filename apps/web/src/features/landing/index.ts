// What other features may use from the landing page.
export { useMakeOffer } from './hooks/use-make-offer';
export { landingActions } from './utils/landing-actions';
