import {
  AUTO_APPROVE_DAYS,
  type AdminMilestone,
  closedMilestoneStatuses,
  type Engagement,
  type EngagementMessage,
  formatCents,
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
import type { EngagementEventRow, EngagementView, MilestoneRow, messagesOf, ReviewRow } from './engagements.repository.js';

export type MessageRow = Awaited<ReturnType<typeof messagesOf>>[number];

export type EngagementRole = Engagement['role'];

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

/** What the viewer does next on a milestone (or waits for), in words, with the money to the cent. */
function nextStep(m: MilestoneRow, role: EngagementRole): string {
  const amount = formatCents(m.amount_cents);
  const net = formatCents(m.freelancer_net_cents);
  const client = role === 'client';
  if (role === 'admin') {
    const admin: Partial<Record<MilestoneStatus, string>> = {
      awaiting_funding: `Record the client's bank transfer of ${amount} when it arrives.`,
      approved: `Send the freelancer ${net} and record the payout.`,
      refund_due: `Send the client ${amount} back and record the refund.`,
      disputed: 'Refund the client or release to the freelancer, with a note both see.',
    };
    return admin[m.status as MilestoneStatus] ?? '';
  }
  switch (m.status as MilestoneStatus) {
    case 'proposed':
      return 'Part of the terms under discussion.';
    case 'awaiting_funding':
      return client ? `Fund it: pay ${amount} into escrow.` : 'Waiting for the client to fund it. Start once it is funded.';
    case 'funded':
      return client ? `${amount} is held until you approve the delivery.` : `Funded: do the work, then mark it delivered. You receive ${net}.`;
    case 'delivered':
      return client
        ? `Approve the delivery or open a dispute by ${day(m.approve_by)}; after that it is approved automatically.`
        : `Waiting for the client's approval (automatic on ${day(m.approve_by)}, ${AUTO_APPROVE_DAYS} days after delivery).`;
    case 'approved':
      return client ? 'Approved: the freelancer is being paid.' : `Approved: your payout of ${net} is on its way.`;
    case 'paid_out':
      return client ? `Paid out to the freelancer.` : `Paid out: ${net}.`;
    case 'disputed':
      return 'Disputed: our team decides and tells you both.';
    case 'refund_due':
      return client ? `Your refund of ${amount} is on its way.` : 'The client is being refunded.';
    case 'refunded':
      return client ? `Refunded: ${amount}.` : 'Refunded to the client.';
    case 'cancelled':
      return 'Cancelled.';
    default:
      return '';
  }
}

export function presentMilestone(m: MilestoneRow, role: EngagementRole, bankDetails: string): Milestone {
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
    next_step: nextStep(m, role),
    payment_instructions:
      role === 'client' && m.status === 'awaiting_funding'
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
  options: { bankDetails: string; unread: number },
): Engagement {
  const agreed = milestones.filter((m) => m.status !== 'proposed');
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
    closed: e.status === 'active' && agreed.length > 0 && agreed.every((m) => closedMilestoneStatuses.includes(m.status as MilestoneStatus)),
    contacts_unmasked: e.first_funded_at !== null,
    milestones: milestones.map((m) => presentMilestone(m, role, options.bankDetails)),
    events: events.map((ev) => ({ milestone_id: ev.milestone_id, status: ev.status, note: ev.note, created_at: ev.created_at })),
    unread_messages: options.unread,
    created_at: e.created_at,
    updated_at: e.updated_at,
  };
}

export function presentAdminMilestone(m: MilestoneRow, e: EngagementView, bankDetails: string): AdminMilestone {
  return {
    ...presentMilestone(m, 'admin', bankDetails),
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
