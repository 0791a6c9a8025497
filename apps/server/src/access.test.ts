import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITED_PERMISSIONS, ROUTE_ACCESS, routeAccess, type Access } from '@bo/contract/access';
import { NOTIFICATION_EVENTS } from '@bo/contract/notifications';
import { REALTIME_EVENT_ACCESS, type RealtimeEventType } from '@bo/contract/realtime';
import { BUILTIN_ROLES, PERMISSIONS } from '@bo/contract/roles';
import { listen, signedIn } from '../test/sockets.js';
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
 * route cannot ship unprotected, and a persona cannot reach what its role does not grant. The
 * same for realtime events: each declared type reaches exactly the personas its permissions
 * allow, and an event type no area declares a permission for fails here.
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
        !k.includes(' /api/bench/') &&
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

const EVENT_PERSONAS = ['unverified', 'user', 'admin'] as const;
type EventPersona = (typeof EVENT_PERSONAS)[number];
const heldBy: Record<EventPersona, ReadonlySet<string>> = {
  unverified: new Set(LIMITED_PERMISSIONS),
  user: new Set(BUILTIN_ROLES.user),
  admin: new Set(PERMISSIONS),
};
const receives = (persona: EventPersona, type: RealtimeEventType) =>
  REALTIME_EVENT_ACCESS[type].some((p) => heldBy[persona].has(p));

describe('realtime events matrix', () => {
  it('declares who may receive every event type of every area (`*_EVENTS` of the contract)', async () => {
    const dir = fileURLToPath(new URL('../../../packages/contract/src/', import.meta.url));
    const declared: string[] = [];
    for (const file of readdirSync(dir).filter((f) => /^[\w-]+\.ts$/.test(f))) {
      const area = (await import(`${dir}${file}`)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(area))
        if (name.endsWith('_EVENTS') && value && typeof value === 'object')
          declared.push(...Object.values(value as Record<string, string>));
    }
    expect(declared.length).toBeGreaterThan(10);
    const undeclared = declared.filter((type) => !Object.hasOwn(REALTIME_EVENT_ACCESS, type));
    expect(undeclared).toEqual([]);
    for (const permissions of Object.values(REALTIME_EVENT_ACCESS)) {
      expect(permissions.length).toBeGreaterThan(0);
      for (const p of permissions) expect(PERMISSIONS).toContain(p);
    }
  });

  it('delivers each event type to exactly the personas its permissions allow, and an undeclared one to no one', async () => {
    const url = await listen(t.app);
    // Fresh sessions: the route walk may have signed the others out.
    const sockets = {
      admin: await signedIn(url, (await login(t.app)).accessToken),
      user: await signedIn(
        url,
        (await login(t.app, 'walker@test.local', 'a-long-unusual-password')).accessToken,
      ),
      unverified: await signedIn(
        url,
        (await login(t.app, 'fresh@test.local', 'a-long-unusual-password')).accessToken,
      ),
    };
    const types = Object.keys(REALTIME_EVENT_ACCESS) as RealtimeEventType[];
    const { events } = t.app.services;
    for (const type of types) await events.publish({ type, audience: 'all', payload: { type } });
    await events.publish({
      type: 'made.up' as RealtimeEventType,
      audience: 'all',
      payload: { type: 'made.up' },
    });
    // Published last, to everyone by name: once each socket has it, it has all it will get.
    const mark = randomUUID();
    const ids = Object.values(sockets).map((s) => s.received[0]!.userId!);
    await events.publish({ type: NOTIFICATION_EVENTS.changed, audience: ids, payload: { mark } });
    const wrong: string[] = [];
    for (const persona of EVENT_PERSONAS) {
      const socket = sockets[persona];
      await socket.next((m) => m.event?.payload.mark === mark);
      const got = new Set(
        socket.received.flatMap((m) =>
          m.event && typeof m.event.payload.type === 'string' ? [m.event.payload.type] : [],
        ),
      );
      if (got.has('made.up')) wrong.push(`${persona}: made.up received`);
      for (const type of types) {
        if (receives(persona, type) && !got.has(type)) wrong.push(`${persona}: ${type} missed`);
        if (!receives(persona, type) && got.has(type)) wrong.push(`${persona}: ${type} received`);
      }
      socket.socket.close();
    }
    expect(wrong).toEqual([]);
    // The matrix itself, as a table to read: the dashboards' events never reach a plain or
    // pending account.
    for (const type of ['banking.changed', 'booking.changed', 'orders.changed'] as const) {
      expect(EVENT_PERSONAS.filter((p) => receives(p, type))).toEqual(['admin']);
    }
    expect(EVENT_PERSONAS.filter((p) => receives(p, 'chat.presence'))).toEqual(['user', 'admin']);
  });
});
