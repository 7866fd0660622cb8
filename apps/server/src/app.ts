import { fileURLToPath } from 'node:url';
import { resolve, dirname, join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type RouteOptions } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import { Redis } from 'ioredis';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Env } from './config/env.ts';
import type { Database } from './db/client.ts';
import { ensureSecret } from './db/secrets.ts';
import { impersonationAuditPlugin } from './modules/audit/impersonation-audit.plugin.ts';
import { paymentRequiredPlugin } from './plugins/payment-required.ts';
import { remindersReschedulePlugin } from './modules/notifications/reminders-reschedule.plugin.ts';
import { authPlugin } from './plugins/auth.ts';
import { createAccessTokenAuthenticator } from './modules/auth/access-token-authenticator.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { staticWebPlugin } from './plugins/static-web.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { createMetrics, metricsPlugin, metricsRoute } from './plugins/metrics.ts';
import { HIDDEN, serializeError, serializeRequest } from './lib/log-hygiene.ts';
import { swaggerPlugin } from './plugins/swagger.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { authLimits, createAttemptLimiter } from './modules/auth/attempt-limiter.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import {
  createConsoleSmsProvider,
  createOutboxSmsProvider,
  type SmsProvider,
} from './modules/auth/sms.ts';
import { createTokenService } from './modules/auth/tokens.ts';
import { countriesRoutes } from './modules/countries/countries.routes.ts';
import { configRoutes } from './modules/config/config.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createLifecycle, lifecyclePlugin, type Lifecycle } from './plugins/lifecycle.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { branchesRoutes } from './modules/branches/branches.routes.ts';
import { departmentsRoutes } from './modules/departments/departments.routes.ts';
import { positionsRoutes } from './modules/positions/positions.routes.ts';
import { employeesRoutes } from './modules/employees/employees.routes.ts';
import { employeeImportRoutes } from './modules/employee-import/employee-import.routes.ts';
import { invitationsRoutes } from './modules/invitations/invitations.routes.ts';
import { registrationLinksRoutes } from './modules/registration-links/registration-links.routes.ts';
import { schedulesRoutes } from './modules/schedules/schedules.routes.ts';
import { availabilityRoutes } from './modules/availability/availability.routes.ts';
import { correctionRequestsRoutes } from './modules/correction-requests/correction-requests.routes.ts';
import { dayOffsRoutes } from './modules/day-offs/day-offs.routes.ts';
import { shiftExchangeRoutes } from './modules/shift-exchange/shift-exchange.routes.ts';
import { calendarRoutes } from './modules/calendar/calendar.routes.ts';
import { bulkRoutes } from './modules/bulk/bulk.routes.ts';
import { adminCalendarsRoutes } from './modules/calendar/admin-calendars.routes.ts';
import { adminGeoRoutes } from './modules/admin-geo/admin-geo.routes.ts';
import { adminCompaniesRoutes } from './modules/admin-companies/admin-companies.routes.ts';
import { adminUsersRoutes } from './modules/admin-users/admin-users.routes.ts';
import type { ModuleDeps } from './modules/module-deps.ts';
import { plansRoutes } from './modules/plans/plans.routes.ts';
import { createPlansService } from './modules/plans/plans.service.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { cloudPaymentsRoutes } from './modules/payments/cloudpayments.routes.ts';
import { createCloudPaymentsNotifications } from './modules/payments/cloudpayments.service.ts';
import {
  cloudPaymentsSettings,
  createPaymentGateway,
} from './modules/payments/payment-provider.ts';
import { createProfileService } from './modules/profile/profile.service.ts';
import { createApiKeyAuthenticator } from './modules/api-keys/api-keys.auth.ts';
import { listenForApiKeyChanges } from './modules/api-keys/api-key-invalidation.ts';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.ts';
import { createApiKeysService } from './modules/api-keys/api-keys.service.ts';
import { startAutoCloseJob } from './modules/checks/auto-close.ts';
import { kioskRoutes } from './modules/kiosk/kiosk.routes.ts';
import { createKioskService } from './modules/kiosk/kiosk.service.ts';
import { startKioskPhotoRetentionJob } from './modules/kiosk/kiosk-photo-retention.ts';
import { kioskPhotosRoutes } from './modules/kiosk/kiosk-photos.routes.ts';
import { createKioskPhotosService } from './modules/kiosk/kiosk-photos.service.ts';
import { checksRoutes } from './modules/checks/checks.routes.ts';
import { createChecksService } from './modules/checks/checks.service.ts';
import { commentsRoutes } from './modules/comments/comments.routes.ts';
import { createCommentsService } from './modules/comments/comments.service.ts';
import { attendanceRoutes } from './modules/attendance/attendance.routes.ts';
import { deviationsRoutes } from './modules/deviations/index.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { periodsRoutes } from './modules/periods/periods.routes.ts';
import { schedulePublicationsRoutes } from './modules/schedule-publications/schedule-publications.routes.ts';
import { reportsExportRoutes } from './modules/reports/reports-export.routes.ts';
import { createReportsService } from './modules/reports/reports.service.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { createDashboardService } from './modules/dashboard/dashboard.service.ts';
import { adminDashboardRoutes } from './modules/admin-dashboard/admin-dashboard.routes.ts';
import { createAdminDashboardService } from './modules/admin-dashboard/admin-dashboard.service.ts';
import { remoteConfigRoutes } from './modules/remote-config/remote-config.routes.ts';
import { createRemoteConfigService } from './modules/remote-config/remote-config.service.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { createAnalyticsService } from './modules/analytics/analytics.service.ts';
import { startAnalyticsRetentionJob } from './modules/analytics/analytics-retention.ts';
import { countJobs, createJobRunner } from './modules/jobs/jobs.ts';
import { createNotificationJobHandlers } from './modules/notifications/notification-jobs.ts';
import { notifyCommentCreated } from './modules/notifications/notification-triggers.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { ensureReminderPlanning } from './modules/notifications/reminders.ts';
import { ensureVapidKeys } from './modules/notifications/vapid.ts';

