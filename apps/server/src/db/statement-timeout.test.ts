import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { openDatabase, type Database } from './client.js';

/**
 * DATABASE_STATEMENT_TIMEOUT_MS on PostgreSQL: a statement running past it is cancelled, the
 * request answers 503 DATABASE_TIMEOUT (with Retry-After), the connection goes back to the pool
 * and the next request is served. The embedded store has no such limit.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('statement timeout (PostgreSQL)', () => {
  let first: TestApp;
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    first = await createTestApp();
    database = await openDatabase({
      databaseUrl: first.databaseUrl,
      poolSize: 2,
      statementTimeoutMs: 300,
    });
    app = await buildApp({ config: first.config, database, logger: false });
    // Outside /api: a route of the test's own, through the app's error handling.
    app.get('/test/sleep/:seconds', async (request) => {
      const { seconds } = request.params as { seconds: string };
      await database.db.execute(sql`SELECT pg_sleep(${Number(seconds)})`);
      return { slept: Number(seconds) };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await first?.close();
  });

  it('cancels a statement past the limit with a 503 the client can retry, and keeps serving', async () => {
    const slow = await app.inject({ method: 'GET', url: '/test/sleep/2' });
    expect(slow.statusCode).toBe(503);
    expect(slow.json()).toMatchObject({ code: 'DATABASE_TIMEOUT' });
    expect(slow.headers['retry-after']).toBe('5');
    // Both pooled connections still work: nothing was left waiting on the sleep.
    const fast = await Promise.all(
      [1, 2, 3].map(() => app.inject({ method: 'GET', url: '/test/sleep/0.01' })),
    );
    expect(fast.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('migrations run without the limit', async () => {
    await expect(database.migrate()).resolves.toBeUndefined();
  });
});
