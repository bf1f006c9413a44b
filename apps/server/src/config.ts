import { isIPv4, isIPv6 } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { FREELANCE_COMMISSION_PERCENT } from '@market/shared';
import type { OutboxSettings } from './mail/outbox.js';
import { type AdmissionConfig, DEFAULT_KIND_LIMITS, WORK_KINDS, type WorkKind, type KindLimits } from './lib/admission.js';
import type { CommandWorkerSettings } from './modules/escrow/index.js';

const booleanFlag = z
  .enum(['on', 'off', 'true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => ['on', 'true', '1', 'yes'].includes(v));

/**
 * `search=8/150,write=4/3000`: slots and queue budget (ms) per kind of work, over the defaults
 * (lib/admission.ts); kinds not named keep theirs.
 */
const admissionLimits = z.string().default('').transform((value, ctx): Record<WorkKind, KindLimits> => {
  const kinds = { ...DEFAULT_KIND_LIMITS };
  for (const part of value.split(',').map((p) => p.trim()).filter(Boolean)) {
    const match = /^([a-z]+)=(\d+)\/(\d+)$/.exec(part);
    const kind = match?.[1] as WorkKind | undefined;
    if (!match || !kind || !WORK_KINDS.includes(kind) || Number(match[2]) < 1) {
      ctx.addIssue({ code: 'custom', message: `"${part}" is not <kind>=<slots>/<queue ms> with kind one of ${WORK_KINDS.join(', ')} and at least one slot` });
      return z.NEVER;
    }
    kinds[kind] = { concurrency: Number(match[2]), queueMs: Number(match[3]) };
  }
  return kinds;
});

/**
 * An OpenID Connect provider for the authorization code flow. Its endpoints and keys come from
 * the issuer's discovery document; without `client_secret` the app is a public client (PKCE only).
 */
const oidcProvider = z.object({
  name: z.string().regex(/^[a-z0-9_-]+$/),
  label: z.string().min(1),
  issuer: z.string().url(),
  client_id: z.string().min(1),
  client_secret: z.string().min(1).optional(),
});
export type OidcProviderConfig = z.infer<typeof oidcProvider>;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/i).optional(),
  DEMO_DATA: booleanFlag.default(true),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Domain Market <no-reply@domain-market.local>'),
  CORS_ORIGINS: z.string().default(''),
  REDIS_URL: z.string().url().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  OIDC_PROVIDERS: z.string().optional(),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TOKEN_IDLE_DAYS: z.coerce.number().positive().default(14),
  TOKEN_MAX_DAYS: z.coerce.number().positive().default(60),
  TRUST_PROXY: booleanFlag.default(false),
  STORAGE_SECRET: z.string().min(32).optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  NAMESERVERS: z.string().default('ns1.domain-market.example,ns2.domain-market.example'),
  DNS_RESOLVER: z.string().optional(),
  PUBLIC_IPV4: z.string().refine((v) => isIPv4(v), 'must be an IPv4 address').optional(),
  PUBLIC_IPV6: z.string().refine((v) => isIPv6(v), 'must be an IPv6 address').optional(),
  // Empty is unset: the embedded DNS server stays off.
  DNS_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65_535).optional()),
  DNS_HOST: z.string().default('0.0.0.0'),
  NS_CHECK_INTERVAL_MINUTES: z.coerce.number().min(0).default(60),
  DEAL_SWEEP_SECONDS: z.coerce.number().min(0).default(60),
  BANK_TRANSFER_DETAILS: z.string().trim().min(1).optional(),
  SUPPORT_EMAIL: z.string().trim().email().optional(),
  STRIPE_SECRET_KEY: z.string().trim().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
  STRIPE_API_BASE: z.string().url().regex(/^https?:\/\//, 'must be an http(s) URL').optional(),
  SEARCH_INDEX: z.enum(['memory', 'database']).default('memory'),
  // Raised only by the browser test suite, which signs in many times a minute from one address.
  RATE_LIMIT_LOGIN_PER_MINUTE: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_RESET_PER_MINUTE: z.coerce.number().int().positive().default(5),
  MAIL_POLL_SECONDS: z.coerce.number().min(0).default(30),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().positive().default(8),
  MAIL_RETRY_BASE_SECONDS: z.coerce.number().positive().default(30),
  PAYMENT_COMMAND_MAX_ATTEMPTS: z.coerce.number().int().positive().default(8),
  PAYMENT_COMMAND_RETRY_BASE_SECONDS: z.coerce.number().positive().default(30),
  LEAD_REQUESTS_PER_HOUR_PER_LEAD: z.coerce.number().int().positive().default(5),
  LEAD_REQUESTS_PER_HOUR_PER_USER: z.coerce.number().int().positive().default(30),
  LEAD_REQUEST_MAIL_WINDOW_MINUTES: z.coerce.number().positive().default(60),
  FREELANCE_COMMISSION_PERCENT: z.coerce.number().int().min(0).max(50).default(FREELANCE_COMMISSION_PERCENT),
  ENGAGEMENT_REQUESTS_PER_HOUR_PER_USER: z.coerce.number().int().positive().default(10),
  ENGAGEMENT_MESSAGES_PER_MINUTE_PER_USER: z.coerce.number().int().positive().default(20),
  LOAD_SHEDDING: booleanFlag.default(true),
  ADMISSION_LIMITS: admissionLimits,
  LOAD_SHED_RETRY_AFTER_SECONDS: z.coerce.number().int().positive().default(2),
  RATE_LIMIT_IMPORTS_PER_MINUTE: z.coerce.number().int().positive().default(10),
  HEAP_GROWTH_PERCENT: z.coerce.number().int().min(0).max(400).default(50),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Postgres schema to use instead of `public` (tests isolate each file this way). */
  databaseSchema?: string;
  /** SQLite file; ':memory:' in tests. Ignored when databaseUrl is set. */
  sqliteFile: string;
  demoData: boolean;
  admin?: { email: string; password: string };
  publicUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  outboxDir: string;
  corsOrigins: string[];
  redisUrl?: string;
  oidcProviders: OidcProviderConfig[];
  webDist?: string;
  logLevel: string;
  tokenIdleMs: number;
  tokenMaxMs: number;
  trustProxy: boolean;
  /** Signs embedded-storage policies and links; from STORAGE_SECRET, else kept in DATA_DIR. */
  storageSecret?: string;
  storageDir: string;
  s3?: {
    bucket: string;
    region: string;
    endpoint?: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    forcePathStyle: boolean;
  };
  /** Our nameservers: owners point their domains here to park them with us. */
  nameservers: string[];
  /** A resolver address ("host:port") for nameserver checks; the system's when unset. */
  dnsResolver?: string;
  /** How often the periodic nameserver sweep runs; 0 turns it off. */
  nsCheckIntervalMs: number;
  /** Where parked names' A/AAAA (@ and www) point: this site's public addresses. */
  publicIpv4?: string;
  publicIpv6?: string;
  /** The embedded DNS server (UDP and TCP) listens here when set; off otherwise. */
  dnsPort?: number;
  dnsHost: string;
  /** How often order deadlines (unpaid, transfer not started, DNS-confirmed) are applied; 0 = never. */
  dealSweepMs: number;
  /** The account buyers pay into with the manual provider, shown with the order's reference. */
  bankTransferDetails: string;
  /** Where users write to us: shown on order, milestone, receipt and contact pages and under every e-mail. */
  supportEmail: string;
  /**
   * Card payments through Stripe Checkout, when STRIPE_SECRET_KEY is set; else the manual provider.
   * `apiBase` points the SDK at another host (a stand-in in tests, a proxy in staging).
   */
  stripe?: { secretKey: string; webhookSecret: string; apiBase?: string };
  /**
   * Where searches find their matches: an in-memory index per instance ('memory', the
   * default; the database answers while it builds) or the database's trigram index ('database').
   */
  searchIndex: 'memory' | 'database';
  /** The mail outbox worker: polling, retries with exponential back-off, and its claim lease. */
  mail: OutboxSettings;
  /** The payment command worker (refunds through the provider): polling, attempts and back-off. */
  paymentCommands: CommandWorkerSettings;
  /**
   * Trade and breeder requests (POST /notifications/): how many a lead and a buyer may make in a
   * clock hour, and the window in which repeats to one seller make one e-mail.
   */
  leadRequests: { perLeadPerHour: number; perUserPerHour: number; mailWindowMs: number };
  /** Hiring freelancers: the commission freelancers pay on each milestone, and the per-user throttles. */
  engagements: { commissionPercent: number; requestsPerHourPerUser: number; messagesPerMinutePerUser: number };
  /** Slots and queue budgets per kind of work, 503 past them (lib/admission.ts); off when undefined. */
  admission?: AdmissionConfig;
  /** How far the JavaScript heap may grow past its live data before a full collection (lib/heap-growth.ts); 0 is V8's own. */
  heapGrowthPercent: number;
  rateLimits: {
    loginPerMinutePerIp: number;
    /** Login back-off per (account, address) pair: failures before the first wait, then waits doubling from firstWaitMs up to maxWaitMs. */
    freeFailuresPerPair: number;
    firstWaitMs: number;
    maxWaitMs: number;
    /**
     * Login slow-down per account, over every address: past accountFreeFailures failures within
     * accountWindowMs, each further failure makes its (account, address) pair wait at least a
     * delay doubling from accountFirstDelayMs up to accountMaxDelayMs; the owner is told once per window.
     */
    accountFreeFailures: number;
    accountWindowMs: number;
    accountFirstDelayMs: number;
    accountMaxDelayMs: number;
    registerPerMinutePerIp: number;
    resetPerMinutePerIp: number;
    /** Domain imports a signed-in user may start a minute: a 2 MB list costs a core seconds of work. */
    importsPerMinutePerUser: number;
  };
}

