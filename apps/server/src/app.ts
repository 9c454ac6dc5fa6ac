import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { authRoutes } from './auth/routes.ts';
import { campaignRoutes } from './campaigns/routes.ts';
import { openApiDocumentRoute } from './http/openapi-document.ts';
import { describeOperation } from './http/openapi-operations.ts';
import { healthRoutes } from './http/readiness.ts';
import { commentRoutes } from './comments/routes.ts';
import { companyRoutes } from './companies/routes.ts';
import type { AppConfig } from './config.ts';
import { contactRoutes } from './contact/routes.ts';
import { fileRoutes } from './files/routes.ts';
import { zoomRoutes } from './files/zoom-routes.ts';
import { findingRoutes } from './findings/routes.ts';
import type { AppContext } from './context.ts';
import { openDatabase } from './db/client.ts';
import { installAuthHook } from './http/auth-hook.ts';
import { redactedErrorSerializer } from './http/log-redaction.ts';
import { frameworkErrors, installErrorHandling } from './http/error-handler.ts';
import { AccessLogController, logFormatFor, logOutputFor } from './http/request-log.ts';
import { installBodyTimeouts, serverTimeouts } from './http/request-timeouts.ts';
import { installCloseAfterRefusal } from './http/close-after-refusal.ts';
import { installJsonCompression } from './http/json-compression.ts';
import { inlineScriptHashes, loadPrerenderedPages, sendPrerenderedPage } from './http/prerendered-pages.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { fastifyTrustProxy } from './http/trust-proxy.ts';
import { createMailOutbox } from './mail/outbox-worker.ts';
import { mailOutboxRoutes } from './mail/routes.ts';
import { removeExpiredAuditRows } from './audit/retention.ts';
import { installRequestMeta } from './audit/request-meta.ts';
import { auditRoutes } from './audit/routes.ts';
import { createMailer } from './mail/mailer.ts';
import { mapRoutes, mapStyleOrigins } from './map/routes.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { shareLinkRoutes } from './share-links/routes.ts';
import { startNotificationLoop } from './notifications/overdue.ts';
import { photoRoutes } from './photos/routes.ts';
import { createDerivativeQueue } from './photos/derivative-queue.ts';
import { createTileQueue } from './photos/tile-queue.ts';
import { connectRedis } from './rate-limit/redis-connection.ts';
import { apiTokenRoutes } from './api-tokens/routes.ts';
import { webhookRoutes } from './webhooks/routes.ts';
import { createWebhookWorker } from './webhooks/worker.ts';
import { createDatabaseRateLimiter, sweepExpiredLimits } from './rate-limit/database-rate-limiter.ts';
import { withFallback } from './rate-limit/rate-limiter.ts';
import { createRedisRateLimiter } from './rate-limit/redis-rate-limiter.ts';
import { createReportJobQueue } from './reports/generate/jobs.ts';
import { reportRoutes } from './reports/routes.ts';
import { setupRoutes } from './setup/routes.ts';
import { createStorage } from './storage/create-storage.ts';
import { createStagingSweeper } from './storage/staging-sweep.ts';
import { turbineRoutes } from './turbines/routes.ts';
import { turbinePrefix } from './uploads/storage-keys.ts';
import { tusRoutes } from './uploads/tus/routes.ts';
import { createTusUploads, removeOrphanedUploads, type TusUploads } from './uploads/tus/tus-service.ts';
import { createUploadSlots } from './uploads/upload-quota.ts';
import { userRoutes } from './users/routes.ts';

export interface BuildOptions {
  /** injectable clock for tests */
  now?: () => Date;
  logger?: boolean;
  /** where the log goes instead of standard output (tests read it) */
  logStream?: DestinationStream;
  /** an in-memory PGlite starts from this data-folder dump instead of initdb (the test harness's migrated template:
   *  initdb is most of a PGlite start); the tests' only, never configuration */
  pgliteTemplate?: Blob;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  public: boolean;
  /** the route's request schemas (zod, from the contract) as registered: what the fuzz tests generate input from */
  schema: { params?: unknown; querystring?: unknown; body?: unknown };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** every API route as registered, for the authorization matrix and the docs */
    apiRoutes: RegisteredRoute[];
  }
}

const here = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

