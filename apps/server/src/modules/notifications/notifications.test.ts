import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Notification } from '@bo/contract/notifications';
import {
  ADMIN,
  call,
  createTestApp,
  login,
  mailedCode,
  registerPending,
  registerUser,
  type TestApp,
} from '../../../test/helpers.js';
import { productBody } from '../../../test/fixtures.js';
import { listen, signedIn } from '../../../test/sockets.js';
import { sendNotificationDigests } from './digest.js';

/**
 * Notifications over HTTP on the demo data: each type reaches exactly the people it names (checked
 * against the roles in the database), a type turned off is not sent, a failed write notifies
 * nobody, and the tabs, reading and archiving work on one's own notifications only.
 */

let t: TestApp;
let admin: string;
let adminId: string;
/** A plain `user` role: reads orders (their own), no orders:write, no invoices. */
let ann: { token: string; id: string };
let bob: { token: string; id: string };
let productId: string;

type Row = Record<string, unknown>;
const query = async <T extends Row>(q: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;

/** Everyone stored as receiving a notification of this type about this record. */
async function recipients(type: string, recordId: string): Promise<string[]> {
  const list = await query<{ id: string }>(
    sql`SELECT recipient_id AS id FROM notifications WHERE type = ${type} AND record_id = ${recordId}`,
  );
  return list.map((r) => r.id).sort();
}
/** Active people whose role grants a permission, but the actor. */
async function holders(permission: string, except: string | null): Promise<string[]> {
  const list = await query<{ id: string }>(
    sql`SELECT u.id FROM users u JOIN roles r ON r.name = u.role
         WHERE ${permission} = ANY(r.permissions) AND u.status = 'active'
           AND u.id IS DISTINCT FROM ${except}::uuid`,
  );
  return list.map((r) => r.id).sort();
}

async function inbox(token: string, q = '') {
  const res = await call(t.app, token, { method: 'GET', url: `/api/notifications${q}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    notifications: Notification[];
    total: number;
    unreadCount: number;
    nextCursor: string | null;
  };
}

async function placeOrder(token: string) {
  const res = await call(t.app, token, {
    method: 'POST',
    url: '/api/orders',
    payload: {
      items: [{ productId, quantity: 1 }],
      billing: { name: 'Ann Buyer', phone: '+1 555 0100', address: '1 Main St' },
      delivery: 'standard',
      payment: 'card',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order as { id: string; number: number };
}

async function person(email: string, firstName: string) {
  const { user } = await registerUser(t.app, { email, firstName, lastName: 'Test' });
  return { token: (await login(t.app, email, 'a-long-unusual-password')).accessToken, id: user.id };
}

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  const signedIn = await login(t.app);
  admin = signedIn.accessToken;
  adminId = signedIn.user.id;
  ann = await person('ann@test.local', 'Ann');
  bob = await person('bob@test.local', 'Bob');
  const [p] = await query<{ id: string }>(
    sql`SELECT id FROM products WHERE published AND quantity > 100 LIMIT 1`,
  );
  productId = p!.id;
}, 180_000);
afterAll(async () => {
  await t.close();
});

describe('who is notified', () => {
  it('a new order reaches everyone who manages orders, live, and not the customer', async () => {
    const url = await listen(t.app);
    const socket = await signedIn(url, admin);
    const order = await placeOrder(ann.token);
    const expected = await holders('orders:write', ann.id);
    expect(expected).toContain(adminId);
    expect(await recipients('order.created', order.id)).toEqual(expected);
    const pushed = await socket.next(
      (m) => m.type === 'event' && m.event?.type === 'notification.created',
    );
    expect(pushed.event?.payload.type).toBe('order.created');
    socket.socket.close();

    const mine = await inbox(admin);
    const item = mine.notifications.find((n) => n.recordId === order.id)!;
    expect(item).toMatchObject({
      type: 'order.created',
      title: `#${order.number}`,
      link: `/dashboard/e-commerce/orders/${order.id}`,
      readAt: null,
      actor: { id: ann.id },
    });
    expect(mine.unreadCount).toBeGreaterThan(0);
    expect((await inbox(ann.token)).notifications.some((n) => n.recordId === order.id)).toBe(false);
  });

  it("an order's new status reaches its customer only", async () => {
    const order = await placeOrder(ann.token);
    const res = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/orders/${order.id}`,
      payload: { status: 'completed' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await recipients('order.status', order.id)).toEqual([ann.id]);
    const [n] = (await inbox(ann.token)).notifications.filter((x) => x.type === 'order.status');
    expect(n).toMatchObject({ body: 'completed', recordId: order.id });
  });

  it('a refused order notifies nobody', async () => {
    const before = await query<{ n: number }>(sql`SELECT count(*)::int AS n FROM notifications`);
    const res = await call(t.app, ann.token, {
      method: 'POST',
      url: '/api/orders',
      payload: {
        items: [{ productId, quantity: 1_000_000 }],
        billing: { name: 'Ann', phone: '+1 555 0100', address: '1 Main St' },
        delivery: 'standard',
        payment: 'card',
      },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    const after = await query<{ n: number }>(sql`SELECT count(*)::int AS n FROM notifications`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('a type turned off in my settings is not sent; turned on again, it is', async () => {
    const off = await call(t.app, admin, {
      method: 'PATCH',
      url: '/api/account/my-account/',
      payload: { notificationPrefs: { 'order.created': false } },
    });
    expect(off.statusCode, off.body).toBe(200);
    const quiet = await placeOrder(ann.token);
    const got = await recipients('order.created', quiet.id);
    expect(got).not.toContain(adminId);
    expect(got).toEqual((await holders('orders:write', ann.id)).filter((id) => id !== adminId));
    await call(t.app, admin, {
      method: 'PATCH',
      url: '/api/account/my-account/',
      payload: { notificationPrefs: { 'order.created': true } },
    });
    expect(await recipients('order.created', (await placeOrder(ann.token)).id)).toContain(adminId);
  });

  it('a card assigned to me, a comment on it and a mention reach the right people', async () => {
    const column = await call(t.app, admin, {
      method: 'POST',
      url: '/api/kanban/columns/new',
      payload: { name: 'Notify' },
    });
    expect(column.statusCode, column.body).toBe(201);
    const created = await call(t.app, admin, {
      method: 'POST',
      url: '/api/kanban/cards/new',
      payload: {
        columnId: column.json().column.id,
        card: { name: 'Ship it', assigneeIds: [ann.id] },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const cardId = created.json().card.id as string;
    expect(await recipients('kanban.assigned', cardId)).toEqual([ann.id]);

    // Bob added later: only he hears of it now.
    const updated = await call(t.app, admin, {
      method: 'POST',
      url: '/api/kanban/cards/update',
      payload: { cardId, card: { assigneeIds: [ann.id, bob.id] } },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await recipients('kanban.assigned', cardId)).toEqual([ann.id, bob.id].sort());

    // Ann comments naming Bob: Bob gets a mention (not also a comment), the reporter (admin) a
    // comment, Ann nothing.
    const [bobSlug] = await query<{ slug: string }>(
      sql`SELECT slug FROM users WHERE id = ${bob.id}`,
    );
    const comment = await call(t.app, ann.token, {
      method: 'POST',
      url: '/api/kanban/cards/comment',
      payload: { cardId, message: `Can you check, @${bobSlug!.slug}?` },
    });
    expect(comment.statusCode, comment.body).toBe(201);
    expect(await recipients('mention', cardId)).toEqual([bob.id]);
    expect(await recipients('kanban.comment', cardId)).toEqual([adminId]);
  });

  it('an event invitation reaches each newly invited guest once, never the owner', async () => {
    const start = new Date(Date.now() + 3 * 86_400_000);
    const created = await call(t.app, admin, {
      method: 'POST',
      url: '/api/calendar/events/new',
      payload: {
        title: 'Quarterly review',
        start: start.toISOString(),
        end: new Date(start.getTime() + 3_600_000).toISOString(),
        guestIds: [ann.id, adminId, ann.id],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const event = created.json().event as { id: string; guests: Array<{ id: string }> };
    // The owner is no guest of their own event, and Ann is listed once.
    expect(event.guests.map((g) => g.id)).toEqual([ann.id]);
    expect(await recipients('calendar.invited', event.id)).toEqual([ann.id]);
    const [note] = (await inbox(ann.token)).notifications.filter((n) => n.recordId === event.id);
    expect(note).toMatchObject({
      type: 'calendar.invited',
      title: 'Quarterly review',
      body: start.toISOString(),
      link: `/dashboard/calendar?date=${start.toISOString().slice(0, 10)}&event=${event.id}`,
      actor: { id: adminId },
    });

    const update = (guestIds: string[]) =>
      call(t.app, admin, {
        method: 'POST',
        url: '/api/calendar/events/update',
        payload: { eventId: event.id, event: { guestIds } },
      });
    // Bob added: only he hears of it; the same list again tells nobody anything new.
    expect((await update([ann.id, bob.id])).statusCode).toBe(200);
    expect(await recipients('calendar.invited', event.id)).toEqual([ann.id, bob.id].sort());
    expect((await update([bob.id, ann.id])).statusCode).toBe(200);
    expect(await recipients('calendar.invited', event.id)).toEqual([ann.id, bob.id].sort());

    // Someone who is not an active account cannot be invited, and nothing is half-written.
    const refused = await update([bob.id, '00000000-0000-4000-8000-000000000000']);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      expect.objectContaining({ field: 'guestIds', code: 'unknown_user' }),
    ]);
    const got = await call(t.app, admin, {
      method: 'GET',
      url: `/api/calendar/events?start=${start.toISOString()}&end=${start.toISOString()}`,
    });
    const listed = (got.json().events as Array<{ id: string; guests: Array<{ id: string }> }>).find(
      (e) => e.id === event.id,
    )!;
    expect(listed.guests.map((g) => g.id).sort()).toEqual([ann.id, bob.id].sort());

    // A guest suspended since stays on the list: the event can still be saved as it is.
    await query(sql`UPDATE users SET status = 'banned' WHERE id = ${bob.id}`);
    try {
      expect((await update([bob.id, ann.id])).statusCode).toBe(200);
    } finally {
      await query(sql`UPDATE users SET status = 'active' WHERE id = ${bob.id}`);
    }
  });

  it('a paid invoice reaches the people who read invoices', async () => {
    const [party] = await query<{ id: string }>(
      sql`SELECT id FROM invoice_parties WHERE kind = 'customer' LIMIT 1`,
    );
    const made = await call(t.app, admin, {
      method: 'POST',
      url: '/api/invoices',
      payload: {
        status: 'sent',
        customerId: party!.id,
        items: [{ title: 'Design', quantity: 1, price: 5000, taxRate: 0 }],
        currency: 'USD',
        dueDate: new Date(Date.now() + 86_400_000 * 10).toISOString().slice(0, 10),
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const invoice = made.json().invoice as { id: string; total: number };
    const paid = await call(t.app, admin, {
      method: 'POST',
      url: `/api/invoices/${invoice.id}/payments`,
      payload: {
        amount: invoice.total,
        paidAt: new Date().toISOString().slice(0, 10),
        method: 'bank_transfer',
        reference: 'N-1',
      },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const got = await recipients('invoice.paid', invoice.id);
    expect(got).toEqual(await holders('invoices:read', adminId));
    expect(got).not.toContain(ann.id);
  });

  it('a verified registration waiting for approval reaches the people who approve accounts', async () => {
    const { user } = await registerPending(t.app, { email: 'newcomer@test.local' });
    expect(await recipients('registration.pending', user.id)).toEqual([]);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/account/verify',
      payload: {
        email: 'newcomer@test.local',
        code: await mailedCode(t.app, 'newcomer@test.local'),
      },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const got = await recipients('registration.pending', user.id);
    expect(got).toEqual(await holders('users:write', user.id));
    expect(got).toContain(adminId);
  });

  it('a sign-in from a new browser reaches me, a known one does not', async () => {
    const signIn = (agent: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/account/login',
        headers: { 'user-agent': agent },
        payload: { email: 'bob@test.local', password: 'a-long-unusual-password' },
      });
    const count = async () =>
      (
        await query<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM notifications WHERE type = 'signin.new_device' AND recipient_id = ${bob.id}`,
        )
      )[0]!.n;
    const before = await count();
    expect((await signIn('Firefox/140 on a new laptop')).statusCode).toBe(200);
    expect(await count()).toBe(before + 1);
    expect((await signIn('Firefox/140 on a new laptop')).statusCode).toBe(200);
    expect(await count()).toBe(before + 1);
    const [n] = (await inbox(bob.token)).notifications.filter(
      (x) => x.type === 'signin.new_device',
    );
    expect(n!.title).toBe('Firefox/140 on a new laptop');
  });
});