const DAY_MS = 86_400_000;

/** Shown without BANK_TRANSFER_DETAILS outside a real deployment, so a demo can be paid (by an admin recording it). */
export const DEMO_BANK_DETAILS = [
  'Demo bank details — not a real account. Do not send money.',
  'Account name: Domain Market Demo Ltd',
  'IBAN: XX00 DEMO 0000 0000 0000 00',
  'BIC: DEMOXXXX',
].join('\n');
const DEMO_SUPPORT_EMAIL = 'support@domain-market.example';

/**
 * A real deployment (production without demo data) must say where buyers pay and whom they ask;
 * a demo or a developer's copy shows made-up details, marked as such.
 */
function contactSettings(e: z.infer<typeof envSchema>): { bankTransferDetails: string; supportEmail: string } {
  const live = e.NODE_ENV === 'production' && !e.DEMO_DATA;
  const missing: string[] = [];
  if (live && !e.SUPPORT_EMAIL) missing.push('  SUPPORT_EMAIL is needed in production: the contact shown on orders and in e-mails');
  // With card payments a bank transfer is only the alternative, so a contact to ask will do.
  if (live && !e.BANK_TRANSFER_DETAILS && !e.STRIPE_SECRET_KEY) {
    missing.push('  BANK_TRANSFER_DETAILS is needed in production without STRIPE_SECRET_KEY: the account buyers pay into');
  }
  if (missing.length > 0) throw new Error(`Invalid configuration:\n${missing.join('\n')}`);
  const supportEmail = e.SUPPORT_EMAIL ?? DEMO_SUPPORT_EMAIL;
  const bankTransferDetails =
    e.BANK_TRANSFER_DETAILS ?? (live ? `Write to ${supportEmail} quoting this reference and we will send you our bank account details.` : DEMO_BANK_DETAILS);
  return { bankTransferDetails, supportEmail };
}

