// Builds the Fastify instance: plugins, security headers, OpenAPI, the /api/v1 feature routes and the
// built single-page app. main.ts listens with it; tests call buildApp() and use app.inject().
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import helmet from 'helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { loadFoodReferenceData } from './db/reference-data/foods-loader.js';
import { loadDishExamples } from './db/reference-data/dish-examples-loader.js';
import { loadPatientTypes } from './db/reference-data/patient-types.js';
import { AccessTokenIssuer } from './lib/access-token.js';
import { createGuards, installGuardsFirst } from './lib/auth-guard.js';
import { AppError } from './lib/errors.js';
import { isBuildAsset, serveSinglePageApp } from './lib/web-app.js';
import { createLinkOrigins, installLinkOrigins, publicUrlWarning } from './lib/link-origin.js';
import { systemClock, type Clock } from './lib/clock.js';
import { clientErrorHandler, frameworkErrorHandler, installErrorHandler } from './lib/error-handler.js';
import { createEventBus, type EventBus } from './lib/event-bus.js';
import { Mailer } from './lib/mailer.js';
import { JobOutbox } from './lib/job-outbox.js';
import { createEndpointAllowList } from './modules/push/endpoint-allow-list.js';
import { pushRoutes } from './modules/push/push.routes.js';
import { createPushService, type PushService } from './modules/push/push.service.js';
import { loadOrCreateVapidKeys } from './modules/push/vapid-keys.js';
import { createS3UploadBackend, registerUploadBackend, unregisterUploadBackend } from './lib/upload-backends.js';
import { RateLimiter } from './lib/rate-limiter.js';
import { appointmentConfirmationRoutes } from './modules/appointments/appointment-confirmation.routes.js';
import { createConfirmationService } from './modules/appointments/appointment-confirmation.service.js';
import { confirmationPageRoutes } from './modules/appointments/confirmation-page.routes.js';
import { ConfirmationTokens } from './modules/appointments/confirmation-token.js';
import { loadOrCreateSigningSecret } from './lib/secrets.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { profilePhotoRoutes } from './modules/branding/profile-photo.routes.js';
import { adminConsoleRoutes } from './modules/admin/admin-console.routes.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { createBillingService } from './modules/billing/billing.service.js';
import { appointmentsRoutes } from './modules/appointments/appointments.routes.js';
import { createAppointmentsService } from './modules/appointments/appointments.service.js';
import { calendarFeedRoutes } from './modules/appointments/calendar-feed.routes.js';
import { createCalendarFeedService } from './modules/appointments/calendar-feed.service.js';
import { dishesRoutes } from './modules/dishes/dishes.routes.js';
import { createDishesService } from './modules/dishes/dishes.service.js';
import { foodRequestsRoutes } from './modules/food-requests/food-requests.routes.js';
import { createFoodRequestsService } from './modules/food-requests/food-requests.service.js';
import { foodsRoutes } from './modules/foods/foods.routes.js';
import { createFoodsService } from './modules/foods/foods.service.js';
import { createFavouritesService } from './modules/favourites/favourites.service.js';
import { favouritesRoutes } from './modules/favourites/favourites.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { clientConfigRoutes } from './modules/health/client-config.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { metricsRoutes } from './modules/health/metrics.js';
import { deployedVersion } from './modules/health/deployed-version.js';
import fastifyPlugin from 'fastify-plugin';
import { requestIdOf } from './lib/request-id.js';
import { installOpenApiConventions } from './lib/openapi-conventions.js';
import { locationsRoutes } from './modules/locations/locations.routes.js';
import { createLocationsService } from './modules/locations/locations.service.js';
import { marketingRoutes } from './modules/marketing/marketing.routes.js';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.js';
import { createOnboardingService } from './modules/onboarding/onboarding.service.js';
import { createMarketingService } from './modules/marketing/marketing.service.js';
import { publicPageRoutes } from './modules/public-profile/public-page.routes.js';
import { publicProfileRoutes } from './modules/public-profile/public-profile.routes.js';
import { createPublicProfileService } from './modules/public-profile/public-profile.service.js';
import { crawlerRoutes } from './modules/public-profile/crawler.routes.js';
import { consultationsRoutes } from './modules/consultations/consultations.routes.js';
import { patientsRoutes } from './modules/patients/patients.routes.js';
import { plansRoutes } from './modules/plans/plans.routes.js';
import { brandingRoutes } from './modules/branding/branding.routes.js';
import { createPlansService } from './modules/plans/plans.service.js';
import { planSolverRoutes } from './modules/plans/solver/plan-solver.routes.js';
import { createPlanSolverService } from './modules/plans/solver/plan-solver.service.js';
import { realtimeRoutes } from './modules/realtime/realtime.routes.js';
import { chatRoutes } from './modules/chat/chat.routes.js';
import { createChatService } from './modules/chat/chat.service.js';
import { PhotoUrlSigner } from './modules/patients/photo-url.js';
import { portalRoutes } from './modules/portal/portal.routes.js';
import { createPortalService } from './modules/portal/portal.service.js';
import { createCallRelay } from './modules/video/call-signalling.js';
import { videoRoutes } from './modules/video/video.routes.js';
import { createErrorReporter, type ErrorReporter } from './lib/error-reporting.js';
import { dailyLogRoutes } from './modules/daily-log/daily-log.routes.js';
import { createDailyLogService } from './modules/daily-log/daily-log.service.js';
import { statisticsRoutes } from './modules/statistics/statistics.routes.js';
import { notesRoutes } from './modules/notes/notes.routes.js';
import { createNotesService } from './modules/notes/notes.service.js';
import { patientPaymentsRoutes } from './modules/patient-payments/patient-payments.routes.js';
import { createPatientPaymentsService } from './modules/patient-payments/patient-payments.service.js';
import { paymentLinksRoutes, paymentLinksWebhookRoutes } from './modules/patient-payments/payment-links.routes.js';
import { createPaymentLinksService, mercadoPagoSdk } from './modules/patient-payments/payment-links.service.js';
import { SecretBox } from './lib/secret-box.js';
import { helpRoutes } from './modules/help/help.routes.js';
import { createHelpService } from './modules/help/help.service.js';
import type { BillingEventSink, PaymentProvider } from './modules/billing/payment-provider.js';
import { createProcessorProviders } from './modules/payments/payment-providers.js';
import { paymentWebhookRoutes } from './modules/payments/webhooks.routes.js';
import { referralsRoutes } from './modules/referrals/referrals.routes.js';
import { createReferralsService } from './modules/referrals/referrals.service.js';
import { oidcRoutes } from './modules/oidc/oidc.routes.js';
import { createOidcService } from './modules/oidc/oidc.service.js';

