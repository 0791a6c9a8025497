import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API } from '@bo/contract/api-paths';
import { ERROR_CODES } from '@bo/contract/errors';
import { reasonPhrase } from './lib/http-error.js';
import { UPLOADS_PREFIX } from '@bo/contract/files';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import { webRouteStatus } from '@bo/contract/web-routes';
import { registerTracing } from './lib/tracing.js';
import { loggerOptions } from './lib/log.js';
import { openapiOptions, servedDocument } from './lib/openapi.js';
import { createStorage, type Storage } from './lib/storage/index.js';
import { ensureSeedFiles } from './seed/files.js';
import { ensureSeedImages } from './seed/images.js';
import { accountRoutes } from './modules/account/routes.js';
import { auditRoutes } from './modules/audit/routes.js';
import { fileRoutes } from './modules/files/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { publicRoutes } from './modules/public/routes.js';
import { authPlugin } from './plugins/auth.js';
import { crossOriginPlugin } from './plugins/cross-origin.js';
import { errorsPlugin } from './plugins/errors.js';
import { inputGuardPlugin } from './plugins/input-guard.js';
import { metricsPlugin } from './plugins/metrics.js';
import { readRoutingPlugin } from './plugins/read-routing.js';
import { readCachePlugin } from './plugins/read-cache.js';
import { capabilityUrlsPlugin, holdsUploadUrls } from './plugins/capability-urls.js';
import { realtimePlugin } from './plugins/realtime.js';
import { servicesPlugin } from './plugins/services.js';
import { productJobKinds } from './job-kinds.js';
import { mailListenerPlugin } from './modules/mail/smtp.js';
import { systemReportPlugin } from './modules/system/report.js';
import { routeModules } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