describe('my notifications', () => {
  it('pages newest first, reads, archives and reads all, on my own only', async () => {
    for (let i = 0; i < 3; i++) await placeOrder(ann.token);
    const all = await inbox(admin, '?limit=2');
    expect(all.notifications).toHaveLength(2);
    expect(all.nextCursor).not.toBeNull();
    const next = await inbox(admin, `?limit=2&cursor=${all.nextCursor}`);
    expect(next.notifications[0]!.createdAt <= all.notifications[1]!.createdAt).toBe(true);
    expect(next.notifications.map((n) => n.id)).not.toContain(all.notifications[1]!.id);

    const first = all.notifications[0]!;
    const read = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/notifications/${first.id}`,
      payload: { read: true },
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().notification.readAt).not.toBeNull();
    expect((await inbox(admin)).unreadCount).toBe(all.unreadCount - 1);
    expect((await inbox(admin, '?tab=unread')).notifications.map((n) => n.id)).not.toContain(
      first.id,
    );

    const archived = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/notifications/${first.id}`,
      payload: { archived: true },
    });
    expect(archived.statusCode).toBe(200);
    const tab = await inbox(admin, '?tab=archived');
    expect(tab.notifications.map((n) => n.id)).toEqual([first.id]);
    expect(tab.total).toBe(1);
    expect((await inbox(admin)).notifications.map((n) => n.id)).not.toContain(first.id);

    // Someone else's notification is not found, and unchanged.
    const theirs = await call(t.app, ann.token, {
      method: 'PATCH',
      url: `/api/notifications/${all.notifications[1]!.id}`,
      payload: { read: true },
    });
    expect(theirs.statusCode).toBe(404);
    const empty = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/notifications/${first.id}`,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);

    const readAll = await call(t.app, admin, {
      method: 'POST',
      url: '/api/notifications/read-all',
    });
    expect(readAll.statusCode).toBe(200);
    expect(readAll.json().updated).toBe(all.unreadCount - 1);
    expect((await inbox(admin)).unreadCount).toBe(0);
    expect((await inbox(admin, '?tab=unread')).total).toBe(0);
  });

  it('refuses a cursor it did not make and an unknown tab, naming the field', async () => {
    const bad = await call(t.app, admin, { method: 'GET', url: '/api/notifications?cursor=zzz' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('cursor');
    const tab = await call(t.app, admin, { method: 'GET', url: '/api/notifications?tab=spam' });
    expect(tab.statusCode).toBe(400);
    expect(tab.body).toContain('tab');
  });

  it('mails a digest of unread notifications to who asked for it, each one once', async () => {
    const mails = async (to: string) =>
      query<{ subject: string; text: string }>(
        sql`SELECT subject, text FROM outbox WHERE "to" = ${to} ORDER BY created_at, id`,
      );
    const digest = () =>
      sendNotificationDigests(t.database, t.app.services.mailer, {
        publicUrl: 'https://bo.example',
      });
    const on = await call(t.app, admin, {
      method: 'PATCH',
      url: '/api/account/my-account/',
      payload: { notificationPrefs: { emailDigest: true } },
    });
    expect(on.statusCode, on.body).toBe(200);
    // What was read before is not news.
    await call(t.app, admin, { method: 'POST', url: '/api/notifications/read-all' });
    await digest();
    const order = await placeOrder(ann.token);
    const before = (await mails(ADMIN.email)).length;
    const annBefore = (await mails('ann@test.local')).length;

    const first = await digest();
    expect(first.sent).toBeGreaterThanOrEqual(1);
    const adminMails = await mails(ADMIN.email);
    expect(adminMails).toHaveLength(before + 1);
    const mail = adminMails.at(-1)!;
    expect(mail.subject).toBe('1 unread notification');
    expect(mail.text).toContain(`New order #${order.number}`);
    expect(mail.text).toContain(`https://bo.example/dashboard/e-commerce/orders/${order.id}`);
    // Ann did not ask for it.
    expect(await mails('ann@test.local')).toHaveLength(annBefore);

    // Nothing new: no second mail; a new one read before the run is not mailed either.
    await digest();
    await placeOrder(ann.token);
    await call(t.app, admin, { method: 'POST', url: '/api/notifications/read-all' });
    await digest();
    expect(await mails(ADMIN.email)).toHaveLength(before + 1);

    await call(t.app, admin, {
      method: 'PATCH',
      url: '/api/account/my-account/',
      payload: { notificationPrefs: { emailDigest: false } },
    });
  });

  it('answers 401 signed out', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    expect(ADMIN.email).toBe('admin@test.local');
  });
});