/** Paths and query strings can carry secrets (reset tokens, signed URLs): logs keep the path only. */
function safeUrl(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : `${url.slice(0, q)}?…`;
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const logging = options.logger !== false && config.logLevel !== 'silent';
  const logOutput = logging
    ? options.logStream
      ? { stream: options.logStream, close() {} }
      : logOutputFor(logFormatFor(process.stdout))
    : null;
  const app = Fastify({
    ...serveTls(config),
    logger: logOutput
      ? {
          level: config.logLevel,
          stream: logOutput.stream,
          redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'], remove: true },
          serializers: {
            err: redactedErrorSerializer,
            req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: safeUrl(req.url), ip: req.ip }),
          },
        }
      : false,
    logController: new AccessLogController(),
    bodyLimit: config.limits.jsonBodyBytes,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    routerOptions: { maxParamLength: 200 },
    frameworkErrors,
    ...serverTimeouts(config.timeouts),
  } as Parameters<typeof Fastify>[0]) as unknown as FastifyInstance;
  if (logOutput) app.addHook('onClose', async () => logOutput.close());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    pgliteTemplate: options.pgliteTemplate,
    waitMs: config.databaseWaitMs,
    log: (message) => app.log.warn(message),
  });
  const redis = config.redisUrl
    ? await connectRedis(config.redisUrl, (message, error) => app.log.warn({ err: String(error) }, message))
    : null;
  const storage = createStorage(config);
  const tiles = createTileQueue({
    db: database.db,
    storage,
    maxMegapixels: config.limits.maxMegapixels,
    // one pyramid at a time (a 45 MP image takes a core for seconds); none where derivatives are made on demand only
    concurrency: config.derivativeWorkers === 0 ? 0 : 1,
    log: (message, details) => app.log.warn(details, message),
  });
  const derivatives = createDerivativeQueue({
    db: database.db,
    storage,
    maxMegapixels: config.limits.maxMegapixels,
    concurrency: config.derivativeWorkers,
    leaseSeconds: config.derivativeLeaseSeconds,
    log: (message, details) => app.log.warn(details, message),
    onMade: () => tiles.kick(),
  });
  const limiter = redis
    ? withFallback(createRedisRateLimiter(redis), createDatabaseRateLimiter(database.db), (error) =>
        app.log.warn({ err: String(error) }, 'Redis did not answer; rate limits counted in the database meanwhile'),
      )
    : createDatabaseRateLimiter(database.db);
  const ctx: AppContext = {
    config,
    db: database.db,
    database,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir }),
    // made just below: it needs the context itself
    mail: null as unknown as AppContext['mail'],
    webhooks: null as unknown as AppContext['webhooks'],
    limiter,
    storage,
    derivatives,
    tiles,
    uploadSlots: createUploadSlots(limiter, config.uploadQuota.atOncePerUser, {
      leaseMs: config.uploadQuota.slotLeaseMs,
      renewMs: config.uploadQuota.slotLeaseMs / 3,
    }),
    now: options.now ?? (() => new Date()),
    // made just below: it needs the context itself
    tus: null as unknown as TusUploads,
    reportJobs: null as unknown as AppContext['reportJobs'],
  };
  ctx.reportJobs = createReportJobQueue(ctx, {
    workers: config.reportWorkers,
    leaseSeconds: config.reportJobLeaseSeconds,
    log: (message, details) => app.log.warn(details, message),
  });
  ctx.mail = createMailOutbox(ctx, {
    retryHours: config.mailRetryHours,
    leaseSeconds: config.mailLeaseSeconds,
    log: (message, details) => app.log.warn(details, message),
  });
  ctx.webhooks = createWebhookWorker(ctx, { log: (message, details) => app.log.warn(details, message) });
  ctx.tus = createTusUploads(ctx, (message, details) => app.log.warn(details, message));
  // upload leftovers of a crash: removed now and every so often (both drivers; S3 also has its local scratch copies)
  const stagingSweeper = createStagingSweeper({
    storage,
    scratchDir: path.join(config.dataDir, 'tmp'),
    ...config.stagingSweep,
    now: ctx.now,
    log: (message, details) => app.log.warn(details, message),
  });
  // in the background: start-up does not wait for a slow or unreachable object store
  void stagingSweeper.sweep();
  // expired rate-limit counters in the database (Redis expires its own) and audit rows past AUDIT_RETENTION_DAYS: removed
  // every hour
  const limitSweep = setInterval(() => {
    sweepExpiredLimits(database.db).catch((error: unknown) =>
      app.log.warn({ err: String(error) }, 'could not remove expired rate-limit counters'),
    );
    removeExpiredAuditRows(database.db, ctx.now(), config.auditRetentionDays).catch((error: unknown) =>
      app.log.warn({ err: String(error) }, 'could not remove expired audit rows'),
    );
  }, 60 * 60_000);
  limitSweep.unref();
  // repairs that became overdue and the daily digest: every process checks, the database decides who sends (issue 16)
  const notificationLoop = startNotificationLoop(ctx, (message, details) => app.log.warn(details, message));
  app.decorate('ctx', ctx);
  app.decorate('apiRoutes', [] as RegisteredRoute[]);
  app.addHook('onClose', async () => {
    stagingSweeper.stop();
    ctx.tus.stop();
    clearInterval(limitSweep);
    await notificationLoop.stop();
    // the queue first: the photo in hand still needs storage and the database
    await derivatives.close();
    await tiles.close();
    await ctx.reportJobs.close();
    await ctx.webhooks.close();
    await ctx.mail.close();
    ctx.mailer.close();
    redis?.disconnect();
    await ctx.storage.close();
    await database.close();
  });

  // upgrade-insecure-requests and HSTS only for a page served over HTTPS (§15): a LAN server on plain HTTP must work
  const alwaysHttps = Boolean(config.tls) || config.publicUrl.startsWith('https:');
  const webDist = config.webDist ?? DEFAULT_WEB_DIST;
  // the dashboard map's tile service, when MAP_STYLE_URL names one (DECISIONS §18)
  const mapOrigins = mapStyleOrigins(config.mapStyleUrl);
  installSecurityHeaders(
    app,
    {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // the build's inline head script (theme and language before the first paint) by its hash
          scriptSrc: ["'self'", ...inlineScriptHashes(webDist)],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...mapOrigins],
          connectSrc: ["'self'", ...mapOrigins],
          workerSrc: ["'self'", 'blob:'],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
        },
      },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    },
    // request.protocol believes X-Forwarded-Proto only from a proxy TRUST_PROXY trusts
    (request) => alwaysHttps || request.protocol === 'https',
  );
  installErrorHandling(app);
  installBodyTimeouts(app, config.timeouts);
  installCloseAfterRefusal(app);
  installJsonCompression(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Windscope API',
        version: '0.1.0',
        description: 'Turbines, inspection photos, reports, comments, partners and users.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'A session: the token POST /api/auth/login answers.',
          },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'wsk_…',
            description:
              'A personal API token (`Authorization: Bearer wsk_…`), made in the app under API tokens: it acts with exactly its ' +
              "user's rights. A read token is refused (403 API_TOKEN_READ_ONLY) on everything but GET and HEAD; no token may " +
              'refresh or end sessions, change a password, an e-mail or a user, or manage tokens (403 API_TOKEN_NOT_ALLOWED); ' +
              'a revoked or expired token, or one of a deactivated user, is refused with 401 API_TOKEN_INVALID; each token ' +
              'may make API_TOKEN_REQUESTS_PER_MINUTE requests a minute (600 by default), then 429 API_TOKEN_RATE_LIMITED.',
          },
        },
      },
      security: [{ bearer: [] }, { apiToken: [] }],
    },
    transform: describeOperation,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(
    async (api) => {
      api.addHook('onRoute', (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) {
          if (method === 'HEAD' || method === 'OPTIONS') continue;
          const { params, querystring, body } = route.schema ?? {};
          app.apiRoutes.push({ method, url: route.url, public: Boolean(route.config?.public), schema: { params, querystring, body } });
        }
      });
      // API answers carry tokens and personal data: no cache keeps them (ASVS 8.2.1). Routes that are safe to keep say
      // so themselves (kept listings: `private, no-cache` with an ETag; signed file URLs: `private, max-age`).
      api.addHook('onRequest', (_request, reply, done) => {
        reply.header('cache-control', 'no-store');
        done();
      });
      installRequestMeta(api);
      installAuthHook(api, ctx);
      openApiDocumentRoute(api, () => app.swagger());
      await healthRoutes(api, ctx);
      await setupRoutes(api, ctx);
      await authRoutes(api, ctx);
      await companyRoutes(api, ctx);
      await userRoutes(api, ctx);
      await notificationRoutes(api, ctx);
      await apiTokenRoutes(api, ctx);
      await mapRoutes(api, ctx);
      // uploads stream file by file (never buffered); JSON bodies keep their small bodyLimit
      // browsers send file names as raw UTF-8: show "ş.jpg" as such when refusing it (a busboy option the plugin's types omit)
      const busboyCharset = { defParamCharset: 'utf8' };
      await api.register(fastifyMultipart, {
        ...busboyCharset,
        preservePath: true,
        throwFileSizeLimit: false,
        limits: {
          // each file's own limit is enforced while streaming; this is busboy's backstop
          fileSize: Math.max(config.limits.photoBytes, config.limits.reportBytes) + 1,
          // one more than allowed, so the upload itself refuses the extra file with its own message
          files: config.uploadQuota.filesPerRequest + 1,
          fields: 20,
          fieldSize: 1024,
          parts: config.uploadQuota.filesPerRequest + 30,
          headerPairs: 100,
        },
      });
      await turbineRoutes(api, ctx, {
        afterDelete: [
          (id) => ctx.storage.deleteByPrefix(turbinePrefix(id)).then(() => {}),
          // its unfinished resumable uploads (rows left without the turbine) and their bytes
          () => removeOrphanedUploads(ctx.db, ctx.tus.datastore).then(() => {}),
        ],
      });
      await photoRoutes(api, ctx);
      await tusRoutes(api, ctx.tus);
      await reportRoutes(api, ctx);
      await fileRoutes(api, ctx);
      await zoomRoutes(api, ctx);
      await commentRoutes(api, ctx);
      await findingRoutes(api, ctx);
      await campaignRoutes(api, ctx);
      await contactRoutes(api, ctx);
      await mailOutboxRoutes(api, ctx);
      await auditRoutes(api, ctx);
      await shareLinkRoutes(api, ctx);
      await webhookRoutes(api, ctx);
    },
    { prefix: '/api' },
  );

  await serveWebApp(app, webDist);
  return app;
}