export interface BuildOptions {
  config: AppConfig;
  database: Database;
  /** Pino logger options or false; tests pass false. */
  logger?: boolean | object;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** A request slower than this is logged at warn whatever the level. */
const SLOW_REQUEST_MS = 1000;

/** Builds the whole app without listening: tests call `inject()`, main.ts calls `listen()`. */
/**
 * Addresses refused before any route: one that cannot be decoded (a lone surrogate's bytes) and
 * one whose part is longer than any id; answered in the one error shape, naming the path.
 */
const FRAMEWORK_REFUSALS: Record<string, [number, string]> = {
  FST_ERR_BAD_URL: [400, 'The address holds characters that are not valid'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'A part of the address is too long'],
};

export async function buildApp({
  config,
  database,
  logger,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // `/api/account/my-account` and `/api/account/my-account/` are one route: clients of the
    // template family call without the slash the spec writes.
    routerOptions: { ignoreTrailingSlash: true },
    // Request ids in every log line; clients may pass theirs.
    requestIdHeader: 'x-request-id',
    // Every request is logged at debug (LOG_LEVEL=debug); at info only errors and slow ones
    // (below), so a running server's output stays readable.
    logController: new LogController({ disableRequestLogging: true }),
    frameworkErrors: (error, request, reply) => {
      const problem = FRAMEWORK_REFUSALS[error.code];
      if (!problem) request.log.error({ err: error }, 'request failed before routing');
      const [status, message] = problem ?? [500, 'Internal Server Error'];
      const answer = {
        statusCode: status,
        error: reasonPhrase(status),
        message,
        code: problem ? ERROR_CODES.validation : ERROR_CODES.internal,
        ...(problem ? { details: [{ field: 'path', code: 'invalid', message }] } : {}),
      };
      void (reply as FastifyReply).status(status).send(answer);
    },
  });
  // First, so every route and hook registered after it is in the request's span (when on).
  await registerTracing(app);
  app.addHook('onRequest', (request, _reply, done) => {
    // Upgraded sockets never reach onResponse: their start is the line that names them.
    request.log.debug({ req: request }, 'incoming request');
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const ms = reply.elapsedTime;
    const line = { req: request, statusCode: reply.statusCode, responseTime: Math.round(ms) };
    if (reply.statusCode >= 500) request.log.error(line, 'request failed');
    else if (ms > SLOW_REQUEST_MS) request.log.warn(line, 'slow request');
    else request.log.debug(line, 'request completed');
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Security headers from helmet, built once: @fastify/helmet rebuilds the middleware (and
  // re-parses the CSP) on every request, which cost as much as a database read.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Style elements only from our files or with the page's nonce (the web app's emotion,
        // notistack, tiptap and drag-and-drop styles carry it); style attributes stay allowed
        // (positioning by MUI and the charts): they cannot run code, and img-src bounds url().
        styleSrc: ["'self'"],
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        objectSrc: ["'none'"],
        // The invoice viewer frames the PDF the app fetched with its token (a blob: URL).
        frameSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Pages of the CORS_ORIGINS may show our pictures and files; else same-origin only.
    crossOriginResourcePolicy: {
      policy: config.corsOrigins.length ? 'cross-origin' : 'same-origin',
    },
    // Sent only over HTTPS (below): over plain HTTP a browser ignores it, and it says what isn't so.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    securityHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
  // API answers (tokens, personal data, the outbox) are never kept by a browser or a proxy; the
  // server's own read cache is what makes repeated reads cheap.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });

  // External plugins.
  await app.register(multipart, {
    limits: { fileSize: config.maxUploadBytes, files: 1 },
    throwFileSizeLimit: true,
  });
  // The document's shape (operation ids, tags, security, the error shape): lib/openapi.ts.
  await app.register(swagger, openapiOptions());
  await app.register(swaggerUi, { routePrefix: API.docs, staticCSP: false });

  // App plugins.
  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(servicesPlugin, { config, database });
  // Right after the services: every later plugin may add its metrics to `app.metrics.registry`.
  await app.register(metricsPlugin);
  await app.register(systemReportPlugin);
  // Before auth: a preflight is answered without a token.
  await app.register(crossOriginPlugin, {
    origins: config.corsOrigins,
    publicUrl: config.publicUrl,
  });
  await app.register(authPlugin);
  await app.register(readRoutingPlugin);
  await app.register(readCachePlugin, { finishedPerRequest: holdsUploadUrls });
  // After the read cache: upload URLs are signed for each reader, kept answers included.
  await app.register(capabilityUrlsPlugin, {
    secret: config.jwtSecret,
    ttlHours: config.fileUrlTtlHours,
    publicUrl: config.publicUrl,
  });
  // After the read cache, so its onSend keeps the plain answer and this one encodes what is sent
  // (cached answers carry their own gzip and are left alone). zlib runs in the thread pool.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['gzip', 'deflate'] });
  await app.register(realtimePlugin);
  // The one storage layer: the disk under DATA_DIR/uploads, or S3 when S3_BUCKET is set.
  const storage = await createStorage(config);
  app.decorate('storage', storage);
  app.addHook('onClose', async () => storage.close());
  await Promise.all([ensureSeedImages(storage), ensureSeedFiles(storage)]);

  // Routes.
  await app.register(healthRoutes);
  await app.register(accountRoutes);
  await app.register(auditRoutes);
  await app.register(publicRoutes);
  await app.register(fileRoutes);
  for (const routes of routeModules) await app.register(routes);
  // Mail from outside, when MAIL_SMTP_PORT is set.
  await app.register(mailListenerPlugin);

  // The job queue: every kind with its policy, installed now; workers start once the app is ready.
  const { jobs } = app.services;
  for (const kind of productJobKinds(config, database.kind)) jobs.define(kind);
  await jobs.install();
  app.addHook('onReady', async () => jobs.start(app));

  app.get(API.openapi, { config: { public: true }, schema: { hide: true } }, async (request) =>
    servedDocument(app.swagger() as unknown as Record<string, unknown>, request, config.publicUrl),
  );

  const webDist = config.webDist ?? path.resolve(here, '../../web/dist');
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  // The page, read once; each load gets its own style nonce (see the CSP above).
  const page = hasWeb ? readFileSync(path.join(webDist, 'index.html'), 'utf8') : '';
  const sendPage = (reply: FastifyReply, status: number) => {
    const nonce = randomBytes(16).toString('base64');
    const policy = String(reply.raw.getHeader('content-security-policy') ?? '');
    return reply
      .status(status)
      .header('cache-control', 'no-cache')
      .header('content-security-policy', policy.replace(/style-src 'self'/, `$& 'nonce-${nonce}'`))
      .type('text/html; charset=utf-8')
      .send(page.replaceAll('__CSP_NONCE__', nonce));
  };
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      // The page itself only through sendPage, with its nonce.
      allowedPath: (pathName) => pathName !== '/index.html',
      // The build writes a .br and a .gz beside each text asset (apps/web/scripts/precompress.mjs):
      // sent as they are, so no request spends the server's CPU compressing the same bytes again.
      preCompressed: true,
      // Our own header below: the plugin's default (`max-age=0`) would overwrite it.
      cacheControl: false,
      setHeaders(res, filePath) {
        // Hashed assets never change: a browser keeps them and asks nothing on the next load.
        // The rest (favicon, theme script) is revalidated each time.
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    if (url.startsWith('/api/') || url === '/api' || url.startsWith(UPLOADS_PREFIX)) {
      return reply.status(404).send({
        statusCode: 404,
        error: 'Not Found',
        message: `Route ${request.method} ${url} not found`,
        code: ERROR_CODES.notFound,
      });
    }
    // History fallback: every client route loads the app, with the status of what it shows (a
    // path the app does not know gets its 404 page and a 404).
    if (hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return sendPage(reply, webRouteStatus(url));
    }
    return reply.status(404).send({
      statusCode: 404,
      error: 'Not Found',
      message: hasWeb ? 'Not found' : 'The web app is not built; run `npm run build`',
      code: ERROR_CODES.notFound,
    });
  });

  return app;
}
