import { z } from 'zod';
import { MAX_UPLOAD_BYTES } from './constants.js';
import { paymentProviders } from './deals.js';
import { finalStates, milestoneActions, milestoneFlow, stateLabels, statesOf } from './escrow/index.js';
import { asCents, type Cents, centsSchema } from './money.js';

/**
 * Hiring a freelancer (docs/product.md, "Hiring a freelancer"). A client sends a request; the
 * freelancer accepts it, declines it or proposes other terms, which the client accepts. The
 * accepted terms are an engagement's milestones, each paid into escrow on its own and moved by
 * the milestone flow (escrow/milestone-flow.ts).
 */
export const requestStatuses = ['requested', 'proposed', 'declined', 'withdrawn', 'active'] as const;
export type RequestStatus = (typeof requestStatuses)[number];

export const requestStatusLabels: Record<RequestStatus, string> = {
  requested: 'Waiting for the freelancer',
  proposed: 'Other terms proposed: waiting for the client',
  declined: 'Declined',
  withdrawn: 'Withdrawn by the client',
  active: 'Hired',
};

/** A milestone's states and their labels: the milestone flow (escrow/milestone-flow.ts) is the one list. */
export const milestoneStatuses = statesOf(milestoneFlow);
export type MilestoneStatus = (typeof milestoneStatuses)[number];
export const milestoneStatusLabels: Record<MilestoneStatus, string> = stateLabels(milestoneFlow);

/** Milestones that are over: no step moves them any more. */
export const closedMilestoneStatuses: readonly MilestoneStatus[] = finalStates(milestoneFlow);

/** Delivered and neither approved nor disputed this long: approved automatically. */
export const AUTO_APPROVE_DAYS = 5;
/** The freelancer's commission on each milestone unless the admin sets another (FREELANCE_COMMISSION_PERCENT). */
export const FREELANCE_COMMISSION_PERCENT = 10;
export const MAX_MILESTONES = 20;
/** Largest milestone and budget: $1,000,000.00. */
export const MAX_ENGAGEMENT_CENTS = 100_000_000;
export const MAX_MESSAGE_LENGTH = 5000;
/** Files a message may carry: documents, images and archives, up to the upload limit (2 MiB). */
export const ALLOWED_ATTACHMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'text/plain', 'application/zip'] as const;
export const MAX_ATTACHMENT_BYTES = MAX_UPLOAD_BYTES;

/** A milestone's money in cents: the client pays the amount, the freelancer receives it less the commission. */
export function milestoneAmounts(amountCents: Cents, commissionPercent: number) {
  const commission = asCents(Math.round((amountCents * commissionPercent) / 100));
  return { amount_cents: amountCents, commission_cents: commission, freelancer_net_cents: asCents(amountCents - commission) };
}

/** "@", or "at" in brackets: "(at)", "[at]", "{at}", "<at>", with or without spaces. */
const AT_MARKED = String.raw`\s*@\s*|\s*[(\[{<]\s*at\s*[)\]}>]\s*`;
/** "dot" in brackets or as a word between spaces. */
const DOT_SPELLED = String.raw`\s*[(\[{<]\s*dot\s*[)\]}>]\s*|\s+dot\s+`;
const LOCAL = String.raw`[\p{L}\p{N}._%+-]+`;
const LABEL = String.raw`[\p{L}\p{N}-]+`;
/** An address with a marked "at": any dots after it, written or spelled. */
const EMAIL = new RegExp(String.raw`${LOCAL}(?:${AT_MARKED})${LABEL}(?:(?:\.|${DOT_SPELLED})${LABEL})+`, 'giu');
/**
 * An address with "at" as a plain word ("finn at founders dot io"): only with a spelled "dot"
 * before its ending, so sentences such as "look at the domain" or "look at example.com" stay.
 */
