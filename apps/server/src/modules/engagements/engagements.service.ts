import { randomUUID } from 'node:crypto';
import {
  ALLOWED_ATTACHMENT_TYPES,
  AUTO_APPROVE_DAYS,
  cancellableMilestoneStatuses,
  type CreateEngagementRequest,
  DAY_MS,
  disputableMilestoneStatuses,
  engagementMessages as em,
  formatCents,
  MAX_ATTACHMENT_BYTES,
  type MilestoneInput,
  milestoneAmounts,
  type MilestoneStatus,
  milestoneStatusLabels,
  type ProposeTermsRequest,
  type RequestStatus,
  requestStatusLabels,
  isEngagementCompleted,
  MY_REVIEWS_LIMIT,
  type MyReviews,
  type PostReviewRequest,
  reviewMessages as rm,
} from '@market/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db, Executor } from '../../db/database.js';
import { nowIso } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../errors.js';
import { writeAudit } from '../../lib/audit-log.js';
import type { CounterStore } from '../../lib/counter-store.js';
import { useWindow } from '../../lib/window-limit.js';
import type { ObjectStorage } from '../../storage/object-storage.js';
import type { Principal } from '../auth/auth.service.js';
import { claimPaymentEvent, insertLedger } from '../deals/deals.repository.js';
import { newPaymentReference } from '../deals/deals.service.js';
import type { DealPaymentProvider } from '../deals/payment-provider.js';
import type { CardPayment } from '../deals/stripe-payments.js';
import { commitWithNotices, type Notice } from '../notifications/notices.js';
import * as repo from './engagements.repository.js';
import type { EngagementView, MilestoneRow } from './engagements.repository.js';
import { type EngagementRole, presentAdminMilestone, presentEngagement, presentMessage, presentMyReview, presentParty, presentReview } from './engagements.presenter.js';

export interface EngagementsDeps {
  db: Db;
  payments: DealPaymentProvider;
  /** Where message attachments go (the same adapter as video pitches). */
  storage: ObjectStorage;
  counters: CounterStore;
  settings: AppConfig['engagements'];
  mailQueued: () => void;
  bankDetails: string;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** The time the throttles go by (tests pin it). */
  clock?: () => number;
}

const HOUR_MS = 3_600_000;
const MESSAGE_MAIL_WINDOW_MS = 15 * 60_000;
const ATTACHMENT_URL_SECONDS = 10 * 60;
const UPLOAD_POLICY_SECONDS = 10 * 60;
const conflict = (message: string) => new AppError('CONFLICT', message);
/** Letters, digits, dot, dash and underscore only; the rest becomes "-". */
const cleanFileName = (name: string) => (name.split(/[\\/]/).pop() ?? 'file').replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+/, '').slice(-80) || 'file';
/** Each party uploads under their own prefix of the engagement: a key names who may attach it where. */
const attachmentPrefix = (engagementId: number, userId: number) => `engagements/${engagementId}/${userId}/`;
const link = (id: number) => `/engagements/${id}`;
const later = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS).toISOString();
const requestLabel = (status: string) => requestStatusLabels[status as RequestStatus] ?? status;
const milestoneLabel = (status: string) => milestoneStatusLabels[status as MilestoneStatus] ?? status;

/**
 * Who can be hired: a user whose freelancer profile is published (the directory lists exactly
 * them). This is the one place that decides it.
 */
export function canBeHired(user: { published: number | null }): boolean {
  return user.published === 1;
}

