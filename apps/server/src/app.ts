import { createHmac } from 'node:crypto';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { type EscrowKind, healthSchema, MAX_UPLOAD_BYTES, openApiDocument } from '@market/shared';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { responseSerializerCompiler } from './lib/response-serializer.js';
import type { AppConfig } from './config.js';
import { type Db, openDatabase } from './db/database.js';
import { registerErrorHandler } from './errors.js';
import { type CounterStore, createMemoryCounterStore, createRedisCounterStore } from './lib/counter-store.js';
import { registerAdmission } from './lib/admission.js';
import { attachLiveBus, createLiveBus, createMemoryTransport, createPostgresTransport, createRedisTransport, detachLiveBus, liveEventsRoutes, type LiveTransport } from './lib/live-events/index.js';
import { createRedisClient } from './lib/redis.js';
import { createOutboxMailer, createSmtpMailer, type Mailer, withSupportFooter } from './mail/mailer.js';
import { createMailOutbox, type MailOutbox } from './mail/outbox.js';
import { mailOutboxRoutes } from './mail/outbox.routes.js';
import { authRoutes, type AuthService, createAuthService, createOidcClients, createSocialTickets, oidcRoutes } from './modules/auth/index.js';
import { createDomainsService, createNameserverService, domainsRoutes, type DomainsService, type NameserverService } from './modules/domains/index.js';
import { createListedSearch, createSearchChangeListener } from './modules/search/index.js';
import { createDnsLookup, type NameserverLookup } from './dns/nameserver-lookup.js';
import { startPeriodic } from './jobs/periodic.js';
import { createLeadsService, leadsRoutes, type LeadsService } from './modules/leads/index.js';
import { createSponsoredService, sponsoredAdminRoutes, sponsoredRoutes, type SponsoredService } from './modules/sponsored/index.js';
import { createVideosService, videosRoutes, type VideosService } from './modules/videos/index.js';
import { adminRoutes, type AdminService, createAdminService } from './modules/admin/index.js';
import { createAuthCodeBox, createDealsService, dealsAdminRoutes, dealsRoutes, type DealsService } from './modules/deals/index.js';
import { createTxtLookup, type TxtLookup } from './dns/txt-lookup.js';
import { pdnsSchemaOf } from './dns/pdns-schema.js';
import { createZoneWriter } from './dns/zones.js';
import { createEmbeddedDnsServer } from './dns/embedded-server.js';
import { createDnsRecordsService, dnsRecordsRoutes } from './modules/dns-records/index.js';
import { createLeasesService, leaseOfferRoutes, leasesAdminRoutes, leasesRoutes, type LeasesService } from './modules/leases/index.js';
import {
  type CommandWorker,
  createCardPayments,
  createCommandWorker,
  createEscrowEngine,
  createEscrowFinance,
  createManualPayments,
  createOverpaymentsService,
  createStripePayments,
  type DealPaymentProvider,
  escrowAdminRoutes,
  installationId,
  stripeWebhookRoutes,
  SYSTEM,
} from './modules/escrow/index.js';
import { createEngagementsService, engagementsAdminRoutes, engagementsRoutes, type EngagementsService } from './modules/engagements/index.js';
import { createFreelancersService, freelancersAdminRoutes, freelancersRoutes, type FreelancersService } from './modules/freelancers/index.js';
import { createJobsService, jobsRoutes } from './modules/jobs/index.js';
import { crawlerRoutes, siteRoutes } from './modules/site/index.js';
import { subscribersRoutes } from './modules/subscribers/index.js';
import { freelancerPageRoutes } from './ssr/freelancer.routes.js';
import { landingRoutes } from './ssr/landing.routes.js';
import { publicPageRoutes } from './ssr/public.routes.js';
import { createEmbeddedStorage } from './storage/embedded-storage.js';
import type { ObjectStorage } from './storage/object-storage.js';
import { createS3Storage } from './storage/s3-storage.js';
import { resolveStorageSecret } from './storage/storage-secret.js';
import { storageRoutes } from './storage/storage.routes.js';
import { registerWebApp } from './web-app.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    mailOutbox: MailOutbox;
    /** Sends refunds to the payment provider; tests drain it to see a refund through. */
    paymentCommands: CommandWorker;
    /** Where the embedded DNS server listens once the app is ready (null: DNS_PORT unset). */
    dnsPorts: { udp: number; tcp: number } | null;
    services: { auth: AuthService; domains: DomainsService; nameservers: NameserverService; leads: LeadsService; sponsored: SponsoredService; videos: VideosService; admin: AdminService; deals: DealsService; engagements: EngagementsService; freelancers: FreelancersService; leases: LeasesService };
  }
}

/** Browser features no page of the site uses, turned off for every response. */
export const PERMISSIONS_POLICY = 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

