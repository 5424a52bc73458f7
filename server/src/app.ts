import { randomUUID } from 'node:crypto';
import { routePatterns } from '@bazaar/common/site-paths';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type RouteOptions,
} from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { registerAccountRoutes } from './account/routes';
import { registerAdPageRoute } from './ads/ad-page-route';
import { registerAdLifeJobs } from './ads/ad-life';
import { adModerationSettingsOf } from './ads/ad-moderation-settings';
import { registerAdRoutes } from './ads/routes';
import { createAuth } from './auth/auth';
import { registerAuthRoutes } from './auth/routes';
import { findSessionWithUser } from './auth/queries';
import { createSessionGuard } from './auth/session-guard';
import { categoryExists } from './categories/queries';
import { registerCategoryRoutes } from './categories/routes';
import { registerSearchRoutes } from './search/routes';
import { registerPlaceRoutes } from './places/routes';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import type { ReplicaSet } from './db/replicas';
import { registerFavoriteRoutes } from './favorites/routes';
import { errorBody, registerErrorHandling } from './http/errors';
import { registerNoUndeclaredInput } from './http/no-undeclared-input';
import { registerNulCharacterCheck } from './http/nul-characters';
import { registerOriginCheck } from './http/origin-check';
import { registerReadRouting } from './http/read-routing';
import { registerSharedCaching } from './http/shared-cache';
import { createJobQueue, type JobQueue } from './jobs/job-queue';
import { createLiveHub } from './live/live-hub';
import { findValidSessionTokens } from './live/queries';
import { registerLiveRoutes } from './live/routes';
import { registerPaymentReceipts } from './payments/receipts';
import { PAYMENT_WEBHOOK_PREFIX } from './payments/webhook-routes';
import type { Mailer } from './mail/mailer';
import { deriveUnsubscribeKey } from './mail/unsubscribe';
import { registerUnsubscribeRoutes } from './mail/unsubscribe-routes';
import { registerMediaRoutes } from './media/routes';
import { registerMessagingRoutes } from './messaging/routes';
import { registerNotificationRoutes } from './notifications/routes';
import { registerModerationRoutes } from './moderation/routes';
import type { Storage } from './media/storage';
import { clientDistFolder, clientServerRenderFile } from './paths';
import { registerProfileRoutes } from './profiles/routes';
import { registerSavedSearchAlerts } from './saved-searches/alerts';
import { registerSavedSearchRoutes } from './saved-searches/routes';
import { isPublicSeller } from './sellers/public-page';
import { registerSellerRoutes } from './sellers/routes';
import { registerSubscriptionRoutes } from './subscriptions/routes';
import { registerSitemapRoutes } from './seo/sitemap';
import { registerSystemRoutes } from './system/routes';
import { registerClientApp } from './web/client-app';
import { loadServerRenderer, type ServerRenderer } from './web/server-render';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue features register their workers on (tests run queued jobs through it). */
    jobs: JobQueue;
  }
}

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** Read replicas for public reads (DATABASE_REPLICA_URLS); none: everything reads the primary. */
  replicas?: ReplicaSet;
  mailer: Mailer;
  storage: Storage;
  logger: Logger;
  authSecret: string;
  /** Folder of the built web client; defaults to client/dist. */
  clientDir?: string;
  /**
   * The server render of the public pages; by default the built one (client/dist-ssr) when
   * the default client folder is served, none with another `clientDir`.
   */
  serverRenderer?: ServerRenderer;
  /** Called for every route as it is added (tests list them to check each is covered). */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the whole HTTP application; tests call this with their own database. */
