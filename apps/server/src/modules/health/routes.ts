import { access, constants } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API } from '@bo/contract/api-paths';
import type { FieldError } from '@bo/contract/errors';
import { ping } from '../../db/client.js';
import { migrationState } from '../../db/migration-state.js';
import { DiskDriver } from '../../lib/storage/disk.js';
import { HttpError } from '../../lib/http-error.js';
import { errorResponses } from '../../lib/route-schemas.js';

/** A readiness check that has not answered in this long has failed. */
const CHECK_TIMEOUT_MS = 3000;

const within = <T>(work: Promise<T>, what: string) =>
  Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what} did not answer`)), CHECK_TIMEOUT_MS).unref(),
    ),
  ]);

export async function healthRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  app.get(
    API.health,
    {
      config: { public: true },
      schema: {
        operationId: 'getHealth',
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: {
          200: z.object({
            status: z.literal('ok'),
            store: z.enum(['pglite', 'postgres']),
            uptime: z.number(),
          }),
          ...errorResponses(503),
        },
      },
    },
    async (request) => {
      try {
        await ping(app.services.database);
      } catch (err) {
        request.log.error({ err }, 'database unreachable');
        throw new HttpError(503, 'DATABASE_UNAVAILABLE', 'Database unreachable');
      }
      return { status: 'ok' as const, store: app.services.database.kind, uptime: process.uptime() };
    },
  );

  app.get(
    API.healthLive,
    {
      config: { public: true },
      schema: {
        operationId: 'getLiveness',
        tags: ['system'],
        summary: 'Liveness probe: the process answers (no database call)',
        response: { 200: z.object({ status: z.literal('ok'), uptime: z.number() }) },
      },
    },
    async () => ({ status: 'ok' as const, uptime: process.uptime() }),
  );

  // From the moment the server starts closing, readiness fails: a balancer stops sending traffic
  // while the requests in flight finish.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });

  const checks = {
    database: () => ping(app.services.database),
    storage: async () => {
      const driver = app.storage.driver;
      // The disk driver's stat reads a missing file and an unreadable folder alike as "none".
      if (driver instanceof DiskDriver) await access(driver.root, constants.R_OK | constants.W_OK);
      else await driver.stat('.ready-probe');
    },
    migrations: async () => {
      const state = await migrationState(app.services.database);
      if (state.applied < state.known)
        throw new Error(`${state.applied} of ${state.known} migrations applied`);
    },
  };
  type CheckName = keyof typeof checks;

  app.get(
    API.healthReady,
    {
      config: { public: true },
      schema: {
        operationId: 'getReadiness',
        tags: ['system'],
        summary: 'Readiness probe: database, storage and migrations ready, not shutting down',
        response: {
          200: z.object({
            status: z.literal('ready'),
            checks: z.object({
              database: z.literal(true),
              storage: z.literal(true),
              migrations: z.literal(true),
            }),
          }),
          ...errorResponses(503),
        },
      },
    },
    async (request) => {
      if (closing) {
        throw new HttpError(503, 'SHUTTING_DOWN', 'The server is shutting down', undefined, {
          'retry-after': '5',
        });
      }
      const names = Object.keys(checks) as CheckName[];
      const results = await Promise.allSettled(names.map((n) => within(checks[n](), n)));
      const failed: FieldError[] = [];
      results.forEach((result, i) => {
        if (result.status === 'fulfilled') return;
        const field = names[i]!;
        request.log.error({ err: result.reason, check: field }, 'readiness check failed');
        // The reason stays in the log: no SQL or path leaves the server.
        failed.push({ field, code: 'not_ready', message: `${field} is not ready` });
      });
      if (failed.length) {
        throw new HttpError(
          503,
          'NOT_READY',
          `Not ready: ${failed.map((f) => f.field).join(', ')}`,
          failed,
        );
      }
      return {
        status: 'ready' as const,
        checks: { database: true, storage: true, migrations: true } as const,
      };
    },
  );
}