export type BuildAppOptions = {
  env: Env;
  database: Database;
  /** Replaces the SMS provider chosen by SMS_PROVIDER (tests read the codes this way). */
  sms?: SmsProvider;
  /** Where the built SPA is; null serves the API only. */
  webRoot?: string | null;
  /** Sees every route as it is added (the route-table test collects them this way). */
  onRoute?: (route: RouteOptions) => void;
  /** Where log lines go instead of stdout (the log-hygiene test reads them). */
  logStream?: { write: (line: string) => void };
  /** The rolling-restart phase server.ts moves on SIGTERM (plugins/lifecycle.ts). */
  lifecycle?: Lifecycle;
};

/**
 * Values that must never reach a log line, should an object carrying them be logged (errors go
 * through serializeError, which keeps only safe fields; see lib/log-hygiene.ts).
 */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordHash',
  '*.old',
  '*.new',
  '*.otp',
  '*.codeHash',
  '*.refresh',
  '*.refreshToken',
  '*.tokenHash',
  '*.accessToken',
  '*.token',
  '*.notificationToken',
  '*.apiKey',
  '*.secret',
  '*.secretHash',
  '*.qrSecret',
  '*.pin',
  '*.email',
  '*.phone',
  '*.params',
  '*.detail',
];

/**
 * The headers Helmet sets for these options, computed once: they depend on the options only
 * (no nonce, no per-request directive), so replaying them is what running its middleware on each
 * request would do.
 */
function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string) => void headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return headers;
}

function defaultWebRoot(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  // From src/ and from dist/ alike, the SPA is built into apps/web/dist.
  return resolve(here, '../../web/dist');
}

