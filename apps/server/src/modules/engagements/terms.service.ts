import {
  type Cents,
  type CreateEngagementRequest,
  engagementMessages as em,
  formatCents,
  type MilestoneInput,
  type ProposeTermsRequest,
  type RequestStatus,
  requestStatusLabels,
  sumCents,
  withLastInitial,
} from '@market/shared';
import type { Executor } from '../../db/database.js';
import { nowIso } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { useWindow } from '../../lib/window-limit.js';
import type { Principal } from '../auth/index.js';
import { type Notice, theirs } from '../notifications/index.js';
import { conflict, type EngagementAccess, type EngagementsDeps, notice } from './engagement-access.js';
import * as repo from './engagements.repository.js';
import type { EngagementView } from './engagements.repository.js';
import { presentParty } from './engagements.presenter.js';
import { openMilestones } from './milestone-escrow.js';
import { milestoneRows } from './milestones.service.js';

const HOUR_MS = 3_600_000;
const requestLabel = (status: string) => requestStatusLabels[status as RequestStatus] ?? status;

/**
 * Who can be hired: a user whose freelancer profile is published (the directory lists exactly
 * them). This is the one place that decides it.
 */
export function canBeHired(user: { published: number | null }): boolean {
  return user.published === 1;
}

/** A request for work and its terms, from the client's ask to both parties' agreement (or a refusal). */
export function createTermsService(
  { payments, engine, counters, settings, clock = Date.now }: Pick<EngagementsDeps, 'payments' | 'engine' | 'counters' | 'settings' | 'clock'>,
  { k, commit, load, present, presentMany }: EngagementAccess,
) {
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

  return {
    /**
     * Terms agreed elsewhere (a job post's accepted proposal) open an engagement directly, inside
     * the caller's transaction: active, with one milestone of the agreed price awaiting funding.
     * Returns its id and the notices for both parties.
     */
    async openAgreed(
      trx: Executor,
      input: { clientId: number; freelancerId: number; domainId: number | null; orderId: number | null; title: string; brief: string; amountCents: Cents; deadline: string; note: string },
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
      await repo.insertMilestones(trx, milestoneRows(payments, e.id, e.commission_percent, [{ title: input.title, amount_cents: input.amountCents, due_date: input.deadline }], at));
      await openMilestones(engine, trx, e.id);
      await repo.insertEvent(trx, { engagement_id: e.id, milestone_id: null, status: 'active', note: input.note, actor_id: input.clientId, created_at: at });
      return {
        id: e.id,
        notices: [
          notice(e, input.freelancerId, 'You were hired', `You were hired for ${theirs(input.title)} at ${formatCents(input.amountCents)}. Work starts once the milestone is funded.`),
          notice(e, input.clientId, 'Your engagement is open', `Your engagement ${theirs(input.title)} is open. Fund the milestone to start the work.`),
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
        await repo.insertMilestones(trx, milestoneRows(payments, e.id, e.commission_percent, milestones, at));
        await repo.insertEvent(trx, { engagement_id: e.id, milestone_id: null, status: 'requested', note: `Budget ${formatCents(body.budget_cents)}, deadline ${body.deadline}`, actor_id: client.id, created_at: at });
        const who = `${client.first_name} ${client.last_name}`;
        return [notice(e, freelancer.id, `${who} sent you a request`, `${who} sent you a request: ${theirs(body.title)}, budget ${formatCents(body.budget_cents)}.`)];
      });
      return present(id, { id: client.id, role: 'client' });
    },

    /** A user who can be hired, by id (the request form names them); anyone else is not found. */
    async freelancer(id: number) {
      const user = await repo.findUserForHire(k, id);
      if (!user || !canBeHired(user)) throw new AppError('NOT_FOUND', em.notFreelancer);
      // Anyone may ask, so the last name goes as its initial; the parties see it in full.
      return withLastInitial(presentParty(user.id, user.first_name, user.last_name));
    },

    async list(principal: Principal) {
      return presentMany(await repo.engagementsOfUser(k, principal.user.id), principal.user.id, false);
    },

    async get(principal: Principal, id: number) {
      const { role } = await load(principal, id);
      return present(id, { id: principal.user.id, role });
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
        await openMilestones(engine, trx, e.id);
        const other = role === 'client' ? e.freelancer_id : e.client_id;
        return [
          role === 'client'
            ? notice(e, other, 'The client accepted your terms', `The client accepted your terms for ${theirs(e.title)}. Work starts once a milestone is funded.`)
            : notice(e, other, 'The freelancer accepted your request', `The freelancer accepted your request ${theirs(e.title)}. Fund the first milestone to start.`),
        ];
      }, e);
      return present(id, { id: principal.user.id, role });
    },

    /** The freelancer proposes other terms (milestones and deadline); the budget is their sum. */
    async propose(principal: Principal, id: number, body: ProposeTermsRequest) {
      const { engagement: e } = await load(principal, id, ['freelancer']);
      checkDates(body.deadline, body.milestones);
      const budget = sumCents(body.milestones.map((m) => m.amount_cents));
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
        await repo.insertMilestones(trx, milestoneRows(payments, e.id, e.commission_percent, body.milestones, at));
        return [notice(e, e.client_id, 'The freelancer proposed other terms', `The freelancer proposed other terms for ${theirs(e.title)}: ${formatCents(budget)} in ${body.milestones.length} milestone(s).`)];
      }, e);
      return present(id, { id: principal.user.id, role: 'freelancer' });
    },

    async decline(principal: Principal, id: number, reason: string) {
      const { engagement: e } = await load(principal, id, ['freelancer']);
      await commit(async (trx) => {
        const at = nowIso();
        await moveRequest(trx, e, ['requested', 'proposed'], 'declined', { decline_reason: reason }, { actorId: principal.user.id, note: reason, now: at });
        return [notice(e, e.client_id, 'The freelancer declined your request', `The freelancer declined your request ${theirs(e.title)}, saying: ${theirs(reason)}`)];
      }, e);
      return present(id, { id: principal.user.id, role: 'freelancer' });
    },

    /** The client takes the request back (or turns down a proposal) before terms are agreed. */
    async withdraw(principal: Principal, id: number) {
      const { engagement: e } = await load(principal, id, ['client']);
      await commit(async (trx) => {
        const at = nowIso();
        await moveRequest(trx, e, ['requested', 'proposed'], 'withdrawn', {}, { actorId: principal.user.id, now: at });
        return [notice(e, e.freelancer_id, 'The client withdrew a request', `The client withdrew the request ${theirs(e.title)}.`)];
      }, e);
      return present(id, { id: principal.user.id, role: 'client' });
    },
  };
}
