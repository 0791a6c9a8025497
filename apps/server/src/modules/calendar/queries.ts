import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import {
  CALENDAR_ERRORS,
  type CalendarAnswer,
  type CalendarGuest,
  CALENDAR_REMINDER_MINUTES,
  CALENDAR_EVENTS_MAX,
  CALENDAR_RANGE_MAX_DAYS,
  type CalendarEvent,
  type CalendarEventPatch,
  type CalendarEventsQuery,
} from '@bo/contract/calendar';
import type { Db, Executor } from '../../db/client.js';
import { users } from '../../db/schema/core.js';
import { calendarEvents, calendarResponses } from '../../db/schema/planning.js';
import { ERROR_CODES } from '@bo/contract/errors';
import { HttpError, fieldError } from '../../lib/http-error.js';
import { notify } from '../../lib/notify.js';
import { pgArray, rows as sqlRows } from '../../db/rows.js';

/**
 * The guests' names and answers, in the order of their names (no answer stored: `needsAction`);
 * an event without guests (most of them) skips the lookup, so the month view pays nothing for the
 * feature.
 */
const guestsOf = sql<
  CalendarGuest[] | null
>`CASE WHEN cardinality(${calendarEvents.guestIds}) = 0 THEN NULL ELSE (
  SELECT json_agg(json_build_object('id', g.id, 'name', g.display_name, 'avatarUrl', g.avatar_url,
                                    'response', coalesce(r.response, 'needsAction'))
                  ORDER BY g.display_name, g.id)
    FROM users g
    LEFT JOIN calendar_responses r ON r.event_id = ${calendarEvents.id} AND r.user_id = g.id
   WHERE g.id = ANY(${calendarEvents.guestIds})) END`;

const columns = {
  id: calendarEvents.id,
  title: calendarEvents.title,
  description: calendarEvents.description,
  color: calendarEvents.color,
  allDay: calendarEvents.allDay,
  start: calendarEvents.start,
  end: calendarEvents.end,
  createdAt: calendarEvents.createdAt,
  updatedAt: calendarEvents.updatedAt,
  ownerId: users.id,
  ownerName: users.displayName,
  ownerAvatar: users.avatarUrl,
  guests: guestsOf,
};

type Row = {
  id: string;
  title: string;
  description: string;
  color: string;
  allDay: boolean;
  start: Date;
  end: Date;
  createdAt: Date;
  updatedAt: Date;
  ownerId: string | null;
  ownerName: string | null;
  ownerAvatar: string | null;
  guests: CalendarGuest[] | string | null;
};

/** json_agg arrives parsed from node-postgres and as text from some drivers: both are read. */
const parseGuests = (value: Row['guests']): CalendarGuest[] =>
  !value ? [] : typeof value === 'string' ? (JSON.parse(value) as CalendarGuest[]) : value;

