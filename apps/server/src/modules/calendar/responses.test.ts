import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarEvent } from '@bo/contract/calendar';
import type { Notification } from '@bo/contract/notifications';
import { call, createTestApp, login, registerUser, type TestApp } from '../../../test/helpers.js';

/** A guest answers an invitation (accepted, tentative, declined); the owner sees it and hears of it. */

let t: TestApp;
let admin: { token: string; id: string };
let ann: { token: string; id: string };
let bob: { token: string; id: string };
let cleo: { token: string; id: string };

const person = async (email: string, firstName: string) => {
  const { accessToken, user } = await registerUser(t.app, { email, firstName, lastName: 'Guest' });
  return { token: accessToken, id: user.id };
};

beforeAll(async () => {
  t = await createTestApp();
  const signedIn = await login(t.app);
  admin = { token: signedIn.accessToken, id: signedIn.user.id };
  ann = await person('ann.rsvp@test.local', 'Ann');
  bob = await person('bob.rsvp@test.local', 'Bob');
  cleo = await person('cleo.rsvp@test.local', 'Cleo');
});
afterAll(async () => {
  await t.close();
});

const respond = (token: string, payload: Record<string, unknown>) =>
  call(t.app, token, { method: 'POST', url: '/api/calendar/events/respond', payload });

