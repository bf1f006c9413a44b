import { AUTO_APPROVE_DAYS, engagementMessages as em, formatCents, type MilestoneInput, milestoneAmounts, type MilestoneStatus, statesAllowing, milestoneFlow } from '@market/shared';
import { nowIso } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { Principal } from '../auth/index.js';
import { type Actor, newPaymentReference, type DealPaymentProvider, SYSTEM } from '../escrow/index.js';
import { type EngagementAccess, engagementLink, type EngagementsDeps } from './engagement-access.js';
import * as repo from './engagements.repository.js';
import type { MilestoneRow } from './engagements.repository.js';
import { presentAdminMilestone } from './engagements.presenter.js';
import { findMilestoneView, milestoneSpec, withEngagement } from './milestone-escrow.js';

/** The milestones of new terms, not payable until the terms are accepted; each gets the provider it will be paid through. */
export function milestoneRows(payments: Pick<DealPaymentProvider, 'name'>, engagementId: number, commissionPercent: number, list: MilestoneInput[], at: string) {
  return list.map((m, i) => ({
    engagement_id: engagementId,
    position: i + 1,
    title: m.title,
    due_date: m.due_date,
    status: milestoneFlow.initial,
    ...milestoneAmounts(m.amount_cents, commissionPercent),
    provider: payments.name,
    payment_reference: newPaymentReference('FM'),
    created_at: at,
    updated_at: at,
  }));
}

/**
 * The escrow of an engagement's milestones: the client's money is held per milestone from funding
 * until the freelancer's payout or the client's refund. Every step goes through the escrow engine
 * (the milestone flow); this service brings what the steps need of their own.
 */
