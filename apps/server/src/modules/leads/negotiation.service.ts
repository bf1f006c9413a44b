import {
  apiErrors,
  asCents,
  BREEDER_BUDGET_ABOVE,
  BROKER_ABOVE,
  formatCents,
  formatDollars,
  type LeaseTerms,
  leaseMessages as lm,
  leaseTermsOf,
  MAX_OFFER,
  NegotiationStatus,
  negotiationMessages as nm,
  offerExpiry,
  offerLease,
  parseDollars,
  requiresBuyNow,
} from '@market/shared';
import type { Db, Executor } from '../../db/database.js';
import { nowIso } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { noteChange, transactionWithChanges } from '../../lib/live-events/index.js';
import { findUserById, type Principal } from '../auth/index.js';
import { findDomain } from '../domains/index.js';
import type { Notice } from '../notifications/index.js';
import { type LeadNotificationsService, negotiationLink, negotiationNotice } from './lead-notifications.service.js';
import type { LeadOrdersService } from './lead-orders.service.js';
import { buyerName, presentEntry, presentLead, presentLeadSummary, presentNegotiationDomain, presentSoldNegotiationDomain } from './leads.presenter.js';
import * as repo from './leads.repository.js';
import type { EntryRow } from './leads.repository.js';
import {
  acceptableOffer,
  allowedStatuses,
  dealSize,
  isBreederBuyer,
  type NegotiationState,
  type PartyRole,
  roleOf,
} from './negotiation-rules.js';

export interface NegotiationDeps {
  db: Db;
  /** An accepted offer becomes a sale there. */
  orders: LeadOrdersService;
  notifications: LeadNotificationsService;
}

type PartyState = NegotiationState & { role: PartyRole };

/** What a step puts on the table: its amount (0 when none) and when an offer lapses. */
interface CheckedStep {
  status: NegotiationStatus;
  amount: number;
  expires: string | null;
  /** An offer in instalments (or the accept of one): the lease terms; null for payment at once. */
  lease: LeaseTerms | null;
}

const conflict = (message: string) => new AppError('CONFLICT', message);
const invalid = (field: string, message: string) => AppError.fields({ [field]: [message] });
const notYourMove = () => new AppError('FORBIDDEN', nm.notYourMove);

const SUCCESS: Record<NegotiationStatus, string> = {
  1: nm.leadSubmitted,
  2: nm.offerSubmitted,
  3: nm.declined,
  4: nm.accepted,
  5: nm.brokerAssigned,
  6: nm.biddingWar,
  7: nm.offerSubmitted,
};

