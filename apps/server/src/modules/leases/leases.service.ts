import {
  addMonths,
  apiErrors,
  asCents,
  AUTO_CONFIRM_DAYS,
  type Cents,
  DAY_MS,
  formatCents,
  type Instalment,
  instalmentAmounts,
  instalmentFlow,
  type InstalmentStatus,
  type Lease,
  LEASE_END_DAYS,
  LEASE_FIRST_PAY_DAYS,
  LEASE_WARNING_DAYS,
  leaseFlow,
  leaseMessages as lm,
  type LeaseOffer,
  leaseMonthlyLine,
  leasePlan,
  type LeaseTerms,
  leaseTermsOf,
  type LeaseStatus,
  type LeaseTermsRequest,
  leaseTermsRequest,
  leaseTermsText,
  stateLabels,
  type StartTransferRequest,
  type TransferMethod,
  transferTxtName,
} from '@market/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/database.js';
import { nowIso } from '../../db/database.js';
import type { TxtLookup } from '../../dns/txt-lookup.js';
import type { ZoneWriter } from '../../dns/zones.js';
import { AppError } from '../../errors.js';
import { transactionWithChanges } from '../../lib/live-events/index.js';
import type { Principal } from '../auth/index.js';
import { type AuthCodeBox, expectTransferProof, startTransferChange } from '../deals/index.js';
import { findDomain, updateDomain } from '../domains/index.js';
import { type Actor, type DealPaymentProvider, type EscrowEngine, newPaymentReference, SYSTEM } from '../escrow/index.js';
import { commitWithNotices, type Notice, writeNotices } from '../notifications/index.js';
import { instalmentSpec, leaseLink, type LeaseItem, leaseSpec, loadLease, OPEN_LEASE_STATES, withInstalments } from './lease-escrow.js';
import * as repo from './leases.repository.js';
import type { InstalmentView } from './leases.repository.js';

export interface LeasesDeps {
  db: Db;
  zones: ZoneWriter;
  engine: EscrowEngine;
  payments: DealPaymentProvider;
  authCodes: AuthCodeBox;
  txt: TxtLookup;
  bankDetails: string;
  publicUrl: string;
  mailQueued: () => void;
  log: FastifyBaseLogger;
}

type LeaseRole = Lease['role'];

export interface OpenLeaseInput {
  domainId: number;
  domainName: string;
  buyerId: number;
  sellerId: number;
  leadId: number | null;
  priceCents: Cents;
  terms: LeaseTerms;
  /** How the lease came about, for its first history line. */
  origin: 'buy-now' | 'accepted-offer';
}

/** Takes a listed name off the market for a lease; false when it is no longer available (sold, leased, under order). */
export async function reserveForLease(trx: Executor, domainId: number, at: string): Promise<boolean> {
  const reserved = await trx.updateTable('domains').set({ sale_status: 'leased', updated_at: at }).where('id', '=', domainId).where('sale_status', '=', 'available').executeTakeFirst();
  return Number(reserved.numUpdatedRows) === 1;
}
const leaseLabels = stateLabels(leaseFlow);
const instalmentLabels = stateLabels(instalmentFlow);
const person = (id: number, first: string, last: string) => ({ id, first_name: first, last_name: last });
const later = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS).toISOString();
const daysBefore = (iso: string, days: number) => new Date(Date.parse(iso) - days * DAY_MS).toISOString();
const conflict = (message: string) => new AppError('CONFLICT', message);

/**
 * Lease to own, from the seller's offer to the name passing to the lessee. Every state change goes
 * through the escrow engine (the lease flow and the instalment flow in packages/shared); this
 * service brings the schedule, the payoff, the transfer's details and the timers.
 */