export function createMilestonesService(
  { payments, engine, bankDetails, publicUrl, log }: Pick<EngagementsDeps, 'payments' | 'engine' | 'bankDetails' | 'publicUrl' | 'log'>,
  { k, load, present }: EngagementAccess,
) {
  engine.register(milestoneSpec());

  /** A milestone and the caller's part in it; milestones of terms still under discussion are not found. */
  async function loadMilestone(principal: Principal, milestoneId: number) {
    const milestone = await findMilestoneView(k, milestoneId);
    if (!milestone || milestone.status === milestoneFlow.initial) throw new AppError('NOT_FOUND', em.milestoneNotFound);
    const { engagement, role } = await load(principal, milestone.engagement_id);
    return { milestone, engagement, actor: { role, userId: principal.user.id } satisfies Actor };
  }

  async function loadForAdmin(principal: Principal, milestoneId: number) {
    const milestone = await findMilestoneView(k, milestoneId);
    if (!milestone || milestone.status === milestoneFlow.initial) throw new AppError('NOT_FOUND', em.milestoneNotFound);
    return { milestone, actor: { role: 'admin', userId: principal.user.id } satisfies Actor };
  }

  /** Milestones as the admin's Finance lists them, with the admin's next steps. */
  async function adminViews(rows: MilestoneRow[]) {
    const engagements = new Map((await repo.engagementsById(k, [...new Set(rows.map((m) => m.engagement_id))])).map((e) => [e.id, e]));
    const milestones = rows.flatMap((m) => (engagements.has(m.engagement_id) ? [withEngagement(m, engagements.get(m.engagement_id)!)] : []));
    const views = await engine.views('milestone', milestones, () => 'admin');
    return milestones.map((m) => presentAdminMilestone(m, engagements.get(m.engagement_id)!, bankDetails, views.get(m.id)!));
  }

  async function adminView(milestoneId: number) {
    return (await adminViews([(await repo.findMilestone(k, milestoneId))!]))[0]!;
  }

  return {
    /** The client's way to the card processor's checkout page for one milestone. */
    async checkout(principal: Principal, milestoneId: number): Promise<{ url: string }> {
      const { milestone: m, engagement: e, actor } = await loadMilestone(principal, milestoneId);
      await engine.assertAllowed('milestone', m, 'fund_by_card', actor);
      if (!payments.checkout) throw new AppError('CONFLICT', em.milestoneOutOfOrder(milestoneFlow.states[m.status as MilestoneStatus].label));
      const back = `${publicUrl}${engagementLink(e.id)}`;
      const { url, sessionId } = await payments.checkout(
        { amountCents: m.amount_cents, description: `${e.title}: ${m.title}`, metadata: { milestone_id: String(m.id) } },
        { success: `${back}?paid=1`, cancel: `${back}?cancelled=1` },
      );
      // Cancelled meanwhile: the page is not offered (an abandoned session just expires).
      if (!(await repo.setCheckoutSession(k, m.id, m.status, sessionId, nowIso()))) {
        await engine.assertAllowed('milestone', await engine.load('milestone', m.id), 'fund_by_card', actor);
      }
      return { url };
    },

    /** Only the freelancer marks a funded milestone delivered; the client has days to answer. */
    async deliver(principal: Principal, milestoneId: number, note: string) {
      const { milestone, engagement, actor } = await loadMilestone(principal, milestoneId);
      await engine.step('milestone', milestone, 'deliver', actor, { note, patch: { delivery_note: note } });
      return present(engagement.id, { id: principal.user.id, role: actor.role });
    },

    /** Only the client approves a delivery: the freelancer's payout is due. */
    async approve(principal: Principal, milestoneId: number) {
      const { milestone, engagement, actor } = await loadMilestone(principal, milestoneId);
      await engine.step('milestone', milestone, 'approve', actor, { note: 'Approved by the client' });
      return present(engagement.id, { id: principal.user.id, role: actor.role });
    },

    /** Either party, before delivery: an unfunded milestone is dropped, a funded one refunded. */
    async cancel(principal: Principal, milestoneId: number) {
      const { milestone, engagement, actor } = await loadMilestone(principal, milestoneId);
      await engine.step('milestone', milestone, 'cancel', actor, { note: `Cancelled by the ${actor.role}` });
      return present(engagement.id, { id: principal.user.id, role: actor.role });
    },

    /** Either party, from funding until the payout: an admin decides. */
    async dispute(principal: Principal, milestoneId: number, reason: string) {
      const { milestone, engagement, actor } = await loadMilestone(principal, milestoneId);
      await engine.step('milestone', milestone, 'dispute', actor, { note: `Disputed by the ${actor.role}: ${reason}`, patch: { dispute_reason: reason, disputed_by: principal.user.id } });
      return present(engagement.id, { id: principal.user.id, role: actor.role });
    },

    /** Admin: a bank transfer for the milestone arrived; it must be the milestone's amount. */
    async adminRecordPayment(principal: Principal, milestoneId: number, body: { reference: string; amount_cents?: number }) {
      const { milestone, actor } = await loadForAdmin(principal, milestoneId);
      await engine.assertAllowed('milestone', milestone, 'record_payment', actor);
      if ((body.amount_cents ?? milestone.amount_cents) !== milestone.amount_cents) {
        throw AppError.fields({ amount_cents: [em.amountMismatch(formatCents(milestone.amount_cents))] });
      }
      await engine.step('milestone', milestone, 'record_payment', actor, { reference: body.reference, note: `Payment ${body.reference}` });
      return adminView(milestoneId);
    },

    /** Admin: the freelancer's payout was sent. */
    async recordPayout(principal: Principal, milestoneId: number, reference: string) {
      const { milestone, actor } = await loadForAdmin(principal, milestoneId);
      await engine.step('milestone', milestone, 'record_payout', actor, { reference, note: `Payout ${reference}` });
      return adminView(milestoneId);
    },

    /** Admin: a refund sent by hand (a bank transfer back) has gone to the client. */
    async recordRefund(principal: Principal, milestoneId: number, reference: string) {
      const { milestone, actor } = await loadForAdmin(principal, milestoneId);
      await engine.step('milestone', milestone, 'record_refund', actor, { reference, note: `Refund ${reference}` });
      return adminView(milestoneId);
    },

    /** Admin: settles a dispute by refunding the client or releasing the funds to the freelancer. */
    async resolve(principal: Principal, milestoneId: number, decision: 'refund' | 'release', note: string) {
      const { milestone, actor } = await loadForAdmin(principal, milestoneId);
      const release = decision === 'release';
      await engine.step('milestone', milestone, release ? 'resolve_release' : 'resolve_refund', actor, {
        note: release ? `Released to the freelancer: ${note}` : `Refunded to the client: ${note}`,
        patch: { resolution_note: note },
      });
      return adminView(milestoneId);
    },

    /** Admin's finance page: milestones with money to record (all, or one status). */
    async adminList(status: MilestoneStatus | undefined) {
      return adminViews(await repo.listMilestones(k, status ? [status] : undefined, 1000));
    },

    /** Deliveries left without an answer are approved; each in its own conditional step. */
    async sweep(now = new Date()): Promise<{ approved: number }> {
      let approved = 0;
      for (const m of await repo.overdueDeliveries(k, statesAllowing(milestoneFlow, 'auto_approve'), now.toISOString())) {
        const milestone = await findMilestoneView(k, m.id);
        if (!milestone) continue;
        try {
          await engine.step('milestone', milestone, 'auto_approve', SYSTEM, { note: `Approved automatically, ${AUTO_APPROVE_DAYS} days after delivery` });
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
