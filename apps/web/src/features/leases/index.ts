/** Lease to own: the offer on the Buy Now page, the lease page and list. */
export { LeaseOfferPanel } from './components/lease-offer-panel';
