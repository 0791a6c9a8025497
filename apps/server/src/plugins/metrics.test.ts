import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/helpers.js';

/** Prometheus' scrape of /metrics: what a scraper reads after a few requests, and who may. */
const TOKEN = 'metrics-token-for-the-test-0123456789';

let t: TestApp;
let admin: { accessToken: string; user: { id: string } };

/** The value of the sample `name{…labels}` in a text exposition (labels: a subset that must match). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return null;
}

async function scrape(): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
}

beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN });
  admin = await login(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /metrics', () => {
  it('counts requests by route pattern, method and status, never by id', async () => {
    const one = `/api/users/${admin.user.id}`;
    for (let i = 0; i < 3; i++) {
      expect((await call(t.app, admin.accessToken, { method: 'GET', url: one })).statusCode).toBe(
        200,
      );
    }
    const missing = '/api/users/00000000-0000-4000-8000-000000000000';
    expect((await call(t.app, admin.accessToken, { method: 'GET', url: missing })).statusCode).toBe(
      404,
    );
    const text = await scrape();
    const labels = { route: '/api/users/:id', method: 'GET' };
    expect(sample(text, 'bo_http_requests_total', { ...labels, status: '200' })).toBe(3);
    expect(sample(text, 'bo_http_requests_total', { ...labels, status: '404' })).toBe(1);
    expect(
      sample(text, 'bo_http_request_duration_seconds_count', { ...labels, status: '200' }),
    ).toBe(3);
    expect(
      sample(text, 'bo_http_request_duration_seconds_bucket', {
        ...labels,
        status: '200',
        le: '+Inf',
      }),
    ).toBe(3);
    expect(text).not.toContain(admin.user.id);
    // The login above: a public route, counted like any other.
    expect(
      sample(text, 'bo_http_requests_total', { route: '/api/account/login', status: '200' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('shows the read cache: hits, misses, invalidations by route, and what it keeps', async () => {
    const url = '/api/products';
    const before = await scrape();
    const route = { route: url };
    const hits0 = sample(before, 'bo_read_cache_hits_total', route) ?? 0;
    const misses0 = sample(before, 'bo_read_cache_misses_total', route) ?? 0;
    const stale0 = sample(before, 'bo_read_cache_invalidations_total', route) ?? 0;

    const get = () => call(t.app, admin.accessToken, { method: 'GET', url });
    expect((await get()).headers['x-cache']).toBe('miss');
    expect((await get()).headers['x-cache']).toBe('hit');
    // A committed write to the answer's table makes the kept answer outdated.
    await t.database.query('UPDATE products SET name = name');
    expect((await get()).headers['x-cache']).toBe('miss');

    const after = await scrape();
    expect(sample(after, 'bo_read_cache_hits_total', route)).toBe(hits0 + 1);
    expect(sample(after, 'bo_read_cache_misses_total', route)).toBe(misses0 + 2);
    expect(sample(after, 'bo_read_cache_invalidations_total', route)).toBe(stale0 + 1);
    expect(sample(after, 'bo_read_cache_entries')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'bo_read_cache_bytes')).toBeGreaterThan(0);
    expect(sample(after, 'bo_read_cache_enabled')).toBe(1);
    // The change arrives as a notification on PostgreSQL: a moment after the commit.
    let changes = sample(after, 'bo_data_changes_total', { table: 'products' });
    for (let i = 0; i < 50 && changes === null; i++) {
      await new Promise((r) => setTimeout(r, 100));
      changes = sample(await scrape(), 'bo_data_changes_total', { table: 'products' });
    }
    expect(changes).toBeGreaterThanOrEqual(1);
  });

  it('shows the database, the realtime sockets, the stored bytes and the process', async () => {
    const text = await scrape();
    expect(sample(text, 'bo_db_statements_total')).toBeGreaterThan(0);
    expect(sample(text, 'bo_realtime_sockets')).toBe(0);
    expect(sample(text, 'bo_storage_bytes')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).not.toBeNull();
    expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
    if (t.database.kind === 'postgres') {
      expect(sample(text, 'bo_db_pool_connections', { state: 'idle' })).not.toBeNull();
    } else {
      // PGlite's WebAssembly heap starts at 128 MiB and only grows.
      expect(sample(text, 'bo_embedded_store_heap_bytes')).toBeGreaterThanOrEqual(128 * 2 ** 20);
    }
  });

  it('refuses a scraper without the token or with another one (401, the one error shape)', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect(none.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'A valid metrics token is required',
      code: 'UNAUTHORIZED',
    });
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
    // A person's sign-in token is not the metrics token.
    const person = await call(t.app, admin.accessToken, { method: 'GET', url: '/metrics' });
    expect(person.statusCode).toBe(401);
  });
});

describe('metrics off and on a port of their own', () => {
  it('has no /metrics without METRICS_TOKEN, yet keeps a registry others can add to', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(plain.app.metrics.served).toBe(false);
      expect(
        await plain.app.metrics.registry.getSingleMetricAsString('bo_http_requests_total'),
      ).toContain('bo_http_requests_total');
    } finally {
      await plain.close();
    }
  });

  it('serves them on METRICS_PORT, with the token when one is set, and not on the app port', async () => {
    const own = await createTestApp({ metricsPort: 0, metricsToken: TOKEN });
    try {
      await own.app.inject({ method: 'GET', url: '/api/health/live' });
      const port = own.app.metrics.port();
      expect(port).toBeGreaterThan(0);
      const base = `http://127.0.0.1:${port}`;
      const denied = await fetch(`${base}/metrics`);
      expect(denied.status).toBe(401);
      expect(await denied.json()).toMatchObject({ code: 'UNAUTHORIZED' });
      const ok = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(ok.status).toBe(200);
      expect(sample(await ok.text(), 'bo_http_requests_total', { route: '/api/health/live' })).toBe(
        1,
      );
      expect((await fetch(`${base}/other`)).status).toBe(404);
      expect((await own.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await own.close();
    }
  });

  it('keeps each app its own registry (two apps in one process do not clash)', async () => {
    const other = await createTestApp({ metricsToken: TOKEN });
    try {
      expect(other.app.metrics.registry).not.toBe(t.app.metrics.registry);
      const res = await other.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(sample(res.body, 'bo_http_requests_total', { route: '/api/users/:id' })).toBeNull();
    } finally {
      await other.close();
    }
  });
});
