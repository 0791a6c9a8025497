import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { roles, users } from '../../db/schema/core.js';
import { call, createTestApp, login, registerUser, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
let admin: string;
let person: { token: string; id: string; email: string };
let noMail: string;

const DAY = 86_400_000;
/** A "local day" as a browser would send it: here, the UTC day of now. */
const now = new Date();
const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
const dayEnd = new Date(dayStart.getTime() + DAY);
const todayUrl = (from = dayStart, to = dayEnd) =>
  `/api/today?from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;

const get = (token: string, url = todayUrl()) => call(t.app, token, { method: 'GET', url });
const post = (token: string, url: string, payload: object) =>
  call(t.app, token, { method: 'POST', url, payload });

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).accessToken;
  const email = 'tess.today@test.local';
  const registered = await registerUser(t.app, { email, firstName: 'Tess', lastName: 'Today' });
  // A fresh sign-in: the token of the registration predates the approval.
  person = {
    token: (await login(t.app, email, 'a-long-unusual-password')).accessToken,
    id: registered.user.id,
    email,
  };

  await t.database.db
    .insert(roles)
    .values({ name: 'no_mail', permissions: ['account:self', 'chat:read', 'kanban:read'] })
    .onConflictDoNothing();
  const other = await registerUser(t.app, { email: 'nomail@test.local' });
  await t.database.db.update(users).set({ role: 'no_mail' }).where(eq(users.id, other.user.id));
  t.app.services.permissions.invalidate();
  noMail = (await login(t.app, 'nomail@test.local', 'a-long-unusual-password')).accessToken;
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/today', () => {
  it('answers an administrator every section', async () => {
    const res = await get(admin);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([
      'calendar',
      'chat',
      'kanban',
      'mail',
      'notifications',
    ]);
    for (const key of ['mail', 'chat', 'kanban', 'calendar', 'notifications'])
      expect(body[key], key).not.toBeNull();
    expect(body.mail).toMatchObject({ unread: expect.any(Number), messages: expect.any(Array) });
    expect(body.notifications).toMatchObject({ unread: expect.any(Number) });
  });

  it('answers null for the sections the role does not grant', async () => {
    const res = await get(noMail);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.mail).toBeNull();
    expect(body.calendar).toBeNull();
    expect(body.chat).toMatchObject({ unread: 0, conversations: [] });
    expect(body.kanban).toMatchObject({ total: 0, cards: [] });
    expect(body.notifications).toMatchObject({ unread: expect.any(Number) });
  });

  it('lists an unread mail addressed to the person, and counts it', async () => {
    const before = (await get(person.token)).json().mail.unread as number;
    const sent = await post(admin, '/api/mail/send', {
      to: [person.email],
      subject: 'Agenda for today',
      message: '<p>See you at ten.</p>',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const body = (await get(person.token)).json();
    expect(body.mail.unread).toBe(before + 1);
    expect(body.mail.messages[0]).toMatchObject({
      subject: 'Agenda for today',
      fromEmail: expect.stringContaining('@'),
    });
    // Read, it leaves the card.
    const id = body.mail.messages[0].id as string;
    const read = await post(person.token, '/api/mail/update', {
      mailIds: [id],
      changes: { isUnread: false },
    });
    expect(read.statusCode, read.body).toBe(200);
    const after = (await get(person.token)).json().mail;
    expect(after.unread).toBe(before);
    expect(after.messages.map((m: { id: string }) => m.id)).not.toContain(id);
  });

  it('lists my cards due soon or overdue, not those due later, completed or not mine', async () => {
    const column = await post(admin, '/api/kanban/columns/new', { name: 'Today column' });
    expect(column.statusCode, column.body).toBe(201);
    const columnId = column.json().column.id as string;
    const card = async (name: string, dueInDays: number, extra: object = {}) => {
      const end = new Date(Date.now() + dueInDays * DAY).toISOString();
      const res = await post(admin, '/api/kanban/cards/new', {
        columnId,
        card: { name, due: { start: null, end }, assigneeIds: [person.id], ...extra },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().card.id as string;
    };
    const tomorrow = await card('Due tomorrow', 1);
    const late = await card('Overdue', -2);
    const later = await card('Due next month', 30);
    const done = await card('Done already', 1, { completed: true });
    const others = await card('Not mine', 1, { assigneeIds: [] });

    const body = (await get(person.token)).json();
    const ids = body.kanban.cards.map((c: { id: string }) => c.id);
    expect(ids).toEqual([late, tomorrow]);
    expect(body.kanban.total).toBe(2);
    expect(body.kanban.cards[0]).toMatchObject({
      name: 'Overdue',
      overdue: true,
      column: 'Today column',
    });
    expect(body.kanban.cards[1]).toMatchObject({ name: 'Due tomorrow', overdue: false });
    for (const id of [later, done, others]) expect(ids).not.toContain(id);
  });

  it('lists the events of the day where I am a guest or the owner, not others', async () => {
    const at = (hours: number) => new Date(dayStart.getTime() + hours * 3_600_000).toISOString();
    const event = async (title: string, start: string, end: string, guestIds: string[]) => {
      const res = await post(admin, '/api/calendar/events/new', {
        title,
        start,
        end,
        guestIds,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().event.id as string;
    };
    const guest = await event('Stand-up', at(9), at(10), [person.id]);
    const notInvited = await event('Board meeting', at(11), at(12), []);
    const yesterday = await event('Yesterday', at(-5), at(0), [person.id]);
    const tomorrow = await event('Tomorrow', at(33), at(34), [person.id]);
    const mine = await post(person.token, '/api/calendar/events/new', {
      title: 'My focus time',
      start: at(14),
      end: at(16),
    });
    expect(mine.statusCode, mine.body).toBe(201);

    const body = (await get(person.token)).json();
    const ids = body.calendar.events.map((e: { id: string }) => e.id);
    expect(ids).toEqual([guest, mine.json().event.id]);
    expect(body.calendar.total).toBe(2);
    expect(body.calendar.events[0]).toMatchObject({ title: 'Stand-up', allDay: false });
    for (const id of [notInvited, yesterday, tomorrow]) expect(ids).not.toContain(id);
    // The administrator owns the others, and sees them on their own day.
    const theirs = (await get(admin)).json().calendar.events.map((e: { id: string }) => e.id);
    expect(theirs).toEqual(expect.arrayContaining([guest, notInvited]));
  });

  it('shows the notifications, newest first, with the unread count', async () => {
    // Being invited above notified the person.
    const body = (await get(person.token)).json();
    expect(body.notifications.unread).toBeGreaterThan(0);
    expect(body.notifications.notifications.length).toBeGreaterThan(0);
    expect(body.notifications.notifications.length).toBeLessThanOrEqual(5);
  });

  it('refuses a missing, reversed or too long day with the field named, and strangers', async () => {
    const fields = (res: { json(): { details?: Array<{ field: string }> } }) =>
      (res.json().details ?? []).map((d) => d.field);
    const missing = await get(person.token, '/api/today');
    expect(missing.statusCode).toBe(400);
    expect(fields(missing)).toEqual(expect.arrayContaining(['from', 'to']));
    const reversed = await get(person.token, todayUrl(dayEnd, dayStart));
    expect(reversed.statusCode).toBe(400);
    expect(fields(reversed)).toEqual(['to']);
    const long = await get(
      person.token,
      todayUrl(dayStart, new Date(dayStart.getTime() + 3 * DAY)),
    );
    expect(long.statusCode).toBe(400);
    expect(fields(long)).toEqual(['to']);
    const anonymous = await t.app.inject({ method: 'GET', url: todayUrl() });
    expect(anonymous.statusCode).toBe(401);
  });
});