describe('GET /api/search', () => {
  const search = async (token: string, q: string) => {
    const res = await call(t.app, token, {
      method: 'GET',
      url: `/api/search?q=${encodeURIComponent(q)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().results as Array<{
      type: string;
      id: string;
      title: string;
      subtitle: string;
      link: string;
    }>;
  };

  it('finds an order by its number and opens it', async () => {
    const order = await placeOrder(bob.token);
    const results = await search(admin, `#${order.number}`);
    expect(results[0]).toMatchObject({
      type: 'order',
      id: order.id,
      title: `#${order.number}`,
      link: `/dashboard/e-commerce/orders/${order.id}`,
    });
  });

  it("never shows a record the person cannot open: another's order, invoices without the right", async () => {
    const order = await placeOrder(bob.token);
    expect((await search(ann.token, String(order.number))).some((r) => r.id === order.id)).toBe(
      false,
    );
    expect((await search(bob.token, String(order.number))).map((r) => r.id)).toContain(order.id);

    const [invoice] = await query<{ number: string }>(
      sql`SELECT invoice_number AS number FROM invoices WHERE invoice_number IS NOT NULL LIMIT 1`,
    );
    expect((await search(admin, invoice!.number)).some((r) => r.type === 'invoice')).toBe(true);
    expect((await search(ann.token, invoice!.number)).some((r) => r.type === 'invoice')).toBe(
      false,
    );
  });

  it('finds people, products and posts by their name, in any case; drafts stay their author’s', async () => {
    const [product] = await query<{ name: string; id: string }>(
      sql`SELECT id, name FROM products WHERE published LIMIT 1`,
    );
    const found = await search(ann.token, product!.name.toUpperCase());
    expect(found.filter((r) => r.type === 'product').map((r) => r.id)).toContain(product!.id);
    const people = await search(admin, 'bob@test');
    expect(people).toContainEqual(
      expect.objectContaining({ type: 'user', id: bob.id, link: `/dashboard/user/${bob.id}/edit` }),
    );

    const [draft] = await query<{ id: string; title: string }>(
      sql`SELECT id, title FROM blog_posts WHERE status = 'draft' AND length(title) > 8 LIMIT 1`,
    );
    if (draft) {
      expect((await search(admin, draft.title)).map((r) => r.id)).toContain(draft.id);
      expect((await search(ann.token, draft.title)).map((r) => r.id)).not.toContain(draft.id);
    }
  });

  it('answers from its cache until a table it reads changes, then finds the new record', async () => {
    const name = 'Zanzibar ceramic mug';
    expect((await search(admin, 'zanzibar')).filter((r) => r.type === 'product')).toEqual([]);
    const made = await call(t.app, admin, {
      method: 'POST',
      url: '/api/products',
      payload: productBody({ name, code: 'ZZ-1', price: 12, quantity: 3, published: true }),
    });
    expect(made.statusCode, made.body).toBe(201);
    const found = await search(admin, 'zanzibar');
    expect(found.filter((r) => r.type === 'product').map((r) => r.title)).toEqual([name]);
  });

  it('asks for something to search', async () => {
    const res = await call(t.app, admin, { method: 'GET', url: '/api/search?q=' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('q');
  });
});
