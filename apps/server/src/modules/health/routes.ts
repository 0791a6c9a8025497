import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API } from '@bo/contract/api-paths';
import { ping } from '../../db/client.js';
import { HttpError } from '../../lib/http-error.js';
import { errorResponses } from '../../lib/route-schemas.js';

export async function healthRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  app.get(
    API.health,
    {
      config: { public: true },
      schema: {
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
}