const googleProvider = (clientId: string, clientSecret: string): OidcProviderConfig => ({
  name: 'google',
  label: 'Google',
  issuer: 'https://accounts.google.com',
  client_id: clientId,
  client_secret: clientSecret,
});

/** Reads the environment once; a bad value stops the process with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const providers: OidcProviderConfig[] = [];
  // Google's code exchange needs the web client's secret: refuse to start half set up.
  if (e.GOOGLE_CLIENT_ID && !e.GOOGLE_CLIENT_SECRET) {
    throw new Error('Invalid configuration:\n  GOOGLE_CLIENT_SECRET is needed with GOOGLE_CLIENT_ID');
  }
  if (e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET) providers.push(googleProvider(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET));
  if (e.OIDC_PROVIDERS) {
    let list: unknown;
    try {
      list = JSON.parse(e.OIDC_PROVIDERS);
    } catch {
      throw new Error('Invalid configuration:\n  OIDC_PROVIDERS: not valid JSON');
    }
    const result = z.array(oidcProvider).safeParse(list);
    if (!result.success) throw new Error(`Invalid configuration:\n  OIDC_PROVIDERS: ${result.error.message}`);
    providers.push(...result.data);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  if ((e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) || (!e.ADMIN_EMAIL && e.ADMIN_PASSWORD)) {
    throw new Error('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD go together');
  }
  // Without the webhook secret no payment could ever be confirmed: refuse to start half set up.
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    throw new Error('Invalid configuration:\n  STRIPE_WEBHOOK_SECRET is needed with STRIPE_SECRET_KEY');
  }
  return Object.freeze({
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    sqliteFile: path.join(dataDir, 'market.db'),
    demoData: e.DEMO_DATA,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    outboxDir: path.join(dataDir, 'outbox'),
    corsOrigins: e.CORS_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean),
    redisUrl: e.REDIS_URL,
    oidcProviders: providers,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    logLevel: e.LOG_LEVEL,
    tokenIdleMs: e.TOKEN_IDLE_DAYS * DAY_MS,
    tokenMaxMs: e.TOKEN_MAX_DAYS * DAY_MS,
    trustProxy: e.TRUST_PROXY,
    storageSecret: e.STORAGE_SECRET,
    storageDir: path.join(dataDir, 'storage'),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    nameservers: e.NAMESERVERS.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean),
    dnsResolver: e.DNS_RESOLVER,
    nsCheckIntervalMs: e.NS_CHECK_INTERVAL_MINUTES * 60_000,
    publicIpv4: e.PUBLIC_IPV4,
    publicIpv6: e.PUBLIC_IPV6,
    dnsPort: e.DNS_PORT,
    dnsHost: e.DNS_HOST,
    dealSweepMs: e.DEAL_SWEEP_SECONDS * 1000,
    ...contactSettings(e),
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE }
        : undefined,
    searchIndex: e.SEARCH_INDEX,
    paymentCommands: {
      // Woken after every commit that records a command; the poll picks up retries and other instances' work.
      pollMs: 30_000,
      maxAttempts: e.PAYMENT_COMMAND_MAX_ATTEMPTS,
      retryBaseMs: e.PAYMENT_COMMAND_RETRY_BASE_SECONDS * 1000,
      retryMaxMs: 3_600_000,
      // Longer than the Stripe client's 20 s time-out.
      leaseMs: 60_000,
    },
    mail: {
      pollMs: e.MAIL_POLL_SECONDS * 1000,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      retryBaseMs: e.MAIL_RETRY_BASE_SECONDS * 1000,
      retryMaxMs: 6 * 3_600_000,
      leaseMs: 5 * 60_000,
    },
    leadRequests: {
      perLeadPerHour: e.LEAD_REQUESTS_PER_HOUR_PER_LEAD,
      perUserPerHour: e.LEAD_REQUESTS_PER_HOUR_PER_USER,
      mailWindowMs: e.LEAD_REQUEST_MAIL_WINDOW_MINUTES * 60_000,
    },
    engagements: {
      commissionPercent: e.FREELANCE_COMMISSION_PERCENT,
      requestsPerHourPerUser: e.ENGAGEMENT_REQUESTS_PER_HOUR_PER_USER,
      messagesPerMinutePerUser: e.ENGAGEMENT_MESSAGES_PER_MINUTE_PER_USER,
    },
    admission: e.LOAD_SHEDDING ? { kinds: e.ADMISSION_LIMITS, retryAfterSeconds: e.LOAD_SHED_RETRY_AFTER_SECONDS } : undefined,
    heapGrowthPercent: e.HEAP_GROWTH_PERCENT,
    rateLimits: {
      loginPerMinutePerIp: e.RATE_LIMIT_LOGIN_PER_MINUTE,
      freeFailuresPerPair: 5,
      firstWaitMs: 1_000,
      maxWaitMs: 15 * 60_000,
      accountFreeFailures: 10,
      accountWindowMs: 15 * 60_000,
      accountFirstDelayMs: 1_000,
      accountMaxDelayMs: 60_000,
      registerPerMinutePerIp: Math.max(20, e.RATE_LIMIT_LOGIN_PER_MINUTE),
      resetPerMinutePerIp: e.RATE_LIMIT_RESET_PER_MINUTE,
      importsPerMinutePerUser: e.RATE_LIMIT_IMPORTS_PER_MINUTE,
    },
  });
}
