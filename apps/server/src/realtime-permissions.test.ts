import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CHAT_EVENTS } from '@bo/contract/chat';
import { DASHBOARD_EVENTS } from '@bo/contract/dashboards';
import { NOTIFICATION_EVENTS } from '@bo/contract/notifications';
import {
  call,
  createTestApp,
  login,
  mailedCode,
  registerPending,
  registerUser,
  type TestApp,
} from '../test/helpers.js';
import { listen, signedIn, type Message } from '../test/sockets.js';

/**
 * Realtime events reach only the people their type declares (REALTIME_EVENT_ACCESS): the banking
 * and booking dashboards' events only those who see those dashboards, never a pending account;
 * and a pending account's presence is told to no one.
 */

type Socket = Awaited<ReturnType<typeof signedIn>>;
interface Person {
  id: string;
  token: string;
}

let t: TestApp;
let url: string;
let admin: Person;
let user: Person;
let pending: Person;
const pendingEmail = 'pending.socket@test.local';

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  const signedInAdmin = await login(t.app);
  admin = { id: signedInAdmin.user.id, token: signedInAdmin.accessToken };
  const full = await registerUser(t.app, { email: 'full.socket@test.local' });
  user = { id: full.user.id, token: full.accessToken };
  const fresh = await registerPending(t.app, { email: pendingEmail });
  pending = { id: fresh.user.id, token: fresh.accessToken };
  url = await listen(t.app);
}, 120_000);
afterAll(async () => {
  await t.close();
});

type Row = Record<string, unknown>;
const query = async <T extends Row>(q: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;

/**
 * Waits until every socket has heard an event published after everything before: the bus keeps
 * the order, so what a socket has not received by then, it was not sent.
 */
async function settle(pairs: Array<[Socket, Person]>) {
  const mark = randomUUID();
  await t.app.services.events.publish({
    type: NOTIFICATION_EVENTS.changed,
    audience: pairs.map(([, p]) => p.id),
    payload: { mark },
  });
  await Promise.all(pairs.map(([s]) => s.next((m) => m.event?.payload?.mark === mark)));
}

const typesOf = (s: Socket) => s.received.flatMap((m: Message) => (m.event ? [m.event.type] : []));

describe('dashboard events', () => {
  it('a booking move reaches only those who see the booking dashboard, not a plain or pending account', async () => {
    const sockets: Array<[Socket, Person]> = [
      [await signedIn(url, admin.token), admin],
      [await signedIn(url, user.token), user],
      [await signedIn(url, pending.token), pending],
    ];
    const [b] = await query<{ id: string }>(
      sql`SELECT id FROM bookings WHERE status = 'pending' ORDER BY created_at DESC LIMIT 1`,
    );
    const moved = await call(t.app, admin.token, {
      method: 'PATCH',
      url: `/api/booking/bookings/${b!.id}`,
      payload: { status: 'confirmed' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await sockets[0]![0].next((m) => m.event?.type === DASHBOARD_EVENTS.bookingChanged);
    await settle(sockets);
    expect(typesOf(sockets[1]![0])).not.toContain(DASHBOARD_EVENTS.bookingChanged);
    expect(typesOf(sockets[2]![0])).not.toContain(DASHBOARD_EVENTS.bookingChanged);
    for (const [s] of sockets) s.socket.close();
  });

  it('a transfer reaches only those who see the banking dashboard, not a plain or pending account', async () => {
    const sockets: Array<[Socket, Person]> = [
      [await signedIn(url, admin.token), admin],
      [await signedIn(url, user.token), user],
      [await signedIn(url, pending.token), pending],
    ];
    const accounts = (
      await call(t.app, admin.token, { method: 'GET', url: '/api/banking/accounts' })
    ).json().accounts as Array<{ id: string; currency: string }>;
    const usd = accounts.find((a) => a.currency === 'USD')!;
    const made = await call(t.app, admin.token, {
      method: 'POST',
      url: '/api/banking/transfers',
      payload: {
        fromAccountId: usd.id,
        contactId: user.id,
        amount: 100,
        currency: 'USD',
        idempotencyKey: randomUUID(),
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    await sockets[0]![0].next((m) => m.event?.type === DASHBOARD_EVENTS.bankingChanged);
    await settle(sockets);
    expect(typesOf(sockets[1]![0])).not.toContain(DASHBOARD_EVENTS.bankingChanged);
    expect(typesOf(sockets[2]![0])).not.toContain(DASHBOARD_EVENTS.bankingChanged);
    for (const [s] of sockets) s.socket.close();
  });
});

describe('presence', () => {
  const presenceOf = (s: Socket, userId: string) =>
    s.received.filter(
      (m) => m.event?.type === CHAT_EVENTS.presence && m.event.payload.userId === userId,
    );

  it('tells no one of a pending account, tells it no one’s, and starts once it is approved', async () => {
    // Someone whose sockets no earlier test opened, so their coming online is news.
    const { user: chatter, accessToken } = await registerUser(t.app, {
      email: 'chatter.socket@test.local',
    });
    const watcher = await signedIn(url, admin.token);
    const waiting = await signedIn(url, pending.token);
    const other = await signedIn(url, accessToken);
    // The full user's presence goes out (after the pending account's would have).
    await watcher.next(
      (m) => m.event?.type === CHAT_EVENTS.presence && m.event.payload.userId === chatter.id,
    );
    await settle([
      [watcher, admin],
      [waiting, pending],
    ]);
    expect(presenceOf(watcher, pending.id)).toEqual([]);
    expect(typesOf(waiting)).not.toContain(CHAT_EVENTS.presence);
    const rows = await query(sql`SELECT 1 FROM presence WHERE user_id = ${pending.id}`);
    expect(rows).toEqual([]);

    // Verified and approved: the socket's session is checked again, and it counts from then on.
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/account/verify',
      payload: { email: pendingEmail, code: await mailedCode(t.app, pendingEmail) },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const approved = await call(t.app, admin.token, {
      method: 'PATCH',
      url: `/api/users/${pending.id}`,
      payload: { status: 'active' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const online = await watcher.next(
      (m) => m.event?.type === CHAT_EVENTS.presence && m.event.payload.userId === pending.id,
    );
    expect(online.event!.payload.status).toBe('online');

    // And its socket closing is told too (the count stays right).
    waiting.socket.close();
    const offline = await watcher.next(
      (m) =>
        m.event?.type === CHAT_EVENTS.presence &&
        m.event.payload.userId === pending.id &&
        m.event.payload.status === 'offline',
    );
    expect(offline).toBeTruthy();
    watcher.socket.close();
    other.socket.close();
  });
});