function toEvent(row: Row): CalendarEvent {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    color: row.color,
    allDay: row.allDay,
    start: row.start.toISOString(),
    end: row.end.toISOString(),
    owner: row.ownerId
      ? { id: row.ownerId, name: row.ownerName ?? '', avatarUrl: row.ownerAvatar }
      : null,
    guests: parseGuests(row.guests),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Events overlapping [start, end] (either bound optional), by start; the range index serves it. */
export async function listEvents(db: Executor, query: CalendarEventsQuery) {
  const start = query.start ? new Date(query.start) : undefined;
  const end = query.end ? new Date(query.end) : undefined;
  if (start && end) {
    if (end < start)
      throw fieldError('end', CALENDAR_ERRORS.endBeforeStart, 'end must not be before start');
    if (end.getTime() - start.getTime() > CALENDAR_RANGE_MAX_DAYS * 86_400_000) {
      throw fieldError(
        'end',
        CALENDAR_ERRORS.rangeTooLong,
        `The range may span at most ${CALENDAR_RANGE_MAX_DAYS} days`,
        400,
        {
          maximum: CALENDAR_RANGE_MAX_DAYS,
        },
      );
    }
  }
  // Written exactly as the GiST index `calendar_events_period` is defined; a missing bound is
  // an open end of the range.
  const where =
    start || end
      ? sql`tstzrange(${calendarEvents.start}, ${calendarEvents.end}, '[]') && tstzrange(${start?.toISOString() ?? null}::timestamptz, ${end?.toISOString() ?? null}::timestamptz, '[]')`
      : undefined;
  const rows = await db
    .select(columns)
    .from(calendarEvents)
    .leftJoin(users, eq(users.id, calendarEvents.ownerId))
    .where(where)
    .orderBy(asc(calendarEvents.start), asc(calendarEvents.id))
    .limit(CALENDAR_EVENTS_MAX);
  return rows.map(toEvent);
}

export async function getEvent(db: Executor, id: string): Promise<CalendarEvent> {
  const [row] = await db
    .select(columns)
    .from(calendarEvents)
    .leftJoin(users, eq(users.id, calendarEvents.ownerId))
    .where(eq(calendarEvents.id, id));
  if (!row) throw eventNotFound();
  return toEvent(row);
}

/** A 404 that names the field, as every 4xx does. */
export const eventNotFound = () =>
  new HttpError(404, ERROR_CODES.notFound, 'Event not found', [
    { field: 'eventId', code: 'not_found', message: 'Event not found' },
  ]);

function checkRange(start: Date, end: Date) {
  if (end.getTime() < start.getTime()) {
    throw fieldError('end', CALENDAR_ERRORS.endBeforeStart, 'The end must not be before the start');
  }
}

/**
 * The guest list as stored: each person once, never the owner. Someone newly invited must be an
 * active account (else a 400 naming `guestIds`); a guest already on the list stays even if their
 * account was suspended since, so the event can still be edited.
 */
async function checkGuests(
  db: Executor,
  guestIds: readonly string[],
  ownerId: string | null,
  already: readonly string[] = [],
): Promise<string[]> {
  const wanted = [...new Set(guestIds)].filter((id) => id !== ownerId);
  const added = wanted.filter((id) => !already.includes(id));
  if (!added.length) return wanted;
  const found = await sqlRows<{ id: string }>(
    db,
    sql`SELECT id FROM users WHERE id = ANY(${`{${added.join(',')}}`}::uuid[]) AND status = 'active'`,
  );
  if (found.length !== added.length) {
    throw fieldError(
      'guestIds',
      CALENDAR_ERRORS.unknownGuest,
      'Every guest must be an active account',
    );
  }
  return wanted;
}

/** People newly on the list hear of it, in the transaction of the write (not the actor). */
async function notifyInvited(
  db: Executor,
  event: { id: string; title: string; start: Date },
  invited: readonly string[],
  actorId: string,
) {
  if (!invited.length) return;
  await notify(db, {
    type: 'calendar.invited',
    to: { users: invited },
    title: event.title,
    body: event.start.toISOString(),
    link: eventLink(event.id, event.start),
    recordId: event.id,
    actorId,
  });
}

/** The calendar opened on the event's day with the event open. */
export const eventLink = (id: string, start: Date) =>
  `/dashboard/calendar?date=${start.toISOString().slice(0, 10)}&event=${id}`;

export async function createEvent(
  db: Executor,
  ownerId: string,
  input: {
    title: string;
    description: string;
    color: string;
    allDay: boolean;
    start: string;
    /** null: the same instant as the start (as the template family sends it). */
    end: string | null;
    guestIds: string[];
  },
) {
  const start = new Date(input.start);
  const end = input.end === null ? start : new Date(input.end);
  checkRange(start, end);
  const guestIds = await checkGuests(db, input.guestIds, ownerId);
  const [row] = await db
    .insert(calendarEvents)
    .values({ ...input, guestIds, start, end, ownerId })
    .returning({ id: calendarEvents.id });
  await notifyInvited(db, { id: row!.id, title: input.title, start }, guestIds, ownerId);
  return getEvent(db, row!.id);
}

export interface Actor {
  userId: string;
  permissions: Set<string>;
}

/**
 * Events are owned: the team sees every event (calendar:read), their owner changes and deletes
 * them, and so does whoever holds calendar:manage. An event without an owner (its owner's account
 * was deleted) is managers' only.
 */
function assertEventEditor(ownerId: string | null, actor: Actor) {
  if (actor.permissions.has('calendar:manage') || (ownerId && ownerId === actor.userId)) return;
  throw new HttpError(
    403,
    ERROR_CODES.forbidden,
    'Only the event’s owner or a calendar manager can change it',
  );
}

export async function updateEvent(
  db: Executor,
  id: string,
  patch: CalendarEventPatch,
  actor: Actor,
) {
  const [current] = await db
    .select({
      title: calendarEvents.title,
      start: calendarEvents.start,
      end: calendarEvents.end,
      ownerId: calendarEvents.ownerId,
      guestIds: calendarEvents.guestIds,
    })
    .from(calendarEvents)
    .where(eq(calendarEvents.id, id))
    .for('update');
  if (!current) throw eventNotFound();
  assertEventEditor(current.ownerId, actor);
  const start = patch.start ? new Date(patch.start) : current.start;
  // `end: null` is the family's "same instant as the start" (this body's start or the stored one).
  const end = patch.end === null ? start : patch.end ? new Date(patch.end) : current.end;
  checkRange(start, end);
  const { start: _s, end: _e, guestIds: wanted, ...rest } = patch;
  const guestIds = wanted
    ? await checkGuests(db, wanted, current.ownerId, current.guestIds)
    : current.guestIds;
  await db
    .update(calendarEvents)
    .set({ ...rest, guestIds, start, end, updatedAt: new Date() })
    .where(eq(calendarEvents.id, id));
  // Someone taken off the list loses their answer: invited again, they are asked afresh.
  if (current.guestIds.some((g) => !guestIds.includes(g))) {
    await db
      .delete(calendarResponses)
      .where(
        and(
          eq(calendarResponses.eventId, id),
          guestIds.length ? notInArray(calendarResponses.userId, guestIds) : undefined,
        ),
      );
  }
  const invited = guestIds.filter((g) => !current.guestIds.includes(g));
  await notifyInvited(db, { id, title: rest.title ?? current.title, start }, invited, actor.userId);
  return getEvent(db, id);
}

export async function deleteEvent(db: Executor, id: string, actor: Actor) {
  const [current] = await db
    .select({ ownerId: calendarEvents.ownerId })
    .from(calendarEvents)
    .where(eq(calendarEvents.id, id))
    .for('update');
  if (!current) throw eventNotFound();
  assertEventEditor(current.ownerId, actor);
  const rows = await db
    .delete(calendarEvents)
    .where(eq(calendarEvents.id, id))
    .returning({ id: calendarEvents.id });
  if (!rows.length) throw eventNotFound();
}

/**
 * A guest answers the invitation. The event row is share-locked, so an owner's edit that takes
 * this guest off the list runs wholly before or after (never leaving an answer of a non-guest).
 * The owner hears of each change of answer (`calendar.response`, in this transaction); the same
 * answer again changes nothing and notifies no one. Answers whether it changed anything.
 */
export async function respondToEvent(
  db: Executor,
  id: string,
  userId: string,
  response: CalendarAnswer,
): Promise<{ changed: boolean; ownerId: string | null }> {
  const [current] = await db
    .select({
      title: calendarEvents.title,
      start: calendarEvents.start,
      ownerId: calendarEvents.ownerId,
      guestIds: calendarEvents.guestIds,
    })
    .from(calendarEvents)
    .where(eq(calendarEvents.id, id))
    .for('share');
  if (!current) throw eventNotFound();
  if (current.ownerId === userId) {
    throw fieldError(
      'eventId',
      CALENDAR_ERRORS.ownerCannotRespond,
      'The owner of an event has no invitation to answer',
      409,
    );
  }
  if (!current.guestIds.includes(userId)) {
    throw new HttpError(403, ERROR_CODES.forbidden, 'Only a guest of the event can answer it', [
      {
        field: 'eventId',
        code: CALENDAR_ERRORS.notAGuest,
        message: 'Only a guest of the event can answer it',
      },
    ]);
  }
  const stored = await db
    .insert(calendarResponses)
    .values({ eventId: id, userId, response })
    .onConflictDoUpdate({
      target: [calendarResponses.eventId, calendarResponses.userId],
      set: { response, respondedAt: new Date() },
      setWhere: sql`${calendarResponses.response} IS DISTINCT FROM excluded.response`,
    })
    .returning({ eventId: calendarResponses.eventId });
  if (!stored.length) return { changed: false, ownerId: current.ownerId };
  await notify(db, {
    type: 'calendar.response',
    to: { users: [current.ownerId] },
    title: current.title,
    body: response,
    link: eventLink(id, current.start),
    recordId: id,
    actorId: userId,
  });
  return { changed: true, ownerId: current.ownerId };
}

/** People an event can invite: active accounts, by name, email or company. */
export async function guestCandidates(db: Executor, q: string | undefined, limit: number) {
  const search = q?.trim().toLowerCase();
  const people = await db
    .select({ id: users.id, name: users.displayName, avatarUrl: users.avatarUrl })
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        search
          ? // Written as the trigram index users_search_trgm is defined, so it serves the search.
            sql`lower(${users.displayName} || ' ' || ${users.email} || ' ' || coalesce(${users.company}, '')) LIKE ${`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
          : undefined,
      ),
    )
    .orderBy(asc(users.displayName), asc(users.id))
    .limit(limit);
  return { people };
}

