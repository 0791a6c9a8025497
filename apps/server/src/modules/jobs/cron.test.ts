import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPeerApp, createTestApp, type TestApp } from '../../../test/helpers.js';

describe('a cron job on two instances', () => {
  let t: TestApp;
  let peer: { app: FastifyInstance; close(): Promise<void> };
  beforeAll(async () => {
    // Both instances look for due schedules every second, as eager as they can be.
    const jobs = { workers: true, pollSeconds: 0.5, cronSeconds: 1 };
    t = await createTestApp({ jobs });
    peer = await createPeerApp({ ...t, config: { ...t.config, jobs } });
  });
  afterAll(async () => {
    await peer?.close();
    await t?.close();
  });

  it('runs once per minute in all, not once per instance', async () => {
    const runs: Array<{ instance: number; minute: number }> = [];
    for (const [instance, app] of [t.app, peer.app].entries()) {
      await app.services.jobs.register({
        name: 'test-every-minute',
        retryLimit: 0,
        retryDelaySeconds: 0,
        backoff: false,
        timeoutSeconds: 30,
        cron: '* * * * *',
        handler: async () => void runs.push({ instance, minute: Math.floor(Date.now() / 60_000) }),
      });
    }
    // Two minute boundaries (at most two minutes), then a few seconds for a late duplicate.
    const end = Date.now() + 150_000;
    while (runs.length < 2 && Date.now() < end) await new Promise((r) => setTimeout(r, 250));
    await new Promise((r) => setTimeout(r, 4000));
    expect(runs).toHaveLength(2);
    expect(runs[1]!.minute).toBe(runs[0]!.minute + 1);
  }, 170_000);
});
