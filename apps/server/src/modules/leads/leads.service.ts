import {
  apiErrors,
  BREEDER_BUDGET_ABOVE,
  BROKER_ABOVE,
  commissionSplit,
  formatDollars,
  type LeadRequestCategory,
  type LeadStatus,
  type LeadSummaryRow,
  MAX_OFFER,
  type NegotiationEntry,
  type NegotiationStepResult,
  type NegotiationView,
  NegotiationStatus,
  negotiationMessages as nm,
  negotiationStepLabel,
  offerExpiry,
  parseDollars,
  requiresBuyNow,
  type StableCounts,
} from '@market/shared';
import type { AppConfig } from '../../config.js';
import type { CounterStore } from '../../lib/counter-store.js';
import { useWindow } from '../../lib/window-limit.js';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { DealsService } from '../deals/deals.service.js';
import { type Notice, writeNotices } from '../notifications/notices.js';
import type { Principal } from '../auth/auth.service.js';
import { findUserById } from '../auth/users.repository.js';
import * as domainsRepo from '../domains/domains.repository.js';
import type { DomainRow } from '../domains/domains.repository.js';
import * as repo from './leads.repository.js';
import type { EntryRow, LeadRow } from './leads.repository.js';
import {
  acceptableOffer,
  allowedStatuses,
  dealSize,
  type NegotiationState,
  type PartyRole,
  roleOf,
} from './negotiation-rules.js';

export interface LeadsDeps {
  db: Db;
  /** Wakes the mail outbox after a commit that queued e-mail. */
  mailQueued: () => void;
  publicUrl: string;
  /** Sales (Buy Now, accepted offers) open their order there. */
  deals: DealsService;
  /** Where the request throttle counts (Redis when several instances share it). */
  counters: CounterStore;
  limits: AppConfig['leadRequests'];
  /** The time the request throttle and e-mail windows go by (tests pin it). */
  clock?: () => number;
}

const HOUR_MS = 3_600_000;

/** A notice about a negotiation: it opens the negotiation page. */
const negotiationNotice = (n: Omit<Notice, 'linkLabel'>): Notice => ({ ...n, linkLabel: 'Open the negotiation' });

const conflict = (message: string) => new AppError('CONFLICT', message);
const invalid = (field: string, message: string) => AppError.fields({ [field]: [message] });

const SUCCESS: Record<NegotiationStatus, string> = {
  1: nm.leadSubmitted,
  2: nm.offerSubmitted,
  4: nm.accepted,
  5: nm.brokerAssigned,
  6: nm.biddingWar,
  7: nm.offerSubmitted,
};

