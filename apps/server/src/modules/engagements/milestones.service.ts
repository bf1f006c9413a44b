import {
  AUTO_APPROVE_DAYS,
  cancellableMilestoneStatuses,
  DAY_MS,
  disputableMilestoneStatuses,
  engagementMessages as em,
  formatCents,
  type MilestoneInput,
  milestoneAmounts,
  type MilestoneStatus,
  milestoneStatusLabels,
} from '@market/shared';
import type { Executor } from '../../db/database.js';
import { nowIso } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { writeAudit } from '../../lib/audit-log.js';
import type { Principal } from '../auth/auth.service.js';
import { claimPaymentEvent, insertLedger } from '../deals/deals.repository.js';
import { newPaymentReference } from '../deals/deals.service.js';
import type { DealPaymentProvider } from '../deals/payment-provider.js';
import type { CardPayment } from '../deals/stripe-payments.js';
import type { Notice } from '../notifications/notices.js';
import { conflict, type EngagementAccess, engagementLink, type EngagementsDeps, notice } from './engagement-access.js';
import * as repo from './engagements.repository.js';
import type { EngagementView, MilestoneRow } from './engagements.repository.js';
import { type EngagementRole, presentAdminMilestone } from './engagements.presenter.js';

const later = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS).toISOString();
const milestoneLabel = (status: string) => milestoneStatusLabels[status as MilestoneStatus] ?? status;

/** The milestones of new terms, not payable until the terms are accepted; each gets the provider it will be paid through. */
export function milestoneRows(payments: Pick<DealPaymentProvider, 'name'>, engagementId: number, commissionPercent: number, list: MilestoneInput[], at: string) {
  return list.map((m, i) => ({
    engagement_id: engagementId,
    position: i + 1,
    title: m.title,
    due_date: m.due_date,
    status: 'proposed' as const,
    ...milestoneAmounts(m.amount_cents, commissionPercent),
    provider: payments.name,
    payment_reference: newPaymentReference('FM'),
    created_at: at,
    updated_at: at,
  }));
}

/**
 * The escrow of an engagement's milestones: the client's money is held per milestone from funding
 * until the freelancer's payout or the client's refund. Everything that moves that money is here.
 */
