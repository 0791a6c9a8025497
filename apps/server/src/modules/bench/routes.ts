import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-error.js';
import { errorResponses } from '../../lib/route-schemas.js';

/**
 * The two ceilings `npm run bench` measures scenarios against, registered only when the server
 * runs with BENCH_ROUTES=1 (never in a normal start):
 * - GET /api/bench/noop: the framework's ceiling (same plugins and hooks, no database);
 * - GET /api/bench/pk/:id: the store's ceiling, one primary-key read of a user.
 */
export async function benchRoutes(appBase: FastifyInstance) {
  if (process.env.BENCH_ROUTES !== '1') return;
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { database } = app.services;

  app.get(
    '/api/bench/noop',
    {
      config: { public: true },
      schema: { hide: true, response: { 200: z.object({ ok: z.literal(true) }) } },
    },
    async () => ({ ok: true as const }),
  );

  app.get(
    '/api/bench/pk/:id',
    {
      config: { public: true },
      schema: {
        hide: true,
        params: z.object({ id: z.string().uuid() }),
        response: {
          200: z.object({
            user: z.object({ id: z.string(), email: z.string(), displayName: z.string() }),
          }),
          ...errorResponses(404),
        },
      },
    },
    async (request) => {
      const rows = await database.query<{ id: string; email: string; display_name: string }>(
        'SELECT id, email, display_name FROM users WHERE id = $1',
        [request.params.id],
      );
      const row = rows[0];
      if (!row) throw notFound();
      return { user: { id: row.id, email: row.email, displayName: row.display_name } };
    },
  );
}