/** Chat messages one user may send per rate-limit window (RATE_LIMIT_WINDOW_SECONDS, 15 minutes by default). */
const CHAT_SEND_LIMIT_PER_WINDOW = 600;
import { createReminderJob, createReminderScheduler } from './modules/appointments/reminder-job.js';

// Validation messages of every contract schema in the interface's language.
z.config(z.locales.es());

export const APP_VERSION = '0.1.0';

export interface BuildAppOptions {
  config: Config;
  /** An already-open database (tests); otherwise opened from the config. */
  database?: Database;
  clock?: Clock;
  /** Serve the built SPA from config.webDistDir (off in API tests). */
  serveWeb?: boolean;
  /** Realtime event bus; otherwise Redis when REDIS_URL is set, in-process if not. */
  bus?: EventBus;
  /** Food table loaded at start (data/foods/usda-sr24.json.gz by default); null skips loading (tests). */
  foodReferenceFile?: string | null;
  /** Error reporting; otherwise Sentry when SENTRY_DSN is set, nothing if not. */
  errorReporter?: ErrorReporter;
  /** Scheduled jobs (appointment reminders); tests run them by hand with a ManualClock instead. */
  backgroundJobs?: boolean;
  /** Applies verified payment webhooks (the billing service's sink; the coordinator wires it). */
  billingEventSink?: BillingEventSink;
  /** Processor adapters; otherwise built from config.payments (tests inject replaying ones). */
  paymentProviders?: Partial<Record<'mercadopago' | 'stripe', PaymentProvider>>;
}