/** TLS_CERT_FILE/TLS_KEY_FILE: HTTPS with HTTP/2, and HTTP/1.1 for clients that do not offer h2 (ALPN). */
function serveTls(config: AppConfig) {
  if (!config.tls) return {};
  const read = (file: string, name: string) => {
    try {
      return readFileSync(file);
    } catch (error) {
      throw new Error(`${name} ${file} could not be read: ${(error as Error).message}`);
    }
  };
  const { http } = serverTimeouts(config.timeouts);
  return {
    http2: true,
    // HTTP/2 sessions with no stream for this long close (the HTTP/1.1 keep-alive timeout's counterpart)
    http2SessionTimeout: config.timeouts.keepAliveMs,
    https: {
      allowHTTP1: true,
      cert: read(config.tls.certFile, 'TLS_CERT_FILE'),
      key: read(config.tls.keyFile, 'TLS_KEY_FILE'),
      headersTimeout: http.headersTimeout,
    },
  };
}

/** The built web app: hashed assets cached for a year, index.html revalidated (ETag, 304) on every visit, deep links
 *  answered with index.html. The build's .br and .gz copies go to browsers that accept them (`Vary: accept-encoding`). */
async function serveWebApp(app: FastifyInstance, dist: string) {
  if (!existsSync(path.join(dist, 'index.html'))) return;
  const pages = loadPrerenderedPages(dist);
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      else res.header('cache-control', 'no-cache');
    },
  });
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const candidate = path.join(dist, decodeURIComponent(url));
    if (candidate.startsWith(dist + path.sep) && url !== '/' && existsSync(candidate) && !url.endsWith('/')) {
      return reply.sendFile(path.relative(dist, candidate));
    }
    if (url.startsWith('/api/')) return reply.callNotFound();
    // the public pages and /login prerendered in the visitor's language (issue 22: painted before the JS has run)
    const page = pages.get(url);
    if (page) return sendPrerenderedPage(request, reply, page);
    // a share link's page (DECISIONS §17): never indexed, and the token in its address never sent on as a referrer
    if (url.startsWith('/share/')) reply.header('x-robots-tag', 'noindex, nofollow').header('referrer-policy', 'no-referrer');
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
