import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';

/** The probes an orchestrator calls: liveness (the process) and readiness (what it depends on). */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('health probes', () => {
  it('/api/health/live answers without a token or a database call', async () => {
    let statements = 0;
    const stop = t.database.observe(() => statements++);
    const res = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    stop();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
    expect(res.json().uptime).toBeGreaterThan(0);
    expect(statements).toBe(0);
  });

  it('/api/health/ready answers 200 once database, storage and migrations are ready', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      checks: { database: true, storage: true, migrations: true },
    });
  });

  it('keeps /api/health as it was', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', store: t.database.kind });
  });

  it('answers 503 naming the failing check when a migration is missing', async () => {
    // The newest migration's record removed: the database looks one migration behind the code.
    await t.database.query(
      `CREATE TABLE drizzle.kept AS SELECT * FROM drizzle.__drizzle_migrations
        WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)`,
    );
    await t.database.query(
      'DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.kept)',
    );
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'Not ready: migrations',
        code: 'NOT_READY',
        details: [{ field: 'migrations', code: 'not_ready', message: 'migrations is not ready' }],
      });
    } finally {
      await t.database.query('INSERT INTO drizzle.__drizzle_migrations SELECT * FROM drizzle.kept');
      await t.database.query('DROP TABLE drizzle.kept');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });
});