export function createEngagementsService({ db, payments, storage, counters, settings, mailQueued, bankDetails, publicUrl, log, clock = Date.now }: EngagementsDeps) {
  const k = db.kysely;
  const commit = (work: (trx: Executor) => Promise<Notice[]>) => commitWithNotices(db, work, { publicUrl, mailQueued });

  function notice(e: Pick<EngagementView, 'id'>, userId: number, message: string, extra: Partial<Notice> = {}): Notice {
    return { userId, leadId: null, category: 'engagement', message, link: link(e.id), linkLabel: 'Open the engagement', ...extra };
  }

  function roleOf(e: EngagementView, userId: number): EngagementRole | undefined {
    if (e.client_id === userId) return 'client';
    if (e.freelancer_id === userId) return 'freelancer';
    return undefined;
  }

  /** Only the two parties see an engagement; anyone else is told it does not exist. */
  async function load(principal: Principal, id: number, allowed?: readonly EngagementRole[]) {
    const engagement = await repo.findEngagement(k, id);
    const role = engagement ? roleOf(engagement, principal.user.id) : undefined;
    if (!engagement || !role) throw new AppError('NOT_FOUND', em.notFound);
    if (allowed && !allowed.includes(role)) throw new AppError('FORBIDDEN', allowed.includes('client') ? em.clientOnly : em.freelancerOnly);
    return { engagement, role };
  }

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

  async function present(id: number, viewer: { id: number; role: EngagementRole }) {
    const engagement = await repo.findEngagement(k, id);
    if (!engagement) throw new AppError('NOT_FOUND', em.notFound);
    const [milestones, events, unread] = await Promise.all([repo.milestonesOf(k, [id]), repo.eventsOf(k, id), repo.unreadCounts(k, viewer.id, [id])]);
    return presentEngagement(engagement, milestones, events, viewer.role, { bankDetails, unread: unread.get(id) ?? 0 });
  }

  const attachmentUrl = (key: string | null) => (key ? storage.signedGetUrl(key, ATTACHMENT_URL_SECONDS) : Promise.resolve(null));

  /** The file is really stored, under the sender's prefix of this engagement, of an allowed type and size; else refused (and removed). */
  async function checkAttachment(userId: number, engagementId: number, attachment: { key: string; file_name: string }) {
    if (!attachment.key.startsWith(attachmentPrefix(engagementId, userId)) || attachment.key.includes('..')) throw AppError.fields({ attachment: [em.attachmentMissing] });
    const stored = await storage.head(attachment.key);
    if (!stored || stored.size === 0) throw AppError.fields({ attachment: [em.attachmentMissing] });
    const type = stored.contentType ?? '';
    if (stored.size > MAX_ATTACHMENT_BYTES || !(ALLOWED_ATTACHMENT_TYPES as readonly string[]).includes(type)) {
      await storage.remove(attachment.key);
      throw AppError.fields({ attachment: [stored.size > MAX_ATTACHMENT_BYTES ? em.attachmentTooLarge : em.attachmentType] });
    }
    return { key: attachment.key, name: attachment.file_name.slice(0, 255), type, size: stored.size };
  }

  async function adminView(milestoneId: number) {
    const { milestone, engagement } = await loadForAdmin(milestoneId);
    return presentAdminMilestone(milestone, engagement, bankDetails);
  }

  function milestoneRows(engagementId: number, commissionPercent: number, list: MilestoneInput[], at: string) {
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

  function checkDates(deadline: string, milestones: MilestoneInput[]) {
    const today = new Date(clock()).toISOString().slice(0, 10);
    const fields: Record<string, string[]> = {};
    if (deadline < today) fields.deadline = [em.deadlineInvalid];
    if (milestones.some((m) => m.due_date < today)) fields.milestones = [em.deadlineInvalid];
    if (Object.keys(fields).length > 0) throw AppError.fields(fields);
  }

  /** Moves a request, or refuses with the state it is in; writes the history line. */
  async function moveRequest(
    trx: Executor,
    e: EngagementView,
    from: readonly RequestStatus[],
    to: RequestStatus,
    patch: Parameters<typeof repo.moveEngagement>[3],
    event: { actorId: number | null; note?: string | null; now: string; termsVersion?: number },
  ) {
    if (!(await repo.moveEngagement(trx, e.id, from, { ...patch, status: to, updated_at: event.now }, event.termsVersion))) {
      const current = await repo.findEngagement(trx, e.id);
      if (current && event.termsVersion !== undefined && from.includes(current.status as RequestStatus)) throw conflict(em.termsChanged);
      throw conflict(em.requestOutOfOrder(requestLabel(current?.status ?? e.status)));
    }
    await repo.insertEvent(trx, { engagement_id: e.id, milestone_id: null, status: to, note: event.note ?? null, actor_id: event.actorId, created_at: event.now });
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

  /** The engagement's reviews as one party sees them: theirs, the other side's, whether they may still review. */
  async function reviewsFor(engagement: EngagementView, viewerId: number) {
    const [milestones, rows] = await Promise.all([repo.milestonesOf(k, [engagement.id]), repo.reviewsOfEngagement(k, engagement.id)]);
    const completed = engagement.status === 'active' && isEngagementCompleted(milestones.map((m) => m.status));
    const mine = rows.find((r) => r.author_id === viewerId);
    const theirs = rows.find((r) => r.subject_id === viewerId);
    return { completed, can_review: completed && !mine, mine: mine ? presentReview(mine) : null, theirs: theirs ? presentReview(theirs) : null };
  }

  return {
    /**
     * Terms agreed elsewhere (a job post's accepted proposal) open an engagement directly, inside
     * the caller's transaction: active, with one milestone of the agreed price awaiting funding.
     * Returns its id and the notices for both parties.
     */
    async openAgreed(
      trx: Executor,
      input: { clientId: number; freelancerId: number; domainId: number | null; orderId: number | null; title: string; brief: string; amountCents: number; deadline: string; note: string },
    ): Promise<{ id: number; notices: Notice[] }> {
      const at = nowIso();
      const e = await repo.insertEngagement(trx, {
        client_id: input.clientId,
        freelancer_id: input.freelancerId,
        domain_id: input.domainId,
        order_id: input.orderId,
        title: input.title,
        brief: input.brief,
        budget_cents: input.amountCents,
        deadline: input.deadline,
        status: 'active',
        commission_percent: settings.commissionPercent,
        accepted_at: at,
        created_at: at,
        updated_at: at,
      });
      await repo.insertMilestones(trx, milestoneRows(e.id, e.commission_percent, [{ title: input.title, amount_cents: input.amountCents, due_date: input.deadline }], at));
      await repo.openMilestones(trx, e.id, at);
      await repo.insertEvent(trx, { engagement_id: e.id, milestone_id: null, status: 'active', note: input.note, actor_id: input.clientId, created_at: at });
      return {
        id: e.id,
        notices: [
          notice(e, input.freelancerId, `You were hired for "${input.title}" at ${formatCents(input.amountCents)}. Work starts once the milestone is funded.`),
          notice(e, input.clientId, `Your engagement "${input.title}" is open. Fund the milestone to start the work.`),
        ],
      };
    },

    /** A signed-in user asks a freelancer for work; throttled per user. */
    async create(principal: Principal, body: CreateEngagementRequest) {
      const client = principal.user;
      if (body.freelancer_id === client.id) throw AppError.fields({ freelancer_id: [em.notYourself] });
      const freelancer = await repo.findUserForHire(k, body.freelancer_id);
      if (!freelancer || !canBeHired(freelancer)) throw AppError.fields({ freelancer_id: [em.notFreelancer] });
      const milestones = body.milestones ?? [{ title: body.title, amount_cents: body.budget_cents, due_date: body.deadline }];
      checkDates(body.deadline, milestones);
      let domainId: number | null = null;
      if (body.order_id) {
        const order = await repo.findBuyersOrder(k, body.order_id, client.id);
        if (!order) throw AppError.fields({ order_id: [em.domainNotYours] });
        domainId = order.domain_id;
      } else if (body.domain_id) {
        if (!(await repo.findOwnedDomain(k, body.domain_id, client.id))) throw AppError.fields({ domain_id: [em.domainNotYours] });
        domainId = body.domain_id;
      }
      const wait = await useWindow(counters, `engagement-requests:user:${client.id}`, settings.requestsPerHourPerUser, HOUR_MS, clock());
      if (wait > 0) throw AppError.rateLimited(em.requestsThrottled, wait);
      let id = 0;
      await commit(async (trx) => {
        const at = nowIso();
        const e = await repo.insertEngagement(trx, {
          client_id: client.id,
          freelancer_id: freelancer.id,
          domain_id: domainId,
          order_id: body.order_id ?? null,
          title: body.title,
          brief: body.brief,
          budget_cents: body.budget_cents,
          deadline: body.deadline,
          status: 'requested',
          commission_percent: settings.commissionPercent,
          created_at: at,
          updated_at: at,
        });
        id = e.id;
        await repo.insertMilestones(trx, milestoneRows(e.id, e.commission_percent, milestones, at));
        await repo.insertEvent(trx, { engagement_id: e.id, milestone_id: null, status: 'requested', note: `Budget ${formatCents(body.budget_cents)}, deadline ${body.deadline}`, actor_id: client.id, created_at: at });
        return [notice(e, freelancer.id, `${client.first_name} ${client.last_name} sent you a request: "${body.title}", budget ${formatCents(body.budget_cents)}.`)];
      });
      return present(id, { id: client.id, role: 'client' });
    },

    /** A user who can be hired, by id (the request form names them); anyone else is not found. */
    async freelancer(id: number) {
      const user = await repo.findUserForHire(k, id);
      if (!user || !canBeHired(user)) throw new AppError('NOT_FOUND', em.notFreelancer);
      return presentParty(user.id, user.first_name, user.last_name);
    },

    async list(principal: Principal) {
      const rows = await repo.engagementsOfUser(k, principal.user.id);
      const ids = rows.map((e) => e.id);
      const [milestones, unread] = await Promise.all([repo.milestonesOf(k, ids), repo.unreadCounts(k, principal.user.id, ids)]);
      return rows.map((e) =>
        presentEngagement(
          e,
          milestones.filter((m) => m.engagement_id === e.id),
          [],
          roleOf(e, principal.user.id) ?? 'client',
          { bankDetails, unread: unread.get(e.id) ?? 0 },
        ),
      );
    },

    async get(principal: Principal, id: number) {
      const { role } = await load(principal, id);
      return present(id, { id: principal.user.id, role });
    },

    /** The reviews the user received, as freelancer and as client, and the ones they wrote. */
    async myReviews(principal: Principal): Promise<MyReviews> {
      const [received, written] = await Promise.all([
        repo.reviewsByParty(k, 'subject', principal.user.id, MY_REVIEWS_LIMIT),
        repo.reviewsByParty(k, 'author', principal.user.id, MY_REVIEWS_LIMIT),
      ]);
      return { received: received.map(presentMyReview), written: written.map(presentMyReview), limit: MY_REVIEWS_LIMIT };
    },

    async reviews(principal: Principal, id: number) {
      const { engagement } = await load(principal, id);
      return reviewsFor(engagement, principal.user.id);
    },

    /**
     * A party reviews the other once the engagement is completed, once. The client's review
     * updates the freelancer profile's completed engagements and rating in the same transaction.
     */
    async postReview(principal: Principal, id: number, body: PostReviewRequest) {
      const { engagement, role } = await load(principal, id);
      const state = await reviewsFor(engagement, principal.user.id);
      if (!state.completed) throw conflict(rm.notCompleted);
      if (state.mine) throw conflict(rm.alreadyReviewed);
      const subjectId = role === 'client' ? engagement.freelancer_id : engagement.client_id;
      try {
        await commit(async (trx) => {
          await repo.insertReview(trx, {
            engagement_id: id,
            author_id: principal.user.id,
            subject_id: subjectId,
            author_role: role === 'client' ? 'client' : 'freelancer',
            stars: body.stars,
            body: body.text,
            created_at: nowIso(),
          });
          if (role === 'client') await repo.refreshFreelancerAggregates(trx, subjectId);
          return [notice(engagement, subjectId, `You have a new review (${body.stars} of 5 stars) for "${engagement.title}".`)];
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(rm.alreadyReviewed);
        throw error;
      }
      const mine = (await reviewsFor(engagement, principal.user.id)).mine;
      if (!mine) throw new AppError('NOT_FOUND', em.notFound);
      return mine;
    },

    /** The reviewed party answers the review of them, once. */
    async replyToReview(principal: Principal, id: number, text: string) {
      const { engagement } = await load(principal, id);
      const theirs = (await reviewsFor(engagement, principal.user.id)).theirs;
      if (!theirs) throw conflict(rm.nothingToReply);
      if (theirs.reply !== null || !(await repo.setReviewReply(k, theirs.id, principal.user.id, text, nowIso()))) throw conflict(rm.alreadyReplied);
      const after = (await reviewsFor(engagement, principal.user.id)).theirs;
      if (!after) throw conflict(rm.nothingToReply);
      return after;
    },

    /**
     * The terms as they stand are accepted: the freelancer accepts a request, the client accepts
     * the freelancer's proposal. Only the version the accepting party read is accepted.
     */
    async accept(principal: Principal, id: number, termsVersion: number) {
      const { engagement: e, role } = await load(principal, id);
      const from: RequestStatus = role === 'freelancer' ? 'requested' : 'proposed';
      await commit(async (trx) => {
        const at = nowIso();
        await moveRequest(trx, e, [from], 'active', { accepted_at: at }, { actorId: principal.user.id, note: `Terms accepted by the ${role}`, now: at, termsVersion });
        await repo.openMilestones(trx, e.id, at);
        const other = role === 'client' ? e.freelancer_id : e.client_id;
        const text = role === 'client' ? `The client accepted your terms for "${e.title}". Work starts once a milestone is funded.` : `The freelancer accepted your request "${e.title}". Fund the first milestone to start.`;
        return [notice(e, other, text)];
      });
      return present(id, { id: principal.user.id, role });
    },

    /** The freelancer proposes other terms (milestones and deadline); the budget is their sum. */
    async propose(principal: Principal, id: number, body: ProposeTermsRequest) {
      const { engagement: e } = await load(principal, id, ['freelancer']);
      checkDates(body.deadline, body.milestones);
      const budget = body.milestones.reduce((sum, m) => sum + m.amount_cents, 0);
      await commit(async (trx) => {
        const at = nowIso();
        const note = `${body.milestones.length} milestone(s), ${formatCents(budget)}, deadline ${body.deadline}${body.note ? `. ${body.note}` : ''}`;
        await moveRequest(
          trx,
          e,
          ['requested', 'proposed'],
          'proposed',
          { budget_cents: budget, deadline: body.deadline, terms_version: e.terms_version + 1 },
          { actorId: principal.user.id, note, now: at, termsVersion: e.terms_version },
        );
        await repo.deleteProposedMilestones(trx, e.id);
        await repo.insertMilestones(trx, milestoneRows(e.id, e.commission_percent, body.milestones, at));
        return [notice(e, e.client_id, `The freelancer proposed other terms for "${e.title}": ${formatCents(budget)} in ${body.milestones.length} milestone(s).`)];
      });
      return present(id, { id: principal.user.id, role: 'freelancer' });
    },

    async decline(principal: Principal, id: number, reason: string) {
      const { engagement: e } = await load(principal, id, ['freelancer']);
      await commit(async (trx) => {
        const at = nowIso();
        await moveRequest(trx, e, ['requested', 'proposed'], 'declined', { decline_reason: reason }, { actorId: principal.user.id, note: reason, now: at });
        return [notice(e, e.client_id, `The freelancer declined your request "${e.title}": ${reason}`)];
      });
      return present(id, { id: principal.user.id, role: 'freelancer' });
    },

    /** The client takes the request back (or turns down a proposal) before terms are agreed. */
    async withdraw(principal: Principal, id: number) {
      const { engagement: e } = await load(principal, id, ['client']);
      await commit(async (trx) => {
        const at = nowIso();
        await moveRequest(trx, e, ['requested', 'proposed'], 'withdrawn', {}, { actorId: principal.user.id, now: at });
        return [notice(e, e.freelancer_id, `The client withdrew the request "${e.title}".`)];
      });
      return present(id, { id: principal.user.id, role: 'client' });
    },

    /** The client's way to the card processor's checkout page for one milestone. */
    async checkout(principal: Principal, milestoneId: number): Promise<{ url: string }> {
      const { milestone: m, engagement: e } = await loadMilestone(principal, milestoneId, ['client']);
      if (m.provider === 'manual' || m.provider !== payments.name || !payments.checkout) throw conflict(em.milestoneOutOfOrder(milestoneLabel(m.status)));
      if (m.status !== 'awaiting_funding') throw conflict(em.milestoneOutOfOrder(milestoneLabel(m.status)));
      const back = `${publicUrl}${link(e.id)}`;
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

    // Conversation ------------------------------------------------------------------------------

    /** The conversation, oldest first; reading it marks it read for the reader. */
    async messages(principal: Principal, id: number) {
      const { engagement: e } = await load(principal, id);
      const rows = await repo.messagesOf(k, id);
      const last = rows.at(-1);
      if (last) await repo.markRead(k, id, principal.user.id, last.id);
      return Promise.all(rows.map(async (m) => presentMessage(m, principal.user.id, e.first_funded_at !== null, await attachmentUrl(m.attachment_key))));
    },

    /** A presigned upload for one file under the party's prefix of this engagement; type and size checked here and by the storage. */
    async attachmentUpload(principal: Principal, id: number, input: { file_name: string; content_type: string; size: number }) {
      await load(principal, id);
      const key = `${attachmentPrefix(id, principal.user.id)}${randomUUID()}-${cleanFileName(input.file_name)}`;
      const policy = await storage.createUploadPolicy({ key, contentType: input.content_type, maxBytes: MAX_ATTACHMENT_BYTES, expiresSeconds: UPLOAD_POLICY_SECONDS });
      return { ...policy, key };
    },

    /** A party writes; the other is told (one e-mail per conversation every 15 minutes). Throttled per user. */
    async postMessage(principal: Principal, id: number, input: { body: string; attachment?: { key: string; file_name: string } }) {
      const { engagement: e, role } = await load(principal, id);
      const wait = await useWindow(counters, `engagement-messages:user:${principal.user.id}`, settings.messagesPerMinutePerUser, 60_000, clock());
      if (wait > 0) throw AppError.rateLimited(em.messagesThrottled, wait);
      const file = input.attachment ? await checkAttachment(principal.user.id, id, input.attachment) : null;
      let messageId = 0;
      await commit(async (trx) => {
        const at = nowIso();
        messageId = await repo.insertMessage(trx, {
          engagement_id: id,
          sender_id: principal.user.id,
          body: input.body,
          attachment_key: file?.key ?? null,
          attachment_name: file?.name ?? null,
          attachment_type: file?.type ?? null,
          attachment_size: file?.size ?? null,
          created_at: at,
        });
        await repo.markRead(trx, id, principal.user.id, messageId);
        const other = role === 'client' ? e.freelancer_id : e.client_id;
        const who = `${principal.user.first_name} ${principal.user.last_name}`;
        return [notice(e, other, `New message from ${who} about "${e.title}".`, { category: `engagement-message-${id}`, mailOncePerMs: MESSAGE_MAIL_WINDOW_MS })];
      });
      const rows = await repo.messagesOf(k, id);
      const mine = rows.find((r) => r.id === messageId);
      if (!mine) throw new AppError('NOT_FOUND', em.notFound);
      return presentMessage(mine, principal.user.id, e.first_funded_at !== null, await attachmentUrl(mine.attachment_key));
    },

    /** Messages from the other party not read yet, over all the user's conversations (the header's badge). */
    async unreadTotal(principal: Principal) {
      const counts = await repo.unreadCounts(k, principal.user.id);
      return { unread: [...counts.values()].reduce((a, b) => a + b, 0) };
    },
  };
}

export type EngagementsService = ReturnType<typeof createEngagementsService>;
