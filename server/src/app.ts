/**
 * buildApp(deps) → a Fastify instance with every route, not listening (tests use `app.inject`; main.ts
 * listens). Same-origin SPA + API + OpenAPI docs at `/api/docs`.
 */
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Mailer } from './adapters/mail.ts';
import { createStripeProvider } from './adapters/payments/stripe.ts';
import { createTestCheckoutProvider } from './adapters/payments/test-checkout.ts';
import { createWebPushSender, loadVapidKeys } from './adapters/push.ts';
import { createSmsSender } from './adapters/sms.ts';
import { createStorage } from './adapters/storage.ts';
import type { AppContext } from './app-context.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { sweepAnnouncements } from './features/announcements/announcement-sweep.ts';
import { announcementRoutes } from './features/announcements/routes.ts';
import { staffAnnouncementRoutes } from './features/announcements/staff-routes.ts';
import { staffAuditRoutes } from './features/audit/routes.ts';
import { pruneTokens } from './features/auth/one-time-tokens.ts';
import { authRoutes } from './features/auth/routes.ts';
import { createSessionTokens, loadSigningSecret } from './features/auth/session-tokens.ts';
import { pruneSessions } from './features/auth/sessions.ts';
import { pruneThrottle } from './features/auth/throttle.ts';
import { sweepAutopay } from './features/billing/autopay.ts';
import { postLateFees } from './features/billing/late-fees.ts';
import { staffMoneyRoutes } from './features/billing/money-routes.ts';
import { REFUND_RESUME_LOCK, resumePendingRefunds } from './features/billing/refunds.ts';
import { sweepHealthReminders } from './features/child-health/reminders.ts';
import { childHealthRoutes } from './features/child-health/routes.ts';
import { classSessionRoutes } from './features/class-sessions/routes.ts';
import { staffSetupRoutes } from './features/class-sessions/setup-routes.ts';
import { staffSessionRoutes } from './features/class-sessions/staff-session-routes.ts';
import { contactRoutes } from './features/contact/routes.ts';
import { sweepMessageAlerts } from './features/conversations/alerts.ts';
import { sweepUnsentAttachments } from './features/conversations/attachments.ts';
import { conversationRoutes } from './features/conversations/routes.ts';
import { sweepDailySummaries } from './features/day-feed/daily-summary.ts';
import { dayPhotoLinks, sweepExpiredPhotos, sweepUnpostedPhotos } from './features/day-feed/day-photos.ts';
import { dayFeedRoutes } from './features/day-feed/routes.ts';
import { staffOfficeRoutes } from './features/enrollment/office-routes.ts';
import { createRegistration } from './features/enrollment/registration.ts';
import { enrollmentRoutes } from './features/enrollment/routes.ts';
import { sweepRegistrations } from './features/enrollment/sweeper.ts';
import { withdrawRoutes } from './features/enrollment/withdraw-routes.ts';
import { familyRoutes } from './features/family/routes.ts';
import { staffFamilyRoutes } from './features/family/staff-families-routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { staffInboxRoutes } from './features/inbox/routes.ts';
import { sweepTours } from './features/inbox/tour-sweep.ts';
import { incidentRoutes } from './features/incidents/routes.ts';
import { inspectionRoutes } from './features/inspection/routes.ts';
import { medicationRoutes } from './features/medication/routes.ts';
import { applePassRoutes } from './features/passes/apple/routes.ts';
import { createPhotoStore, createPhotoSweep } from './features/passes/photos.ts';
import { passRoutes } from './features/passes/routes.ts';
import { createWallets } from './features/passes/wallets.ts';
import { publicSiteRoutes } from './features/public-site/routes.ts';
import { registerSpa } from './features/public-site/spa.ts';
import { createPushNotifier } from './features/push/deliver.ts';
import { pushRoutes } from './features/push/routes.ts';
import { staffReportRoutes } from './features/reports/routes.ts';
import { staffResourceRoutes } from './features/resources/routes.ts';
import { signedFormsRoutes } from './features/signed-forms/routes.ts';
import { sweepCertificationReminders } from './features/staff-duty/certifications.ts';
import { dutyRoutes } from './features/staff-duty/routes.ts';
import { staffRoutes } from './features/team/routes.ts';
import { testCheckoutRoutes } from './features/test-checkout/routes.ts';
import { staffWorkspaceRoutes } from './features/workspace/routes.ts';
import { type RouteAuth, registerAuthentication, routeAuth } from './http/authenticate.ts';
import { registerErrorHandling } from './http/errors.ts';
import { registerInputRules } from './http/input-rules.ts';
import { requestSerializer } from './http/log-redaction.ts';
import { openApiOptions } from './http/openapi.ts';
import { deliverDueMail } from './jobs/mail-outbox.ts';
import { startBackgroundWork } from './jobs/worker.ts';
import { type Clock, createClock } from './lib/clock.ts';

