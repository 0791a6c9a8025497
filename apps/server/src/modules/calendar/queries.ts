import { asc, eq, sql } from 'drizzle-orm';
import {
  CALENDAR_ERRORS,
  CALENDAR_EVENTS_MAX,
  CALENDAR_RANGE_MAX_DAYS,
  type CalendarEvent,
  type CalendarEventPatch,
  type CalendarEventsQuery,
} from '@bo/contract/calendar';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/core.js';
import { calendarEvents } from '../../db/schema/planning.js';
import { ERROR_CODES } from '@bo/contract/errors';
import { HttpError, fieldError } from '../../lib/http-error.js';

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
};

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

export async function createEvent(
  db: Executor,
  ownerId: string,
  input: {
    title: string;
    description: string;
    color: string;
    allDay: boolean;
    start: string;
    end: string;
  },
) {
  const start = new Date(input.start);
  const end = new Date(input.end);
  checkRange(start, end);
  const [row] = await db
    .insert(calendarEvents)
    .values({ ...input, start, end, ownerId })
    .returning({ id: calendarEvents.id });
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
      start: calendarEvents.start,
      end: calendarEvents.end,
      ownerId: calendarEvents.ownerId,
    })
    .from(calendarEvents)
    .where(eq(calendarEvents.id, id))
    .for('update');
  if (!current) throw eventNotFound();
  assertEventEditor(current.ownerId, actor);
  const start = patch.start ? new Date(patch.start) : current.start;
  const end = patch.end ? new Date(patch.end) : current.end;
  checkRange(start, end);
  const { start: _s, end: _e, ...rest } = patch;
  await db
    .update(calendarEvents)
    .set({ ...rest, start, end, updatedAt: new Date() })
    .where(eq(calendarEvents.id, id));
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
