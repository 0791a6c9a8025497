import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { roles, users } from '../../db/schema/core.js';
import { call, createTestApp, login, registerUser, type TestApp } from '../../../test/helpers.js';
import { sendEventReminders } from './queries.js';

let t: TestApp;
let admin: string;
let viewer: string;
let outsider: string;

/** A person whose role holds only the given permissions. */
async function personWith(email: string, role: string, permissions: string[]) {
  await t.database.db.insert(roles).values({ name: role, permissions }).onConflictDoNothing();
  const { accessToken, user } = await registerUser(t.app, { email });
  await t.database.db.update(users).set({ role }).where(eq(users.id, user.id));
  t.app.services.permissions.invalidate();
  return accessToken;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).accessToken;
  viewer = await personWith('viewer@test.local', 'calendar_viewer', [
    'account:self',
    'calendar:read',
  ]);
  outsider = await personWith('outsider@test.local', 'outsider', ['account:self']);
});
afterAll(async () => {
  await t.close();
});

const event = {
  title: 'Sprint review',
  description: 'Demo of the sprint',
  color: '#00A76F',
  allDay: false,
  start: '2030-03-10T09:00:00.000Z',
  end: '2030-03-10T10:30:00.000Z',
};

const create = (body: unknown, token = admin) =>
  call(t.app, token, { method: 'POST', url: '/api/calendar/events/new', payload: body as object });
const fields = (res: { json(): { details?: Array<{ field: string; code: string }> } }) =>
  (res.json().details ?? []).map((d) => d.field);

