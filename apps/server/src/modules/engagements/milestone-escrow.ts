import {
  asCents,
  AUTO_APPROVE_DAYS,
  DAY_MS,
  engagementMessages as em,
  type EscrowRole,
  formatCents,
  formatUtcDateTime,
  milestoneFlow,
  statesAllowing,
} from '@market/shared';
import type { Executor } from '../../db/database.js';
import { type EscrowEngine, type EscrowKindSpec, type StepInput, SYSTEM } from '../escrow/index.js';
import { theirs } from '../notifications/index.js';
import { engagementLink } from './engagement-access.js';
import * as repo from './engagements.repository.js';
import type { EngagementView, MilestoneRow } from './engagements.repository.js';

/** A milestone with what its steps need of its engagement: the parties and the title. */
export type MilestoneView = MilestoneRow & { client_id: number; freelancer_id: number; engagement_title: string };

export const withEngagement = (m: MilestoneRow, e: Pick<EngagementView, 'client_id' | 'freelancer_id' | 'title'>): MilestoneView => ({
  ...m,
  client_id: e.client_id,
  freelancer_id: e.freelancer_id,
  engagement_title: e.title,
});

export async function findMilestoneView(db: Executor, id: number): Promise<MilestoneView | undefined> {
  const m = await repo.findMilestone(db, id);
  const e = m ? await repo.findEngagement(db, m.engagement_id) : undefined;
  return m && e ? withEngagement(m, e) : undefined;
}

const later = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS).toISOString();

function stepPatch(action: string, _m: MilestoneView, input: StepInput, now: Date): Record<string, unknown> {
  const at = now.toISOString();
  const patch: Record<string, unknown> = { updated_at: at };
  switch (action) {
    case 'record_payment':
      patch.paid_at = at;
      // A refund goes back through the card payment.
      if (input.cardPayment) patch.card_payment_id = input.cardPayment;
      break;
    case 'cancel':
      patch.cancelled_at = at;
      break;
    case 'deliver':
      Object.assign(patch, { delivered_at: at, approve_by: later(now, AUTO_APPROVE_DAYS) });
      break;
    case 'approve':
    case 'auto_approve':
    case 'resolve_release':
      patch.approved_at = at;
      break;
    case 'record_payout':
      patch.payout_at = at;
      break;
    case 'record_refund':
    case 'refund_sent':
      patch.refunded_at = at;
      break;
  }
  return patch;
}

/** What each step tells the party it notifies (the flow says who): the e-mail's subject, in our words only, and the message. */
function noticeText(action: string, role: EscrowRole, m: MilestoneView, input: StepInput, by: EscrowRole): { subject: string; message: string } {
  const title = theirs(m.title);
  const amount = formatCents(m.amount_cents);
  const net = formatCents(m.freelancer_net_cents);
  const settled = (what: string) => `The dispute on ${title} was settled: ${what}. ${String(input.patch?.resolution_note ?? '')}`.trim();
  const refunding = m.paid_at ? ` The client's ${amount} is refunded.` : '';
  const texts: Record<string, Partial<Record<EscrowRole, [subject: string, message: string]>>> = {
    record_payment: {
      client: [`We received ${amount} for a milestone`, `We received ${amount} for ${title}; we hold it until you approve the delivery.`],
      freelancer: ['A milestone is funded: you can start', `${title} of ${theirs(m.engagement_title)} is funded: you can start the work.`],
    },
    cancel: {
      client: [`The ${by} cancelled a milestone`, `The ${by} cancelled ${title}.${refunding}`],
      freelancer: [`The ${by} cancelled a milestone`, `The ${by} cancelled ${title}.${refunding}`],
    },
    deliver: { client: ['A milestone was delivered', `${title} was delivered. Approve it or open a dispute within ${AUTO_APPROVE_DAYS} days; after that it is approved automatically.`] },
    approve: { freelancer: [`The client approved a milestone: your payout of ${net} is on its way`, `The client approved ${title}. Your payout of ${net} is on its way.`] },
    auto_approve: {
      freelancer: [`A milestone was approved: your payout of ${net} is on its way`, `${title} was approved automatically. Your payout of ${net} is on its way.`],
      client: ['A milestone was approved automatically', `${title} was approved automatically ${AUTO_APPROVE_DAYS} days after delivery.`],
    },
    dispute: {
      client: [`The ${by} opened a dispute on a milestone`, `The ${by} opened a dispute on ${title}. Our team will decide and tell you both.`],
      freelancer: [`The ${by} opened a dispute on a milestone`, `The ${by} opened a dispute on ${title}. Our team will decide and tell you both.`],
    },
    resolve_release: {
      client: ['A milestone dispute was settled', settled('released to the freelancer')],
      freelancer: ['A milestone dispute was settled', settled('released to the freelancer')],
    },
    resolve_refund: {
      client: ['A milestone dispute was settled', settled('refunded to the client')],
      freelancer: ['A milestone dispute was settled', settled('refunded to the client')],
    },
    record_payout: {
      freelancer: [`We sent your payout of ${net}`, `We sent your payout of ${net} for ${title} (reference ${input.reference ?? ''}).`],
      client: ['A milestone is complete', `${title} is complete: the freelancer has been paid.`],
    },
    record_refund: { client: [`We refunded ${amount}`, `We refunded ${amount} for ${title} (reference ${input.reference ?? ''}).`] },
    refund_sent: { client: [`We refunded ${amount} to your card`, `We refunded ${amount} for ${title} to your card (reference ${input.reference ?? ''}).`] },
  };
  const text = texts[action]?.[role];
  if (!text) throw new Error(`milestone ${action}: no notice for the ${role}`);
  return { subject: text[0], message: text[1] };
}

