import type { Cents } from '@market/shared';
import type { Generated } from 'kysely';

/**
 * Table types for Kysely. Timestamps are ISO-8601 UTC strings and booleans are 0/1 integers in
 * both dialects, so repositories and presenters read the same values on SQLite and PostgreSQL.
 */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  role: Generated<number>;
  user_role: string | null;
  country: string | null;
  subscription: Generated<string>;
  authentication_type: Generated<string>;
  authentication_label: string | null;
  notify_email: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface AuthTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  last_used_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface DomainsTable {
  id: Generated<number>;
  user_id: number;
  domain_name: string;
  domain_unicode: string;
  domain_label: string;
  domain_extension: string;
  label_length: number;
  has_digit: number;
  has_hyphen: number;
  is_idn: number;
  business_status: Generated<string>;
  seller_price: Generated<number>;
  buyer_price: Generated<number>;
  min_offer: Generated<number>;
  trade_option: string | null;
  trade_switch: Generated<number>;
  startup_breeders: string | null;
  startup_breeders_switch: Generated<number>;
  description: string | null;
  visits: Generated<number>;
  video_pitch_leads: Generated<number>;
  status: Generated<string>;
  reviewed_by: number | null;
  reviewed_at: string | null;
  ns_status: Generated<string>;
  ns_checked_at: string | null;
  ns_found: string | null;
  sale_status: Generated<string>;
  /** When the current owner got the name (a completed purchase); null: since the row was created. */
  owned_since: string | null;
  /** 1 while our DNS serves the landing page's A/AAAA for @ and www. */
  dns_landing: Generated<number>;
  /** Months of the lease-to-own offer; null: not offered on lease. */
  lease_months: number | null;
  lease_down_payment_cents: Generated<Cents>;
  /** Yearly rate in basis points; 0: no interest. */
  lease_rate_bp: Generated<number>;
  /** Who sets the DNS records while a lease runs (the lessee); null: the owner. */
  dns_controller_id: number | null;
  created_at: string;
  updated_at: string;
}

/** A DNS record the domain's controller set (names relative to the zone). */
export interface DnsRecordsTable {
  id: Generated<number>;
  domain_id: number;
  position: number;
  name: string;
  type: string;
  content: string;
  ttl: number;
  priority: number | null;
}

export interface DomainVisitsTable {
  domain_id: number;
  day: string;
  referrer: string;
  visits: number;
}

export interface RecentlyViewedTable {
  user_id: number;
  domain_id: number;
  viewed_at: string;
}

export interface DomainClaimsTable {
  id: Generated<number>;
  domain_id: number;
  user_id: number;
  created_at: string;
  resolved_at: string | null;
}