/**
 * Builds the application: plugins first, then the modules, in the order a reader expects.
 * Never listens — server.ts and the tests do that.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env, database } = options;
  const app = Fastify({
    logger:
      env.LOG_LEVEL === 'silent'
        ? false
        : {
            level: env.LOG_LEVEL,
            redact: { paths: REDACTED_PATHS, censor: HIDDEN },
            serializers: { err: serializeError, error: serializeError, req: serializeRequest },
            ...(options.logStream ? { stream: options.logStream } : {}),
            ...(env.NODE_ENV === 'development' && process.stdout.isTTY
              ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } }
              : {}),
          },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Requests that arrive while the app closes itself are served, not refused (lifecycle.ts).
    return503OnClosing: false,
  });
  const lifecycle = options.lifecycle ?? createLifecycle();
  await app.register(lifecyclePlugin(lifecycle));
  // First, so that every answer is counted.
  const metrics = createMetrics({
    ...(database.pool ? { pool: database.pool } : {}),
    countJobs: () => countJobs(database.db),
    log: app.log,
  });
  await app.register(metricsPlugin, { metrics });
  if (env.NODE_ENV === 'production' && !env.OPERATOR_NAME) {
    app.log.warn(
      'OPERATOR_NAME is not set: the public pages (privacy, terms, payment, refund) do not name the operator of this installation, which Russian law asks of a service that processes personal data and takes payments',
    );
  }
  if (env.TRUST_PROXY === true) {
    app.log.warn(
      'TRUST_PROXY=true takes the client address from X-Forwarded-For whoever sends it: a client can name any address and slip past per-address limits unless the proxy overwrites the header. List the proxies instead (TRUST_PROXY=127.0.0.1).',
    );
  }
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // JSON with an empty body (a DELETE sent with Content-Type: application/json) means "no body".
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const jwtSecret = env.JWT_SECRET ?? (await ensureSecret(database.db, 'jwt'));
  const vapid = await ensureVapidKeys(database.db, env);
  const tokens = createTokenService({
    secret: jwtSecret,
    accessTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
  });
  const sms =
    options.sms ??
    (env.SMS_PROVIDER === 'outbox'
      ? createOutboxSmsProvider(env.SMS_OUTBOX_FILE ?? join(env.DATA_DIR, 'sms-outbox.jsonl'))
      : createConsoleSmsProvider(app.log, { production: env.NODE_ENV === 'production' }));
  const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: 1 }) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));

  // Cross-cutting plugins.
  await app.register(securityHeadersPlugin);
  await app.register(compressionPlugin);
  // Helmet's headers on every answer, the same for every answer: computed once here, not by
  // @fastify/helmet's rebuilding of the whole middleware on every request (decision 015).
  const securityHeaders = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          'https://api-maps.yandex.ru',
          'https://*.yandex.ru',
          'https://*.yandex.net',
          // The CloudPayments card widget (loaded on the plan page only when cards are on).
          'https://widget.cloudpayments.ru',
        ],
        frameSrc: ["'self'", 'https://*.cloudpayments.ru'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: [
          "'self'",
          'https://*.yandex.ru',
          'https://*.yandex.net',
          'https://*.cloudpayments.ru',
        ],
        workerSrc: ["'self'"],
        frameAncestors: ["'none'"],
        // Plain-HTTP installs on a LAN address must keep loading their own scripts.
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of securityHeaders) reply.raw.setHeader(name, value);
    done();
  });
  await app.register(errorHandlerPlugin);
  await app.register(inputGuardPlugin);
  await app.register(rateLimitPlugin, { ...(redis ? { redis } : {}) });
  await app.register(swaggerPlugin);
  const apiKeyAuthenticator = createApiKeyAuthenticator({ db: database.db });
  const stopApiKeyListener = await listenForApiKeyChanges({
    database,
    authenticator: apiKeyAuthenticator,
    log: app.log,
  });
  app.addHook('onClose', stopApiKeyListener);
  const authRepository = createAuthRepository(database.db);
  // Public routes that serve signed-in callers better (GET /config, analytics) check tokens too.
  const authenticateAccessToken = createAccessTokenAuthenticator({ tokens, authRepository });
  await app.register(authPlugin, { authenticateAccessToken, apiKeys: apiKeyAuthenticator });
  await app.register(impersonationAuditPlugin, { db: database.db });
  await app.register(remindersReschedulePlugin, { db: database.db });
  await app.register(paymentRequiredPlugin, { db: database.db });

  // Business modules.
  const authService = createAuthService({
    db: database.db,
    tokens,
    sms,
    refreshTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
    limiter: createAttemptLimiter({ secret: jwtSecret, db: database.db, redis, log: app.log }),
    limits: authLimits(env),
    log: app.log,
  });
  const profileService = createProfileService({
    db: database.db,
    // The tests' local push service listens on http://127.0.0.1; production takes https only.
    pushEndpoints: { allowLocalHttp: env.NODE_ENV !== 'production' },
  });
  const authRateLimit = { max: env.AUTH_RATE_LIMIT_MAX, timeWindow: env.AUTH_RATE_LIMIT_WINDOW };
  const deps: ModuleDeps = {
    db: database.db,
    authService,
    sms,
    authRateLimit,
    beginCompanyAccessChange: apiKeyAuthenticator.beginChange,
  };
  const paymentGateway = createPaymentGateway(env);
  const plansService = createPlansService({ db: database.db, provider: paymentGateway.kind });
  const paymentsService = createPaymentsService({ db: database.db, gateway: paymentGateway });
  const cloudPayments = cloudPaymentsSettings(env);
  const cloudPaymentsNotifications = cloudPayments
    ? createCloudPaymentsNotifications({
        db: database.db,
        paymentsService,
        apiSecret: cloudPayments.apiSecret,
      })
    : null;
  const remoteConfigService = createRemoteConfigService({ db: database.db });
  const apiKeysService = createApiKeysService({
    db: database.db,
    beginKeyChange: apiKeyAuthenticator.beginChange,
  });
  const checksService = createChecksService({ db: database.db });
  const kioskService = createKioskService({
    db: database.db,
    limiter: createAttemptLimiter({ secret: jwtSecret, db: database.db, redis, log: app.log }),
  });
  const kioskPhotosService = createKioskPhotosService({ db: database.db });
  const commentsService = createCommentsService({
    db: database.db,
    log: app.log,
    onCommentCreated: (comment, context) => notifyCommentCreated(database.db, comment, context),
  });
  const notificationsService = createNotificationsService({
    db: database.db,
    vapidPublicKey: vapid.publicKey,
  });
  const reportsService = createReportsService({ db: database.db });
  const dashboardService = createDashboardService({ db: database.db });
  const adminDashboardService = createAdminDashboardService({ db: database.db });
  const analyticsService = createAnalyticsService({
    db: database.db,
    remoteConfig: remoteConfigService,
  });

  /**
   * Every module's routes, in one list and one order: a module is wired by adding its routes
   * here (its services are built above). URLs are the routes' own, under /api/v1.
   */
  const apiModules: FastifyPluginAsync[] = [
    authRoutes(authService, {
      perIp: authRateLimit,
      otpPerIp: { max: env.OTP_IP_RATE_LIMIT, timeWindow: '1 hour' },
    }),
    profileRoutes(profileService),
    countriesRoutes(database.db),
    configRoutes(env),
    branchesRoutes(deps),
    departmentsRoutes(deps),
    positionsRoutes(deps),
    employeesRoutes(deps),
    employeeImportRoutes(deps),
    invitationsRoutes(deps),
    registrationLinksRoutes(deps),
    schedulesRoutes(deps),
    dayOffsRoutes(deps),
    correctionRequestsRoutes(deps),
    availabilityRoutes(deps),
    shiftExchangeRoutes(deps),
    calendarRoutes(deps),
    bulkRoutes(deps),
    adminCalendarsRoutes(deps),
    plansRoutes(plansService),
    paymentsRoutes(paymentsService),
    cloudPaymentsRoutes(cloudPaymentsNotifications),
    adminGeoRoutes(deps),
    adminCompaniesRoutes(deps),
    adminUsersRoutes(deps),
    apiKeysRoutes(apiKeysService),
    checksRoutes(checksService),
    kioskRoutes(kioskService, { pairPerIp: authRateLimit }),
    kioskPhotosRoutes(kioskPhotosService, kioskService),
    commentsRoutes(commentsService),
    notificationsRoutes(notificationsService),
    reportsRoutes(reportsService),
    periodsRoutes(deps),
    schedulePublicationsRoutes(deps),
    reportsExportRoutes(deps),
    attendanceRoutes(deps),
    deviationsRoutes(deps),
    dashboardRoutes(dashboardService),
    adminDashboardRoutes(adminDashboardService),
    remoteConfigRoutes({
      service: remoteConfigService,
      authenticate: authenticateAccessToken,
      ttlSeconds: env.REMOTE_CONFIG_TTL_SECONDS,
    }),
    analyticsRoutes({
      service: analyticsService,
      authenticate: authenticateAccessToken,
      rateLimitMax: env.ANALYTICS_RATE_LIMIT_MAX,
    }),
  ];

  await app.register(healthRoutes(database, lifecycle), { prefix: '/api' });
  // Prometheus on this port: needs METRICS_TOKEN (docs/operations.md, «Метрики»).
  await app.register(metricsRoute, { metrics, token: env.METRICS_TOKEN });
  await app.register(
    async (api) => {
      for (const routes of apiModules) await api.register(routes);
    },
    { prefix: '/api/v1' },
  );

  // Forgotten check-outs; tests call closeForgottenChecks themselves, with their own clock.
  if (env.NODE_ENV !== 'test') {
    const stopAutoClose = startAutoCloseJob({ db: database.db, log: app.log });
    app.addHook('onClose', async () => stopAutoClose());
    // Product events older than ANALYTICS_RETENTION_DAYS; tests call deleteExpiredEvents.
    const stopRetention = startAnalyticsRetentionJob({
      db: database.db,
      log: app.log,
      retentionDays: env.ANALYTICS_RETENTION_DAYS,
    });
    app.addHook('onClose', async () => stopRetention());
    // Kiosk photos past their retention (decision 034); tests call purgeExpired.
    const stopPhotoRetention = startKioskPhotoRetentionJob({
      service: kioskPhotosService,
      log: app.log,
    });
    app.addHook('onClose', async () => stopPhotoRetention());
    // Push deliveries, reminders and late alerts; tests call runOnce with their own clock.
    const jobRunner = createJobRunner({
      db: database.db,
      log: app.log,
      handlers: createNotificationJobHandlers({ vapid }),
      onFailure: metrics.jobFailed,
    });
    jobRunner.start();
    // Before onClose, which closes the database under a pass in flight.
    app.addHook('preClose', async () => jobRunner.stop());
    await ensureReminderPlanning(database.db).catch((error: unknown) =>
      app.log.error({ err: error }, 'reminder planning could not be queued'),
    );
  }

  await app.register(staticWebPlugin, {
    root: options.webRoot === undefined ? (env.WEB_DIST_DIR ?? defaultWebRoot()) : options.webRoot,
  });
  return app;
}