export function createLeadsService({ db, mailQueued, publicUrl, deals, counters, limits, clock = Date.now }: LeadsDeps) {
  const k = db.kysely;
  const negotiationLink = (domainId: number) => `/domain-leads/negotiation/${domainId}`;

  async function loadState(leadId: number, userId: number): Promise<NegotiationState & { role: PartyRole }> {
    const lead = await repo.findLead(k, leadId);
    if (!lead) throw new AppError('NOT_FOUND', apiErrors.notFound);
    const role = roleOf(lead, userId);
    if (!role) throw new AppError('FORBIDDEN', nm.notParty);
    const domain = await domainsRepo.findDomain(k, lead.domain_id);
    if (!domain) throw new AppError('NOT_FOUND', apiErrors.notFound);
    const entries = await repo.entriesOfLeads(k, [lead.id]);
    return { lead, domain, entries, now: new Date(), role };
  }

  function parseAmount(raw: unknown, required: boolean): number {
    const parsed = typeof raw === 'string' || typeof raw === 'number' || raw === null || raw === undefined ? parseDollars(raw) : 'invalid';
    if (parsed === 'empty' || (required && parsed === 0)) {
      if (required) throw invalid('amount', nm.amountRequired);
      return 0;
    }
    if (parsed === 'invalid') throw invalid('amount', nm.amountInvalid);
    if (parsed > MAX_OFFER) throw invalid('amount', nm.amountTooHigh);
    return parsed;
  }

  /** `earlier`: the lead's entries before this one, oldest first (they decide its label). */
  function presentEntry(entry: EntryRow, lead: LeadRow, domain: DomainRow, now: Date, earlier: readonly EntryRow[]): NegotiationEntry {
    return {
      id: entry.id,
      domain_lead_id: lead.id,
      domain_id: domain.id,
      domain_name: domain.domain_unicode,
      amount: entry.amount,
      status: entry.status,
      status_label: negotiationStepLabel({ status: entry.status, byBuyer: entry.author_id === lead.buyer_id }, earlier),
      author: entry.author_id === lead.buyer_id ? ('buyer' as const) : ('seller' as const),
      created_at: entry.created_at,
      expires_at: entry.expires_at,
      expired: entry.expires_at !== null && Date.parse(entry.expires_at) <= now.getTime(),
    };
  }

  return {
    /** A lead of the caller (the buyer) on an approved, available domain; an open one is reused. */
    async createLead(principal: Principal, domainId: number): Promise<{ domain_lead_id: number; created: boolean }> {
      const domain = await domainsRepo.findDomain(k, domainId);
      if (!domain || domain.status !== 'approved') throw new AppError('NOT_FOUND', apiErrors.notFound);
      if (domain.user_id === principal.user.id) throw AppError.fields({ domain_id: [nm.ownDomain] });
      if (domain.sale_status !== 'available') throw conflict(nm.notAvailable);
      const existing = await repo.findOpenLead(k, domainId, principal.user.id);
      if (existing) return { domain_lead_id: existing.id, created: false };
      const now = nowIso();
      const lead = await repo.insertLead(k, {
        domain_id: domainId,
        buyer_id: principal.user.id,
        seller_id: domain.user_id,
        created_at: now,
        updated_at: now,
      });
      return { domain_lead_id: lead.id, created: true };
    },

    /**
     * Records what the request is about (a trade option or the breeder category) and tells the
     * seller. Throttled per buyer and per lead; repeats within the mail window make one e-mail.
     */
    async notify(principal: Principal, leadId: number, category: LeadRequestCategory) {
      const state = await loadState(leadId, principal.user.id);
      if (state.role !== 'buyer') throw new AppError('FORBIDDEN', nm.notYourMove);
      const at = clock();
      const wait =
        (await useWindow(counters, `lead-requests:user:${principal.user.id}`, limits.perUserPerHour, HOUR_MS, at)) ||
        (await useWindow(counters, `lead-requests:lead:${leadId}`, limits.perLeadPerHour, HOUR_MS, at));
      if (wait > 0) throw AppError.rateLimited(nm.requestsThrottled, wait);
      const now = new Date(at).toISOString();
      const notice = negotiationNotice({
        userId: state.lead.seller_id,
        leadId,
        category,
        message: `New ${category} request for ${state.domain.domain_unicode}.`,
        link: negotiationLink(state.domain.id),
        mailOncePerMs: limits.mailWindowMs,
      });
      await k.transaction().execute(async (trx) => {
        await trx.updateTable('domain_leads').set({ category, updated_at: now }).where('id', '=', leadId).execute();
        await writeNotices(trx, [notice], { now, publicUrl });
      });
      mailQueued();
      return { domain_lead_id: leadId, category };
    },

    /** One negotiation step, checked against the state machine; the history is never half-written. */
    async post(principal: Principal, input: { domain_lead_id: number; amount?: unknown; status: number }): Promise<NegotiationStepResult> {
      const state = await loadState(input.domain_lead_id, principal.user.id);
      const { lead, domain, role } = state;
      const status = input.status as NegotiationStatus;
      if (lead.status === 'accepted') throw conflict(nm.alreadyAccepted);
      if (lead.status !== 'open') throw conflict(nm.closed);
      if (domain.sale_status !== 'available') throw conflict(nm.notAvailable);
      const allowed = allowedStatuses(state, role);

      let amount = 0;
      let expires: string | null = null;
      switch (status) {
        case NegotiationStatus.InitialRequest:
          if (role !== 'buyer') throw new AppError('FORBIDDEN', nm.notYourMove);
          break;
        case NegotiationStatus.CounterOffer:
          if (requiresBuyNow(domain.seller_price)) throw conflict(nm.buyNowOnly);
          amount = parseAmount(input.amount, true);
          if (role === 'buyer' && domain.min_offer > 0 && amount < domain.min_offer) {
            throw invalid('amount', nm.belowMinOffer(domain.min_offer));
          }
          expires = offerExpiry(state.now).toISOString();
          break;
        case NegotiationStatus.BreederBudgetOffer:
          if (role !== 'buyer') throw new AppError('FORBIDDEN', nm.notYourMove);
          if (!domain.startup_breeders_switch) throw conflict(nm.notBreederDomain);
          amount = parseAmount(input.amount, true);
          if (amount <= BREEDER_BUDGET_ABOVE) throw invalid('amount', nm.breederThreshold);
          expires = offerExpiry(state.now).toISOString();
          break;
        case NegotiationStatus.Accept: {
          const offer = acceptableOffer(state, role);
          if (!offer) {
            const latest = [...state.entries].reverse().find((e) => e.amount > 0 && e.author_id !== principal.user.id);
            throw conflict(latest?.expires_at && Date.parse(latest.expires_at) <= Date.now() ? nm.offerExpired : nm.nothingToAccept);
          }
          amount = offer.amount;
          break;
        }
        case NegotiationStatus.AssignBroker:
          amount = Math.max(dealSize(state), parseAmount(input.amount, false));
          if (amount <= BROKER_ABOVE) throw conflict(nm.brokerThreshold);
          if (lead.broker_requested_at) throw conflict(nm.statusNotAllowed);
          break;
        case NegotiationStatus.BiddingWar:
          if (role !== 'seller') throw new AppError('FORBIDDEN', nm.sellerOnly);
          if (!allowed.includes(status)) throw conflict(nm.biddingWarNeedsBids);
          amount = dealSize(state);
          break;
        default:
          throw invalid('status', nm.statusNotAllowed);
      }
      if (!allowed.includes(status)) throw conflict(nm.statusNotAllowed);

      const now = nowIso();
      const other = role === 'buyer' ? lead.seller_id : lead.buyer_id;
      const link = negotiationLink(domain.id);
      const name = domain.domain_unicode;
      const notices: Notice[] = [];
      const entry = await k.transaction().execute(async (trx) => {
        if (status === NegotiationStatus.Accept) {
          // Both updates are conditional, so of concurrent accepts exactly one changes a row. The
          // domain row is locked first: every accept on the domain queues there, in one order,
          // so two accepts on different leads cannot deadlock.
          // Off the market while its order runs; sold once the deal completes.
          const sold = await trx
            .updateTable('domains')
            .set({ sale_status: 'under_order', updated_at: now })
            .where('id', '=', domain.id)
            .where('sale_status', '=', 'available')
            .executeTakeFirst();
          if (Number(sold.numUpdatedRows) !== 1) throw conflict(nm.alreadyAccepted);
          const won = await trx
            .updateTable('domain_leads')
            .set({ status: 'accepted', accepted_amount: amount, accepted_at: now, updated_at: now })
            .where('id', '=', lead.id)
            .where('status', '=', 'open')
            .executeTakeFirst();
          if (Number(won.numUpdatedRows) !== 1) throw conflict(nm.alreadyAccepted);
          const others = await trx
            .selectFrom('domain_leads')
            .select(['id', 'buyer_id'])
            .where('domain_id', '=', domain.id)
            .where('status', '=', 'open')
            .execute();
          await trx.updateTable('domain_leads').set({ status: 'closed', updated_at: now }).where('domain_id', '=', domain.id).where('status', '=', 'open').execute();
          for (const o of others) {
            notices.push(negotiationNotice({ userId: o.buyer_id, leadId: o.id, category: 'closed', message: `${name} has been sold to another buyer.`, link }));
          }
          const opened = await deals.openOrder(
            trx,
            { domainId: domain.id, domainName: name, buyerId: lead.buyer_id, sellerId: lead.seller_id, leadId: lead.id, priceDollars: amount, origin: 'accepted-offer' },
            new Date(now),
          );
          notices.push(...opened.notices);
        } else {
          const patch = status === NegotiationStatus.AssignBroker ? { broker_requested_at: now, updated_at: now } : { updated_at: now };
          await trx.updateTable('domain_leads').set(patch).where('id', '=', lead.id).execute();
        }
        if (status === NegotiationStatus.BiddingWar) {
          const bidders = await trx
            .selectFrom('domain_leads')
            .select(['id', 'buyer_id'])
            .where('domain_id', '=', domain.id)
            .where('id', '!=', lead.id)
            .where('status', '=', 'open')
            .execute();
          for (const b of bidders) {
            notices.push(
              negotiationNotice({
                userId: b.buyer_id,
                leadId: b.id,
                category: 'bidding-war',
                message: `${name} is in a bidding war. Place a higher offer to stay in the running.`,
                link,
              }),
            );
          }
        }
        const created = await repo.insertEntry(trx, {
          domain_lead_id: lead.id,
          author_id: principal.user.id,
          amount,
          status,
          created_at: now,
          expires_at: expires,
        });
        notices.push(
          negotiationNotice({
            userId: other,
            leadId: lead.id,
            category: String(status),
            message: noticeText(status, name, amount, role),
            link,
          }),
        );
        await writeNotices(trx, notices, { now, publicUrl });
        return created;
      });
      mailQueued();
      return { ...presentEntry(entry, lead, domain, new Date(), state.entries), message: SUCCESS[status] };
    },

    /**
     * Entries of a domain's negotiations the viewer is party to (all of them for its seller,
     * none yet when no buyer has asked).
     */
    async entries(principal: Principal, domainId: number) {
      const view = await this.view(principal, domainId);
      return view.leads.flatMap((l) => l.entries);
    },

    /**
     * Everything the negotiation page shows: per lead, history, state, split and allowed actions.
     * The domain's seller is a party before any buyer asks (no leads yet is an answer, not a
     * refusal); anyone else must be a lead's buyer.
     */
    async view(principal: Principal, domainId: number): Promise<NegotiationView> {
      const domain = await domainsRepo.findDomain(k, domainId);
      if (!domain) throw new AppError('NOT_FOUND', apiErrors.notFound);
      const all = await repo.leadsOfDomain(k, domainId);
      const mine = all.filter((l) => roleOf(l, principal.user.id));
      if (mine.length === 0 && domain.user_id !== principal.user.id) throw new AppError('FORBIDDEN', nm.notParty);
      const entries = await repo.entriesOfLeads(k, mine.map((l) => l.id));
      const orderIds = await deals.orderIdsOfLeads(mine.filter((l) => l.status === 'accepted').map((l) => l.id));
      const now = new Date();
      const buyers = new Map<number, string>();
      for (const l of mine) {
        const u = await findUserById(k, l.buyer_id);
        buyers.set(l.buyer_id, u ? `${u.first_name} ${u.last_name.slice(0, 1)}.` : 'Buyer');
      }
      return {
        domain: {
          id: domain.id,
          domain_name: domain.domain_unicode,
          seller_price: domain.seller_price,
          min_offer: domain.min_offer,
          business_status: domain.business_status,
          sale_status: domain.sale_status,
          startup_breeders_switch: domain.startup_breeders_switch ? 'Yes' : 'No',
        },
        role: domain.user_id === principal.user.id ? 'seller' : 'buyer',
        leads: mine.map((lead) => {
          const leadEntries = entries.filter((e) => e.domain_lead_id === lead.id);
          const state: NegotiationState = { lead, domain, entries: leadEntries, now };
          const role = roleOf(lead, principal.user.id) as PartyRole;
          return {
            id: lead.id,
            buyer_name: buyers.get(lead.buyer_id) ?? 'Buyer',
            status: lead.status as LeadStatus,
            category: lead.category,
            broker_requested: lead.broker_requested_at !== null,
            accepted_amount: lead.accepted_amount,
            split: lead.accepted_amount ? commissionSplit(lead.accepted_amount) : null,
            order_id: orderIds.get(lead.id) ?? null,
            allowed_statuses: allowedStatuses(state, role),
            entries: leadEntries.map((e, i) => presentEntry(e, lead, domain, now, leadEntries.slice(0, i))),
          };
        }),
      };
    },

    async summary(principal: Principal): Promise<LeadSummaryRow[]> {
      const rows = await repo.leadSummary(k, principal.user.id);
      const bids = await repo.lastBids(k, principal.user.id, rows.map((r) => r.domain_id));
      const lastBid = new Map<number, number>();
      for (const b of bids) if (!lastBid.has(b.domain_id)) lastBid.set(b.domain_id, b.amount);
      return rows.map((r) => ({
        domain_id: r.domain_id,
        domain_name: r.domain_name,
        total_inquiries: Number(r.total_inquiries),
        last_bid_amount: lastBid.get(r.domain_id) ?? null,
        last_bid_date: r.last_bid_date ?? null,
        status_label: r.sale_status === 'sold' ? 'Sold' : r.sale_status === 'under_order' ? 'Under order' : 'Open',
      }));
    },

    async counts(principal: Principal, recentlyViewed: number): Promise<StableCounts> {
      const open = await repo.countOpenLeads(k, principal.user.id);
      const { n } = await k
        .selectFrom('domains')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('video_pitch_leads'), eb.lit(0)).as('n'))
        .where('user_id', '=', principal.user.id)
        .executeTakeFirstOrThrow();
      return {
        domain_leads: open.asSeller + open.asBuyer,
        video_pitch_leads: Number(n),
        recently_viewed_domains: recentlyViewed,
        market_count: open.asBuyer,
        unread_notifications: await repo.countUnread(k, principal.user.id),
      };
    },

    notifications(principal: Principal, limit: number) {
      return repo.listNotifications(k, principal.user.id, limit);
    },

    markRead(principal: Principal, ids: number[] | 'all') {
      return repo.markRead(k, principal.user.id, ids, nowIso());
    },

    /** Buy Now: the domain is reserved for this buyer at its price and the order waits for payment. */
    async buyNow(principal: Principal, domainId: number) {
      const domain = await domainsRepo.findDomain(k, domainId);
      if (!domain || domain.status !== 'approved') throw new AppError('NOT_FOUND', apiErrors.notFound);
      if (domain.user_id === principal.user.id) throw AppError.fields({ domain_id: [nm.ownDomain] });
      if (domain.business_status !== 'Buy Now' || domain.seller_price <= 0) throw conflict(nm.buyNowUnavailable);
      const now = new Date();
      const at = now.toISOString();
      const { order } = await k.transaction().execute(async (trx) => {
        const reserved = await trx
          .updateTable('domains')
          .set({ sale_status: 'under_order', updated_at: at })
          .where('id', '=', domainId)
          .where('sale_status', '=', 'available')
          .executeTakeFirst();
        if (Number(reserved.numUpdatedRows) !== 1) throw conflict(nm.buyNowUnavailable);
        await trx.updateTable('domain_leads').set({ status: 'closed', updated_at: at }).where('domain_id', '=', domainId).where('status', '=', 'open').execute();
        const opened = await deals.openOrder(
          trx,
          { domainId, domainName: domain.domain_unicode, buyerId: principal.user.id, sellerId: domain.user_id, leadId: null, priceDollars: domain.seller_price, origin: 'buy-now' },
          now,
        );
        await writeNotices(trx, opened.notices, { now: at, publicUrl });
        return opened;
      });
      mailQueued();
      return deals.get(principal, order.id);
    },
  };
}

function noticeText(status: NegotiationStatus, name: string, amount: number, role: PartyRole): string {
  const who = role === 'buyer' ? 'The buyer' : 'The seller';
  const money = formatDollars(amount);
  switch (status) {
    case NegotiationStatus.InitialRequest:
      return `New request for ${name}.`;
    case NegotiationStatus.CounterOffer:
      return `${who} offered ${money} for ${name}.`;
    case NegotiationStatus.BreederBudgetOffer:
      return `A startup breeder budget offer of ${money} for ${name}.`;
    case NegotiationStatus.Accept:
      return `${who} accepted ${money} for ${name}.`;
    case NegotiationStatus.AssignBroker:
      return `${who} asked our Broker Team to handle ${name}.`;
    case NegotiationStatus.BiddingWar:
      return `${name} is in a bidding war.`;
  }
}

export type LeadsService = ReturnType<typeof createLeadsService>;