/** A lead with its domain and history, for one of its parties; anyone else is refused. */
export async function loadNegotiation(db: Executor, leadId: number, userId: number): Promise<PartyState> {
  const lead = await repo.findLead(db, leadId);
  if (!lead) throw new AppError('NOT_FOUND', apiErrors.notFound);
  const role = roleOf(lead, userId);
  if (!role) throw new AppError('FORBIDDEN', nm.notParty);
  const domain = await findDomain(db, lead.domain_id);
  if (!domain) throw new AppError('NOT_FOUND', apiErrors.notFound);
  const entries = await repo.entriesOfLeads(db, [lead.id]);
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

/** Steps are taken only on an open lead of a domain still for sale. */
function assertOpen({ lead, domain }: PartyState): void {
  if (lead.status === 'accepted') throw conflict(nm.alreadyAccepted);
  if (lead.status === 'declined') throw conflict(nm.declinedLead);
  if (lead.status !== 'open') throw conflict(nm.closed);
  if (domain.sale_status !== 'available') throw conflict(nm.notAvailable);
}

/** An offer in instalments is made on the seller's published lease terms, and must cover their down payment. */
function leaseTermsFor(domain: PartyState['domain'], amount: number): LeaseTerms {
  const terms = leaseTermsOf(domain);
  if (!terms) throw conflict(lm.offerNotOnLease);
  if (amount * 100 <= terms.down_payment_cents) throw invalid('amount', lm.offerBelowDownPayment(formatCents(terms.down_payment_cents)));
  return terms;
}

/** The lease terms an offer was made on; null for one paid at once. */
function termsOfEntry(entry: EntryRow): LeaseTerms | null {
  if (entry.lease_months === null) return null;
  return { months: entry.lease_months, down_payment_cents: asCents(entry.lease_down_payment_cents), rate_bp: entry.lease_rate_bp };
}

/** The step's own rules (who may take it, its amount and expiry), then the state machine's. */
function checkStep(state: PartyState, status: NegotiationStatus, rawAmount: unknown, authorId: number, inInstalments = false): CheckedStep {
  const { lead, domain, role } = state;
  const allowed = allowedStatuses(state, role);
  const offer = (amount: number): CheckedStep => ({ status, amount, expires: offerExpiry(state.now).toISOString(), lease: inInstalments ? leaseTermsFor(domain, amount) : null });
  let step: CheckedStep;
  switch (status) {
    case NegotiationStatus.InitialRequest:
      if (role !== 'buyer') throw notYourMove();
      step = { status, amount: 0, expires: null, lease: null };
      break;
    case NegotiationStatus.CounterOffer: {
      if (requiresBuyNow(domain.seller_price)) throw conflict(nm.buyNowOnly);
      const amount = parseAmount(rawAmount, true);
      if (role === 'buyer' && domain.min_offer > 0 && amount < domain.min_offer) throw invalid('amount', nm.belowMinOffer(domain.min_offer));
      step = offer(amount);
      break;
    }
    case NegotiationStatus.BreederBudgetOffer: {
      if (role !== 'buyer') throw notYourMove();
      if (!domain.startup_breeders_switch) throw conflict(nm.notBreederDomain);
      if (!isBreederBuyer(state)) throw conflict(nm.notBreederBuyer);
      const amount = parseAmount(rawAmount, true);
      if (amount <= BREEDER_BUDGET_ABOVE) throw invalid('amount', nm.breederThreshold);
      step = offer(amount);
      break;
    }
    case NegotiationStatus.Accept: {
      const accepted = acceptableOffer(state, role);
      if (!accepted) {
        const latest = [...state.entries].reverse().find((e) => e.amount > 0 && e.author_id !== authorId);
        throw conflict(latest?.expires_at && Date.parse(latest.expires_at) <= Date.now() ? nm.offerExpired : nm.nothingToAccept);
      }
      step = { status, amount: accepted.amount, expires: null, lease: termsOfEntry(accepted) };
      break;
    }
    case NegotiationStatus.AssignBroker: {
      const amount = Math.max(dealSize(state), parseAmount(rawAmount, false));
      if (amount <= BROKER_ABOVE) throw conflict(nm.brokerThreshold);
      if (lead.broker_requested_at) throw conflict(nm.statusNotAllowed);
      step = { status, amount, expires: null, lease: null };
      break;
    }
    case NegotiationStatus.Decline:
      if (role !== 'seller') throw new AppError('FORBIDDEN', nm.sellerOnlyDecline);
      step = { status, amount: 0, expires: null, lease: null };
      break;
    case NegotiationStatus.BiddingWar:
      if (role !== 'seller') throw new AppError('FORBIDDEN', nm.sellerOnly);
      if (!allowed.includes(status)) throw conflict(nm.biddingWarNeedsBids);
      step = { status, amount: dealSize(state), expires: null, lease: null };
      break;
    default:
      throw invalid('status', nm.statusNotAllowed);
  }
  if (!allowed.includes(status)) throw conflict(nm.statusNotAllowed);
  return step;
}

function noticeText(status: NegotiationStatus, name: string, amount: number, role: PartyRole, lease: LeaseTerms | null): string {
  const who = role === 'buyer' ? 'The buyer' : 'The seller';
  const money = lease ? `${formatDollars(amount)} ${offerLease(amount, lease).line}` : formatDollars(amount);
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
    case NegotiationStatus.Decline:
      return `The seller declined your negotiation for ${name}. You may make a new request.`;
  }
}