async function newEvent(guestIds: string[], title = 'Design review') {
  const res = await call(t.app, admin.token, {
    method: 'POST',
    url: '/api/calendar/events/new',
    payload: {
      title,
      start: '2031-05-06T09:00:00.000Z',
      end: '2031-05-06T10:00:00.000Z',
      guestIds,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().event as CalendarEvent;
}

async function listed(id: string): Promise<CalendarEvent> {
  const res = await call(t.app, admin.token, {
    method: 'GET',
    url: '/api/calendar/events?start=2031-05-01T00:00:00.000Z&end=2031-05-31T00:00:00.000Z',
  });
  expect(res.statusCode, res.body).toBe(200);
  const found = (res.json().events as CalendarEvent[]).find((e) => e.id === id);
  expect(found).toBeDefined();
  return found!;
}

async function answersOf(token: string, eventId: string): Promise<Notification[]> {
  const res = await call(t.app, token, { method: 'GET', url: '/api/notifications' });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().notifications as Notification[]).filter(
    (n) => n.type === 'calendar.response' && n.recordId === eventId,
  );
}

const responses = (event: CalendarEvent) =>
  Object.fromEntries(event.guests.map((g) => [g.id, g.response]));

describe('POST /api/calendar/events/respond', () => {
  it('a guest answers; the owner sees it on the event and is notified', async () => {
    const event = await newEvent([ann.id, bob.id]);
    // Not answered yet.
    expect(responses(event)).toEqual({ [ann.id]: 'needsAction', [bob.id]: 'needsAction' });

    const res = await respond(ann.token, { eventId: event.id, response: 'accepted' });
    expect(res.statusCode, res.body).toBe(200);
    expect(responses(res.json().event)).toEqual({ [ann.id]: 'accepted', [bob.id]: 'needsAction' });
    // The guest keeps the fields every event has (name and picture), the answer beside them.
    expect(res.json().event.guests[0]).toEqual({
      id: ann.id,
      name: 'Ann Guest',
      avatarUrl: null,
      response: 'accepted',
    });

    // The owner's list (a cached answer) shows it, and the owner hears of it from Ann.
    expect(responses(await listed(event.id))[ann.id]).toBe('accepted');
    const [note] = await answersOf(admin.token, event.id);
    expect(note).toMatchObject({
      type: 'calendar.response',
      title: 'Design review',
      body: 'accepted',
      link: `/dashboard/calendar?date=2031-05-06&event=${event.id}`,
      actor: { id: ann.id, name: 'Ann Guest' },
    });

    // A change of mind is stored and told; the same answer again is neither.
    expect(
      (await respond(ann.token, { eventId: event.id, response: 'tentative' })).statusCode,
    ).toBe(200);
    expect(
      (await respond(ann.token, { eventId: event.id, response: 'tentative' })).statusCode,
    ).toBe(200);
    expect((await answersOf(admin.token, event.id)).map((n) => n.body)).toEqual([
      'tentative',
      'accepted',
    ]);
    const declined = await respond(bob.token, { eventId: event.id, response: 'declined' });
    expect(responses(declined.json().event)).toEqual({
      [ann.id]: 'tentative',
      [bob.id]: 'declined',
    });
    expect(responses(await listed(event.id))).toEqual({
      [ann.id]: 'tentative',
      [bob.id]: 'declined',
    });
    // Guests are not told of each other's answers.
    expect(await answersOf(ann.token, event.id)).toEqual([]);

    // The answer is audited.
    const audit = await call(t.app, admin.token, {
      method: 'GET',
      url: '/api/admin/audit?limit=100',
    });
    expect(audit.statusCode, audit.body).toBe(200);
    expect(
      audit
        .json()
        .entries.filter(
          (e: { action: string; targetId: string }) =>
            e.action === 'calendar.event.respond' && e.targetId === event.id,
        ),
    ).toHaveLength(3);
  });

  it('refuses someone not invited (403 not_a_guest) and the owner (409 owner_cannot_respond)', async () => {
    const event = await newEvent([ann.id]);
    const stranger = await respond(cleo.token, { eventId: event.id, response: 'accepted' });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({
      code: 'FORBIDDEN',
      details: [expect.objectContaining({ field: 'eventId', code: 'not_a_guest' })],
    });
    const owner = await respond(admin.token, { eventId: event.id, response: 'accepted' });
    expect(owner.statusCode).toBe(409);
    expect(owner.json().details).toEqual([
      expect.objectContaining({ field: 'eventId', code: 'owner_cannot_respond' }),
    ]);
    const unknown = await respond(ann.token, {
      eventId: '00000000-0000-4000-8000-000000000000',
      response: 'accepted',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().details).toEqual([expect.objectContaining({ field: 'eventId' })]);
    // Nothing was stored or told.
    expect(responses(await listed(event.id))).toEqual({ [ann.id]: 'needsAction' });
    expect(await answersOf(admin.token, event.id)).toEqual([]);
  });

  it('refuses an answer that is not one of the three, naming the field', async () => {
    const event = await newEvent([ann.id]);
    for (const response of ['maybe', 'needsAction', '', 42]) {
      const res = await respond(ann.token, { eventId: event.id, response });
      expect(res.statusCode, String(response)).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toEqual(['response']);
    }
    const noId = await respond(ann.token, { eventId: 'nope', response: 'accepted' });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().details.map((d: { field: string }) => d.field)).toEqual(['eventId']);
  });

  it('needs to be signed in and to see the calendar', async () => {
    const event = await newEvent([ann.id]);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/calendar/events/respond',
      payload: { eventId: event.id, response: 'accepted' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('taking a guest off the list drops their answer: invited again, they are asked afresh', async () => {
    const event = await newEvent([ann.id, bob.id]);
    await respond(ann.token, { eventId: event.id, response: 'declined' });
    await respond(bob.token, { eventId: event.id, response: 'accepted' });
    const update = (guestIds: string[]) =>
      call(t.app, admin.token, {
        method: 'POST',
        url: '/api/calendar/events/update',
        payload: { eventId: event.id, event: { guestIds } },
      });
    expect((await update([bob.id])).statusCode).toBe(200);
    // Ann, no longer a guest, cannot answer either.
    expect((await respond(ann.token, { eventId: event.id, response: 'accepted' })).statusCode).toBe(
      403,
    );
    const again = await update([bob.id, ann.id]);
    expect(again.statusCode, again.body).toBe(200);
    expect(responses(again.json().event)).toEqual({
      [ann.id]: 'needsAction',
      [bob.id]: 'accepted',
    });
    // Editing other fields keeps the answers.
    const renamed = await call(t.app, admin.token, {
      method: 'POST',
      url: '/api/calendar/events/update',
      payload: { eventId: event.id, event: { title: 'Design review (moved)' } },
    });
    expect(responses(renamed.json().event)[bob.id]).toBe('accepted');
    // Deleting the event deletes its answers with it.
    const removed = await call(t.app, admin.token, {
      method: 'POST',
      url: '/api/calendar/events/delete',
      payload: { eventId: event.id },
    });
    expect(removed.statusCode).toBe(200);
    expect((await respond(bob.token, { eventId: event.id, response: 'declined' })).statusCode).toBe(
      404,
    );
  });
});