export function createLeasesService({ db, zones, engine, payments, authCodes, txt, bankDetails, publicUrl, mailQueued, log }: LeasesDeps) {
  const k = db.kysely;
  engine.register(leaseSpec(engine, zones));
  engine.register(instalmentSpec(engine));

  function roleOf(l: { buyer_id: number; seller_id: number }, principal: Principal): LeaseRole | undefined {
    if (l.buyer_id === principal.user.id) return 'buyer';
    if (l.seller_id === principal.user.id) return 'seller';
    if (principal.user.role >= 1) return 'admin';
    return undefined;
  }

  /** The lease and the caller's part in it; someone else's lease is not found. */
  async function load(principal: Principal, id: number): Promise<{ lease: LeaseItem; actor: Actor & { role: LeaseRole } }> {
    const lease = await loadLease(k, id);
    const role = lease ? roleOf(lease, principal) : undefined;
    if (!lease || !role) throw new AppError('NOT_FOUND', lm.notFound);
    return { lease, actor: { role, userId: principal.user.id } };
  }

  async function loadInstalment(principal: Principal, id: number): Promise<{ instalment: InstalmentView; actor: Actor & { role: LeaseRole } }> {
    const instalment = await repo.findInstalment(k, id);
    const role = instalment ? roleOf(instalment, principal) : undefined;
    if (!instalment || !role) throw new AppError('NOT_FOUND', lm.instalmentNotFound);
    return { instalment, actor: { role, userId: principal.user.id } };
  }

  async function loadInstalmentForAdmin(principal: Principal, id: number) {
    return { instalment: await engine.load<InstalmentView>('instalment', id), actor: { role: 'admin' as const, userId: principal.user.id } };
  }

  /** Only the earliest instalment due is paid next; a later one waits for it. */
  function assertNext(lease: LeaseItem, instalment: InstalmentView) {
    if (instalment.status === 'due' && lease.next && lease.next.id !== instalment.id) throw conflict(lm.notNext);
  }

  async function presentInstalments(lease: LeaseItem, role: LeaseRole): Promise<Instalment[]> {
    const views = await engine.views('instalment', lease.instalments, () => role);
    return lease.instalments.map((i) => {
      const view = views.get(i.id)!;
      // A later instalment is paid after the earliest due: only that one offers its payment.
      const allowed = i.status === 'due' && lease.next?.id !== i.id ? view.allowed_actions.filter((a) => !['pay_by_card', 'pay_by_bank_transfer', 'record_payment'].includes(a)) : view.allowed_actions;
      return {
        id: i.id,
        number: i.number,
        payoff: i.payoff === 1,
        status: i.status as InstalmentStatus,
        status_label: instalmentLabels[i.status as InstalmentStatus] ?? i.status,
        amount_cents: asCents(i.amount_cents),
        buyer_total_cents: asCents(i.buyer_total_cents),
        seller_net_cents: asCents(i.seller_net_cents),
        commission_cents: asCents(i.commission_cents),
        due_at: i.due_at,
        paid_at: i.paid_at,
        payout_at: i.payout_at,
        warned_at: i.warned_at,
        payment_reference: i.payment_reference,
        next_step: view.next_step,
        allowed_actions: allowed as Instalment['allowed_actions'],
      };
    });
  }

  async function present(lease: LeaseItem, role: LeaseRole): Promise<Lease> {
    const view = (await engine.views('lease', [lease], () => role)).get(lease.id)!;
    const instalments = await presentInstalments(lease, role);
    const next = instalments.find((i) => i.id === lease.next?.id);
    const events = await repo.eventsOf(k, lease.id);
    return {
      id: lease.id,
      domain_id: lease.domain_id,
      domain_name: lease.domain_unicode,
      role,
      buyer: person(lease.buyer_id, lease.buyer_first_name, lease.buyer_last_name),
      seller: person(lease.seller_id, lease.seller_first_name, lease.seller_last_name),
      status: lease.status as LeaseStatus,
      status_label: leaseLabels[lease.status as LeaseStatus] ?? lease.status,
      provider: lease.provider,
      price_cents: asCents(lease.price_cents),
      total_cents: asCents(lease.total_cents),
      months: lease.months,
      down_payment_cents: asCents(lease.down_payment_cents),
      rate_bp: lease.rate_bp,
      paid_cents: asCents(lease.paid_cents),
      remaining_cents: asCents(lease.remaining_cents),
      next_instalment_id: lease.next?.id ?? null,
      terms: leaseTermsText({ total_cents: asCents(lease.total_cents) }, lease.months),
      can_set_dns: role === 'buyer' && (await k.selectFrom('domains').select('dns_controller_id').where('id', '=', lease.domain_id).executeTakeFirst())?.dns_controller_id === lease.buyer_id,
      instalments,
      transfer_method: lease.transfer_method as TransferMethod | null,
      push_account: lease.push_account,
      dns_txt: role === 'buyer' && lease.dns_token && view.allowed_actions.includes('check_dns') ? { name: transferTxtName(lease.domain_ascii), value: lease.dns_token } : null,
      dns_verified_at: lease.dns_verified_at,
      dispute_reason: lease.dispute_reason,
      resolution_note: lease.resolution_note,
      started_at: lease.started_at,
      ended_at: lease.ended_at,
      completed_at: lease.completed_at,
      created_at: lease.created_at,
      events: events.map((e) => ({ status: e.status, note: e.note, created_at: e.created_at })),
      payment_instructions:
        role === 'buyer' && next?.allowed_actions.includes('pay_by_bank_transfer') && lease.next
          ? { reference: lease.next.payment_reference, amount_cents: asCents(lease.next.buyer_total_cents), details: bankDetails }
          : null,
      next_step: view.next_step,
      allowed_actions: view.allowed_actions as Lease['allowed_actions'],
    };
  }

  async function presentId(id: number, role: LeaseRole): Promise<Lease> {
    return present((await loadLease(k, id))!, role);
  }

  /** The lease offer of a domain as a page shows it: its terms and the plan at its Buy Now price. */
  function offerOf(d: { id: number; seller_price: number; business_status: string; lease_months: number | null; lease_down_payment_cents: number; lease_rate_bp: number }): LeaseOffer {
    const terms = leaseTermsOf(d);
    const enabled = terms !== null;
    const plan = terms ? leasePlan(asCents(d.seller_price * 100), terms) : undefined;
    return {
      domain_id: d.id,
      enabled,
      months: d.lease_months,
      down_payment_cents: asCents(d.lease_down_payment_cents),
      rate_bp: d.lease_rate_bp,
      monthly_cents: plan?.monthly_cents ?? null,
      interest_cents: plan?.interest_cents ?? asCents(0),
      total_cents: plan?.total_cents ?? null,
      monthly_line: leaseMonthlyLine(plan?.monthly_cents),
      terms: plan ? leaseTermsText(plan, d.lease_months!) : [],
    };
  }

  /** Runs a system step; a step another sweep took first (409) is skipped. */
  async function systemStep(kind: 'lease' | 'instalment', item: { id: number; status: string }, action: string, note: string): Promise<number> {
    try {
      await engine.step(kind, item, action, SYSTEM, { note });
      return 1;
    } catch (error) {
      if (error instanceof AppError && error.code === 'CONFLICT') return 0;
      throw error;
    }
  }

  /**
   * A timer that changes no state (a reminder, the warning): the instalment's mark is claimed by a
   * conditional update in the notice's transaction, so of two sweeps racing exactly one sends it.
   */
  async function fireTimer(i: InstalmentView, column: 'reminded_7_at' | 'reminded_1_at' | 'warned_at', action: 'remind' | 'warn', at: string, also?: 'reminded_7_at'): Promise<number> {
    let fired = 0;
    await commitWithNotices(
      db,
      async (trx) => {
        if (!(await repo.claimTimer(trx, i.id, column, at))) return [];
        if (also) await repo.claimTimer(trx, i.id, also, at);
        fired = 1;
        const note = action === 'warn' ? `${LEASE_WARNING_DAYS} days late: warning sent` : `Reminder sent: due ${i.due_at.slice(0, 10)}`;
        await repo.insertEvent(trx, { lease_id: i.lease_id, instalment_id: i.id, status: i.status, note: `${i.payoff ? 'Payoff' : `Instalment ${i.number}`}: ${note}`, actor_id: null, created_at: at });
        return (await engine.stepIn(trx, 'instalment', i, action, SYSTEM, { note })).notices;
      },
      { publicUrl, mailQueued },
    );
    return fired;
  }

  /**
   * Opens a lease of a name already taken off the market (`sale_status` `leased`), inside the
   * caller's transaction: its terms frozen, every instalment scheduled (the first due now), both
   * parties told. From the Buy Now page (`start`) or an accepted offer in instalments (modules/leads).
   */
  async function openLease(trx: Executor, input: OpenLeaseInput, now: Date): Promise<{ lease: { id: number }; notices: Notice[] }> {
    const at = now.toISOString();
    const plan = leasePlan(input.priceCents, input.terms);
    const lease = await repo.insertLease(trx, {
      domain_id: input.domainId,
      buyer_id: input.buyerId,
      seller_id: input.sellerId,
      domain_lead_id: input.leadId,
      status: leaseFlow.initial,
      provider: payments.name,
      payment_reference: newPaymentReference('LS'),
      price_cents: input.priceCents,
      total_cents: plan.total_cents,
      months: plan.instalments.length,
      down_payment_cents: input.terms.down_payment_cents,
      rate_bp: input.terms.rate_bp,
      pay_by: later(now, LEASE_FIRST_PAY_DAYS),
      created_at: at,
      updated_at: at,
    });
    await repo.insertInstalments(
      trx,
      plan.instalments.map((p) => ({
        lease_id: lease.id,
        number: p.number,
        status: instalmentFlow.initial,
        provider: payments.name,
        payment_reference: newPaymentReference('LS'),
        ...instalmentAmounts(p.amount_cents),
        due_at: addMonths(at, p.number - 1),
        created_at: at,
        updated_at: at,
      })),
    );
    const how = input.origin === 'buy-now' ? 'Lease started at the Buy Now price' : 'Lease started on an accepted offer in instalments';
    await repo.insertEvent(trx, { lease_id: lease.id, instalment_id: null, status: leaseFlow.initial, note: how, actor_id: input.buyerId, created_at: at });
    const first = instalmentAmounts(plan.instalments[0]!.amount_cents).buyer_total_cents;
    const notice = (userId: number, subject: string, message: string): Notice => ({ userId, leadId: input.leadId, category: 'lease', subject, message, link: leaseLink(lease.id), linkLabel: 'Open the lease' });
    const name = input.domainName;
    return {
      lease,
      notices: [
        notice(input.sellerId, `${name} is leased`, `${name} is leased to own over ${plan.instalments.length} months, ${formatCents(plan.total_cents)} in all, awaiting the first instalment.`),
        notice(input.buyerId, `Your lease of ${name} is open`, `Your lease of ${name} is open: pay the first instalment, ${formatCents(first)}, within ${LEASE_FIRST_PAY_DAYS} days.`),
      ],
    };
  }

  return {
    offerOf,

    /** GET /api/domains/{id}/lease-offer/: public, for a listed name. */
    async offer(domainId: number): Promise<LeaseOffer> {
      const domain = await findDomain(k, domainId);
      if (!domain || domain.status !== 'approved') throw new AppError('NOT_FOUND', apiErrors.notFound);
      return offerOf(domain);
    },

    /** The owner offers the name on lease (or stops offering it); not while a lease holds it. */
    async setTerms(principal: Principal, domainId: number, body: LeaseTermsRequest): Promise<LeaseOffer> {
      const terms = leaseTermsRequest.parse(body);
      const domain = await findDomain(k, domainId);
      if (!domain || domain.user_id !== principal.user.id) throw new AppError('NOT_FOUND', apiErrors.notFound);
      if (await repo.openLeaseOfDomain(k, domainId, OPEN_LEASE_STATES)) throw conflict(lm.leased);
      if (terms.enabled) {
        if (domain.business_status !== 'Buy Now' || domain.seller_price <= 0) throw AppError.fields({ enabled: [lm.noPrice] });
        if (terms.down_payment_cents >= domain.seller_price * 100) throw AppError.fields({ down_payment_cents: [lm.downPaymentTooHigh] });
      }
      await updateDomain(k, domainId, {
        lease_months: terms.enabled ? terms.months : null,
        lease_down_payment_cents: asCents(terms.enabled ? terms.down_payment_cents : 0),
        lease_rate_bp: terms.enabled ? terms.rate_bp : 0,
        updated_at: nowIso(),
      });
      return offerOf((await findDomain(k, domainId))!);
    },

    openLease,

    /** The buyer starts a lease at the Buy Now price: the name is held for them, the first instalment due now. */
    async start(principal: Principal, domainId: number): Promise<Lease> {
      const domain = await findDomain(k, domainId);
      if (!domain || domain.status !== 'approved') throw new AppError('NOT_FOUND', apiErrors.notFound);
      if (domain.user_id === principal.user.id) throw AppError.fields({ domain_id: [lm.ownDomain] });
      const terms = leaseTermsOf(domain);
      if (!terms) throw conflict(lm.notOffered);
      const now = new Date();
      const at = now.toISOString();
      const { lease } = await transactionWithChanges(db, async (trx) => {
        if (!(await reserveForLease(trx, domainId, at))) throw conflict(lm.notAvailable);
        await trx.updateTable('domain_leads').set({ status: 'closed', updated_at: at }).where('domain_id', '=', domainId).where('status', '=', 'open').execute();
        const opened = await openLease(
          trx,
          { domainId, domainName: domain.domain_unicode, buyerId: principal.user.id, sellerId: domain.user_id, leadId: null, priceCents: asCents(domain.seller_price * 100), terms, origin: 'buy-now' },
          now,
        );
        await writeNotices(trx, opened.notices, { now: at, publicUrl });
        return opened;
      });
      mailQueued();
      return presentId(lease.id, 'buyer');
    },

    /** Which lease each accepted lead became, for the negotiation page's link to it. */
    leaseIdsOfLeads(leadIds: number[]): Promise<Map<number, number>> {
      return repo.leaseIdsOfLeads(k, leadIds);
    },

    async list(principal: Principal): Promise<Lease[]> {
      const leases = await repo.leasesOfUser(k, principal.user.id);
      return Promise.all(leases.map(async (l) => present(withInstalments(l, await repo.instalmentsOf(k, l.id)), l.buyer_id === principal.user.id ? 'buyer' : 'seller')));
    },

    async get(principal: Principal, id: number): Promise<Lease> {
      const { lease, actor } = await load(principal, id);
      return present(lease, actor.role);
    },

    /** Either party, before the first instalment: the name is listed again. */
    async cancel(principal: Principal, id: number): Promise<Lease> {
      const { lease, actor } = await load(principal, id);
      await engine.step('lease', lease, 'cancel', actor, { note: `Cancelled by the ${actor.role === 'buyer' ? 'lessee' : actor.role}` });
      return presentId(id, actor.role);
    },

    /** The lessee's card checkout for the earliest instalment due; a new page each time, the newest kept. */
    async checkout(principal: Principal, instalmentId: number): Promise<{ url: string }> {
      const { instalment, actor } = await loadInstalment(principal, instalmentId);
      const byCard = Boolean(payments.checkout) && instalment.provider !== 'manual';
      try {
        await engine.assertAllowed('instalment', instalment, 'pay_by_card', actor);
      } catch (error) {
        if (!byCard && error instanceof AppError && error.code === 'CONFLICT') throw conflict(lm.paidByBankTransfer);
        throw error;
      }
      if (!payments.checkout || !byCard) throw conflict(lm.paidByBankTransfer);
      assertNext((await loadLease(k, instalment.lease_id))!, instalment);
      const back = `${publicUrl}${leaseLink(instalment.lease_id)}`;
      const { url, sessionId } = await payments.checkout(
        { amountCents: instalment.buyer_total_cents, description: `${instalment.domain_unicode}, ${instalment.payoff ? 'payoff' : `instalment ${instalment.number}`}`, metadata: { instalment_id: String(instalment.id) } },
        { success: `${back}?paid=1`, cancel: `${back}?cancelled=1` },
      );
      if (!(await repo.setCheckoutSession(k, instalment.id, sessionId, nowIso()))) {
        await engine.assertAllowed('instalment', await engine.load('instalment', instalment.id), 'pay_by_card', actor);
      }
      return { url };
    },

    /** Admin: a bank transfer for an instalment arrived; it must be the instalment's total. */
    async adminRecordPayment(principal: Principal, instalmentId: number, body: { reference: string; amount_cents?: number }): Promise<Lease> {
      const { instalment, actor } = await loadInstalmentForAdmin(principal, instalmentId);
      await engine.assertAllowed('instalment', instalment, 'record_payment', actor);
      assertNext((await loadLease(k, instalment.lease_id))!, instalment);
      if ((body.amount_cents ?? instalment.buyer_total_cents) !== instalment.buyer_total_cents) {
        throw AppError.fields({ amount_cents: [lm.amountMismatch(formatCents(asCents(instalment.buyer_total_cents)))] });
      }
      await engine.step('instalment', instalment, 'record_payment', actor, { reference: body.reference, note: `Payment ${body.reference}` });
      return presentId(instalment.lease_id, 'admin');
    },

    /** Admin: the seller's payout of one instalment was sent. */
    async recordPayout(principal: Principal, instalmentId: number, reference: string): Promise<Lease> {
      const { instalment, actor } = await loadInstalmentForAdmin(principal, instalmentId);
      await engine.step('instalment', instalment, 'record_payout', actor, { reference, note: `Payout ${reference}` });
      return presentId(instalment.lease_id, 'admin');
    },

    /** Admin, settling a dispute: a paid instalment goes back to the lessee. */
    async refundInstalment(principal: Principal, instalmentId: number): Promise<Lease> {
      const { instalment, actor } = await loadInstalmentForAdmin(principal, instalmentId);
      await engine.step('instalment', instalment, 'resolve_refund', actor, { note: 'Refunded to the lessee' });
      return presentId(instalment.lease_id, 'admin');
    },

    /** Admin: a refund sent by hand has gone to the lessee. */
    async recordRefund(principal: Principal, instalmentId: number, reference: string): Promise<Lease> {
      const { instalment, actor } = await loadInstalmentForAdmin(principal, instalmentId);
      await engine.step('instalment', instalment, 'record_refund', actor, { reference, note: `Refund ${reference}` });
      return presentId(instalment.lease_id, 'admin');
    },

    /**
     * The lessee pays off the remainder: the instalments still due become one, due when the
     * earliest of them was (its reminders and warning as they stood), paid like any other.
     */
    async payOff(principal: Principal, id: number): Promise<Lease> {
      const { lease, actor } = await load(principal, id);
      const due = lease.instalments.filter((i) => i.status === 'due');
      await engine.step('lease', lease, 'pay_off', actor, { note: `Payoff of the remaining ${formatCents(asCents(lease.remaining_cents))} asked` }, async (trx) => {
        const first = due[0];
        if (!first || due.length === 1) return [];
        const at = nowIso();
        for (const i of due) await engine.stepIn(trx, 'instalment', i, 'waive', SYSTEM, { note: 'Replaced by the payoff' });
        await repo.insertInstalments(trx, [
          {
            lease_id: lease.id,
            number: first.number,
            payoff: 1,
            status: instalmentFlow.initial,
            provider: lease.provider,
            payment_reference: newPaymentReference('LS'),
            ...instalmentAmounts(lease.remaining_cents),
            due_at: first.due_at,
            reminded_7_at: first.reminded_7_at,
            reminded_1_at: first.reminded_1_at,
            warned_at: first.warned_at,
            created_at: at,
            updated_at: at,
          },
        ]);
        return [];
      });
      return presentId(id, actor.role);
    },

    /** The seller starts the transfer once the lease is paid in full. */
    async startTransfer(principal: Principal, id: number, body: StartTransferRequest): Promise<Lease> {
      const { lease, actor } = await load(principal, id);
      await engine.step('lease', lease, 'start_transfer', actor, startTransferChange(body, authCodes));
      return presentId(id, actor.role);
    },

    async authCode(principal: Principal, id: number): Promise<{ auth_code: string }> {
      const { lease, actor } = await load(principal, id);
      await engine.assertAllowed('lease', lease, 'read_auth_code', actor);
      return { auth_code: authCodes.open(lease.auth_code_secret!) };
    },

    /** Looks for the lessee's TXT record; once it is there, the lease completes itself after a few days. */
    async checkDns(principal: Principal, id: number): Promise<Lease> {
      const { lease, actor } = await load(principal, id);
      await engine.assertAllowed('lease', lease, 'check_dns', actor);
      const now = new Date();
      const at = now.toISOString();
      await expectTransferProof(txt, lease.domain_ascii, lease.dns_token, () => repo.updateLease(k, id, { dns_checked_at: at }));
      await engine.step('lease', lease, 'check_dns', actor, { patch: { dns_checked_at: at, dns_verified_at: at, confirm_by: later(now, AUTO_CONFIRM_DAYS), updated_at: at } }, async (trx) => {
        await repo.insertEvent(trx, { lease_id: id, instalment_id: null, status: lease.status, note: 'DNS check passed: the domain is in the lessee’s hands.', actor_id: principal.user.id, created_at: at });
        return [];
      });
      return presentId(id, actor.role);
    },

    async confirm(principal: Principal, id: number): Promise<Lease> {
      const { lease, actor } = await load(principal, id);
      await engine.step('lease', lease, 'confirm', actor, { note: 'Receipt confirmed by the lessee' });
      return presentId(id, actor.role);
    },

    async dispute(principal: Principal, id: number, reason: string): Promise<Lease> {
      const { lease, actor } = await load(principal, id);
      await engine.step('lease', lease, 'dispute', actor, {
        note: `Disputed by the ${actor.role === 'buyer' ? 'lessee' : actor.role}: ${reason}`,
        patch: { dispute_reason: reason, disputed_by: principal.user.id },
      });
      return presentId(id, actor.role);
    },

    /** Admin: a disputed lease ends (the name back to the seller) or the name passes to the lessee. */
    async resolve(principal: Principal, id: number, decision: 'transfer' | 'end', note: string): Promise<Lease> {
      const lease = await engine.load<LeaseItem>('lease', id);
      const actor: Actor = { role: 'admin', userId: principal.user.id };
      await engine.step('lease', lease, decision === 'transfer' ? 'resolve_transfer' : 'resolve_end', actor, {
        note: decision === 'transfer' ? `The name passes to the lessee: ${note}` : `The lease ends: ${note}`,
        patch: { resolution_note: note },
      });
      return presentId(id, 'admin');
    },

    /**
     * The lease timers, from the instalments' dates: reminders 7 days and 1 day before, a warning
     * 7 days late, the end 30 days late; the first instalment unpaid in time lapses the lease; a
     * transfer proven by DNS completes. Each fires in a conditional update, so two instances
     * sweeping at once fire it once; the dates are in the database, so a restart loses none.
     */
    async sweep(now = new Date()) {
      const at = now.toISOString();
      const done = { reminded: 0, warned: 0, ended: 0, lapsed: 0, completed: 0 };
      for (const lease of await repo.lapsedLeases(k, at)) done.lapsed += await systemStep('lease', lease, 'lapse', `First instalment not paid within ${LEASE_FIRST_PAY_DAYS} days`);
      // The instalments due within a week (or past due) of running leases.
      for (const i of await repo.dueInstalments(k, ['active', 'disputed'], later(now, 7))) {
        const late = now.getTime() - Date.parse(i.due_at);
        if (late >= LEASE_END_DAYS * DAY_MS) {
          if (i.lease_status !== 'active') continue;
          const lease = await loadLease(k, i.lease_id);
          if (lease) done.ended += await systemStep('lease', lease, 'end', `${i.payoff ? 'The payoff' : `Instalment ${i.number}`} not paid within ${LEASE_END_DAYS} days of its date`);
        } else if (late >= LEASE_WARNING_DAYS * DAY_MS) {
          if (!i.warned_at) done.warned += await fireTimer(i, 'warned_at', 'warn', at);
        } else if (at >= daysBefore(i.due_at, 1)) {
          if (!i.reminded_1_at && late < 0) done.reminded += await fireTimer(i, 'reminded_1_at', 'remind', at, 'reminded_7_at');
        } else if (at >= daysBefore(i.due_at, 7)) {
          if (!i.reminded_7_at) done.reminded += await fireTimer(i, 'reminded_7_at', 'remind', at);
        }
      }
      for (const lease of await repo.confirmableLeases(k, at)) {
        const item = await loadLease(k, lease.id);
        if (item) done.completed += await systemStep('lease', item, 'auto_confirm', `Confirmed by DNS, ${AUTO_CONFIRM_DAYS} days without a dispute`);
      }
      if (Object.values(done).some((n) => n > 0)) log.info(done, 'lease timers applied');
      return done;
    },

    /** Admin finance: every lease (newest first) and the instalments past their date. */
    async finance(limit = 500) {
      const leases = await repo.listLeases(k, limit);
      const items = await Promise.all(leases.map(async (l) => withInstalments(l, await repo.instalmentsOf(k, l.id))));
      const presented = await Promise.all(items.map((l) => present(l, 'admin')));
      const now = Date.now();
      const overdue = presented.flatMap((l) =>
        l.instalments
          .filter((i) => i.status === 'due' && Date.parse(i.due_at) < now)
          .map((i) => ({ ...i, lease_id: l.id, domain_name: l.domain_name, days_late: Math.floor((now - Date.parse(i.due_at)) / DAY_MS) })),
      );
      return { leases: presented.map(({ events: _e, terms: _t, can_set_dns: _d, ...rest }) => rest), overdue };
    },
  };
}

export type LeasesService = ReturnType<typeof createLeasesService>;
