import {
  type AdminMilestone,
  type Engagement,
  type EngagementMessage,
  isEngagementClosed,
  maskContactDetails,
  type Milestone,
  type MilestoneStatus,
  milestoneStatusLabels,
  type PaymentProviderName,
  type RequestStatus,
  requestStatusLabels,
  type MyReview,
  type Review,
} from '@market/shared';
import type { EngagementEventRow, EngagementView, findMessage, MilestoneRow, ReviewRow } from './engagements.repository.js';

export type MessageRow = NonNullable<Awaited<ReturnType<typeof findMessage>>>;

export type EngagementRole = Engagement['role'];


/** What the viewer may do next on a milestone and says so in words (the escrow engine's answer). */
export interface MilestoneNext {
  allowed_actions: string[];
  next_step: string;
}

export function presentMilestone(m: MilestoneRow, bankDetails: string, next: MilestoneNext): Milestone {
  return {
    id: m.id,
    position: m.position,
    title: m.title,
    due_date: m.due_date,
    status: m.status as MilestoneStatus,
    status_label: milestoneStatusLabels[m.status as MilestoneStatus] ?? m.status,
    amount_cents: m.amount_cents,
    commission_cents: m.commission_cents,
    freelancer_net_cents: m.freelancer_net_cents,
    provider: m.provider as PaymentProviderName,
    payment_reference: m.payment_reference,
    paid_at: m.paid_at,
    delivered_at: m.delivered_at,
    delivery_note: m.delivery_note,
    approve_by: m.approve_by,
    approved_at: m.approved_at,
    payout_at: m.payout_at,
    refunded_at: m.refunded_at,
    dispute_reason: m.dispute_reason,
    resolution_note: m.resolution_note,
    next_step: next.next_step,
    allowed_actions: next.allowed_actions as Milestone['allowed_actions'],
    payment_instructions: next.allowed_actions.includes('fund_by_bank_transfer')
      ? { reference: m.payment_reference, amount_cents: m.amount_cents, details: bankDetails }
      : null,
  };
}

/** A person as every engagement answer names them: client, freelancer, sender, reviewer. */
export const presentParty = (id: number, first: string, last: string) => ({ id, first_name: first, last_name: last });

/** The client and the freelancer, named alike on an engagement and on an admin's milestone row. */
const parties = (e: EngagementView) => ({
  client: presentParty(e.client_id, e.client_first_name, e.client_last_name),
  freelancer: presentParty(e.freelancer_id, e.freelancer_first_name, e.freelancer_last_name),
});

export function presentEngagement(
  e: EngagementView,
  milestones: MilestoneRow[],
  events: EngagementEventRow[],
  role: EngagementRole,
  options: { bankDetails: string; unread: number; next: ReadonlyMap<number, MilestoneNext> },
): Engagement {
  return {
    id: e.id,
    role,
    ...parties(e),
    title: e.title,
    brief: e.brief,
    budget_cents: e.budget_cents,
    deadline: e.deadline,
    domain_name: e.domain_unicode,
    order_id: e.order_id,
    status: e.status as RequestStatus,
    status_label: requestStatusLabels[e.status as RequestStatus] ?? e.status,
    decline_reason: e.decline_reason,
    terms_version: e.terms_version,
    commission_percent: e.commission_percent,
    closed: isEngagementClosed(e.status as RequestStatus, milestones.map((m) => m.status as MilestoneStatus)),
    contacts_unmasked: e.first_funded_at !== null,
    milestones: milestones.map((m) => presentMilestone(m, options.bankDetails, options.next.get(m.id) ?? { allowed_actions: [], next_step: '' })),
    events: events.map((ev) => ({ milestone_id: ev.milestone_id, status: ev.status, note: ev.note, created_at: ev.created_at })),
    unread_messages: options.unread,
    created_at: e.created_at,
    updated_at: e.updated_at,
  };
}

export function presentAdminMilestone(m: MilestoneRow, e: EngagementView, bankDetails: string, next: MilestoneNext): AdminMilestone {
  return {
    ...presentMilestone(m, bankDetails, next),
    engagement_id: e.id,
    engagement_title: e.title,
    ...parties(e),
  };
}

/** A message as a party reads it: contact details hidden until the first milestone is funded; a file with its signed link. */
export function presentMessage(m: MessageRow, viewerId: number, unmasked: boolean, attachmentUrl: string | null): EngagementMessage {
  return {
    id: m.id,
    sender: presentParty(m.sender_id, m.first_name, m.last_name),
    mine: m.sender_id === viewerId,
    body: unmasked ? m.body : maskContactDetails(m.body),
    attachment:
      m.attachment_key && attachmentUrl
        ? { file_name: m.attachment_name ?? 'file', content_type: m.attachment_type ?? 'application/octet-stream', size: m.attachment_size ?? 0, url: attachmentUrl }
        : null,
    created_at: m.created_at,
  };
}

export function presentMyReview(r: ReviewRow): MyReview {
  return { ...presentReview(r), engagement_title: r.engagement_title };
}

export function presentReview(r: ReviewRow): Review {
  return {
    id: r.id,
    engagement_id: r.engagement_id,
    author_role: r.author_role,
    author: presentParty(r.author_id, r.author_first_name, r.author_last_name),
    subject: presentParty(r.subject_id, r.subject_first_name, r.subject_last_name),
    stars: r.stars,
    text: r.body,
    reply: r.reply,
    replied_at: r.replied_at,
    created_at: r.created_at,
  };
}