const EMAIL_WORDS = new RegExp(String.raw`${LOCAL}\s+at\s+${LABEL}(?:(?:\.|${DOT_SPELLED})${LABEL})*?(?:${DOT_SPELLED})\p{L}{2,24}(?![\p{L}\p{N}])`, 'giu');
/** A web address: with its scheme, starting www., or a host name followed by a path (a bare domain name is the subject of the trade, not a contact). */
const URL_LIKE = /\b(?:https?:\/\/|www\.)\S+|\b[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+\/\S*/giu;
/** Seven or more digits, allowing the spaces, dots, dashes, brackets and leading + people write numbers with. */
const PHONE = /\+?\d(?:[\s().-]*\d){6,}/g;
/** Dates are digits too, but not a way to reach someone. */
const DATE = /^(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[./-]\d{1,2}[./-]\d{2,4})$/;
export const MASKED_CONTACT = '[hidden until the first milestone is funded]';

/**
 * Before the first milestone of an engagement is funded, contact details in messages are hidden,
 * so the work (and its payment) stays on the marketplace: e-mail addresses (also written out:
 * "(at)", "[at]", "at", "(dot)", "dot"), web addresses, and phone numbers (seven digits or more;
 * dates are kept).
 */
export function maskContactDetails(text: string): string {
  return text
    .replace(EMAIL, MASKED_CONTACT)
    .replace(EMAIL_WORDS, MASKED_CONTACT)
    .replace(URL_LIKE, MASKED_CONTACT)
    .replace(PHONE, (match) => (DATE.test(match.trim()) ? match : MASKED_CONTACT));
}

export const engagementMessages = {
  notFound: 'Request not found.',
  milestoneNotFound: 'Milestone not found.',
  notFreelancer: 'This user does not offer freelance work.',
  notYourself: 'You cannot hire yourself.',
  clientOnly: 'Only the client can do this.',
  freelancerOnly: 'Only the freelancer can do this.',
  requestOutOfOrder: (label: string) => `This request is ${label.toLowerCase()}: that step is not possible now.`,
  milestoneOutOfOrder: (label: string) => `This milestone is ${label.toLowerCase()}: that step is not possible now.`,
  termsChanged: 'The terms changed since you opened them. Please read the new terms and accept again.',
  titleRequired: 'Please give the request a title.',
  briefRequired: 'Please describe what you need.',
  amountInvalid: 'Amounts are whole cents above zero, at most $1,000,000.00.',
  deadlineInvalid: 'Please choose a date from today on.',
  milestonesRequired: 'Please add at least one milestone.',
  tooManyMilestones: `At most ${MAX_MILESTONES} milestones.`,
  reasonRequired: 'Please say why.',
  noteRequired: 'Please describe what you delivered.',
  domainNotYours: 'Link one of your own domains, or one you are buying.',
  messageRequired: 'Please write a message.',
  messageTooLong: `A message has at most ${MAX_MESSAGE_LENGTH} characters.`,
  requestsThrottled: 'You have sent many requests. Please wait before sending more.',
  messagesThrottled: 'You are sending messages too fast. Please wait a moment.',
  conversationDeclined: 'This request was declined, so its conversation is closed.',
  conversationWithdrawn: 'This request was withdrawn, so its conversation is closed.',
  conversationOver: 'This engagement is over (every milestone is paid out, cancelled or refunded), so its conversation is closed.',
  attachmentType: 'Attach a PDF, an image (PNG, JPEG, GIF, WebP), a text file or a ZIP archive.',
  attachmentTooLarge: `An attachment is at most ${MAX_UPLOAD_BYTES / 1_048_576} MiB.`,
  attachmentMissing: 'The file did not arrive. Please attach it again.',
  amountMismatch: (expected: string) => `The payment must be exactly ${expected}, the milestone's amount.`,
  requestSent: 'Your request has been sent.',
} as const;

// Requests ------------------------------------------------------------------------------------

const trimmed = (max: number) => z.string().trim().max(max);
const cents = z
  .number({ error: engagementMessages.amountInvalid })
  .int(engagementMessages.amountInvalid)
  .positive(engagementMessages.amountInvalid)
  .max(MAX_ENGAGEMENT_CENTS, engagementMessages.amountInvalid)
  .brand<'Cents'>();
const isoDay = z.iso.date({ error: engagementMessages.deadlineInvalid });

export const milestoneInput = z.object({
  title: trimmed(200).min(1, engagementMessages.titleRequired),
  amount_cents: cents,
  due_date: isoDay,
});
export type MilestoneInput = z.infer<typeof milestoneInput>;

const milestoneList = z.array(milestoneInput).min(1, engagementMessages.milestonesRequired).max(MAX_MILESTONES, engagementMessages.tooManyMilestones);

export const createEngagementRequest = z.object({
  freelancer_id: z.number().int().positive(),
  title: trimmed(200).min(1, engagementMessages.titleRequired),
  brief: trimmed(5000).min(1, engagementMessages.briefRequired),
  budget_cents: cents,
  deadline: isoDay,
  /** One of the client's own domains, or (with order_id) one they are buying. */
  domain_id: z.number().int().positive().optional(),
  order_id: z.number().int().positive().optional(),
  /** Without them, one milestone: the whole budget, due at the deadline. */
  milestones: milestoneList.optional(),
});
export type CreateEngagementRequest = z.infer<typeof createEngagementRequest>;

export const proposeTermsRequest = z.object({
  deadline: isoDay,
  milestones: milestoneList,
  note: trimmed(2000).optional(),
});
export type ProposeTermsRequest = z.infer<typeof proposeTermsRequest>;

/** The version of the terms the client read: a newer proposal is not accepted unseen. */
export const acceptTermsRequest = z.object({ terms_version: z.number().int().positive() });
export const declineRequest = z.object({ reason: trimmed(2000).min(1, engagementMessages.reasonRequired) });
export const deliverRequest = z.object({ note: trimmed(5000).min(1, engagementMessages.noteRequired) });
export const attachmentUploadRequest = z.object({
  file_name: z.string().trim().min(1).max(255),
  content_type: z.enum(ALLOWED_ATTACHMENT_TYPES, { error: engagementMessages.attachmentType }),
  size: z.number().int().positive().max(MAX_ATTACHMENT_BYTES, engagementMessages.attachmentTooLarge),
});
export const attachmentUploadSchema = z.object({ url: z.string(), fields: z.record(z.string(), z.string()), key: z.string() });

/** Text, a file uploaded beforehand (its key), or both. */
export const postMessageRequest = z
  .object({
    body: z.string().trim().max(MAX_MESSAGE_LENGTH, engagementMessages.messageTooLong).default(''),
    attachment: z.object({ key: z.string().min(1).max(500), file_name: z.string().trim().min(1).max(255) }).optional(),
  })
  .refine((m) => m.body.length > 0 || m.attachment !== undefined, { message: engagementMessages.messageRequired, path: ['body'] });

// Responses -----------------------------------------------------------------------------------

const party = z.object({ id: z.number(), first_name: z.string(), last_name: z.string() });

export const milestoneSchema = z.object({
  id: z.number(),
  position: z.number(),
  title: z.string(),
  due_date: z.string(),
  status: z.enum(milestoneStatuses),
  status_label: z.string(),
  amount_cents: centsSchema,
  commission_cents: centsSchema,
  freelancer_net_cents: centsSchema,
  provider: z.enum(paymentProviders),
  payment_reference: z.string(),
  paid_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  delivery_note: z.string().nullable(),
  approve_by: z.string().nullable(),
  approved_at: z.string().nullable(),
  payout_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
  dispute_reason: z.string().nullable(),
  resolution_note: z.string().nullable(),
  /** What the viewer can do next, in words ('' when nothing). */
  next_step: z.string(),
  /** The steps the viewer may take now; the page offers exactly these. */
  allowed_actions: z.array(z.enum(milestoneActions)),
  /** Bank-transfer instructions, for the client while a manual-provider milestone waits for money. */
  payment_instructions: z.object({ reference: z.string(), amount_cents: centsSchema, details: z.string() }).nullable(),
});
export type Milestone = z.infer<typeof milestoneSchema>;

export const engagementEventSchema = z.object({
  milestone_id: z.number().nullable(),
  status: z.string(),
  note: z.string().nullable(),
  created_at: z.string(),
});

export const engagementSchema = z.object({
  id: z.number(),
  role: z.enum(['client', 'freelancer', 'admin']),
  client: party,
  freelancer: party,
  title: z.string(),
  brief: z.string(),
  budget_cents: centsSchema,
  deadline: z.string(),
  domain_name: z.string().nullable(),
  order_id: z.number().nullable(),
  status: z.enum(requestStatuses),
  status_label: z.string(),
  decline_reason: z.string().nullable(),
  terms_version: z.number(),
  commission_percent: z.number(),
  /** Every milestone is paid out, cancelled or refunded. */
  closed: z.boolean(),
  /** Contact details in messages are shown once a milestone has been funded. */
  contacts_unmasked: z.boolean(),
  milestones: z.array(milestoneSchema),
  events: z.array(engagementEventSchema),
  unread_messages: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Engagement = z.infer<typeof engagementSchema>;

export const engagementMessageSchema = z.object({
  id: z.number(),
  sender: party,
  mine: z.boolean(),
  body: z.string(),
  /** A short-lived link to the file, for the two parties. */
  attachment: z.object({ file_name: z.string(), content_type: z.string(), size: z.number(), url: z.string() }).nullable(),
  created_at: z.string(),
});
export type EngagementMessage = z.infer<typeof engagementMessageSchema>;

/** Whom a request goes to, as the request form names them. */
export const freelancerSchema = party;
export type Freelancer = z.infer<typeof freelancerSchema>;

export const unreadCountSchema = z.object({ unread: z.number() });

/** An admin's list of milestones with money to record. */
export const adminMilestoneSchema = milestoneSchema.extend({
  engagement_id: z.number(),
  engagement_title: z.string(),
  client: party,
  freelancer: party,
});
export type AdminMilestone = z.infer<typeof adminMilestoneSchema>;

// Reviews -------------------------------------------------------------------------------------

export const MAX_REVIEW_LENGTH = 2000;
export const MAX_REVIEW_REPLY_LENGTH = 2000;

/**
 * An engagement is completed when its work is over and was paid for: every milestone is paid
 * out, or the ones not paid out were cancelled or refunded and at least one was paid out. Only
 * then can its parties review each other (docs/product.md, "Reviews").
 */
export function isEngagementCompleted(statuses: readonly MilestoneStatus[]): boolean {
  const paidOut: MilestoneStatus = 'paid_out';
  return statuses.includes(paidOut) && statuses.every((s) => closedMilestoneStatuses.includes(s));
}

/** Every agreed milestone is over (paid out, cancelled or refunded): the engagement is closed (`Engagement.closed`). */
export function isEngagementClosed(status: RequestStatus, milestoneStatuses: readonly MilestoneStatus[]): boolean {
  const agreed = milestoneStatuses.filter((s) => s !== milestoneFlow.initial);
  return status === 'active' && agreed.length > 0 && agreed.every((s) => closedMilestoneStatuses.includes(s));
}

/** Why the parties can write no more in an engagement's conversation; undefined while it is open. */
export function conversationClosedReason(status: RequestStatus, milestoneStatuses: readonly MilestoneStatus[]): string | undefined {
  if (status === 'declined') return engagementMessages.conversationDeclined;
  if (status === 'withdrawn') return engagementMessages.conversationWithdrawn;
  return isEngagementClosed(status, milestoneStatuses) ? engagementMessages.conversationOver : undefined;
}

export const reviewMessages = {
  notCompleted: 'You can leave a review once the engagement is completed: a milestone paid out and none left open.',
  alreadyReviewed: 'You have already reviewed this engagement.',
  alreadyReplied: 'You have already replied to this review.',
  nothingToReply: 'There is no review of you to reply to.',
  starsInvalid: 'Please give 1 to 5 stars.',
  textRequired: 'Please write a few words about the work.',
  textTooLong: `A review has at most ${MAX_REVIEW_LENGTH} characters.`,
  replyRequired: 'Please write your reply.',
  replyTooLong: `A reply has at most ${MAX_REVIEW_REPLY_LENGTH} characters.`,
  reviewPosted: 'Thank you: your review is published.',
  replyPosted: 'Your reply is published.',
} as const;

export const postReviewRequest = z.object({
  stars: z.number({ error: reviewMessages.starsInvalid }).int(reviewMessages.starsInvalid).min(1, reviewMessages.starsInvalid).max(5, reviewMessages.starsInvalid),
  text: z.string().trim().min(1, reviewMessages.textRequired).max(MAX_REVIEW_LENGTH, reviewMessages.textTooLong),
});
export type PostReviewRequest = z.infer<typeof postReviewRequest>;

export const postReviewReplyRequest = z.object({
  text: z.string().trim().min(1, reviewMessages.replyRequired).max(MAX_REVIEW_REPLY_LENGTH, reviewMessages.replyTooLong),
});

export const reviewSchema = z.object({
  id: z.number(),
  engagement_id: z.number(),
  /** The author's side of the engagement. */
  author_role: z.enum(['client', 'freelancer']),
  author: party,
  subject: party,
  stars: z.number(),
  text: z.string(),
  reply: z.string().nullable(),
  replied_at: z.string().nullable(),
  created_at: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

/** A review as listed among a user's own, with the engagement it is about. */
export const myReviewSchema = reviewSchema.extend({ engagement_title: z.string() });
export type MyReview = z.infer<typeof myReviewSchema>;

/** The newest reviews of each kind that GET /api/engagements/reviews/mine/ lists. */
export const MY_REVIEWS_LIMIT = 200;

/** GET /api/engagements/reviews/mine/: reviews of the user (as freelancer and as client) and by the user, newest first. */
export const myReviewsSchema = z.object({
  received: z.array(myReviewSchema),
  written: z.array(myReviewSchema),
  limit: z.literal(MY_REVIEWS_LIMIT),
});
export type MyReviews = z.infer<typeof myReviewsSchema>;

/** An engagement's reviews as one of its parties sees them. */
export const engagementReviewsSchema = z.object({
  completed: z.boolean(),
  /** The viewer may still review the other side. */
  can_review: z.boolean(),
  /** The viewer's review of the other side. */
  mine: reviewSchema.nullable(),
  /** The other side's review of the viewer; the viewer may reply once. */
  theirs: reviewSchema.nullable(),
});
export type EngagementReviews = z.infer<typeof engagementReviewsSchema>;