const amountsOf = (m: { amount_cents: number; freelancer_net_cents: number }) => {
  const total = asCents(Number(m.amount_cents));
  const net = asCents(Number(m.freelancer_net_cents));
  return { total, net, commission: asCents(total - net) };
};

/** Milestones as the escrow engine moves them (the milestone flow in packages/shared says how). */
export function milestoneSpec(): EscrowKindSpec<MilestoneView> {
  return {
    flow: milestoneFlow,
    table: 'engagement_milestones',
    load: findMilestoneView,
    bySession: async (db, sessionId) => {
      const found = await repo.findMilestoneByCheckoutSession(db, sessionId);
      return found ? findMilestoneView(db, found.id) : undefined;
    },
    amounts: amountsOf,
    provider: (m) => m.provider,
    cardPayment: (m) => m.card_payment_id,
    parties: (m) => ({ client: m.client_id, freelancer: m.freelancer_id }),
    liveEvent: (m) => ({ kind: 'engagement', id: m.engagement_id }),
    stepPatch,
    history: (trx, m, to, note, actorId, at) =>
      repo.insertEvent(trx, { engagement_id: m.engagement_id, milestone_id: m.id, status: to, note: `${m.title}: ${note}`, actor_id: actorId, created_at: at }),
    effects: {
      // Contact details in the conversation show from the first funding on.
      unmask_contacts: async (trx, m, at) => {
        await trx.updateTable('engagements').set({ first_funded_at: at }).where('id', '=', m.engagement_id).where('first_funded_at', 'is', null).execute();
      },
    },
    notice: (action, role, m, input, by) => ({
      ...noticeText(action, role, m, input, by),
      link: engagementLink(m.engagement_id),
      linkLabel: 'Open the engagement',
      category: 'engagement',
      leadId: null,
    }),
    label: (m) => `Milestone ${theirs(m.title)} of ${theirs(m.engagement_title)}`,
    link: (m) => engagementLink(m.engagement_id),
    // The engagement's page is its parties'; an admin finds the milestone in Finance.
    adminLink: () => '/BrokerPage?section=finance',
    holdings: async (db) =>
      (await db.selectFrom('engagement_milestones').select(['id', 'status', 'amount_cents', 'freelancer_net_cents']).execute()).map((m) => ({
        id: m.id,
        status: m.status,
        amounts: amountsOf(m),
      })),
    nextStepVars: (m) => ({
      amount: formatCents(m.amount_cents),
      net: formatCents(m.freelancer_net_cents),
      approve_by: formatUtcDateTime(m.approve_by),
    }),
    messages: {
      notFound: em.milestoneNotFound,
      outOfOrder: em.milestoneOutOfOrder,
      forbidden: (roles) => (roles.includes('client') ? em.clientOnly : roles.includes('freelancer') ? em.freelancerOnly : 'Only an admin can do this.'),
      amountMismatch: (expected) => em.amountMismatch(formatCents(expected)),
    },
  };
}

/** Accepted terms: each of the engagement's proposed milestones now waits for its money (in the caller's transaction). */
export async function openMilestones(engine: EscrowEngine, trx: Executor, engagementId: number): Promise<void> {
  const e = await repo.findEngagement(trx, engagementId);
  if (!e) return;
  const opening = statesAllowing(milestoneFlow, 'open') as string[];
  for (const m of await repo.milestonesOf(trx, [engagementId])) {
    if (opening.includes(m.status)) await engine.stepIn(trx, 'milestone', withEngagement(m, e), 'open', SYSTEM);
  }
}
