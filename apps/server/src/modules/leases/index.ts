/** Lease to own: the seller's offer, the lease and its instalments on the escrow engine, the timers. */
export { leaseOfferRoutes, leasesAdminRoutes, leasesRoutes } from './leases.routes.js';
export { createLeasesService, type LeasesService, type OpenLeaseInput, reserveForLease } from './leases.service.js';
