import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { roles, users } from '../db/schema/core.js';
import {
  call,
  createPeerApp,
  createTestApp,
  login,
  registerUser,
  type TestApp,
} from '../../test/helpers.js';
import { connect, listen, signedIn } from '../../test/sockets.js';

let t: TestApp;
let peer: Awaited<ReturnType<typeof createPeerApp>>;
let admin: string;
let peerUrl: string;
let firstUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).accessToken;
  firstUrl = await listen(t.app);
  peer = await createPeerApp(t);
  peerUrl = await listen(peer.app);
});
afterAll(async () => {
  await peer.close();
  await t.close();
});

describe('realtime socket', () => {
  it('a kanban move made through one instance reaches a socket on the other (LISTEN/NOTIFY)', async () => {
    const socket = await signedIn(peerUrl, admin);
    const column = (
      await call(t.app, admin, {
        method: 'POST',
        url: '/api/kanban/columns/new',
        payload: { name: 'Live' },
      })
    ).json().column;
    const card = (
      await call(t.app, admin, {
        method: 'POST',
        url: '/api/kanban/cards/new',
        payload: { columnId: column.id, card: { name: 'moving' } },
      })
    ).json().card;
    const started = Date.now();
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/kanban/cards/move',
      payload: { cardId: card.id, toColumnId: column.id, toIndex: 0 },
    });
    const moved = await socket.next((m) => m.event?.type === 'kanban.card.moved');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(moved.event!.payload).toMatchObject({
      cardId: card.id,
      fromColumnId: column.id,
      toColumnId: column.id,
      toIndex: 0,
    });
    expect(
      socket.received.some(
        (m) => m.event?.type === 'kanban.board.changed' && m.event.payload.what === 'card.created',
      ),
    ).toBe(true);
    socket.socket.close();
  });

  it('calendar changes reach sockets on the same instance, by ?token= too', async () => {
    const c = connect(`${firstUrl}?token=${encodeURIComponent(admin)}`);
    await c.next((m) => m.type === 'ready');
    const res = await call(t.app, admin, {
      method: 'POST',
      url: '/api/calendar/events/new',
      payload: {
        title: 'Live',
        start: '2030-01-01T10:00:00.000Z',
        end: '2030-01-01T11:00:00.000Z',
      },
    });
    const message = await c.next((m) => m.event?.type === 'calendar.event.created');
    expect(message.event!.payload).toMatchObject({ eventId: res.json().event.id });
    c.socket.close();
  });

  it('refuses a bad token and a signed-out session with 4401, and delivers nothing before sign-in', async () => {
    const bad = connect(firstUrl);
    await bad.opened;
    bad.socket.send(JSON.stringify({ type: 'auth', token: 'not-a-token' }));
    expect((await bad.closed).code).toBe(4401);

    const { accessToken } = await login(t.app);
    await call(t.app, accessToken, { method: 'POST', url: '/api/account/logout', payload: {} });
    const ended = connect(firstUrl);
    await ended.opened;
    ended.socket.send(JSON.stringify({ type: 'auth', token: accessToken }));
    expect((await ended.closed).code).toBe(4401);

    const silent = connect(firstUrl);
    await silent.opened;
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/kanban/columns/new',
      payload: { name: 'Quiet' },
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(silent.received).toEqual([]);
    silent.socket.close();
  });

  it('delivers an area’s events only to people who may read that area', async () => {
    await t.database.db
      .insert(roles)
      .values({ name: 'no_kanban', permissions: ['account:self', 'calendar:read'] });
    const { accessToken, user } = await registerUser(t.app, { email: 'nokanban@test.local' });
    await t.database.db.update(users).set({ role: 'no_kanban' }).where(eq(users.id, user.id));
    t.app.services.permissions.invalidate();
    peer.app.services.permissions.invalidate();
    const c = await signedIn(peerUrl, accessToken);
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/kanban/columns/new',
      payload: { name: 'Hidden' },
    });
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/calendar/events/new',
      payload: {
        title: 'Visible',
        start: '2030-01-02T10:00:00.000Z',
        end: '2030-01-02T11:00:00.000Z',
      },
    });
    await c.next((m) => m.event?.type === 'calendar.event.created');
    expect(c.received.some((m) => m.event?.type.startsWith('kanban.'))).toBe(false);
    c.socket.close();
  });

  it('answers ping with pong', async () => {
    const c = await signedIn(firstUrl, admin);
    c.socket.send(JSON.stringify({ type: 'ping' }));
    await c.next((m) => m.type === 'pong');
    c.socket.close();
  });

  it('closes a suspended person’s socket as soon as the suspension commits, on every instance', async () => {
    const { accessToken, user } = await registerUser(t.app, { email: 'suspended@test.local' });
    const onPeer = await signedIn(peerUrl, accessToken);
    const onFirst = await signedIn(firstUrl, accessToken);
    const started = Date.now();
    const res = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      payload: { status: 'banned' },
    });
    expect(res.statusCode).toBe(200);
    expect((await onFirst.closed).code).toBe(4401);
    expect((await onPeer.closed).code).toBe(4401);
    // Not at the next minute's recheck: at once.
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses an upgrade from another site’s page (Origin), and accepts its own', async () => {
    const foreign = connect(firstUrl, { origin: 'https://evil.example' });
    await expect(foreign.opened).rejects.toThrow(/403/);
    const own = connect(firstUrl, {
      origin: firstUrl.replace('ws://', 'http://').replace('/api/realtime', ''),
    });
    await own.opened;
    own.socket.close();
  });
});

describe('request log', () => {
  it('never writes a socket token from the URL', async () => {
    const lines: string[] = [];
    const logged = await createTestApp();
    const { buildApp } = await import('../app.js');
    const { loggerOptions } = await import('../lib/log.js');
    const stream = { write: (line: string) => void lines.push(line) };
    const app = await buildApp({
      config: logged.config,
      database: logged.database,
      // Every request is logged at debug (at info only failed and slow ones are).
      logger: { ...(loggerOptions('debug') as object), stream },
    });
    try {
      const url = await listen(app);
      const token = (await login(app)).accessToken;
      const c = connect(`${url}?token=${encodeURIComponent(token)}`);
      await c.next((m) => m.type === 'ready');
      c.socket.close();
      const all = lines.join('');
      expect(all).toContain('/api/realtime?token=[redacted]');
      expect(all).not.toContain(token);
    } finally {
      await app.close();
      await logged.close();
    }
  });
});
