import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API } from '@bo/contract/api-paths';
import { notFound } from '../../lib/http-error.js';
import { errorResponses } from '../../lib/route-schemas.js';

/**
 * The two ceilings `npm run bench` measures scenarios against, registered only when the server
 * runs with BENCH_ROUTES=1 (never in a normal start):
 * - GET /api/bench/noop: the framework's ceiling (same plugins and hooks, no database);
 * - GET /api/bench/pk/:id: the store's ceiling, one primary-key read of a user;
 * - GET /api/bench/scans: rows read per table, by sequential scans and through indexes;
 * - GET /api/bench/cache: answers served from the read cache and computed;
 * - POST /api/bench/people: lets the bench sign in as many different people (see below).
 */
export async function benchRoutes(appBase: FastifyInstance) {
  if (process.env.BENCH_ROUTES !== '1') return;
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { database } = app.services;

  app.get(
    API.bench.noop,
    {
      config: { public: true },
      schema: { hide: true, response: { 200: z.object({ ok: z.literal(true) }) } },
    },
    async () => ({ ok: true as const }),
  );

  // Rows read per table since start, by sequential scans and through indexes: the bench reads it
  // around each scenario and names the ones that read many rows of a big table a request, so
  // "lists never scan" is checked, not assumed.
  app.get(
    API.bench.scans,
    {
      config: { public: true },
      schema: {
        hide: true,
        response: {
          200: z.object({
            tables: z.array(
              z.object({
                table: z.string(),
                seqRows: z.number(),
                idxRows: z.number(),
                rows: z.number(),
              }),
            ),
          }),
        },
      },
    },
    async () => {
      // The embedded store flushes its statistics at most once a second: force it.
      await database.query('SELECT pg_stat_force_next_flush()');
      await database.query('SELECT 1');
      // Table sizes from the catalogue (kept by ANALYZE): activity counters may start at zero.
      const rows = await database.query<{
        relname: string;
        seq: string;
        idx: string;
        live: string;
      }>(
        `SELECT t.relname, coalesce(t.seq_tup_read, 0) AS seq,
                greatest(coalesce(t.n_live_tup, 0), (SELECT c.reltuples::int8 FROM pg_class c WHERE c.oid = t.relid)) AS live,
                coalesce((SELECT sum(i.idx_tup_read) FROM pg_stat_user_indexes i WHERE i.relid = t.relid), 0) AS idx
           FROM pg_stat_user_tables t`,
      );
      return {
        tables: rows.map((r) => ({
          table: r.relname,
          seqRows: Number(r.seq),
          idxRows: Number(r.idx),
          rows: Number(r.live),
        })),
      };
    },
  );

  // Answers the read cache served and computed since start: the bench prints each scenario's share.
  app.get(
    API.bench.cache,
    {
      config: { public: true },
      schema: {
        hide: true,
        response: {
          200: z.object({
            enabled: z.boolean(),
            hits: z.number(),
            misses: z.number(),
            entries: z.number(),
          }),
        },
      },
    },
    async () => app.readCacheStats(),
  );

  app.get(
    API.bench.pk.pattern,
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

  // The bench's "many people, each on their own data" scenarios sign in as `count` different
  // people: the ones with the most mail (the signed-in administrator excluded). The seed gives
  // its generated people a password nobody knows, so this gives them the signed-in
  // administrator's password hash (the bench knows that password). Bench servers only, and only
  // for a person who may manage people.
  app.post(
    API.bench.people,
    {
      config: { permission: 'users:write' },
      schema: {
        hide: true,
        body: z.object({ count: z.number().int().min(1).max(500) }),
        response: {
          200: z.object({ people: z.array(z.object({ id: z.string(), email: z.string() })) }),
        },
      },
    },
    async (request) => {
      const me = request.auth!.userId;
      const people = await database.query<{ id: string; email: string }>(
        `WITH top AS (
           SELECT m.owner_id, count(*) AS n FROM mail_messages m
             JOIN users x ON x.id = m.owner_id
            WHERE m.owner_id <> $1 AND x.status = 'active' AND x.email_verified
              AND x.totp_enabled_at IS NULL
            GROUP BY m.owner_id ORDER BY n DESC, m.owner_id LIMIT $2)
         UPDATE users u SET password_hash = (SELECT password_hash FROM users WHERE id = $1)
           FROM top
          WHERE u.id = top.owner_id
         RETURNING u.id, u.email`,
        [me, request.body.count],
      );
      return { people: people.map((p) => ({ id: p.id, email: p.email })) };
    },
  );
}
