import type { DealsService } from '../deals/index.js';
import type { LeasesService } from '../leases/index.js';
import { createLeadNotificationsService, type LeadNotificationsDeps } from './lead-notifications.service.js';
import { createLeadOrdersService } from './lead-orders.service.js';
import { createNegotiationService } from './negotiation.service.js';

export interface LeadsDeps extends LeadNotificationsDeps {
  /** Sales (Buy Now, accepted offers) open their order there. */
  deals: DealsService;
  /** Accepted offers in instalments open a lease there. */
  leases: Pick<LeasesService, 'openLease' | 'leaseIdsOfLeads'>;
}

/**
 * The leads module's three services: the negotiation (leads, offers, accepting, the page), the
 * orders a negotiation turns into (Buy Now, an accepted offer, handed to modules/deals), and
 * what the parties are told (requests, notifications, e-mail).
 */
export function createLeadsService({ deals, leases, ...deps }: LeadsDeps) {
  const notifications = createLeadNotificationsService(deps);
  const orders = createLeadOrdersService({ db: deps.db, deals, leases, notifications });
  const negotiation = createNegotiationService({ db: deps.db, orders, notifications });
  return { negotiation, orders, notifications };
}

export type LeadsService = ReturnType<typeof createLeadsService>;
