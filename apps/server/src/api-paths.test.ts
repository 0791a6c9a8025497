import type * as FastifyModule from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROUTE_ACCESS } from '@bo/contract/access';
import { API } from '@bo/contract/api-paths';
import { ALL_API_PATTERNS } from '@bo/contract/api-patterns';
import { ORDERS_API } from '@bo/contract/orders';
import { createTestApp, type TestApp } from '../test/helpers.js';

/**
 * Every API path has one home, the contract's path tables: the server registers its routes from
 * them and the web calls them through them. This walks what the server really registers (every
 * plugin included, bench routes on) and fails where it and the tables disagree.
 */

const registered = vi.hoisted(() => [] as Array<{ method: string; url: string }>);

// An onRoute hook on the instance before anything is registered on it: the only place that sees
// every route, whichever plugin adds it and however its path was spelt.
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof FastifyModule>();
  const observed = ((options?: Parameters<typeof actual.default>[0]) => {
    const app = actual.default(options);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url });
    });
    return app;
  }) as typeof actual.default;
  return { ...actual, default: observed, fastify: observed };
});

/** @fastify/swagger-ui's own assets under the reference page's prefix (the prefix is API.docs). */
const isDocsAsset = (url: string) => url.startsWith(`${API.docs}/`);

let t: TestApp;

beforeAll(async () => {
  vi.stubEnv('BENCH_ROUTES', '1');
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
  vi.unstubAllEnvs();
});

describe('API paths', () => {
  it('registers every route under /api/ with a pattern of the contract’s tables', () => {
    const patterns = new Set(ALL_API_PATTERNS);
    const api = registered.filter((r) => r.url.startsWith('/api/') && !isDocsAsset(r.url));
    expect(api.length).toBeGreaterThan(150);
    const strays = api.filter((r) => !patterns.has(r.url)).map((r) => `${r.method} ${r.url}`);
    expect(strays).toEqual([]);
  });

  it('serves every pattern of the tables (no stale entry)', () => {
    const served = new Set(registered.map((r) => r.url));
    expect(ALL_API_PATTERNS.filter((p) => !served.has(p))).toEqual([]);
  });

  it('keys the access matrix by the tables’ patterns', () => {
    const patterns = new Set(ALL_API_PATTERNS);
    const unknown = Object.keys(ROUTE_ACCESS).filter((key) => !patterns.has(key.split(' ')[1]!));
    expect(unknown).toEqual([]);
  });

  it('builds the client’s path from the same pattern the server registers', async () => {
    expect(ORDERS_API.one.pattern).toBe('/api/orders/:id');
    expect(registered).toContainEqual({ method: 'GET', url: ORDERS_API.one.pattern });
    const res = await t.app.inject({ method: 'GET', url: ORDERS_API.one('not-a-uuid') });
    // Reached the route (and its auth), not the JSON 404 of an unknown path.
    expect(res.statusCode).toBe(401);
  });
});
