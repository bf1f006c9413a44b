import { apiErrors, asCents, type LeaseTerms, negotiationMessages as nm } from '@market/shared';
import type { Db, Executor } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { transactionWithChanges } from '../../lib/live-events/index.js';
import type { Principal } from '../auth/index.js';
import type { DealsService } from '../deals/index.js';
import { type LeasesService, reserveForLease } from '../leases/index.js';
import { type DomainRow, findDomain } from '../domains/index.js';
import type { Notice } from '../notifications/index.js';
import { type LeadNotificationsService, negotiationLink, negotiationNotice } from './lead-notifications.service.js';
import * as repo from './leads.repository.js';
import type { LeadRow } from './leads.repository.js';

export interface LeadOrdersDeps {
  db: Db;
  /** Sales (Buy Now, accepted offers) open their order there. */
  deals: DealsService;
  /** Accepted offers in instalments open a lease there. */
  leases: Pick<LeasesService, 'openLease' | 'leaseIdsOfLeads'>;
  notifications: LeadNotificationsService;
}

const conflict = (message: string) => new AppError('CONFLICT', message);

/** Where a negotiation becomes a sale: Buy Now and accepted offers hand the domain to modules/deals. */
export function createLeadOrdersService({ db, deals, leases, notifications }: LeadOrdersDeps) {
  const k = db.kysely;

  return {
    /**
     * The offer on `lead` was accepted at `amount`, in the negotiation step's transaction: the
     * domain is reserved and the lead accepted (both conditional, so of concurrent accepts
     * exactly one goes on), the other bidders' leads close, and the order opens; an offer in
     * instalments opens a lease on the terms it was made on instead.
     */
    async sellOnAcceptedOffer(trx: Executor, lead: LeadRow, domain: DomainRow, amount: number, now: string, lease: LeaseTerms | null = null): Promise<Notice[]> {
      const reserved = lease ? await reserveForLease(trx, domain.id, now) : await repo.reserveDomain(trx, domain.id, now);
      if (!reserved) throw conflict(nm.alreadyAccepted);
      if (!(await repo.acceptLead(trx, lead.id, amount, now))) throw conflict(nm.alreadyAccepted);
      const others = await repo.openLeadsOfDomain(trx, domain.id);
      await repo.closeOpenLeads(trx, domain.id, now);
      const link = negotiationLink(domain.id);
      const closed = others.map((o) =>
        negotiationNotice({
          userId: o.buyer_id,
          leadId: o.id,
          category: 'closed',
          subject: `${domain.domain_unicode} has been sold to another buyer`,
          message: `${domain.domain_unicode} has been sold to another buyer.`,
          link,
        }),
      );
      const parties = { domainId: domain.id, domainName: domain.domain_unicode, buyerId: lead.buyer_id, sellerId: lead.seller_id, leadId: lead.id, origin: 'accepted-offer' as const };
      const opened = lease
        ? await leases.openLease(trx, { ...parties, priceCents: asCents(amount * 100), terms: lease }, new Date(now))
        : await deals.openOrder(trx, { ...parties, priceDollars: amount }, new Date(now));
      return [...closed, ...opened.notices];
    },

    /** Which order each accepted lead became, for the negotiation page's link to it. */
    orderIdsOfLeads(leadIds: number[]) {
      return deals.orderIdsOfLeads(leadIds);
    },

    /** Which lease each lead accepted in instalments became. */
    leaseIdsOfLeads(leadIds: number[]) {
      return leases.leaseIdsOfLeads(leadIds);
    },

    /** Buy Now: the domain is reserved for this buyer at its price and the order waits for payment. */
    async buyNow(principal: Principal, domainId: number) {
      const domain = await findDomain(k, domainId);
      if (!domain || domain.status !== 'approved') throw new AppError('NOT_FOUND', apiErrors.notFound);
      if (domain.user_id === principal.user.id) throw AppError.fields({ domain_id: [nm.ownDomain] });
      if (domain.business_status !== 'Buy Now' || domain.seller_price <= 0) throw conflict(nm.buyNowUnavailable);
      const now = new Date();
      const at = now.toISOString();
      const { order } = await transactionWithChanges(db, async (trx) => {
        if (!(await repo.reserveDomain(trx, domainId, at))) throw conflict(nm.buyNowUnavailable);
        await repo.closeOpenLeads(trx, domainId, at);
        const opened = await deals.openOrder(
          trx,
          { domainId, domainName: domain.domain_unicode, buyerId: principal.user.id, sellerId: domain.user_id, leadId: null, priceDollars: domain.seller_price, origin: 'buy-now' },
          now,
        );
        await notifications.write(trx, opened.notices, at);
        return opened;
      });
      notifications.mailQueued();
      return deals.get(principal, order.id);
    },
  };
}

export type LeadOrdersService = ReturnType<typeof createLeadOrdersService>;