export interface AlmendraApp {
  app: FastifyInstance;
  database: Database;
  bus: EventBus;
  /** Where verified payment-processor events are applied (the webhook routes feed it). */
  billingSink: BillingEventSink;
  /** The durable job queue (lib/job-outbox.ts); its loop runs with backgroundJobs, tests call runDue(). */
  jobs: JobOutbox;
  /** Web Push (modules/push): notify() enqueues deliveries into `jobs`. */
  notifications: PushService;
}

export async function buildApp(options: BuildAppOptions): Promise<AlmendraApp> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const database =
    options.database ??
    openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'almendra.db') });
  await migrateToLatest(database.db);
  await loadPatientTypes(database.db);

  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Ids are UUIDv7 (36 characters) or catalogue keys: a longer path parameter matches no route (404).
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    // Every log line of a request carries its id (reqId); a proxy's X-Request-Id is kept when well formed.
    genReqId: requestIdOf,
  });
  // The same id on every answer (and in every error body), so a user's report leads to the log lines.
  // Not on the build's fingerprinted files (see isBuildAsset): a missing one's error body still carries it.
  app.addHook('onSend', async (request, reply) => {
    if (!isBuildAsset(request.url)) reply.header('x-request-id', request.id);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  const version = deployedVersion(APP_VERSION, config.webDistDir);
  const reporter = options.errorReporter ?? createErrorReporter({ ...config.sentry, release: version });
  installErrorHandler(app, reporter);
  app.addHook('onClose', async () => {
    await reporter.flush();
  });
  if (options.foodReferenceFile !== null) {
    await loadFoodReferenceData(database.db, clock, app.log, options.foodReferenceFile ? { file: options.foodReferenceFile } : {});
    await loadDishExamples(database.db, clock, app.log);
  }

  if (config.s3) {
    const uploads = await createS3UploadBackend(config.s3);
    registerUploadBackend(config.dataDir, uploads);
    app.addHook('onClose', async () => {
      unregisterUploadBackend(config.dataDir);
      uploads.destroy();
    });
  }

  const secret = loadOrCreateSigningSecret(config.jwtSecret, config.dataDir);
  // Links in emails and shared links: PUBLIC_URL, or the address each request came in on (lib/link-origin.ts).
  const links = createLinkOrigins(config);
  installLinkOrigins(app);
  const linkWarning = publicUrlWarning(config);
  if (linkWarning) app.log.warn(linkWarning);
  const tokens = new AccessTokenIssuer(secret, config.accessTokenTtlSeconds, clock);
  const processors = options.paymentProviders ?? createProcessorProviders(config.payments);
  // Work done after a request, once across instances (push deliveries, billing retries): lib/job-outbox.ts.
  const jobs = new JobOutbox({ db: database.db, clock, log: app.log });
  const billing = createBillingService({
    db: database.db,
    clock,
    enabled: config.billing.enabled,
    manualInstructions: config.billing.manualInstructions,
    processors,
    links,
    jobs,
  });
  const guards = createGuards(tokens, billing.enabled ? { assertCanWrite: (nutritionistId) => billing.assertCanWrite(nutritionistId) } : {});
  const mailer = new Mailer(database.db, clock, app.log, config.smtpUrl, config.smtpFrom);
  // Web Push (docs/push.md): features call notifications.notify(…); deliveries run as 'push.deliver' jobs.
  const vapid = loadOrCreateVapidKeys({ publicKey: config.push.vapidPublicKey, privateKey: config.push.vapidPrivateKey }, config.dataDir);
  if (vapid.generated && config.databaseUrl) {
    app.log.warn('VAPID keys generated into DATA_DIR/vapid.json: with several instances, share DATA_DIR or set VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY on all of them');
  }
  const notifications = createPushService({
    db: database.db,
    clock,
    jobs,
    vapid,
    subject: config.push.subject,
    allowList: createEndpointAllowList(config.push.endpointHosts),
    log: app.log,
  });
  const bus = options.bus ?? createEventBus(config.redisUrl);
  if (config.metricsToken) {
    await app.register(fastifyPlugin(metricsRoutes), { token: config.metricsToken, busKind: bus.kind, pool: database.poolStats });
  }
  const rateLimiter = new RateLimiter(database.db, clock, config.rateLimitWindowSeconds);
  const auth = createAuthService({
    db: database.db,
    clock,
    tokens,
    mailer,
    rateLimiter,
    refreshTokenTtlSeconds: config.refreshTokenTtlSeconds,
    refreshTokenReuseGraceSeconds: config.refreshTokenReuseGraceSeconds,
    passwordResetTtlSeconds: config.passwordResetTtlSeconds,
    loginRateLimitPerEmail: config.loginRateLimitPerEmail,
    loginRateLimitPerIp: config.loginRateLimitPerIp,
    adminEmails: config.adminEmails,
    links,
    accountBannedStatus: (user) => billing.effectiveBannedStatus(user),
  });
  await auth.promoteConfiguredAdmins();
  const photoUrls = new PhotoUrlSigner(secret);
  const photoUrl = (patient: { id: string; nutritionist_id: string; version: number; photo_path: string | null }) =>
    patient.photo_path ? photoUrls.url(patient.id, patient.nutritionist_id, Number(patient.version), clock.now()) : null;
  const portal = createPortalService({
    db: database.db,
    clock,
    mailer,
    bus,
    rateLimiter,
    links,
    acceptRateLimitPerIp: config.loginRateLimitPerIp,
    photoUrl,
  });
  const chat = createChatService({ db: database.db, clock, bus, rateLimiter, sendLimitPerWindow: CHAT_SEND_LIMIT_PER_WINDOW, photoUrl, notifier: notifications });
  await rateLimiter.prune();
  // Patients' personal links to confirm or cancel an appointment (/turno/{token}), signed with the server's secret.
  const confirmationTokens = new ConfirmationTokens(secret);
  const confirmationUrl = (appointment: { id: string; nutritionist_id: string; start_at: string }) =>
    `${links.current()}/turno/${confirmationTokens.issue(appointment).token}`;
  const appointments = createAppointmentsService({ db: database.db, clock, mailer, bus, confirmationUrl });
  const confirmations = createConfirmationService({
    db: database.db,
    clock,
    tokens: confirmationTokens,
    links,
    bus,
    rateLimiter,
    // Web Push to the nutritionist (docs/push.md): "Un paciente confirmó / canceló su turno", opening the agenda.
    onAnswer: ({ nutritionistId, appointmentId, confirmation }) =>
      notifications.notify({
        recipient: { kind: 'nutritionist', id: nutritionistId },
        event: 'appointment_answer',
        url: '/citas',
        tag: `appointment-answer-${appointmentId}`,
        answer: confirmation === 'confirmed' ? 'confirm' : 'cancel',
        key: `appointment_answer:${appointmentId}:${confirmation}:${clock.now().toISOString()}`,
      }),
  });
  const publicProfiles = createPublicProfileService({
    db: database.db,
    clock,
    mailer,
    bus,
    rateLimiter,
    appointments,
    dataDir: config.dataDir,
    links,
    notifier: notifications,
  });

  await app.register(fastifyCookie);
  // API answers over 1 KB go out compressed. Brotli at quality 4 costs about what gzip does per byte and
  // still beats it on size; 11 (zlib's default) would spend tens of milliseconds per answer. Built assets
  // are compressed once at build time instead (serveSinglePageApp: preCompressed).
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // Upload routes pass their own size limits to request.file().
  await app.register(fastifyMultipart);
  // @fastify/multipart accepts multipart bodies on every route and leaves request.body undefined. Only the
  // upload routes (no body schema; they read the file with lib/multipart.ts) take one: a route that reads a
  // JSON body refuses it with 400, like any other body it cannot read (issue 24 lists a multipart body among
  // the bad inputs that answer 400), instead of running as if nothing had been sent.
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.schema?.body && request.isMultipart()) {
      throw new AppError('VALIDATION_ERROR', 'Envía los datos como JSON (Content-Type: application/json).');
    }
  });
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  // Security headers (helmet), built once: @fastify/helmet rebuilt the whole middleware on every request,
  // parsing the CSP directives each time (~1.5 % of the server's CPU under load, issue 15's profile).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets style attributes at runtime.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The map tiles' origin, and only it (MAP_TILE_URL); none when tiles are off.
        imgSrc: ["'self'", 'data:', 'blob:', ...(config.mapTileUrl ? [new URL(config.mapTileUrl.replace(/[{}]/g, '')).origin] : [])],
        fontSrc: ["'self'", 'data:'],
        // The error-reporting service's origin when a DSN is configured (the browser SDK posts there).
        connectSrc: ["'self'", 'ws:', 'wss:', ...(config.sentry.dsn ? [new URL(config.sentry.dsn).origin] : [])],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Allows the camera/microphone prompts the video feature needs on its own origin.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    // The build's fingerprinted scripts, styles and images (/assets/…) and the head's theme-boot.js and
    // boot.css (isBuildAsset) are never documents or workers, so
    // the document-only headers (CSP, frame, referrer, HSTS, …: ~0.7 KB) do nothing there; they crossed
    // the wire with every one of the ~10 files a phone loads first (issue 27's JS-on-the-wire budget).
    // What protects a subresource stays: no content sniffing, no loading from another site.
    if (isBuildAsset(request.url)) {
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Cross-Origin-Resource-Policy', 'same-origin');
      return done();
    }
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Almendra API',
        version: APP_VERSION,
        description: 'API REST de Almendra (/api/v1).',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Almendra' },
      },
      // Relative: the document describes the server it is served from.
      servers: [{ url: '/', description: 'This server' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  installOpenApiConventions(app);
  installGuardsFirst(app);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db: database.db, kind: database.kind, version });
      await api.register(clientConfigRoutes, {
        mapTileUrl: config.mapTileUrl,
        sso: config.oidc ? { label: config.oidc.buttonLabel } : null,
        errorReporting: config.sentry.dsn ? { dsn: config.sentry.dsn, environment: config.sentry.environment, tracesSampleRate: config.sentry.tracesSampleRate, release: version } : null,
      });
      await api.register(authRoutes, { auth, guards, secureCookies: config.publicUrl.startsWith('https://'), portal });
      await api.register(oidcRoutes, {
        oidc: config.oidc ? createOidcService({ db: database.db, clock, config: config.oidc, secret, adminEmails: config.adminEmails, log: app.log }) : null,
        auth,
        secureCookies: config.publicUrl.startsWith('https://'),
      });
      await api.register(onboardingRoutes, { onboarding: createOnboardingService(database.db, clock), guards });
      await api.register(marketingRoutes, { db: database.db, guards, marketing: createMarketingService({ db: database.db, clock, mailer, bus, appointments, links }) });
      await api.register(publicProfileRoutes, { profiles: publicProfiles, guards });
      await api.register(adminRoutes, { db: database.db, guards, clock });
      await api.register(adminConsoleRoutes, { db: database.db, guards, billing });
      await api.register(billingRoutes, { db: database.db, billing, guards, clock, dataDir: config.dataDir });
      await api.register(patientsRoutes, { db: database.db, clock, guards, dataDir: config.dataDir, photoUrlSecret: secret, bus });
      await api.register(statisticsRoutes, { db: database.db, clock, guards });
      await api.register(consultationsRoutes, { db: database.db, clock, guards, mailer, dataDir: config.dataDir, bus });
      await api.register(realtimeRoutes, { tokens, bus, callRelay: createCallRelay({ db: database.db, bus, notifier: notifications }) });
      await api.register(pushRoutes, { push: notifications, portal, guards });
      await api.register(portalRoutes, { portal, chat, guards });
      await api.register(chatRoutes, { chat, portal, guards });
      await api.register(videoRoutes, { guards, clock, config: config.video });
      await api.register(dailyLogRoutes, { dailyLog: createDailyLogService({ db: database.db, clock, bus, dataDir: config.dataDir, secret }), portal, guards });
      await api.register(locationsRoutes, { locations: createLocationsService({ db: database.db, clock }), guards });
      await api.register(appointmentConfirmationRoutes, { confirmations, guards });
      await api.register(appointmentsRoutes, { appointments, guards });
      await api.register(calendarFeedRoutes, {
        feeds: createCalendarFeedService({ db: database.db, clock, links }),
        guards,
      });
      await api.register(foodsRoutes, { foods: createFoodsService({ db: database.db, clock }), guards });
      await api.register(dishesRoutes, { dishes: createDishesService({ db: database.db, clock, dataDir: config.dataDir }), guards });
      await api.register(favouritesRoutes, { favourites: createFavouritesService({ db: database.db, clock }), guards });
      await api.register(foodRequestsRoutes, {
        foodRequests: createFoodRequestsService({ db: database.db, clock, dataDir: config.dataDir }),
        guards,
      });
      await api.register(plansRoutes, {
        plans: createPlansService({ db: database.db, clock, dishes: createDishesService({ db: database.db, clock, dataDir: config.dataDir }), notifier: notifications }),
        guards,
        db: database.db,
        mailer,
        branding: { clock, dataDir: config.dataDir },
        share: { secret, links },
        portal,
      });
      await api.register(planSolverRoutes, {
        solver: createPlanSolverService({ db: database.db, dishes: createDishesService({ db: database.db, clock, dataDir: config.dataDir }) }),
        guards,
      });
      await api.register(brandingRoutes, { db: database.db, clock, guards, dataDir: config.dataDir });
      await api.register(profilePhotoRoutes, { db: database.db, clock, guards, dataDir: config.dataDir });
      await api.register(notesRoutes, { notes: createNotesService({ db: database.db, clock }), guards });
      await api.register(patientPaymentsRoutes, {
        payments: createPatientPaymentsService({ db: database.db, clock, dataDir: config.dataDir }),
        guards,
        clock,
        mailer,
        share: { secret, links },
      });
      const paymentLinks = createPaymentLinksService({ db: database.db, clock, box: new SecretBox(secret), links, mercadoPago: mercadoPagoSdk(config.payments.mercadoPagoApiBase) });
      await api.register(paymentLinksRoutes, { links: paymentLinks, guards, portal });
      await api.register(paymentLinksWebhookRoutes, { links: paymentLinks });
      await api.register(helpRoutes, { help: createHelpService({ db: database.db, clock }), guards, db: database.db, clock });
      await api.register(paymentWebhookRoutes, {
        db: database.db,
        clock,
        providers: processors,
        sink: options.billingEventSink ?? billing.sink,
      });
      await api.register(referralsRoutes, { referrals: createReferralsService({ db: database.db, clock }), guards });
    },
    { prefix: '/api/v1' },
  );

  // The public profile pages (/p/{slug}) are HTML from the server, not the single-page app.
  // The confirmation page promises the visitor an email only when email actually leaves the server.
  await app.register(publicPageRoutes, { profiles: publicProfiles, links, emailsDelivered: mailer.mode === 'smtp' });
  // /robots.txt and /sitemap.xml (the published profiles, read at request time).
  await app.register(crawlerRoutes, { profiles: publicProfiles, links });
  // The patient's page to confirm or cancel an appointment (/turno/{token}), HTML from the server too.
  await app.register(confirmationPageRoutes, { confirmations });
  if (options.serveWeb !== false) await serveSinglePageApp(app, config.webDistDir);

  if (options.backgroundJobs !== false) {
    // Every instance runs the scheduler; on PostgreSQL an advisory lock lets one instance scan per tick,
    // and claiming each reminder row atomically keeps sends single in any case.
    const reminders = createReminderScheduler({ job: createReminderJob({ db: database.db, mailer, log: app.log, notifier: notifications, confirmationUrl }), clock, log: app.log, db: database.db });
    app.addHook('onReady', async () => reminders.start());
    app.addHook('onClose', async () => reminders.stop());
    app.addHook('onReady', async () => jobs.start());
    app.addHook('onClose', async () => jobs.stop());
  }

  app.addHook('onClose', async () => {
    if (!options.bus) await bus.close();
    if (!options.database) await database.close();
  });
  return { app, database, bus, billingSink: billing.sink, jobs, notifications };
}