/** Leads and their negotiations: opening a lead, offers and counter-offers, accepting, the negotiation page. */
export function createNegotiationService({ db, orders, notifications }: NegotiationDeps) {
  const k = db.kysely;

  /** The other open bidders on the domain hear that it is in a bidding war. */
  async function warnBidders(trx: Executor, { lead, domain }: PartyState): Promise<Notice[]> {
    const bidders = await repo.openLeadsOfDomain(trx, domain.id, lead.id);
    return bidders.map((b) =>
      negotiationNotice({
        userId: b.buyer_id,
        leadId: b.id,
        category: 'bidding-war',
        subject: `${domain.domain_unicode} is in a bidding war`,
        message: `${domain.domain_unicode} is in a bidding war. Place a higher offer to stay in the running.`,
        link: negotiationLink(domain.id),
      }),
    );
  }

  /**
   * Writes a checked step in one transaction: the lead moves (an accept sells the domain), the
   * history line is added and the parties are told, or none of it happens.
   */
  async function recordStep(trx: Executor, state: PartyState, authorId: number, step: CheckedStep, now: string): Promise<EntryRow> {
    const { lead, domain, role } = state;
    const notices: Notice[] = [];
    if (step.status === NegotiationStatus.Accept) {
      notices.push(...(await orders.sellOnAcceptedOffer(trx, lead, domain, step.amount, now, step.lease)));
    } else if (step.status === NegotiationStatus.Decline) {
      if (!(await repo.declineLead(trx, lead.id, now))) throw conflict(nm.statusNotAllowed);
    } else {
      const patch = step.status === NegotiationStatus.AssignBroker ? { broker_requested_at: now, updated_at: now } : { updated_at: now };
      await repo.updateLead(trx, lead.id, patch);
    }
    if (step.status === NegotiationStatus.BiddingWar) notices.push(...(await warnBidders(trx, state)));
    const created = await repo.insertEntry(trx, {
      domain_lead_id: lead.id,
      author_id: authorId,
      amount: step.amount,
      status: step.status,
      created_at: now,
      expires_at: step.expires,
      lease_months: step.lease?.months ?? null,
      lease_down_payment_cents: step.lease?.down_payment_cents ?? asCents(0),
      lease_rate_bp: step.lease?.rate_bp ?? 0,
    });
    // Our words, the domain's name and an amount only: the message can be the e-mail's subject too.
    const text = noticeText(step.status, domain.domain_unicode, step.amount, role, step.lease);
    notices.push(
      negotiationNotice({
        userId: role === 'buyer' ? lead.seller_id : lead.buyer_id,
        leadId: lead.id,
        category: String(step.status),
        subject: text,
        message: text,
        link: negotiationLink(domain.id),
      }),
    );
    await notifications.write(trx, notices, now);
    // Both parties' negotiation pages (per domain) follow the step, the other party's above all.
    noteChange(trx, { kind: 'negotiation', id: domain.id }, [lead.buyer_id, lead.seller_id]);
    return created;
  }

  return {
    /** A lead of the caller (the buyer) on an approved, available domain; an open one is reused. */
    async createLead(principal: Principal, domainId: number): Promise<{ domain_lead_id: number; created: boolean }> {
      const domain = await findDomain(k, domainId);
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

    /** One negotiation step, checked against the state machine; the history is never half-written. */
    async post(principal: Principal, input: { domain_lead_id: number; amount?: unknown; status: number; lease?: boolean }) {
      const state = await loadNegotiation(k, input.domain_lead_id, principal.user.id);
      assertOpen(state);
      const step = checkStep(state, input.status as NegotiationStatus, input.amount, principal.user.id, input.lease === true);
      const now = nowIso();
      const entry = await transactionWithChanges(db, (trx) => recordStep(trx, state, principal.user.id, step, now));
      notifications.mailQueued();
      return { ...presentEntry(entry, state.lead, state.domain, new Date(), state.entries), message: SUCCESS[step.status] };
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
    async view(principal: Principal, domainId: number) {
      const domain = await findDomain(k, domainId);
      if (!domain) throw new AppError('NOT_FOUND', apiErrors.notFound);
      const userId = principal.user.id;
      const all = await repo.leadsOfDomain(k, domainId);
      // By each lead's own parties, never by who holds the domain now: after a sale the new
      // owner sees none of the seller's negotiations, and the seller keeps them.
      const mine = all.filter((l) => roleOf(l, userId));
      if (mine.length === 0 && domain.user_id !== userId) throw new AppError('FORBIDDEN', nm.notParty);
      const entries = await repo.entriesOfLeads(k, mine.map((l) => l.id));
      const accepted = mine.filter((l) => l.status === 'accepted').map((l) => l.id);
      const orderIds = await orders.orderIdsOfLeads(accepted);
      const leaseIds = await orders.leaseIdsOfLeads(accepted);
      const now = new Date();
      const buyers = new Map<number, string>();
      for (const l of mine) buyers.set(l.buyer_id, buyerName(await findUserById(k, l.buyer_id)));
      const withOwner = mine.length === 0 || mine.some((l) => l.seller_id === domain.user_id);
      const selling = mine.length === 0 || mine.some((l) => l.seller_id === userId);
      return {
        domain: withOwner ? presentNegotiationDomain(domain) : presentSoldNegotiationDomain(domain),
        role: selling ? ('seller' as const) : ('buyer' as const),
        leads: mine.map((lead) => {
          const leadEntries = entries.filter((e) => e.domain_lead_id === lead.id);
          const state: NegotiationState = { lead, domain, entries: leadEntries, now };
          const role = roleOf(lead, userId) as PartyRole;
          return presentLead(lead, domain, leadEntries, {
            role,
            buyerName: buyers.get(lead.buyer_id) ?? 'Buyer',
            orderId: orderIds.get(lead.id) ?? null,
            leaseId: leaseIds.get(lead.id) ?? null,
            allowedStatuses: allowedStatuses(state, role),
            now,
          });
        }),
      };
    },

    async summary(principal: Principal) {
      const userId = principal.user.id;
      const rows = await repo.leadSummary(k, userId);
      const bids = await repo.lastBids(k, userId, [...new Set(rows.map((r) => r.domain_id))]);
      const side = (domainId: number, role: PartyRole) => `${domainId}:${role}`;
      const lastBid = new Map<string, number>();
      for (const b of bids) {
        const key = side(b.domain_id, b.buyer_id === userId ? 'buyer' : 'seller');
        if (!lastBid.has(key)) lastBid.set(key, b.amount);
      }
      return rows.map((r) => presentLeadSummary(r, lastBid.get(side(r.domain_id, r.role))));
    },

    /** The stable's counters: open leads either side, video pitches to decide, unread notifications. */
    async counts(principal: Principal, recentlyViewed: number) {
      const open = await repo.countOpenLeads(k, principal.user.id);
      return {
        domain_leads: open.asSeller + open.asBuyer,
        video_pitch_leads: await repo.countVideoPitchLeads(k, principal.user.id),
        recently_viewed_domains: recentlyViewed,
        market_count: open.asBuyer,
        unread_notifications: await repo.countUnread(k, principal.user.id),
      };
    },
  };
}