export interface DomainLeadsTable {
  id: Generated<number>;
  domain_id: number;
  buyer_id: number;
  seller_id: number;
  status: Generated<string>;
  category: string | null;
  broker_requested_at: string | null;
  accepted_amount: number | null;
  accepted_at: string | null;
  broker_id: number | null;
  broker_taken_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface NegotiationsTable {
  id: Generated<number>;
  domain_lead_id: number;
  author_id: number;
  amount: Generated<number>;
  status: number;
  created_at: string;
  expires_at: string | null;
  /** An offer in instalments: the lease terms it was made on; null for one paid at once. */
  lease_months: number | null;
  lease_down_payment_cents: Generated<Cents>;
  lease_rate_bp: Generated<number>;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  domain_lead_id: number | null;
  category: string | null;
  message: string;
  link: string | null;
  read_at: string | null;
  created_at: string;
}

export interface PurchaseOrdersTable {
  id: Generated<number>;
  domain_id: number;
  buyer_id: number;
  seller_id: number;
  domain_lead_id: number | null;
  status: Generated<string>;
  created_at: string;
  updated_at: string;
  provider: Generated<string>;
  disputed_by: number | null;
  price_cents: Generated<Cents>;
  commission_cents: Generated<Cents>;
  buyer_fee_cents: Generated<Cents>;
  seller_fee_cents: Generated<Cents>;
  buyer_total_cents: Generated<Cents>;
  seller_net_cents: Generated<Cents>;
  payment_reference: string | null;
  pay_by: string | null;
  paid_at: string | null;
  transfer_by: string | null;
  transfer_method: string | null;
  push_account: string | null;
  auth_code_secret: string | null;
  transfer_started_at: string | null;
  dns_token: string | null;
  dns_checked_at: string | null;
  dns_verified_at: string | null;
  confirm_by: string | null;
  confirmed_at: string | null;
  payout_at: string | null;
  completed_at: string | null;
  refunded_at: string | null;
  cancelled_at: string | null;
  dispute_reason: string | null;
  disputed_from: string | null;
  resolution_note: string | null;
  checkout_session_id: string | null;
  /** The card processor's id of the payment (a PaymentIntent); its refund goes back through it. */
  card_payment_id: string | null;
}

/** One movement of money: its postings (ledger_postings) sum to zero. */
export interface LedgerMovementsTable {
  id: Generated<number>;
  item_kind: string;
  item_id: number;
  kind: string;
  provider: string;
  reference: string;
  recorded_by: number | null;
  created_at: string;
}

/** A debit (positive) or credit (negative) of one account for one item. */
export interface LedgerPostingsTable {
  id: Generated<number>;
  movement_id: number;
  item_kind: string;
  item_id: number;
  account: string;
  amount_cents: Cents;
}

/** A refund the payment command worker sends to the provider after the step that asked for it committed. */
export interface PaymentCommandsTable {
  id: Generated<number>;
  item_kind: string;
  item_id: number;
  action: string;
  provider: string;
  amount_cents: Cents;
  payment_reference: string;
  status: string;
  attempts: Generated<number>;
  generation: Generated<number>;
  next_attempt_at: string | null;
  locked_until: string | null;
  last_error: string | null;
  last_error_refused: Generated<number>;
  provider_reference: string | null;
  created_at: string;
  updated_at: string;
}

/** A card payment that could not be applied to its item, held until refunded. */
export interface OverpaymentsTable {
  id: Generated<number>;
  item_kind: string;
  item_id: number;
  item_link: string;
  payer_id: number;
  provider: string;
  payment_reference: string;
  event_id: string;
  amount_cents: Cents;
  status: string;
  refunded_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  status: string;
  note: string | null;
  actor_id: number | null;
  created_at: string;
}

export interface PaymentEventsTable {
  event_id: string;
  provider: string;
  created_at: string;
}

export interface SponsoredCartsTable {
  id: Generated<number>;
  user_id: number;
  status: Generated<string>;
  total_amount: number;
  created_at: string;
  updated_at: string;
}

export interface SponsoredCartItemsTable {
  id: Generated<number>;
  cart_id: number;
  domain_id: number;
  category: string;
  unit_price: number;
}

export interface SponsoredOrdersTable {
  id: Generated<number>;
  cart_id: number;
  user_id: number;
  total_amount: number;
  status: string;
  /** The payment provider the order is paid through (`manual`, `stripe`; `test` for early orders). */
  payment_mode: string;
  /** The reference a bank transfer quotes. */
  payment_reference: string;
  created_at: string;
  amount_cents: Generated<Cents>;
  pay_by: string | null;
  paid_at: string | null;
  /** What the money came with: the bank's reference, or the card processor's payment id. */
  paid_reference: string | null;
  checkout_session_id: string | null;
  cancelled_at: string | null;
  recorded_by: number | null;
}

export interface SponsoredHeadlinesTable {
  id: Generated<number>;
  order_id: number;
  domain_id: number;
  category: string;
  advertisement_price: number;
  starts_at: string;
  ends_at: string;
  created_at: string;
}

export interface VideosTable {
  id: Generated<number>;
  domain_id: number;
  uploader_id: number;
  /** The domain's owner the pitch was sent to; it stays theirs if the domain changes hands. */
  seller_id: number;
  storage_key: string;
  file_name: string;
  content_type: string;
  size: number;
  status: Generated<string>;
  /** The domain owner's answer (undecided, accepted, declined) is `status`; by whom and when: */
  reviewed_by: number | null;
  reviewed_at: string | null;
  /** The admins' moderation: new, approved or denied (a denied pitch is not shown to the owner). */
  moderation: Generated<string>;
  moderated_by: number | null;
  moderated_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface AdminAuditTable {
  id: Generated<number>;
  actor_id: number | null;
  action: string;
  target_type: string;
  target_id: number | null;
  outcome: string;
  details: string | null;
  created_at: string;
}

export interface SubscribersTable {
  id: Generated<number>;
  email: string;
  created_at: string;
}

/** The SQLite FTS5 index over domain labels (absent on PostgreSQL). */
export interface DomainsFtsTable {
  rowid: number;
  domain_label: string;
  domains_fts: string;
}

/** Written by triggers (migration 0011); read by the in-memory search index. */
export interface DomainSearchChangesTable {
  seq: Generated<number | string>;
  domain_id: number;
}

export interface MailOutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  body: string;
  coalesce_key: string | null;
  created_at: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  claim_token: string | null;
  last_error: string | null;
  sent_at: string | null;
  failed_at: string | null;
}

export interface EngagementsTable {
  id: Generated<number>;
  client_id: number;
  freelancer_id: number;
  domain_id: number | null;
  order_id: number | null;
  title: string;
  brief: string;
  budget_cents: Cents;
  deadline: string;
  status: string;
  terms_version: Generated<number>;
  commission_percent: number;
  decline_reason: string | null;
  accepted_at: string | null;
  first_funded_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface EngagementMilestonesTable {
  id: Generated<number>;
  engagement_id: number;
  position: number;
  title: string;
  due_date: string;
  status: string;
  amount_cents: Cents;
  commission_cents: Cents;
  freelancer_net_cents: Cents;
  provider: string;
  payment_reference: string;
  checkout_session_id: string | null;
  card_payment_id: string | null;
  paid_at: string | null;
  delivered_at: string | null;
  delivery_note: string | null;
  approve_by: string | null;
  approved_at: string | null;
  payout_at: string | null;
  refunded_at: string | null;
  cancelled_at: string | null;
  dispute_reason: string | null;
  disputed_by: number | null;
  resolution_note: string | null;
  created_at: string;
  updated_at: string;
}

export interface EngagementEventsTable {
  id: Generated<number>;
  engagement_id: number;
  milestone_id: number | null;
  status: string;
  note: string | null;
  actor_id: number | null;
  created_at: string;
}

export interface EngagementMessagesTable {
  id: Generated<number>;
  engagement_id: number;
  sender_id: number;
  body: string;
  attachment_key: string | null;
  attachment_name: string | null;
  attachment_type: string | null;
  attachment_size: number | null;
  created_at: string;
}

export interface EngagementReviewsTable {
  id: Generated<number>;
  engagement_id: number;
  author_id: number;
  subject_id: number;
  author_role: 'client' | 'freelancer';
  stars: number;
  body: string;
  reply: string | null;
  replied_at: string | null;
  created_at: string;
}

export interface EngagementReadsTable {
  engagement_id: number;
  user_id: number;
  last_read_id: Generated<number>;
}

export interface FreelancerProfilesTable {
  user_id: number;
  headline: Generated<string>;
  bio: Generated<string>;
  /** JSON arrays (skills, packages, languages, links), in the order the owner gave them. */
  skills: Generated<string>;
  hourly_rate_cents: Cents | null;
  packages: Generated<string>;
  languages: Generated<string>;
  country: string | null;
  availability: Generated<string>;
  links: Generated<string>;
  avatar_key: string | null;
  published: Generated<number>;
  published_at: string | null;
  /** Kept by the engagements module: completed engagements the client reviewed, and their average stars. */
  completed_engagements: Generated<number>;
  rating: number | null;
  search_text: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface FreelancerSkillsTable {
  user_id: number;
  skill: string;
}

export interface FreelancerLanguagesTable {
  user_id: number;
  language: string;
}

/** Each distinct word of a profile's `search_text`: what the directory's text search reads first. */
export interface FreelancerSearchWordsTable {
  word: string;
  user_id: number;
}

/** Every word ever indexed (never pruned: a word no profile holds any longer matches nothing). */
export interface FreelancerSearchVocabularyTable {
  word: string;
}

export interface FreelancerBadgesTable {
  id: Generated<number>;
  user_id: number;
  badge: string;
  passed_on: string;
  note: Generated<string>;
  awarded_by: number | null;
  awarded_at: string;
  withdrawn_by: number | null;
  withdrawn_at: string | null;
}

export interface JobsTable {
  id: Generated<number>;
  owner_id: number;
  domain_id: number | null;
  order_id: number | null;
  title: string;
  description: string;
  /** Lower-cased title, description and skill labels: what the listing's text search reads. */
  search_text: string;
  budget_min_cents: Cents;
  budget_max_cents: Cents;
  deadline: string;
  status: string;
  engagement_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface JobSkillsTable {
  job_id: number;
  skill: string;
}

export interface JobApplicationsTable {
  id: Generated<number>;
  job_id: number;
  freelancer_id: number;
  cover_letter: string;
  price_cents: Cents;
  delivery_days: number;
  status: string;
  created_at: string;
  updated_at: string;
}

export interface Database {
  dns_records: DnsRecordsTable;
  jobs: JobsTable;
  job_skills: JobSkillsTable;
  job_applications: JobApplicationsTable;
  engagements: EngagementsTable;
  engagement_milestones: EngagementMilestonesTable;
  engagement_events: EngagementEventsTable;
  engagement_messages: EngagementMessagesTable;
  engagement_reads: EngagementReadsTable;
  engagement_reviews: EngagementReviewsTable;
  freelancer_profiles: FreelancerProfilesTable;
  freelancer_search_words: FreelancerSearchWordsTable;
  freelancer_search_vocabulary: FreelancerSearchVocabularyTable;
  freelancer_skills: FreelancerSkillsTable;
  freelancer_languages: FreelancerLanguagesTable;
  freelancer_badges: FreelancerBadgesTable;
  mail_outbox: MailOutboxTable;
  domain_search_changes: DomainSearchChangesTable;
  domains_fts: DomainsFtsTable;
  subscribers: SubscribersTable;
  admin_audit: AdminAuditTable;
  videos: VideosTable;
  sponsored_carts: SponsoredCartsTable;
  sponsored_cart_items: SponsoredCartItemsTable;
  sponsored_orders: SponsoredOrdersTable;
  sponsored_headlines: SponsoredHeadlinesTable;
  domain_leads: DomainLeadsTable;
  negotiations: NegotiationsTable;
  notifications: NotificationsTable;
  purchase_orders: PurchaseOrdersTable;
  leases: LeasesTable;
  lease_instalments: LeaseInstalmentsTable;
  lease_events: LeaseEventsTable;
  ledger_movements: LedgerMovementsTable;
  ledger_postings: LedgerPostingsTable;
  payment_commands: PaymentCommandsTable;
  overpayments: OverpaymentsTable;
  app_settings: AppSettingsTable;
  order_events: OrderEventsTable;
  payment_events: PaymentEventsTable;
  domains: DomainsTable;
  domain_visits: DomainVisitsTable;
  recently_viewed: RecentlyViewedTable;
  domain_claims: DomainClaimsTable;
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  password_reset_tokens: PasswordResetTokensTable;
}

/** A lease to own: its terms frozen at the start (modules/leases). */
export interface LeasesTable {
  id: Generated<number>;
  domain_id: number;
  buyer_id: number;
  seller_id: number;
  domain_lead_id: number | null;
  status: string;
  provider: string;
  payment_reference: string;
  price_cents: Cents;
  total_cents: Cents;
  months: number;
  down_payment_cents: Cents;
  rate_bp: number;
  disputed_by: number | null;
  pay_by: string | null;
  started_at: string | null;
  ended_at: string | null;
  completed_at: string | null;
  cancelled_at: string | null;
  transfer_method: string | null;
  push_account: string | null;
  auth_code_secret: string | null;
  dns_token: string | null;
  dns_checked_at: string | null;
  dns_verified_at: string | null;
  confirm_by: string | null;
  transfer_started_at: string | null;
  dispute_reason: string | null;
  resolution_note: string | null;
  dns_snapshot: string | null;
  created_at: string;
  updated_at: string;
}

/** One instalment of a lease: an item of escrow of its own. */
export interface LeaseInstalmentsTable {
  id: Generated<number>;
  lease_id: number;
  number: number;
  payoff: Generated<number>;
  status: string;
  provider: string;
  payment_reference: string;
  amount_cents: Cents;
  commission_cents: Cents;
  buyer_total_cents: Cents;
  seller_net_cents: Cents;
  due_at: string;
  checkout_session_id: string | null;
  card_payment_id: string | null;
  paid_at: string | null;
  payout_at: string | null;
  refunded_at: string | null;
  reminded_7_at: string | null;
  reminded_1_at: string | null;
  warned_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface LeaseEventsTable {
  id: Generated<number>;
  lease_id: number;
  instalment_id: number | null;
  status: string;
  note: string | null;
  actor_id: number | null;
  created_at: string;
}
