import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ERROR_CODES } from '@bo/contract/errors';
import { UPLOADS_PREFIX } from '@bo/contract/files';
import { HttpError } from '../lib/http-error.js';
import type { TargetStats } from '../db/replicas.js';

/** Where a scraper reads the metrics (outside /api: it is not part of the product's API). */
export const METRICS_PATH = '/metrics';

/**
 * The app's metrics. Each app has its own registry (tests build many apps in one process), so a
 * metric is registered on it, never on prom-client's global one:
 *
 * ```ts
 * new Gauge({ name: 'bo_jobs_queued', help: '…', labelNames: ['queue'],
 *   registers: [app.metrics.registry], async collect() { this.set({ queue: 'mail' }, n) } });
 * ```
 *
 * A plugin that adds metrics declares `dependencies: ['metrics']`.
 */
export interface AppMetrics {
  registry: Registry;
  /** Whether /metrics is served (METRICS_TOKEN, or METRICS_PORT). */
  served: boolean;
  /** The port the METRICS_PORT listener is bound to, once it listens; null otherwise. */
  port(): number | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/** Seconds; a request over 10 s is already an incident. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * A request's route label: its pattern (`/api/orders/:id`), never the path with its ids. The web
 * app's files (one route each) are one label, and so is every path no route matched.
 */
function routeLabel(request: FastifyRequest): string {
  const url = request.routeOptions.url;
  if (!url) return 'unmatched';
  if (url.startsWith('/api') || url.startsWith(UPLOADS_PREFIX) || url === METRICS_PATH) return url;
  return 'web';
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether an Authorization header carries the token, compared in constant time. */
function holdsToken(header: string | undefined, token: string): boolean {
  const given = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  return given !== '' && timingSafeEqual(digest(given), digest(token));
}

const refusal = {
  statusCode: 401,
  error: 'Unauthorized',
  message: 'A valid metrics token is required',
  code: ERROR_CODES.unauthorized,
};

/**
 * Prometheus metrics (decision 026): requests by route pattern, method and status with their
 * latency; statements sent and the pool; changed tables; stored bytes; the process (memory,
 * event-loop delay, GC) when served. The read cache and the realtime sockets add theirs.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, database, versions } = app.services;
    const registry = new Registry();
    const served = !!config.metricsToken || config.metricsPort !== undefined;
    let listener: Server | undefined;
    app.decorate('metrics', {
      registry,
      served,
      port: () => (listener?.address() as AddressInfo | null)?.port ?? null,
    } satisfies AppMetrics);

    const labels = ['route', 'method', 'status'] as const;
    const requests = new Counter({
      name: 'bo_http_requests_total',
      help: 'HTTP requests answered, by route pattern, method and status.',
      labelNames: labels,
      registers: [registry],
    });
    const latency = new Histogram({
      name: 'bo_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being sent, by route pattern, method and status.',
      labelNames: labels,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    app.addHook('onResponse', (request, reply, done) => {
      const values = {
        route: routeLabel(request),
        method: request.method,
        status: String(reply.statusCode),
      };
      requests.inc(values);
      latency.observe(values, reply.elapsedTime / 1000);
      done();
    });

    // Statements as they are sent (their time is not observable without wrapping every driver).
    const statements = new Counter({
      name: 'bo_db_statements_total',
      help: 'SQL statements sent to the database.',
      registers: [registry],
    });
    const stopObserving = database.observe(() => statements.inc());
    if (database.heapBytes) {
      const heap = database.heapBytes;
      new Gauge({
        name: 'bo_embedded_store_heap_bytes',
        help: 'The embedded store’s WebAssembly heap: it grows with the work and never shrinks.',
        registers: [registry],
        collect() {
          this.set(heap());
        },
      });
    }
    if (database.targetStats) {
      // Per target: the primary, and replica1… of DATABASE_READ_URL (decision 052).
      const targets = database.targetStats;
      new Gauge({
        name: 'bo_db_pool_connections',
        help: 'PostgreSQL pool connections by target and state (idle, busy); waiting = requests queued for one.',
        labelNames: ['target', 'state'],
        registers: [registry],
        collect() {
          for (const s of targets()) {
            this.set({ target: s.target, state: 'idle' }, s.idle);
            this.set({ target: s.target, state: 'busy' }, s.total - s.idle);
            this.set({ target: s.target, state: 'waiting' }, s.waiting);
          }
        },
      });
      // Counters kept by the database: each scrape adds what was counted since the last one.
      const counterOf = (name: string, help: string, read: (s: TargetStats) => number | null) => {
        const seen = new Map<string, number>();
        new Counter({
          name,
          help,
          labelNames: ['target'],
          registers: [registry],
          collect() {
            for (const s of targets()) {
              const now = read(s);
              if (now === null) continue;
              this.inc({ target: s.target }, Math.max(0, now - (seen.get(s.target) ?? 0)));
              seen.set(s.target, now);
            }
          },
        });
      };
      counterOf(
        'bo_db_target_statements_total',
        'Statements sent outside transactions and answered, by target (primary, replica1…).',
        (s) => s.statements,
      );
      counterOf(
        'bo_db_replica_fallbacks_total',
        'Statements a replica failed (down, refused) that the primary answered, by target.',
        (s) => (s.target === 'primary' ? null : s.fallbacks),
      );
      new Gauge({
        name: 'bo_db_replica_healthy',
        help: '1 when a replica answers within DATABASE_READ_MAX_LAG_MS and is read from, else 0.',
        labelNames: ['target'],
        registers: [registry],
        collect() {
          for (const s of targets())
            if (s.target !== 'primary') this.set({ target: s.target }, s.healthy ? 1 : 0);
        },
      });
      new Gauge({
        name: 'bo_db_replica_lag_seconds',
        help: 'A replica’s replay lag at its last check (0 when caught up; -1 when unknown).',
        labelNames: ['target'],
        registers: [registry],
        collect() {
          for (const s of targets())
            if (s.target !== 'primary')
              this.set({ target: s.target }, s.lagMs < 0 ? -1 : s.lagMs / 1000);
        },
      });
    }
    const changes = new Counter({
      name: 'bo_data_changes_total',
      help: 'Committed writes heard of, by table (each empties the read answers over that table).',
      labelNames: ['table'],
      registers: [registry],
    });
    const stopCounting = versions.onChange((table) => changes.inc({ table }));

    new Gauge({
      name: 'bo_storage_bytes',
      help: 'Bytes of the stored files (file manager, versions, attachments), as the quota counts them.',
      registers: [registry],
      async collect() {
        const [row] = await database.query<{ bytes: string }>(
          'SELECT coalesce(sum(bytes), 0)::text AS bytes FROM storage_usage',
        );
        this.set(Number(row?.bytes ?? 0));
      },
    });

    app.addHook('onClose', async () => {
      stopObserving();
      stopCounting();
      await new Promise<void>((resolve) =>
        listener ? listener.close(() => resolve()) : resolve(),
      );
    });

    if (!served) return;
    // Process-wide (memory, CPU, event-loop delay, GC, handles): only when someone reads them, as
    // prom-client's GC observer and event-loop histogram cannot be stopped once started.
    collectDefaultMetrics({ register: registry });

    const token = config.metricsToken;
    if (config.metricsPort !== undefined) {
      const port = config.metricsPort;
      const answer = async (req: IncomingMessage, res: ServerResponse) => {
        const json = (status: number, body: object) =>
          res
            .writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
            .end(JSON.stringify(body));
        if (req.url?.split('?')[0] !== METRICS_PATH || req.method !== 'GET') {
          return json(404, {
            statusCode: 404,
            error: 'Not Found',
            message: `Route ${req.method} ${req.url} not found`,
            code: ERROR_CODES.notFound,
          });
        }
        if (token && !holdsToken(req.headers.authorization, token)) {
          res.setHeader('www-authenticate', 'Bearer');
          return json(401, refusal);
        }
        const text = await registry.metrics();
        res.writeHead(200, { 'content-type': registry.contentType }).end(text);
      };
      app.addHook('onReady', async () => {
        listener = createServer((req, res) => {
          answer(req, res).catch((err: unknown) => {
            app.log.error({ err }, 'metrics scrape failed');
            if (!res.headersSent) res.writeHead(500).end();
          });
        });
        await new Promise<void>((resolve, reject) => {
          listener!.once('error', reject);
          listener!.listen(port, config.host, () => resolve());
        });
      });
      return;
    }

    app.get(
      METRICS_PATH,
      {
        schema: { hide: true },
        onRequest: async (request) => {
          if (!holdsToken(request.headers.authorization, token!)) {
            throw new HttpError(401, refusal.code, refusal.message, undefined, {
              'www-authenticate': 'Bearer',
            });
          }
        },
      },
      async (_request, reply) => {
        const text = await registry.metrics();
        return reply.type(registry.contentType).header('cache-control', 'no-store').send(text);
      },
    );
  },
  { name: 'metrics', dependencies: ['services'] },
);