export interface BuildOptions {
  /** An already migrated database; otherwise one is opened from the config. */
  db?: Db;
  /**
   * Close `db` when the app closes (the server, which opened it to migrate it first). Without
   * this, whoever gave it closes it after close() returns (tests); a database the app opened
   * itself is always closed. Either way it closes after every worker has stopped.
   */
  closeDb?: boolean;
  mailer?: Mailer;
  counters?: CounterStore;
  nsLookup?: NameserverLookup;
  dealPayments?: DealPaymentProvider;
  txtLookup?: TxtLookup;
  storage?: ObjectStorage;
  logger?: boolean;
  /** The time request throttles go by; tests pin it so a window cannot end mid-test. */
  clock?: () => number;
  /** How live events cross instances; by default Redis when configured, else PostgreSQL's NOTIFY, else in-process. */
  liveTransport?: LiveTransport;
  /** Sees every route as it is added (the test that every route declares its response schema). */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the whole application without listening, so tests can drive it through inject(). */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 65_000,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ checked: config.env === 'test' }));
  registerErrorHandler(app);

  const db = options.db ?? openDatabase({ databaseUrl: config.databaseUrl, schema: config.databaseSchema, sqliteFile: config.sqliteFile });
  const mailer = withSupportFooter(
    options.mailer ??
      (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createOutboxMailer(config.outboxDir, config.mailFrom, app.log)),
    config.supportEmail,
  );
  // One Redis connection (when configured) for both the failure counters and the rate limiter.
  const redis = config.redisUrl ? await createRedisClient(config.redisUrl) : undefined;
  const counters =
    options.counters ?? (redis ? createRedisCounterStore(redis) : createMemoryCounterStore());
  // Requests only queue e-mail; this worker sends it, woken after each commit that queued some.
  const outbox = createMailOutbox({ db, mailer, log: app.log, settings: config.mail });
  const mailQueued = () => void outbox.wake();
  app.decorate('mailOutbox', outbox);
  // One server secret (STORAGE_SECRET or the file in DATA_DIR); each use derives or signs with it for its own purpose.
  const serverSecret = resolveStorageSecret(config.storageSecret, config.dataDir);
  const socialTickets = createSocialTickets(config.oidcProviders, serverSecret);
  const auth = createAuthService({
    db,
    config,
    mailQueued,
    counters,
    social: socialTickets,
    log: app.log,
  });
  app.decorate('db', db);
  // Changes pushed to signed-in browsers, published after each commit (lib/live-events). Across
  // instances through Redis when it is configured (it is there to be shared), else through the
  // PostgreSQL every instance already shares; on SQLite there is one instance, so in-process.
  const liveBus = createLiveBus(
    options.liveTransport ??
      (redis ? createRedisTransport(redis) : db.dialect === 'postgres' ? createPostgresTransport(db, app.log) : createMemoryTransport()),
    app.log,
  );
  attachLiveBus(db, liveBus);
  app.addHook('onReady', async () => liveBus.start());
  // Everything that works on the database outside a request. They all stop, and finish what
  // they are doing, in the one onClose hook below before the database closes: Fastify runs onClose
  // hooks last-added first, so a db.destroy() hook of the caller's would run before ours.
  const workers: Array<{ stop(): Promise<void> }> = [];
  // On PostgreSQL the index hears of new changes (search-change-listener.ts), so a search the
  // index knows to be current needs no round trip at all.
  const searchChanges = config.searchIndex === 'memory' ? createSearchChangeListener(db, app.log) : undefined;
  const listed = config.searchIndex === 'memory' ? createListedSearch(db, app.log, { changes: searchChanges }) : undefined;
  if (listed) {
    app.addHook('onReady', async () => {
      await searchChanges?.start();
      listed.start();
    });
    workers.push(listed);
    if (searchChanges) workers.push(searchChanges);
  }
  const zones = createZoneWriter({
    nameservers: config.nameservers,
    publicIpv4: config.publicIpv4,
    publicIpv6: config.publicIpv6,
    pdnsSchema: pdnsSchemaOf(db),
  });
  const domains = createDomainsService(db, zones, listed, { publicUrl: config.publicUrl, mailQueued });
  const nameservers = createNameserverService(
    db,
    options.nsLookup ?? createDnsLookup(config.dnsResolver),
    config.nameservers,
    zones,
    config.nsCheckIntervalMs,
  );
  // Stripe when its keys are set; the manual provider (bank transfer) otherwise.
  const stripe = config.stripe ? createStripePayments(config.stripe, app.log) : undefined;
  const dealPayments = options.dealPayments ?? stripe ?? createManualPayments();
  // One escrow engine moves every order, milestone, sponsored order and held payment; refunds are
  // commands its worker sends to the provider after the step's transaction.
  const commandWorker = createCommandWorker({
    db,
    payments: dealPayments,
    installationId: installationId(db),
    settings: config.paymentCommands,
    log: app.log,
    onSent: async (command, reference) => {
      const item = await engine.load(command.item_kind as EscrowKind, command.item_id);
      await engine.step(command.item_kind as EscrowKind, item, 'refund_sent', SYSTEM, { reference, note: `Refund ${reference}` });
    },
  });
  const commandsQueued = () => void commandWorker.wake();
  const engine = createEscrowEngine({ db, payments: dealPayments, publicUrl: config.publicUrl, mailQueued, commandsQueued });
  const escrowFinance = createEscrowFinance({ db, engine, commandsQueued });
  const overpayments = createOverpaymentsService(db, engine);
  const authCodes = createAuthCodeBox(serverSecret);
  const txt = options.txtLookup ?? createTxtLookup(config.dnsResolver);
  const deals = createDealsService({
    db,
    zones,
    engine,
    finance: escrowFinance,
    payments: dealPayments,
    authCodes,
    txt,
    bankDetails: config.bankTransferDetails,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  const leases = createLeasesService({
    db,
    zones,
    engine,
    payments: dealPayments,
    authCodes,
    txt,
    bankDetails: config.bankTransferDetails,
    publicUrl: config.publicUrl,
    mailQueued,
    log: app.log,
  });
  const leads = createLeadsService({ db, mailQueued, publicUrl: config.publicUrl, deals, leases, counters, limits: config.leadRequests, clock: options.clock });
  const sponsored = createSponsoredService({
    db,
    engine,
    payments: dealPayments,
    mailQueued,
    bankDetails: config.bankTransferDetails,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  const embedded = config.s3
    ? undefined
    : createEmbeddedStorage({
        root: config.storageDir,
        secret: serverSecret,
        // Same-origin paths: the browser posts and plays wherever it reached the app.
        baseUrl: '',
      });
  const storage = options.storage ?? (config.s3 ? await createS3Storage(config.s3) : embedded!);
  const videos = createVideosService(db, storage);
  const engagements = createEngagementsService({
    db,
    engine,
    payments: dealPayments,
    storage,
    counters,
    settings: config.engagements,
    mailQueued,
    bankDetails: config.bankTransferDetails,
    publicUrl: config.publicUrl,
    log: app.log,
    clock: options.clock,
  });
  const admin = createAdminService(db);
  const freelancers = createFreelancersService(db, storage);
  const jobs = createJobsService({ db, counters, engagements, mailQueued, publicUrl: config.publicUrl, clock: options.clock });
  app.decorate('paymentCommands', commandWorker);
  app.decorate('services', { auth, domains, nameservers, leads, sponsored, videos, admin, deals, engagements, freelancers, leases });
  if (config.nsCheckIntervalMs > 0) {
    workers.push(startPeriodic('nameserver-sweep', config.nsCheckIntervalMs, () => nameservers.sweep(), app.log));
  }
  if (config.dealSweepMs > 0) {
    workers.push(
      startPeriodic('order-deadlines', config.dealSweepMs, async () => ({ ...(await deals.sweep()), ...(await sponsored.sweep()), ...(await engagements.sweep()), ...(await leases.sweep()) }), app.log),
    );
  }
  // Mail and refunds left from before a restart go at start, not at the first poll.
  app.addHook('onReady', async () => {
    void outbox.wake();
    void commandWorker.wake();
  });
  if (config.paymentCommands.pollMs > 0) workers.push(startPeriodic('payment-commands', config.paymentCommands.pollMs, () => commandWorker.wake(), app.log));
  if (config.mail.pollMs > 0) {
    workers.push(
      startPeriodic('mail-outbox', config.mail.pollMs, () => outbox.wake(), app.log),
      startPeriodic('mail-outbox-prune', 3_600_000, () => outbox.pruneSent(), app.log),
    );
  }
  app.decorate('dnsPorts', null);
  if (config.dnsPort !== undefined) {
    const dnsServer = createEmbeddedDnsServer(db, pdnsSchemaOf(db), app.log);
    app.addHook('onReady', async () => {
      app.dnsPorts = await dnsServer.listen(config.dnsPort ?? 0, config.dnsHost);
      app.log.info({ dns: app.dnsPorts }, 'embedded DNS server listening');
    });
    workers.push({ stop: async () => void (app.dnsPorts && (await dnsServer.close())) });
  }
  app.addHook('onClose', async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    // The outbox and the refund sender last of the workers, as requests and sweeps wake them: a
    // send in progress finishes (or its row comes back) before the mailer and the database go.
    await Promise.all([outbox.stop(), commandWorker.stop()]);
    detachLiveBus(db);
    await liveBus.close();
    await Promise.allSettled([mailer.close(), counters.close(), redis?.quit()]);
    if (!options.db || options.closeDb) await db.destroy();
  });

  // First of the request hooks, so a request waiting for a slot (or turned away) costs as little
  // as possible (helmet's headers alone cost more than answering 503).
  if (config.admission) registerAdmission(app, config.admission);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // No page of ours uses these browser features; saying so keeps injected or framed code from them.
  app.addHook('onSend', async (request, reply) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    // An answer to a signed-in request is that user's, and the sign-in calls' answers carry a
    // session key: neither the browser nor a proxy keeps a copy. A route that sets its own
    // caching serves public content, the same for everyone, and keeps it.
    const signedIn = request.principal !== undefined || request.headers.authorization !== undefined || request.url.startsWith('/api/auth/');
    if (signedIn && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
  });
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    allowedHeaders: ['Authorization', 'Content-Type'],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposedHeaders: ['X-Total-Count'],
  });
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis } : {}),
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Domain Market API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });

  app.get('/api/health', { schema: { response: { 200: healthSchema } } }, async () => ({ status: 'ok' as const }));
  app.get('/api/openapi.json', { schema: { hide: true, response: { 200: openApiDocument } } }, async () => app.swagger());
  // The same document, browsable: every route with its request and response schemas.
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
  await app.register(authRoutes, {
    prefix: '/api/auth',
    auth,
    limits: config.rateLimits,
  });
  await app.register(oidcRoutes, {
    prefix: '/api/auth/oidc',
    providers: config.oidcProviders,
    clients: createOidcClients(config.publicUrl),
    tickets: socialTickets,
    publicUrl: config.publicUrl,
    cookieSecret: createHmac('sha256', serverSecret).update('oidc flow cookie').digest('hex'),
  });
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: MAX_UPLOAD_BYTES, parts: 6 },
  });
  if (embedded) await app.register(storageRoutes, { storage: embedded });
  await app.register(liveEventsRoutes, { prefix: '/api/events', auth, bus: liveBus });
  await app.register(subscribersRoutes, { prefix: '/api', db });
  await app.register(siteRoutes, { prefix: '/api/site', supportEmail: config.supportEmail });
  await app.register(videosRoutes, { prefix: '/api/domains', auth, videos });
  await app.register(adminRoutes, { prefix: '/api/domains', auth, admin });
  await app.register(sponsoredRoutes, { prefix: '/api/domains/sponsored-headlines', auth, sponsored });
  await app.register(dealsRoutes, { prefix: '/api/orders', auth, deals });
  await app.register(dealsAdminRoutes, { prefix: '/api/admin', auth, deals });
  await app.register(leasesRoutes, { prefix: '/api/leases', auth, leases });
  await app.register(leasesAdminRoutes, { prefix: '/api/admin', auth, leases });
  await app.register(leaseOfferRoutes, { prefix: '/api/domains', auth, leases });
  await app.register(engagementsRoutes, { prefix: '/api/engagements', auth, engagements });
  await app.register(engagementsAdminRoutes, { prefix: '/api/admin', auth, engagements });
  await app.register(sponsoredAdminRoutes, { prefix: '/api/admin', auth, sponsored });
  await app.register(mailOutboxRoutes, { prefix: '/api/admin', auth, outbox });
  await app.register(freelancersRoutes, { prefix: '/api/freelancers', auth, freelancers });
  await app.register(freelancersAdminRoutes, { prefix: '/api/admin', auth, freelancers });
  await app.register(jobsRoutes, { prefix: '/api/jobs', auth, jobs });
  await app.register(escrowAdminRoutes, { prefix: '/api/admin', auth, finance: escrowFinance, overpayments });
  if (stripe && !options.dealPayments) {
    const cardPaymentCompleted = createCardPayments({ db, engine, provider: stripe.name, publicUrl: config.publicUrl, mailQueued, log: app.log });
    await app.register(stripeWebhookRoutes, { prefix: '/api/payments/stripe', stripe, cardPaymentCompleted });
  }
  await app.register(leadsRoutes, { prefix: '/api/domains', auth, leads, domains });
  await app.register(domainsRoutes, {
    prefix: '/api/domains',
    auth,
    domains,
    nameservers,
    videos,
    importsPerMinute: config.rateLimits.importsPerMinutePerUser,
  });
  await app.register(dnsRecordsRoutes, { prefix: '/api/domains', auth, dnsRecords: createDnsRecordsService(db, zones, config.nameservers) });
  await app.register(crawlerRoutes, { db, publicUrl: config.publicUrl });
  await registerWebApp(app, config.webDist);
  // Not encapsulated: the parked-domain hook must see requests for every path.
  await landingRoutes(app, { config, domains });
  await freelancerPageRoutes(app, { config, freelancers });
  await publicPageRoutes(app, { config, domains, freelancers, jobs });
  return app;
}
