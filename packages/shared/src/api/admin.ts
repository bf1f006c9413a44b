import { z } from 'zod';
import { subscriptionTiers } from '../roles.js';
import { videoModerationActions, videoModerationStates } from '../videos.js';

/** One row of GET /api/domains/users/ (admin only); X-Total-Count holds the matching total. */
export const adminUserSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.number(),
  role_label: z.string(),
  user_role: z.string().nullable(),
  subscription: z.enum(subscriptionTiers),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** POST /api/domains/users/ {id, role}: the user's new role. */
export const setRoleResultSchema = z.object({ id: z.number(), role: z.number() });
export type SetRoleResult = z.infer<typeof setRoleResultSchema>;

/** POST /api/domains/users/{id}/subscription/ {subscription}. */
export const setSubscriptionResultSchema = z.object({ id: z.number(), subscription: z.enum(subscriptionTiers) });

/** One user of the broker dashboard table, every count from real data. */
export const brokerUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  display_name: z.string(),
  email: z.string(),
  /** FREELANCER or DOMAINER; ADMIN or SUPERADMIN for our team. */
  role: z.string(),
  /** User, Admin or SuperAdmin. */
  admin_role: z.string(),
  subscription: z.string(),
  video_pitch: z.number(),
  sponsored_headlines: z.number(),
  exclusive_startup_breeders: z.number(),
  thoroughbred_domains: z.number(),
  sold_domains: z.number(),
});
export type BrokerUser = z.infer<typeof brokerUserSchema>;

/** GET /api/domains/admin/broker-dashboard/?page=&limit=. */
export const brokerDashboardSchema = z.object({ total: z.number(), users: z.array(brokerUserSchema) });
export type BrokerDashboard = z.infer<typeof brokerDashboardSchema>;

/** GET /api/domains/admin/broker-leads/: negotiations that asked for the Broker Team, newest request first. */
export const brokerLeadSchema = z.object({
  id: z.number(),
  domain_id: z.number(),
  domain_name: z.string(),
  seller_price: z.number(),
  /** The lead's state ('open', ...), not a negotiation status code. */
  status: z.string(),
  broker_requested_at: z.string().nullable(),
  broker_taken_at: z.string().nullable(),
  broker_id: z.number().nullable(),
  buyer_name: z.string(),
  seller_name: z.string(),
  broker_name: z.string().nullable(),
});
export type BrokerLead = z.infer<typeof brokerLeadSchema>;

/** POST /api/domains/admin/broker-leads/{id}/take/: 409 when another broker was first. */
export const takeBrokerLeadResultSchema = z.object({ id: z.number(), broker_id: z.number(), broker_taken_at: z.string() });

/** A pitch as the admin list shows it (GET /api/domains/admin/videos/?filter=). */
export const adminVideoSchema = z.object({
  id: z.number(),
  domain_id: z.number(),
  domain_name: z.string(),
  file_name: z.string(),
  /** The owner's answer (undecided, accepted, declined, deleted): theirs, not the admins'. */
  status: z.string(),
  /** The admins' moderation: new, approved or denied. */
  moderation: z.enum(videoModerationStates),
  created_at: z.string(),
  uploader_email: z.string(),
  /** The moderation decisions open now: the one already taken is not offered again. */
  allowed_actions: z.array(z.enum(videoModerationActions)),
});
export type AdminVideo = z.infer<typeof adminVideoSchema>;

/** A name a second seller tried to import while another holds it (GET /api/domains/admin/claims/). */
export const claimSchema = z.object({
  id: z.number(),
  domain_id: z.number(),
  domain_name: z.string(),
  ns_status: z.string(),
  claimant_email: z.string(),
  holder_email: z.string(),
  created_at: z.string(),
});
export type Claim = z.infer<typeof claimSchema>;

/** One admin action, done or refused (GET /api/domains/admin/audit/?limit=). `details` is JSON text. */
export const auditEntrySchema = z.object({
  id: z.number(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.number().nullable(),
  outcome: z.string(),
  details: z.string().nullable(),
  created_at: z.string(),
  actor_email: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /api/admin/mail-outbox/: e-mails waiting (or to be retried), given up, and sent. */
export const mailOutboxCountsSchema = z.object({ pending: z.number(), failed: z.number(), sent: z.number() });
export type MailOutboxCounts = z.infer<typeof mailOutboxCountsSchema>;