export function createMilestonesService(
  { payments, bankDetails, publicUrl, log }: Pick<EngagementsDeps, 'payments' | 'bankDetails' | 'publicUrl' | 'log'>,
  { k, commit, load, present }: EngagementAccess,
) {
  async function loadMilestone(principal: Principal, milestoneId: number, allowed?: readonly EngagementRole[]) {
    const milestone = await repo.findMilestone(k, milestoneId);
    if (!milestone || milestone.status === 'proposed') throw new AppError('NOT_FOUND', em.milestoneNotFound);
    const { engagement, role } = await load(principal, milestone.engagement_id, allowed);
    return { milestone, engagement, role };
  }

  async function loadForAdmin(milestoneId: number) {
    const milestone = await repo.findMilestone(k, milestoneId);
    const engagement = milestone && milestone.status !== 'proposed' ? await repo.findEngagement(k, milestone.engagement_id) : undefined;
    if (!milestone || !engagement) throw new AppError('NOT_FOUND', em.milestoneNotFound);
    return { milestone, engagement };
  }

  async function adminView(milestoneId: number) {
    const { milestone, engagement } = await loadForAdmin(milestoneId);
    return presentAdminMilestone(milestone, engagement, bankDetails);
  }

  /** Moves a milestone, or refuses with the state it is in; writes the history line. */
  async function move(
    trx: Executor,
    m: MilestoneRow,
    from: readonly MilestoneStatus[],
    to: MilestoneStatus,
    patch: Parameters<typeof repo.moveMilestone>[3],
    event: { actorId: number | null; note?: string | null; now: string },
  ) {
    if (!(await repo.moveMilestone(trx, m.id, from, { ...patch, status: to, updated_at: event.now }))) {
      const current = await repo.findMilestone(trx, m.id);
      throw conflict(em.milestoneOutOfOrder(milestoneLabel(current?.status ?? m.status)));
    }
    const note = `${m.title}${event.note ? `: ${event.note}` : ''}`;
    await repo.insertEvent(trx, { engagement_id: m.engagement_id, milestone_id: m.id, status: to, note, actor_id: event.actorId, created_at: event.now });
  }

  /** Money back to the client: through the provider when it can, else due for an admin to send. */
  async function refund(trx: Executor, m: MilestoneRow, from: readonly MilestoneStatus[], actorId: number | null, note: string, now: string) {
    const sent =
      payments.refund && m.provider === payments.name && m.provider !== 'manual'
        ? await payments.refund({ kind: 'milestone', id: m.id, payment_reference: m.payment_reference })
        : null;
    if (sent) {
      await move(trx, m, from, 'refunded', { refunded_at: now }, { actorId, note, now });
      await insertLedger(trx, { milestone_id: m.id, kind: 'refund', amount_cents: m.amount_cents, reference: sent.reference, recorded_by: actorId, created_at: now });
    } else {
      await move(trx, m, from, 'refund_due', {}, { actorId, note, now });
    }
  }

  /** The client's money arrived (an admin's bank record, or the card processor's word): it is held. */
  async function applyPayment(actorId: number | null, m: MilestoneRow, e: EngagementView, payment: { reference: string; amountCents: number }, trx: Executor): Promise<Notice[]> {
    if (payment.amountCents !== m.amount_cents) throw AppError.fields({ amount_cents: [em.amountMismatch(formatCents(m.amount_cents))] });
    const at = nowIso();
    await move(trx, m, ['awaiting_funding'], 'funded', { paid_at: at }, { actorId, note: `Payment ${payment.reference}`, now: at });
    await insertLedger(trx, { milestone_id: m.id, kind: 'payment', amount_cents: m.amount_cents, reference: payment.reference, recorded_by: actorId, created_at: at });
    await trx.updateTable('engagements').set({ first_funded_at: at }).where('id', '=', e.id).where('first_funded_at', 'is', null).execute();
    return [
      notice(e, e.client_id, `We received ${formatCents(m.amount_cents)} for "${m.title}"; we hold it until you approve the delivery.`),
      notice(e, e.freelancer_id, `"${m.title}" of "${e.title}" is funded: you can start the work.`),
    ];
  }

  return {
    /** The client's way to the card processor's checkout page for one milestone. */
    async checkout(principal: Principal, milestoneId: number): Promise<{ url: string }> {
      const { milestone: m, engagement: e } = await loadMilestone(principal, milestoneId, ['client']);
      if (m.provider === 'manual' || m.provider !== payments.name || !payments.checkout) throw conflict(em.milestoneOutOfOrder(milestoneLabel(m.status)));
      if (m.status !== 'awaiting_funding') throw conflict(em.milestoneOutOfOrder(milestoneLabel(m.status)));
      const back = `${publicUrl}${engagementLink(e.id)}`;
      const { url, sessionId } = await payments.checkout(
        { amountCents: m.amount_cents, description: `${e.title}: ${m.title}`, metadata: { milestone_id: String(m.id) } },
        { success: `${back}?paid=1`, cancel: `${back}?cancelled=1` },
      );
      if (!(await repo.setCheckoutSession(k, m.id, sessionId, nowIso()))) throw conflict(em.milestoneOutOfOrder(milestoneLabel('cancelled')));
      return { url };
    },

    /** The card processor says a milestone's checkout was paid; the event id is claimed with the payment. */
    async cardPaymentCompleted(payment: CardPayment): Promise<'applied' | 'duplicate' | 'unknown-order' | 'not-payable'> {
      const bySession = await repo.findMilestoneByCheckoutSession(k, payment.sessionId);
      const m = bySession ?? (await repo.findMilestone(k, payment.milestoneId ?? 0));
      const e = m ? await repo.findEngagement(k, m.engagement_id) : undefined;
      if (!m || !e || m.provider !== payments.name) {
        log.warn({ event: payment.eventId, session: payment.sessionId }, 'card payment for no milestone of ours');
        return 'unknown-order';
      }
      let outcome: 'applied' | 'duplicate' = 'applied';
      try {
        await commit(async (trx) => {
          if (!(await claimPaymentEvent(trx, payment.eventId, payments.name, nowIso()))) {
            outcome = 'duplicate';
            return [];
          }
          const reference = payment.paymentIntentId ?? payment.sessionId;
          const notices = await applyPayment(null, m, e, { reference, amountCents: payment.amountCents }, trx);
          // Kept on the milestone: a refund goes back through this payment.
          await trx.updateTable('engagement_milestones').set({ payment_reference: reference }).where('id', '=', m.id).execute();
          return notices;
        });
      } catch (error) {
        if (error instanceof AppError && error.code === 'CONFLICT') {
          log.error({ event: payment.eventId, milestone: m.id, status: m.status }, 'card payment for a milestone that cannot take it: refund it by hand');
          return 'not-payable';
        }
        throw error;
      }
      return outcome;
    },

    /** Only the freelancer marks a funded milestone delivered; the client has days to answer. */
    async deliver(principal: Principal, milestoneId: number, note: string) {
      const { milestone: m, engagement: e } = await loadMilestone(principal, milestoneId, ['freelancer']);
      await commit(async (trx) => {
        const now = new Date();
        const at = now.toISOString();
        await move(trx, m, ['funded'], 'delivered', { delivered_at: at, delivery_note: note, approve_by: later(now, AUTO_APPROVE_DAYS) }, { actorId: principal.user.id, note, now: at });
        return [notice(e, e.client_id, `"${m.title}" was delivered. Approve it or open a dispute within ${AUTO_APPROVE_DAYS} days; after that it is approved automatically.`)];
      });
      return present(e.id, { id: principal.user.id, role: 'freelancer' });
    },

    /** Only the client approves a delivery: the freelancer's payout is due. */
    async approve(principal: Principal, milestoneId: number) {
      const { milestone: m, engagement: e } = await loadMilestone(principal, milestoneId, ['client']);
      await commit(async (trx) => {
        const at = nowIso();
        await move(trx, m, ['delivered'], 'approved', { approved_at: at }, { actorId: principal.user.id, note: 'Approved by the client', now: at });
        return [notice(e, e.freelancer_id, `The client approved "${m.title}". Your payout of ${formatCents(m.freelancer_net_cents)} is on its way.`)];
      });
      return present(e.id, { id: principal.user.id, role: 'client' });
    },

    /** Either party, before delivery: an unfunded milestone is dropped, a funded one refunded. */
    async cancel(principal: Principal, milestoneId: number) {
      const { milestone: m, engagement: e, role } = await loadMilestone(principal, milestoneId);
      await commit(async (trx) => {
        const at = nowIso();
        const note = `Cancelled by the ${role}`;
        if (m.status === 'funded') await refund(trx, m, ['funded'], principal.user.id, note, at);
        else await move(trx, m, cancellableMilestoneStatuses.filter((s) => s !== 'funded'), 'cancelled', { cancelled_at: at }, { actorId: principal.user.id, note, now: at });
        const other = role === 'client' ? e.freelancer_id : e.client_id;
        const money = m.status === 'funded' ? ` The client's ${formatCents(m.amount_cents)} is refunded.` : '';
        return [notice(e, other, `The ${role} cancelled "${m.title}".${money}`)];
      });
      return present(e.id, { id: principal.user.id, role });
    },

    /** Either party, from funding until the payout: an admin decides. */
    async dispute(principal: Principal, milestoneId: number, reason: string) {
      const { milestone: m, engagement: e, role } = await loadMilestone(principal, milestoneId);
      await commit(async (trx) => {
        const at = nowIso();
        await move(trx, m, disputableMilestoneStatuses, 'disputed', { dispute_reason: reason, disputed_by: principal.user.id }, { actorId: principal.user.id, note: `Disputed by the ${role}: ${reason}`, now: at });
        const other = role === 'client' ? e.freelancer_id : e.client_id;
        return [notice(e, other, `The ${role} opened a dispute on "${m.title}". Our team will decide and tell you both.`)];
      });
      return present(e.id, { id: principal.user.id, role });
    },

    /** Admin: a bank transfer for the milestone arrived. */
    async adminRecordPayment(principal: Principal, milestoneId: number, body: { reference: string; amount_cents?: number }) {
      const { milestone: m, engagement: e } = await loadForAdmin(milestoneId);
      await commit(async (trx) => {
        const notices = await applyPayment(principal.user.id, m, e, { reference: body.reference, amountCents: body.amount_cents ?? m.amount_cents }, trx);
        await writeAudit(trx, { actorId: principal.user.id, action: 'milestone-payment', targetType: 'milestone', targetId: m.id, outcome: 'ok', details: { reference: body.reference } });
        return notices;
      });
      return adminView(milestoneId);
    },

    /** Admin: the freelancer's payout was sent; the commission is earned. */
    async recordPayout(principal: Principal, milestoneId: number, reference: string) {
      const { milestone: m, engagement: e } = await loadForAdmin(milestoneId);
      await commit(async (trx) => {
        const at = nowIso();
        await move(trx, m, ['approved'], 'paid_out', { payout_at: at }, { actorId: principal.user.id, note: `Payout ${reference}`, now: at });
        await insertLedger(trx, { milestone_id: m.id, kind: 'payout', amount_cents: m.freelancer_net_cents, reference, recorded_by: principal.user.id, created_at: at });
        await insertLedger(trx, { milestone_id: m.id, kind: 'commission', amount_cents: m.commission_cents, reference, recorded_by: principal.user.id, created_at: at });
        await writeAudit(trx, { actorId: principal.user.id, action: 'milestone-payout', targetType: 'milestone', targetId: m.id, outcome: 'ok', details: { reference } });
        return [
          notice(e, e.freelancer_id, `We sent your payout of ${formatCents(m.freelancer_net_cents)} for "${m.title}" (reference ${reference}).`),
          notice(e, e.client_id, `"${m.title}" is complete: the freelancer has been paid.`),
        ];
      });
      return adminView(milestoneId);
    },

    /** Admin: a refund that was due has been sent to the client. */
    async recordRefund(principal: Principal, milestoneId: number, reference: string) {
      const { milestone: m, engagement: e } = await loadForAdmin(milestoneId);
      await commit(async (trx) => {
        const at = nowIso();
        await move(trx, m, ['refund_due'], 'refunded', { refunded_at: at }, { actorId: principal.user.id, note: `Refund ${reference}`, now: at });
        await insertLedger(trx, { milestone_id: m.id, kind: 'refund', amount_cents: m.amount_cents, reference, recorded_by: principal.user.id, created_at: at });
        await writeAudit(trx, { actorId: principal.user.id, action: 'milestone-refund', targetType: 'milestone', targetId: m.id, outcome: 'ok', details: { reference } });
        return [notice(e, e.client_id, `We refunded ${formatCents(m.amount_cents)} for "${m.title}" (reference ${reference}).`)];
      });
      return adminView(milestoneId);
    },

    /** Admin: settles a dispute by refunding the client or releasing the funds to the freelancer. */
    async resolve(principal: Principal, milestoneId: number, decision: 'refund' | 'release', note: string) {
      const { milestone: m, engagement: e } = await loadForAdmin(milestoneId);
      await commit(async (trx) => {
        const at = nowIso();
        if (decision === 'release') {
          await move(trx, m, ['disputed'], 'approved', { approved_at: at, resolution_note: note }, { actorId: principal.user.id, note: `Released to the freelancer: ${note}`, now: at });
        } else {
          await trx.updateTable('engagement_milestones').set({ resolution_note: note }).where('id', '=', m.id).where('status', '=', 'disputed').execute();
          await refund(trx, m, ['disputed'], principal.user.id, `Refunded to the client: ${note}`, at);
        }
        await writeAudit(trx, { actorId: principal.user.id, action: 'milestone-resolve', targetType: 'milestone', targetId: m.id, outcome: 'ok', details: { decision } });
        const text = decision === 'release' ? 'released to the freelancer' : 'refunded to the client';
        return [e.client_id, e.freelancer_id].map((u) => notice(e, u, `The dispute on "${m.title}" was settled: ${text}. ${note}`));
      });
      return adminView(milestoneId);
    },

    /** Admin's finance page: milestones with money to record (all, or one status). */
    async adminList(status: MilestoneStatus | undefined) {
      const milestones = await repo.listMilestones(k, status ? [status] : undefined, 1000);
      const engagements = new Map((await repo.engagementsById(k, [...new Set(milestones.map((m) => m.engagement_id))])).map((e) => [e.id, e]));
      return milestones.flatMap((m) => {
        const e = engagements.get(m.engagement_id);
        return e ? [presentAdminMilestone(m, e, bankDetails)] : [];
      });
    },

    /** Deliveries left without an answer are approved; each in its own conditional update. */
    async sweep(now = new Date()): Promise<{ approved: number }> {
      const at = now.toISOString();
      let approved = 0;
      for (const m of await repo.overdueDeliveries(k, at)) {
        try {
          await commit(async (trx) => {
            await move(trx, m, ['delivered'], 'approved', { approved_at: at }, { actorId: null, note: `Approved automatically, ${AUTO_APPROVE_DAYS} days after delivery`, now: at });
            const e = await repo.findEngagement(trx, m.engagement_id);
            return e ? [notice(e, e.freelancer_id, `"${m.title}" was approved automatically. Your payout of ${formatCents(m.freelancer_net_cents)} is on its way.`), notice(e, e.client_id, `"${m.title}" was approved automatically ${AUTO_APPROVE_DAYS} days after delivery.`)] : [];
          });
          approved += 1;
        } catch (error) {
          if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
        }
      }
      if (approved) log.info({ approved }, 'milestone deliveries approved automatically');
      return { approved };
    },
  };
}
