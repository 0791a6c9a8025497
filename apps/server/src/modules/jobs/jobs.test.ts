import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  call,
  createPeerApp,
  createTestApp,
  login,
  registerUser,
  type TestApp,
} from '../../../test/helpers.js';
import type { JobKind } from '../../lib/jobs.js';

/** Waits until `check` answers something truthy, polling; fails after `ms`. */
async function until<T>(check: () => Promise<T> | T, ms = 20_000): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const kind = (
  name: string,
  handler: JobKind['handler'],
  policy: Partial<JobKind> = {},
): JobKind => ({
  name,
  retryLimit: 0,
  retryDelaySeconds: 1,
  backoff: false,
  timeoutSeconds: 30,
  batchSize: 50,
  ...policy,
  handler,
});

describe('the job queue', () => {
  let t: TestApp;
  let peer: { app: FastifyInstance; close(): Promise<void> };
  let admin: string;

  beforeAll(async () => {
    const jobs = { workers: true, pollSeconds: 0.5, maintenanceSeconds: 1 };
    t = await createTestApp({ jobs });
    peer = await createPeerApp({ ...t, config: { ...t.config, jobs } });
    admin = (await login(t.app)).accessToken;
  });
  afterAll(async () => {
    await peer?.close();
    await t?.close();
  });

  const api = (method: 'GET' | 'POST', url: string, token = admin) =>
    call(t.app, token, { method, url });

  it('works 1,000 jobs on two instances of one database, each exactly once', async () => {
    const runs = new Map<number, number>();
    const byInstance = [0, 0];
    for (const [i, app] of [t.app, peer.app].entries()) {
      await app.services.jobs.register(
        kind('test-count', async (data) => {
          const n = (data as { n: number }).n;
          runs.set(n, (runs.get(n) ?? 0) + 1);
          byInstance[i]!++;
        }),
      );
    }
    await t.app.services.jobs.sendMany(
      'test-count',
      Array.from({ length: 1000 }, (_, n) => ({ n })),
    );
    await until(() => runs.size === 1000, 60_000);
    // A moment more: a second run of any job would show now.
    await new Promise((r) => setTimeout(r, 1500));
    expect(runs.size).toBe(1000);
    expect([...runs.values()].every((c) => c === 1)).toBe(true);
    expect(byInstance[0]! + byInstance[1]!).toBe(1000);
    const summary = (await api('GET', '/api/admin/jobs/summary')).json();
    expect(summary.kinds.find((k: { kind: string }) => k.kind === 'test-count')).toMatchObject({
      done: 1000,
      queued: 0,
      failed: 0,
    });
  }, 90_000);

  it('retries a job that throws twice with growing delays, and it is done after 3 attempts', async () => {
    let calls = 0;
    await t.app.services.jobs.register(
      kind(
        'test-flaky',
        async () => {
          calls++;
          if (calls <= 2) throw new Error(`flaky ${calls}`);
        },
        { retryLimit: 3, retryDelaySeconds: 1, backoff: true },
      ),
    );
    const id = (await t.app.services.jobs.send('test-flaky', {}))!;
    const job = await until(async () => {
      const j = (await api('GET', `/api/admin/jobs/${id}`)).json();
      return j.state === 'done' ? j : null;
    }, 30_000);
    expect(calls).toBe(3);
    expect(job).toMatchObject({ kind: 'test-flaky', attempts: 3, maxAttempts: 4, error: null });
    expect(job.runs.map((r: { error: string | null }) => r.error)).toEqual([
      'flaky 1',
      'flaky 2',
      null,
    ]);
    // The backoff: each failure recorded when the next try was due, the second wait longer.
    const wait = (r: { finishedAt: string; nextTryAt: string }) =>
      Date.parse(r.nextTryAt) - Date.parse(r.finishedAt);
    expect(wait(job.runs[0])).toBeGreaterThanOrEqual(900);
    expect(wait(job.runs[1])).toBeGreaterThan(wait(job.runs[0]));
    expect(job.runs[2].nextTryAt).toBeNull();
  }, 40_000);

  it('fails a job that always throws after its limit, lists it as failed, and Retry runs it again', async () => {
    let healthy = false;
    let calls = 0;
    await t.app.services.jobs.register(
      kind(
        'test-broken',
        async () => {
          calls++;
          if (!healthy) throw new Error('the far end is down');
        },
        { retryLimit: 1, retryDelaySeconds: 1 },
      ),
    );
    const id = (await t.app.services.jobs.send('test-broken', { invoice: 7 }))!;
    const failed = await until(async () => {
      const list = (await api('GET', '/api/admin/jobs?state=failed&kind=test-broken')).json();
      return list.jobs.find((j: { id: string }) => j.id === id);
    }, 20_000);
    expect(calls).toBe(2);
    expect(failed).toMatchObject({
      state: 'failed',
      attempts: 2,
      maxAttempts: 2,
      error: 'the far end is down',
      nextTryAt: null,
    });

    // A plain person may not see or touch the queue.
    const bob = (await registerUser(t.app, { email: 'bob.jobs@test.local' })).accessToken;
    expect((await api('GET', '/api/admin/jobs?state=failed', bob)).statusCode).toBe(403);
    expect((await api('POST', `/api/admin/jobs/${id}/retry`, bob)).statusCode).toBe(403);

    healthy = true;
    const retried = await api('POST', `/api/admin/jobs/${id}/retry`);
    expect(retried.statusCode).toBe(200);
    const done = await until(async () => {
      const j = (await api('GET', `/api/admin/jobs/${id}`)).json();
      return j.state === 'done' ? j : null;
    }, 20_000);
    expect(calls).toBe(3);
    expect(done.runs).toHaveLength(3);
    expect(done.data).toEqual({ invoice: 7 });
    // A done job cannot be retried or cancelled; both were audited.
    expect((await api('POST', `/api/admin/jobs/${id}/retry`)).statusCode).toBe(409);
    expect((await api('POST', `/api/admin/jobs/${id}/cancel`)).statusCode).toBe(409);
    const audit = (await api('GET', '/api/admin/audit?action=job.retry')).json();
    expect(audit.entries[0]).toMatchObject({ action: 'job.retry', targetId: id });
  }, 40_000);

  it('cancels a waiting job so it never runs', async () => {
    let calls = 0;
    await t.app.services.jobs.register(kind('test-later', async () => void calls++));
    const id = (await t.app.services.jobs.send(
      'test-later',
      {},
      {
        startAfter: new Date(Date.now() + 60_000),
      },
    ))!;
    const cancelled = await api('POST', `/api/admin/jobs/${id}/cancel`);
    expect(cancelled.json()).toMatchObject({ state: 'cancelled' });
    expect(
      (await api('GET', '/api/admin/jobs/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    expect((await api('GET', '/api/admin/jobs?state=sleeping')).statusCode).toBe(400);
    expect(calls).toBe(0);
  });

  it('knows every product kind and its schedule', async () => {
    const summary = (await api('GET', '/api/admin/jobs/summary')).json();
    const kinds = Object.fromEntries(
      summary.kinds.map((k: { kind: string; schedule: string | null }) => [k.kind, k.schedule]),
    );
    expect(kinds).toMatchObject({
      'mail-delivery': null,
      'event-reminders': '* * * * *',
      'upload-sweep': '*/15 * * * *',
      'change-log-prune': '* * * * *',
    });
    expect(summary.workers).toBe(true);
  });
});