describe('POST /api/calendar/events/new', () => {
  it('creates an event owned by the caller and answers { event }', async () => {
    const res = await create(event);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.event).toMatchObject({ ...event, owner: { name: 'Administrator' } });
    expect(body.event.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('accepts an all-day event whose end equals its start', async () => {
    const res = await create({
      ...event,
      allDay: true,
      start: '2030-03-12T00:00:00.000Z',
      end: '2030-03-12T00:00:00.000Z',
    });
    expect(res.statusCode).toBe(201);
  });

  it('refuses an end before the start, naming end', async () => {
    const res = await create({ ...event, end: '2030-03-10T08:00:00.000Z' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      expect.objectContaining({ field: 'end', code: 'end_before_start' }),
    ]);
    expect(res.json().message).toMatch(/end/i);
  });

  it('refuses a missing or blank title, a bad colour and a bad date, naming each field', async () => {
    const { title: _t, ...untitled } = event;
    expect(fields(await create(untitled))).toContain('title');
    expect(fields(await create({ ...event, title: '   ' }))).toContain('title');
    expect(fields(await create({ ...event, color: 'green' }))).toContain('color');
    expect(fields(await create({ ...event, start: 'tomorrow' }))).toContain('start');
  });

  it('needs calendar:write', async () => {
    expect((await create(event, viewer)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/calendar/events/new', payload: event }))
        .statusCode,
    ).toBe(401);
  });
});

describe('GET /api/calendar/events', () => {
  it('answers { events } overlapping the range, by start', async () => {
    await create({
      ...event,
      title: 'Later',
      start: '2030-05-01T09:00:00.000Z',
      end: '2030-05-01T10:00:00.000Z',
    });
    await create({
      ...event,
      title: 'Spans April',
      start: '2030-03-30T09:00:00.000Z',
      end: '2030-04-02T10:00:00.000Z',
    });
    const res = await call(t.app, viewer, {
      method: 'GET',
      url: '/api/calendar/events?start=2030-04-01T00:00:00.000Z&end=2030-04-30T23:59:59.000Z',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().events.map((e: { title: string }) => e.title)).toEqual(['Spans April']);
    expect(res.json().total).toBe(1);

    const all = await call(t.app, viewer, { method: 'GET', url: '/api/calendar/events' });
    const starts = all.json().events.map((e: { start: string }) => e.start);
    expect(starts.length).toBeGreaterThanOrEqual(4);
    expect([...starts].sort()).toEqual(starts);
  });

  it('refuses an inverted or too long range and a bad date', async () => {
    const inverted = await call(t.app, admin, {
      method: 'GET',
      url: '/api/calendar/events?start=2030-04-30T00:00:00.000Z&end=2030-04-01T00:00:00.000Z',
    });
    expect(inverted.statusCode).toBe(400);
    expect(fields(inverted)).toEqual(['end']);
    const long = await call(t.app, admin, {
      method: 'GET',
      url: '/api/calendar/events?start=2030-01-01T00:00:00.000Z&end=2032-01-01T00:00:00.000Z',
    });
    expect(long.json().details[0]).toMatchObject({ field: 'end', code: 'range_too_long' });
    const bad = await call(t.app, admin, { method: 'GET', url: '/api/calendar/events?start=soon' });
    expect(fields(bad)).toContain('start');
  });

  it('needs calendar:read', async () => {
    expect(
      (await call(t.app, outsider, { method: 'GET', url: '/api/calendar/events' })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar/events' })).statusCode).toBe(
      401,
    );
  });
});

describe('POST /api/calendar/events/update', () => {
  it('moves and resizes (start/end only) and edits other fields, persisted', async () => {
    const id = (await create(event)).json().event.id;
    const moved = await call(t.app, admin, {
      method: 'POST',
      url: '/api/calendar/events/update',
      payload: {
        eventId: id,
        event: { start: '2030-03-11T09:00:00.000Z', end: '2030-03-11T12:00:00.000Z' },
      },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().event).toMatchObject({
      title: event.title,
      start: '2030-03-11T09:00:00.000Z',
      end: '2030-03-11T12:00:00.000Z',
    });

    const edited = await call(t.app, admin, {
      method: 'POST',
      url: '/api/calendar/events/update',
      payload: {
        eventId: id,
        event: { title: 'Renamed', color: '#FF5630', allDay: true, description: '' },
      },
    });
    expect(edited.json().event).toMatchObject({
      title: 'Renamed',
      color: '#FF5630',
      allDay: true,
      description: '',
    });

    const list = await call(t.app, admin, {
      method: 'GET',
      url: '/api/calendar/events?start=2030-03-11T00:00:00.000Z&end=2030-03-11T23:00:00.000Z',
    });
    expect(list.json().events.find((e: { id: string }) => e.id === id)).toMatchObject({
      title: 'Renamed',
    });
  });

  it('refuses an end before the (stored) start, an unknown id and a blank title', async () => {
    const id = (await create(event)).json().event.id;
    const inverted = await call(t.app, admin, {
      method: 'POST',
      url: '/api/calendar/events/update',
      payload: { eventId: id, event: { end: '2030-03-09T00:00:00.000Z' } },
    });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().details[0]).toMatchObject({ field: 'end', code: 'end_before_start' });

    const unknown = await call(t.app, admin, {
      method: 'POST',
      url: '/api/calendar/events/update',
      payload: { eventId: '00000000-0000-4000-8000-000000000000', event: { title: 'x' } },
    });
    expect(unknown.statusCode).toBe(404);
    expect(fields(unknown)).toEqual(['eventId']);

    const blank = await call(t.app, admin, {
      method: 'POST',
      url: '/api/calendar/events/update',
      payload: { eventId: id, event: { title: '' } },
    });
    expect(fields(blank)).toEqual(['event.title']);

    const badId = await call(t.app, admin, {
      method: 'POST',
      url: '/api/calendar/events/update',
      payload: { eventId: 'x', event: {} },
    });
    expect(fields(badId)).toContain('eventId');
  });

  it('needs calendar:write', async () => {
    const id = (await create(event)).json().event.id;
    const res = await call(t.app, viewer, {
      method: 'POST',
      url: '/api/calendar/events/update',
      payload: { eventId: id, event: { title: 'x' } },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/calendar/events/delete', () => {
  it('deletes, then answers 404 naming eventId', async () => {
    const id = (await create(event)).json().event.id;
    expect(
      (
        await call(t.app, viewer, {
          method: 'POST',
          url: '/api/calendar/events/delete',
          payload: { eventId: id },
        })
      ).statusCode,
    ).toBe(403);
    const res = await call(t.app, admin, {
      method: 'POST',
      url: '/api/calendar/events/delete',
      payload: { eventId: id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ eventId: id });
    const again = await call(t.app, admin, {
      method: 'POST',
      url: '/api/calendar/events/delete',
      payload: { eventId: id },
    });
    expect(again.statusCode).toBe(404);
    expect(fields(again)).toEqual(['eventId']);
    const all = await call(t.app, admin, { method: 'GET', url: '/api/calendar/events' });
    expect(all.json().events.some((e: { id: string }) => e.id === id)).toBe(false);
  });
});

describe('GET /api/calendar/guests', () => {
  it('finds active people to invite by name or email, for who may write events', async () => {
    const res = await call(t.app, admin, { method: 'GET', url: '/api/calendar/guests?q=viewer' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().people).toEqual([
      expect.objectContaining({ name: expect.any(String), avatarUrl: null }),
    ]);
    const viewerSees = await call(t.app, viewer, { method: 'GET', url: '/api/calendar/guests' });
    expect(viewerSees.statusCode).toBe(403);
    const tooLong = await call(t.app, admin, {
      method: 'GET',
      url: `/api/calendar/guests?q=${'x'.repeat(101)}`,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(fields(tooLong)).toEqual(['q']);
  });

  it('an event keeps its guests, and refuses more than 50 or someone unknown', async () => {
    const guest = (
      await call(t.app, admin, { method: 'GET', url: '/api/calendar/guests?q=viewer' })
    ).json().people[0].id as string;
    const res = await create({ ...event, guestIds: [guest] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().event.guests).toEqual([expect.objectContaining({ id: guest })]);
    const many = Array.from(
      { length: 51 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    expect(fields(await create({ ...event, guestIds: many }))).toEqual(['guestIds']);
    expect(fields(await create({ ...event, guestIds: [many[0]] }))).toEqual(['guestIds']);
  });
});

describe('"starts soon" reminders', () => {
  let adminId: string;
  let ann: { token: string; id: string };
  let bob: { token: string; id: string };
  const person = async (email: string, firstName: string) => {
    const { accessToken, user } = await registerUser(t.app, { email, firstName, lastName: 'Test' });
    return { token: accessToken, id: user.id };
  };
  /** Everyone stored as receiving a notification of this type about this record. */
  const recipients = async (type: string, recordId: string): Promise<string[]> => {
    const found = (await t.database.db.execute(
      sql`SELECT recipient_id AS id FROM notifications WHERE type = ${type} AND record_id = ${recordId}`,
    )) as unknown as { rows: Array<{ id: string }> };
    return found.rows.map((r) => r.id).sort();
  };

  beforeAll(async () => {
    adminId = (await login(t.app)).user.id;
    ann = await person('ann@test.local', 'Ann');
    bob = await person('bob@test.local', 'Bob');
  });

  it('"starts soon" reaches the owner and guests once per start, as they chose', async () => {
    const soon = new Date(Date.now() + 10 * 60_000);
    const later = new Date(Date.now() + 40 * 60_000);
    const make = async (title: string, at: Date, allDay = false) => {
      const res = await call(t.app, admin, {
        method: 'POST',
        url: '/api/calendar/events/new',
        payload: {
          title,
          allDay,
          start: at.toISOString(),
          end: new Date(at.getTime() + 1_800_000).toISOString(),
          guestIds: [ann.id, bob.id],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().event.id as string;
    };
    // Ann turned "starts soon" off.
    const off = await call(t.app, ann.token, {
      method: 'PATCH',
      url: '/api/account/my-account/',
      payload: { notificationPrefs: { 'calendar.starting': false } },
    });
    expect(off.statusCode, off.body).toBe(200);
    const standup = await make('Stand-up', soon);
    const planning = await make('Planning', later);
    const holiday = await make('Holiday', soon, true);

    const first = await sendEventReminders(t.database.db);
    expect(first.events).toBeGreaterThanOrEqual(1);
    expect(await recipients('calendar.starting', standup)).toEqual([adminId, bob.id].sort());
    expect(await recipients('calendar.starting', planning)).toEqual([]);
    expect(await recipients('calendar.starting', holiday)).toEqual([]);

    // A second run (another instance, the next minute) sends nothing again…
    await sendEventReminders(t.database.db);
    expect(await recipients('calendar.starting', standup)).toEqual([adminId, bob.id].sort());
    // …until the event moves: its new start is announced when it comes near.
    const moved = new Date(soon.getTime() + 2 * 60_000);
    const res = await call(t.app, admin, {
      method: 'POST',
      url: '/api/calendar/events/update',
      payload: {
        eventId: standup,
        event: {
          start: moved.toISOString(),
          end: new Date(moved.getTime() + 1_800_000).toISOString(),
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    await sendEventReminders(t.database.db);
    expect(await recipients('calendar.starting', standup)).toEqual(
      [adminId, adminId, bob.id, bob.id].sort(),
    );
    // Planning comes into the window later.
    await sendEventReminders(t.database.db, new Date(Date.now() + 30 * 60_000));
    expect(await recipients('calendar.starting', planning)).toEqual([adminId, bob.id].sort());
  });
});
