import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_ACCESS, routeAccess, type Access } from '@bo/contract/access';
import { BUILTIN_ROLES } from '@bo/contract/roles';
import {
  call,
  createTestApp,
  login,
  registerPending,
  registerUser,
  type TestApp,
} from '../test/helpers.js';

/**
 * Walks every route of the OpenAPI document as anonymous, unverified, plain user and
 * administrator, and fails on any answer the contract's access matrix does not allow — so a new
 * route cannot ship unprotected, and a persona cannot reach what its role does not grant.
 */

type Persona = 'anonymous' | 'unverified' | 'user' | 'admin';
interface Route {
  method: string;
  path: string;
  key: string;
}

let t: TestApp;
const tokens: Partial<Record<Persona, string>> = {};
let routes: Route[] = [];
const ANY_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = (await login(t.app)).accessToken;
  tokens.user = (await registerUser(t.app, { email: 'walker@test.local' })).accessToken;
  tokens.unverified = (await registerPending(t.app, { email: 'fresh@test.local' })).accessToken;
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((m) => ({
      method: m.toUpperCase(),
      path,
      key: `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
    })),
  );
  // Signing out ends the session the walk uses: last.
  routes.sort((a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')));
});
afterAll(async () => {
  await t.close();
});

const allowedTo = (persona: Persona, access: Access): boolean => {
  if (access === 'public') return true;
  if (persona === 'anonymous') return false;
  if (persona === 'unverified') return access === 'account:self';
  if (persona === 'user') return (BUILTIN_ROLES.user as readonly string[]).includes(access);
  return true;
};

describe('access matrix', () => {
  it('covers every route of the OpenAPI document, and names no route that does not exist', () => {
    expect(routes.length).toBeGreaterThan(50);
    const missing = routes.filter((r) => !routeAccess(r.method, r.key.split(' ')[1]!));
    expect(missing.map((r) => r.key)).toEqual([]);
    const documented = new Set(routes.map((r) => r.key));
    // Hidden from the document on purpose: the socket, the document itself, bench-only routes.
    const stale = Object.keys(ROUTE_ACCESS).filter(
      (k) =>
        !documented.has(k) &&
        !['GET /api/realtime', 'GET /api/openapi.json'].includes(k) &&
        !k.startsWith('GET /api/bench/') &&
        // The tus protocol's routes speak tus, not JSON: tested in files.test.ts.
        !k.includes(' /api/files/tus'),
    );
    expect(stale).toEqual([]);
  });

  for (const persona of ['anonymous', 'unverified', 'user', 'admin'] as const) {
    it(`answers ${persona} exactly what the matrix allows, and never a 5xx`, async () => {
      const wrong: string[] = [];
      for (const route of routes) {
        const access = routeAccess(route.method, route.key.split(' ')[1]!)!;
        const url = route.path.replace(/\{\w+\}/g, ANY_ID);
        const options = {
          method: route.method as 'GET',
          url,
          ...(route.method === 'GET' ? {} : { payload: {} }),
        };
        const token = tokens[persona];
        const res = token ? await call(t.app, token, options) : await t.app.inject(options);
        const refused = res.statusCode === 401 || res.statusCode === 403;
        const expected = allowedTo(persona, access);
        if (res.statusCode >= 500) wrong.push(`${route.key}: ${res.statusCode}`);
        else if (expected && refused) wrong.push(`${route.key}: refused ${res.statusCode}`);
        else if (!expected && !refused) wrong.push(`${route.key}: allowed ${res.statusCode}`);
        else if (!expected && persona === 'anonymous' && res.statusCode !== 401)
          wrong.push(`${route.key}: ${res.statusCode} instead of 401`);
        else if (!expected && persona === 'unverified') {
          // The refusal says why, so the screen can tell the person what to do.
          if (res.json().code !== 'ACCOUNT_UNVERIFIED') wrong.push(`${route.key}: ${res.body}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }
});