export async function buildApp(dependencies: AppDependencies): Promise<FastifyInstance> {
  const { config, database, storage, mailer, logger, authSecret } = dependencies;
  const trustProxy = config.TRUST_PROXY;
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    // A number of proxies: the address that many hops back (Fastify, given a bare number,
    // trusts no forwarded address at all).
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    // While draining on shutdown, a request that arrives on an open connection is still
    // served (with Connection: close): refusing it would fail a client for nothing.
    return503OnClosing: false,
    // Addresses the router cannot take apart get the error shape too, not Fastify's own.
    frameworkErrors: (error, _request, reply) => {
      const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      const message = status === 414 ? 'The address is too long.' : 'The address is not a valid URL.';
      return (reply as FastifyReply).status(status).send(errorBody('validation_failed', message));
    },
  });
  const { onRoute } = dependencies;
  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerNulCharacterCheck(app);
  registerNoUndeclaredInput(app);
  // Responses sent once shutdown has begun close their connection, so that keep-alive
  // connections do not hold the drain open until they time out.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
  });

  const isHttps = config.PUBLIC_URL.startsWith('https://');
  // Helmet's headers, its middleware made once (@fastify/helmet made it again for every
  // request, parsing the policy each time: 4 % of the app's CPU under load).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: isHttps ? [] : null,
      },
    },
    strictTransportSecurity: isHttps,
    // As the policy's frame-ancestors 'none' says, for browsers that read only this header.
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // The payment popup (Stripe Checkout) must stay reachable so the page can see it close.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );

  // Pages and API answers go out brotli- or gzip-compressed to browsers that accept it (a
  // rendered page of 62 kB becomes about 9 kB: a third of a second less on a slow phone
  // network). Built scripts and stylesheets are compressed once at build time and sent as
  // they are; photos and videos are compressed already; event streams are never buffered.
  await app.register(compress, { encodings: ['br', 'gzip'] });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Bazaar API', version: '1.0.0', description: 'The JSON API behind Bazaar.' },
      servers: [{ url: config.PUBLIC_URL }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Its own policy lets any page of the site frame the docs and upgrades to https even
    // where the site has none; ours frames nothing, like every other page.
    transformStaticCSP: (header) => {
      const framed = header.replace("frame-ancestors 'self'", "frame-ancestors 'none'");
      return isHttps ? framed : framed.replace(/\s*upgrade-insecure-requests;?/, '');
    },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());

  registerOriginCheck(app, { publicUrl: config.PUBLIC_URL, exemptPrefixes: [PAYMENT_WEBHOOK_PREFIX] });

  // Features register their workers and schedules while they are added below; the queue
  // starts once the app is ready and drains when it closes (after the last request).
  const jobs = createJobQueue({ pool: database.pool, logger, isWorking: config.JOB_WORKERS });
  app.decorate('jobs', jobs);
  app.addHook('onClose', () => jobs.stop());
  // Live streams never end by themselves: they are closed before the drain, which would
  // otherwise wait for them (the browser reconnects, to another process if there is one).
  const liveHub = createLiveHub({
    pool: database.pool,
    logger,
    findValidSessionTokens: (tokens) => findValidSessionTokens(database.db, tokens),
    sessionCheckIntervalMs: config.LIVE_SESSION_CHECK_SECONDS * 1000,
  });
  app.addHook('preClose', async () => liveHub.closeConnections());
  app.addHook('onClose', () => liveHub.stop());
  // Side by side: each is a few round trips to PostgreSQL before the app listens.
  app.addHook('onReady', async () => {
    await Promise.all([jobs.start(), liveHub.start()]);
  });

  const auth = createAuth({ config, db: database.db, mailer, logger, secret: authSecret });
  const guard = createSessionGuard(app, auth, (token) => findSessionWithUser(database.db, token));
  // After the guard's hook, so an answer that (re)sets the session cookie is never shared.
  registerSharedCaching(app);
  registerReadRouting(app, {
    primary: database.db,
    replicas: dependencies.replicas,
    authSecret,
    isHttps,
    maxLagMs: config.REPLICA_MAX_LAG_MS,
  });

  await registerSystemRoutes(app, { pool: database.pool });
  await registerAuthRoutes(app, { auth });
  await registerProfileRoutes(app, { db: database.db, guard });
  await registerSellerRoutes(app, { db: database.db, guard, storage });
  await registerCategoryRoutes(app);
  registerSearchRoutes(app);
  registerPlaceRoutes(app, { db: database.db });
  const gateways = await registerSubscriptionRoutes(app, {
    db: database.db,
    guard,
    config,
    authSecret,
    jobs,
  });
  registerAccountRoutes(app, { db: database.db, guard, auth, storage, mailer, gateways });
  await registerAdRoutes(app, {
    db: database.db,
    moderation: adModerationSettingsOf(config),
    adLifetimeDays: config.AD_LIFETIME_DAYS,
    guard,
    storage,
    dataDir: config.DATA_DIR,
    authSecret,
    isHttps,
    jobs,
  });
  registerAdLifeJobs({ db: database.db, jobs, mailer, publicUrl: config.PUBLIC_URL, log: app.log });
  registerPaymentReceipts(jobs, { db: database.db, mailer, publicUrl: config.PUBLIC_URL }, app.log);
  registerFavoriteRoutes(app, { db: database.db, guard, storage });
  await registerMediaRoutes(app, { storage, db: database.db, guard });
  registerModerationRoutes(app, { db: database.db, guard, storage, jobs });
  const unsubscribeKey = deriveUnsubscribeKey(authSecret);
  await registerMessagingRoutes(app, {
    db: database.db,
    guard,
    storage,
    jobs,
    mailer,
    publicUrl: config.PUBLIC_URL,
    emailDelayMinutes: config.MESSAGE_EMAIL_DELAY_MINUTES,
    unsubscribeKey,
  });
  registerSavedSearchRoutes(app, { db: database.db, guard });
  registerSavedSearchAlerts({ db: database.db, jobs, mailer, publicUrl: config.PUBLIC_URL, unsubscribeKey });
  await registerUnsubscribeRoutes(app, { db: database.db, key: unsubscribeKey });
  registerNotificationRoutes(app, { db: database.db, guard, jobs });
  await registerLiveRoutes(app, { guard, hub: liveHub });
  const clientApp = await registerClientApp(app, {
    clientDir: dependencies.clientDir ?? clientDistFolder,
    publicUrl: config.PUBLIC_URL,
    serveSourceMaps: config.SERVE_SOURCE_MAPS,
    serverRenderer:
      dependencies.serverRenderer ??
      (dependencies.clientDir ? undefined : await loadServerRenderer(clientServerRenderFile)),
  });
  registerSitemapRoutes(app, {
    publicUrl: config.PUBLIC_URL,
    perFile: config.SITEMAP_URLS_PER_FILE,
  });
  clientApp.servePage<{ category: string }>(routePatterns.category, ({ category }, request) =>
    categoryExists(request.readDb, category),
  );
  clientApp.servePage<{ id: string }>(routePatterns.seller, ({ id }, request) =>
    isPublicSeller(request.readDb, id),
  );
  await registerAdPageRoute(app, {
    guard,
    storage,
    clientApp,
    publicUrl: config.PUBLIC_URL,
  });

  return app;
}
