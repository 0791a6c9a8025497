import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, registerUser, type TestApp } from '../../../test/helpers.js';

/** Administration → System: what the page shows an administrator, and who may read it. */
let t: TestApp;
let admin: string;
let user: string;

beforeAll(async () => {
  t = await createTestApp({ gitCommit: 'abc1234' });
  admin = (await login(t.app)).accessToken;
  user = (await registerUser(t.app, { email: 'plain@system.test' })).accessToken;
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/admin/system', () => {
  it('answers an administrator with the installation at a glance', async () => {
    const res = await call(t.app, admin, { method: 'GET', url: '/api/admin/system' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      commit: 'abc1234',
      node: process.version,
      store: { kind: t.database.kind },
      storage: { driver: 'disk' },
      // The test apps have no SMTP_URL: mail is only kept in the outbox.
      mail: { smtpConfigured: false, lastError: null },
      demoData: false,
      lastBackup: null,
    });
    // The job queue reports each kind (nothing failed on a new installation).
    expect(body.jobs.queues).toContainEqual(
      expect.objectContaining({ name: 'mail-delivery', failed: 0, active: 0 }),
    );
    expect(body.store.bytes).toBeGreaterThan(1_000_000);
    expect(body.migrations.applied).toBe(body.migrations.known);
    expect(body.migrations.last).toMatch(/^\d{4}_/);
    // The registration above mailed a code, kept unsent.
    expect(body.mail.unsent).toBeGreaterThanOrEqual(1);
    expect(Date.parse(body.startedAt)).toBeLessThanOrEqual(Date.now());
  });

  it('reports the newest delivery failure the outbox records', async () => {
    await t.database.query(
      `INSERT INTO outbox ("to", subject, text, error) VALUES ('x@fail.test', 's', 't', 'connect ECONNREFUSED')`,
    );
    const res = await call(t.app, admin, { method: 'GET', url: '/api/admin/system' });
    expect(res.json().mail.lastError).toMatchObject({
      to: 'x@fail.test',
      message: 'connect ECONNREFUSED',
    });
  });

  it('shows what the job queue and the backups report once they do', async () => {
    t.app.systemReport.jobs = async () => ({
      queues: [{ name: 'mail', queued: 2, active: 1, failed: 0, oldestQueuedSeconds: 4 }],
    });
    t.app.systemReport.lastBackup = async () => ({
      at: '2030-01-01T00:00:00.000Z',
      file: 'backup.tar',
      bytes: 10,
    });
    try {
      const res = await call(t.app, admin, { method: 'GET', url: '/api/admin/system' });
      expect(res.json().jobs.queues[0]).toMatchObject({ name: 'mail', queued: 2 });
      expect(res.json().lastBackup).toMatchObject({ file: 'backup.tar' });
    } finally {
      delete t.app.systemReport.jobs;
      delete t.app.systemReport.lastBackup;
    }
  });

  it('refuses a plain user (403) and a stranger (401)', async () => {
    const denied = await call(t.app, user, { method: 'GET', url: '/api/admin/system' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/system' })).statusCode).toBe(401);
  });
});

describe('with the demo data', () => {
  it('says so', async () => {
    const demo = await createTestApp({ demoData: true });
    try {
      const token = (await login(demo.app)).accessToken;
      const res = await call(demo.app, token, { method: 'GET', url: '/api/admin/system' });
      expect(res.json().demoData).toBe(true);
      expect(res.json().storage.bytes).toBeGreaterThanOrEqual(0);
    } finally {
      await demo.close();
    }
  });
});