/**
 * Fastify's request logging in one line instead of two: "request completed" carries the request id,
 * method, (redacted) url, host, client address, status and milliseconds.
 */
class CompletedRequestsOnly extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(
    _error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

export type AppDeps = {
  config: Config;
  database: Database;
  mailer: Mailer;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Milliseconds between background rounds; 0 runs them only on demand (tests). Default 15 s. */
  backgroundIntervalMs?: number;
};

/** A registered route and who may call it (tests walk this list to prove every API route is guarded). */
export type RouteSummary = { method: string; url: string; auth: RouteAuth };

export async function buildApp(
  deps: AppDeps,
): Promise<{ app: FastifyInstance; ctx: AppContext; routeTable: RouteSummary[] }> {
  const { config, database, mailer } = deps;
  const logger =
    deps.logger && typeof deps.logger === 'object'
      ? { ...deps.logger, serializers: { ...deps.logger.serializers, req: requestSerializer } }
      : (deps.logger ?? false);
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    // One log line per request instead of Fastify's two: half the logging cost per request (decision 008).
    logController: new CompletedRequestsOnly(),
  }).withTypeProvider<ZodTypeProvider>();
  // JSON only: a text/plain body would otherwise reach the handlers as a string (answer 415 instead).
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const log = (msg: string) => app.log.info(msg);
  const clock = deps.clock ?? createClock(config.timeZone);
  const vapid = await loadVapidKeys(config.vapid, config.dataDir);
  const push = createPushNotifier({
    db: database.db,
    sender: createWebPushSender({
      vapid,
      subject: config.vapidSubject,
      allowLoopbackHttp: config.nodeEnv !== 'production',
    }),
    publicKey: vapid.publicKey,
    now: () => clock.now(),
    log: (msg) => app.log.warn(msg),
  });
  const stripeBase = config.stripe?.apiBase ? new URL(config.stripe.apiBase) : undefined;
  const registration = createRegistration({
    config,
    database,
    clock,
    testCheckout: createTestCheckoutProvider(database.db, config.appUrl, () => clock.now()),
    stripe: config.stripe
      ? createStripeProvider({
          secretKey: config.stripe.secretKey,
          webhookSecret: config.stripe.webhookSecret,
          ...(stripeBase
            ? {
                host: stripeBase.hostname,
                port: Number(stripeBase.port || (stripeBase.protocol === 'https:' ? 443 : 80)),
                protocol: stripeBase.protocol === 'https:' ? 'https' : 'http',
              }
            : {}),
        })
      : undefined,
    push,
    log: (msg) => app.log.warn(msg),
  });
  const work = startBackgroundWork(
    [
      // Before mail: the sweep's offer and confirmation emails go out in the same round.
      { name: 'settle holds and waitlist offers', run: () => sweepRegistrations(registration) },
      // Scheduled announcements (issue 10), before mail so their emails go out in the same round.
      {
        name: 'send scheduled announcements',
        run: () =>
          sweepAnnouncements({
            database,
            now: () => clock.now(),
            sms: ctx.sms,
            push,
            log: (msg) => app.log.warn(msg),
          }),
      },
      // Tour reminders the day before, then Toured and Enrolled (decision 028), before mail like the above.
      {
        name: 'remind tours and follow their status',
        run: () =>
          sweepTours({
            database,
            clock,
            mail: { centerEmail: config.centerEmail, centerAddress: config.center.address },
          }),
      },
      // Refunds a stopped server left half-done (issue 10), before mail so the family's email goes out now.
      {
        name: 'resume interrupted refunds',
        run: () => database.exclusive(REFUND_RESUME_LOCK, () => resumePendingRefunds(registration)),
      },
      // Instalments due today charged to saved methods, retries, bank debits settling (issue 23), before mail.
      {
        name: 'post late fees and charge instalments on autopay',
        run: async () => {
          await postLateFees(registration);
          return sweepAutopay(registration);
        },
      },
      // Message notifications due (issue 25, decision 032): batched, after quiet hours; before mail.
      {
        name: 'notify about new messages',
        run: () =>
          sweepMessageAlerts({
            database,
            now: () => clock.now(),
            timeZone: config.timeZone,
            appUrl: config.appUrl,
            centerEmail: config.centerEmail,
            sms: ctx.sms,
            push,
            log: (msg) => app.log.warn(msg),
          }),
      },
      // Reminders before a physical exam or a health document runs out (issue 26, decision 035); before mail.
      {
        name: 'send health reminders',
        run: () => sweepHealthReminders({ database, clock, appUrl: config.appUrl, push }),
      },
      // The day's summary for parents who chose it (issue 25, decision 033), after the day ends; before mail.
      {
        name: 'send daily summaries',
        run: () =>
          sweepDailySummaries({ database, clock, appUrl: config.appUrl, links: () => dayPhotoLinks(ctx) }),
      },
      // Certification reminders 30 and 7 days before expiry (issue 26, decision 038), once each; before mail.
      {
        name: 'remind expiring certifications',
        run: () => sweepCertificationReminders({ database, clock, appUrl: config.appUrl }),
      },
      { name: 'deliver mail', run: () => deliverDueMail(database.db, mailer, log) },
      { name: 'prune login counters', run: () => pruneThrottle(database.db, clock.now()) },
      { name: 'prune expired links', run: () => pruneTokens(database.db, clock.now()) },
      { name: 'prune ended sessions', run: () => pruneSessions(database.db, clock.now()) },
      // Message files uploaded and never sent within the hour (issue 25).
      {
        name: 'remove unsent message files',
        run: () => sweepUnsentAttachments(database.db, createStorage(config), clock.now()),
      },
      // The day's photos never posted within the hour, and those past the center's retention (issue 25).
      {
        name: 'remove unposted and expired day photos',
        run: async () => {
          const storage = createStorage(config);
          await sweepUnpostedPhotos(database.db, storage, clock.now());
          return sweepExpiredPhotos(database.db, storage, clock.now(), config.photoRetentionDays);
        },
      },
      // Pass photo files no pass holds (a delete that failed after its change committed), hourly (issue 21).
      {
        name: 'sweep orphan pass photos',
        run: createPhotoSweep(database.db, createStorage(config), () => clock.now()),
      },
    ],
    deps.backgroundIntervalMs ?? 15_000,
    (msg) => app.log.warn(msg),
  );
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    mailer,
    clock,
    work,
    tokens: createSessionTokens(
      await loadSigningSecret(config.jwtSecret, config.dataDir),
      config.sessionHours,
    ),
    registration,
    sms: createSmsSender({ twilio: config.twilio, dataDir: config.dataDir, log: (msg) => app.log.warn(msg) }),
    wallets: createWallets(config, database, (msg) => app.log.warn(msg)),
    passPhotos: createPhotoStore(createStorage(config)),
    push,
  };
  app.addHook('onClose', async () => {
    await work.stop();
    await ctx.wallets.apple?.close();
  });

  const https = config.appUrl.startsWith('https:');
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes CSS variables into a <style> element and style attributes; no inline *script* is allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: ['https://www.openstreetmap.org'],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Referrer-Policy: no-referrer everywhere, so a reset token in a URL never leaks to another site.
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  // The door kiosk decodes QR codes with WebAssembly (zxing-wasm, served from our origin): that page alone may
  // compile WebAssembly ('wasm-unsafe-eval' allows no JavaScript eval). Issue 11, decision 012.
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/staff/kiosk')) return;
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') {
      reply.header(
        'content-security-policy',
        policy.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'"),
      );
    }
  });
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => {
      const error = new Error(`Too many requests. Please try again in ${context.after}.`) as Error & {
        statusCode: number;
      };
      error.statusCode = 429;
      return error;
    },
  });
  await app.register(fastifySwagger, openApiOptions(config));
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerErrorHandling(app);
  registerInputRules(app, config);
  const routeTable: RouteSummary[] = [];
  app.addHook('onRoute', (route) => {
    const auth = routeAuth(route.url, route.config?.auth);
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, auth });
  });
  registerAuthentication(app, ctx);
  await app.register(healthRoutes(ctx));
  await app.register(authRoutes(ctx));
  await app.register(classSessionRoutes(ctx));
  await app.register(contactRoutes(ctx));
  await app.register(familyRoutes(ctx));
  await app.register(enrollmentRoutes(ctx));
  await app.register(withdrawRoutes(ctx));
  await app.register(announcementRoutes(ctx));
  await app.register(staffAnnouncementRoutes(ctx));
  await app.register(staffRoutes(ctx));
  await app.register(staffWorkspaceRoutes(ctx));
  await app.register(staffSessionRoutes(ctx));
  await app.register(staffMoneyRoutes(ctx));
  await app.register(staffReportRoutes(ctx));
  await app.register(inspectionRoutes(ctx));
  await app.register(staffOfficeRoutes(ctx));
  await app.register(staffSetupRoutes(ctx));
  await app.register(staffAuditRoutes(ctx));
  await app.register(staffFamilyRoutes(ctx));
  await app.register(staffInboxRoutes(ctx));
  await app.register(conversationRoutes(ctx));
  await app.register(dayFeedRoutes(ctx));
  await app.register(incidentRoutes(ctx));
  await app.register(medicationRoutes(ctx));
  await app.register(signedFormsRoutes(ctx));
  await app.register(childHealthRoutes(ctx));
  await app.register(pushRoutes(ctx));
  await app.register(dutyRoutes(ctx));
  await app.register(staffResourceRoutes(ctx));
  await app.register(passRoutes(ctx));
  await app.register(applePassRoutes(ctx));
  await app.register(testCheckoutRoutes(ctx));
  await app.register(publicSiteRoutes(ctx));
  await registerSpa(app, ctx);

  return { app, ctx, routeTable };
}
