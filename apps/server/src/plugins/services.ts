import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.js';
import type { Database, Db } from '../db/client.js';
import { BackgroundTasks } from '../lib/background.js';
import { DataVersions } from '../lib/data-versions.js';
import { EventBus } from '../lib/events.js';
import { JobQueue } from '../lib/jobs.js';
import { Mailer } from '../lib/mailer.js';
import { PermissionService } from '../lib/permissions.js';
import { RateLimiter } from '../lib/rate-limit.js';
import { SocketActivity } from '../lib/socket-activity.js';
import { TokenService } from '../lib/tokens.js';

export interface Services {
  config: AppConfig;
  database: Database;
  db: Db;
  tokens: TokenService;
  limiter: RateLimiter;
  mailer: Mailer;
  /** The one job queue: background work, retried, once across instances (lib/jobs.ts). */
  jobs: JobQueue;
  permissions: PermissionService;
  events: EventBus;
  /** Per-table versions from the change notifications: what the caches check answers against. */
  versions: DataVersions;
  /** Whether read answers are kept in memory (READ_CACHE; checked against the change log on PostgreSQL). */
  caching: boolean;
  /** Whether session rows are kept in memory (the embedded store, where one process owns them). */
  sessionCaching: boolean;
  /** Work done after the answer (see BackgroundTasks). */
  tasks: BackgroundTasks;
  /** Realtime sockets opened, closed and used on this instance (presence listens). */
  sockets: SocketActivity;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/** Decorates the app with its services; every route reaches them as `app.services`. */
export const servicesPlugin = fp(
  async (app: FastifyInstance, opts: { config: AppConfig; database: Database }) => {
    const { config, database } = opts;
    const events = new EventBus(database);
    await events.start();
    const versions = new DataVersions(database);
    await versions.start();
    const jobs = new JobQueue(database, app.log, config.jobs ?? { workers: false, pollSeconds: 2 });
    const services: Services = {
      config,
      database,
      db: database.db,
      tokens: new TokenService(config.jwtSecret, config.jwtTtlSeconds),
      limiter: new RateLimiter(database),
      mailer: new Mailer(database, app.log, config.mailFrom, config.smtpUrl, jobs, config.mailDkim),
      jobs,
      permissions: new PermissionService(database, versions),
      events,
      versions,
      caching: config.readCache === 'auto',
      sessionCaching: config.readCache === 'auto' && database.kind === 'pglite',
      tasks: new BackgroundTasks(app.log),
      sockets: new SocketActivity(),
    };
    app.decorate('services', services);
    app.addHook('onClose', async () => {
      await jobs.stop();
      await services.tasks.drain();
      await events.stop();
      await versions.stop();
    });
  },
  { name: 'services' },
);