/**
 * "Starts soon": the owner and guests of each timed event starting within the next
 * CALENDAR_REMINDER_MINUTES hear of it once. The claim (`reminded_start` set to the start) and the
 * notifications are one transaction, so two instances never both send, a crash sends nothing
 * half-way, and an event moved later is announced again for its new start.
 */
export async function sendEventReminders(
  db: Db,
  now = new Date(),
): Promise<{ events: number; notified: number }> {
  return db.transaction(async (tx) => {
    const due = await sqlRows<{
      id: string;
      title: string;
      start_at: Date | string;
      owner_id: string | null;
      guest_ids: string[] | string;
    }>(
      tx,
      sql`UPDATE calendar_events SET reminded_start = start_at
           WHERE start_at > ${now.toISOString()}::timestamptz
             AND start_at <= ${now.toISOString()}::timestamptz + make_interval(mins => ${CALENDAR_REMINDER_MINUTES})
             AND NOT all_day
             AND reminded_start IS DISTINCT FROM start_at
       RETURNING id, title, start_at, owner_id, guest_ids`,
    );
    let notified = 0;
    for (const event of due) {
      const start = new Date(event.start_at);
      const guests = pgArray(event.guest_ids);
      notified += await notify(tx, {
        type: 'calendar.starting',
        to: { users: [event.owner_id, ...guests] },
        title: event.title,
        body: start.toISOString(),
        link: eventLink(event.id, start),
        recordId: event.id,
      });
    }
    return { events: due.length, notified };
  });
}
