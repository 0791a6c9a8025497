import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CALENDAR_API,
  CALENDAR_EVENTS,
  calendarDeleteAnswerSchema,
  calendarDeleteBodySchema,
  calendarEventAnswerSchema,
  calendarEventInputSchema,
  calendarEventsAnswerSchema,
  calendarEventsQuerySchema,
  calendarGuestsAnswerSchema,
  calendarGuestsQuerySchema,
  calendarRespondBodySchema,
  calendarUpdateBodySchema,
} from '@bo/contract/calendar';
import type { RealtimeEventType } from '@bo/contract/realtime';
import { audit } from '../../lib/audit.js';
import { errorResponses, withExample } from '../../lib/route-schemas.js';
import { requireAuth } from '../../plugins/auth.js';
import {
  createEvent,
  deleteEvent,
  getEvent,
  guestCandidates,
  listEvents,
  respondToEvent,
  updateEvent,
} from './queries.js';

/** The spec's calendar calls, kept exactly: list, new, update, delete; and a guest's answer. */
export async function calendarRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, events } = app.services;

  // Published after the transaction commits, so a listener that refetches sees the change.
  const publish = (type: RealtimeEventType, eventId: string, actorId: string) =>
    events.publish({ type, audience: 'all', payload: { eventId, actorId } });

  app.get(
    CALENDAR_API.events,
    {
      config: {
        permission: 'calendar:read',
        cache: { tables: ['calendar_events', 'calendar_responses', 'users'], scope: 'role' },
      },
      schema: {
        operationId: 'listCalendarEvents',
        tags: ['calendar'],
        summary: 'Events overlapping start..end (both optional), by start',
        querystring: calendarEventsQuerySchema,
        response: { 200: calendarEventsAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const list = await listEvents(db, request.query);
      return { events: list, total: list.length };
    },
  );

  app.get(
    CALENDAR_API.guests,
    {
      // Whoever may write an event may pick its guests. The answer is the same for every caller
      // (active people by name), so it is kept until the people change.
      config: { permission: 'calendar:write', cache: { tables: ['users'], scope: 'role' } },
      schema: {
        operationId: 'listCalendarGuests',
        tags: ['calendar'],
        summary: 'People an event can invite (active accounts), by name, email or company',
        querystring: calendarGuestsQuerySchema,
        response: { 200: calendarGuestsAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => guestCandidates(db, request.query.q, request.query.limit),
  );

  app.post(
    CALENDAR_API.create,
    {
      config: { permission: 'calendar:write' },
      schema: {
        operationId: 'createCalendarEvent',
        tags: ['calendar'],
        summary: 'Create an event',
        body: withExample(calendarEventInputSchema, {
          title: 'Quarterly review',
          start: '2026-12-01T09:00:00.000Z',
          end: '2026-12-01T10:30:00.000Z',
          color: '#00A76F',
          guestIds: [],
        }),
        response: { 201: calendarEventAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const event = await db.transaction(async (tx) => {
        const created = await createEvent(tx, auth.userId, request.body);
        await audit(tx, request, {
          actorId: auth.userId,
          action: 'calendar.event.create',
          targetId: created.id,
        });
        return created;
      });
      await publish(CALENDAR_EVENTS.created, event.id, auth.userId);
      reply.status(201);
      return { event };
    },
  );

  app.post(
    CALENDAR_API.update,
    {
      config: { permission: 'calendar:write' },
      schema: {
        operationId: 'updateCalendarEvent',
        tags: ['calendar'],
        summary: 'Change an event (any subset of its fields; a drag sends start and end)',
        body: calendarUpdateBodySchema,
        response: { 200: calendarEventAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { eventId, event: patch } = request.body;
      const event = await db.transaction(async (tx) => {
        const updated = await updateEvent(tx, eventId, patch, auth);
        await audit(tx, request, {
          actorId: auth.userId,
          action: 'calendar.event.update',
          targetId: eventId,
        });
        return updated;
      });
      await publish(CALENDAR_EVENTS.updated, eventId, auth.userId);
      return { event };
    },
  );

  app.post(
    CALENDAR_API.remove,
    {
      config: { permission: 'calendar:write' },
      schema: {
        operationId: 'deleteCalendarEvent',
        tags: ['calendar'],
        summary: 'Delete an event',
        body: calendarDeleteBodySchema,
        response: { 200: calendarDeleteAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { eventId } = request.body;
      await db.transaction(async (tx) => {
        await deleteEvent(tx, eventId, auth);
        await audit(tx, request, {
          actorId: auth.userId,
          action: 'calendar.event.delete',
          targetId: eventId,
        });
      });
      await publish(CALENDAR_EVENTS.deleted, eventId, auth.userId);
      return { eventId };
    },
  );

  app.post(
    CALENDAR_API.respond,
    {
      // Whoever sees the calendar may be invited; being a guest of this event is checked below.
      config: { permission: 'calendar:read' },
      schema: {
        operationId: 'respondToCalendarEvent',
        tags: ['calendar'],
        summary: 'A guest answers the invitation: accepted, tentative (maybe) or declined',
        description:
          'Only a guest of the event may answer (403 `not_a_guest`; its owner: 409 `owner_cannot_respond`). The owner is notified (`calendar.response`) when the answer changes. Answers the event with every guest’s answer.',
        body: withExample(calendarRespondBodySchema, {
          eventId: '00000000-0000-4000-8000-000000000000',
          response: 'accepted',
        }),
        response: { 200: calendarEventAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { eventId, response } = request.body;
      const changed = await db.transaction(async (tx) => {
        const result = await respondToEvent(tx, eventId, auth.userId, response);
        if (result.changed) {
          await audit(tx, request, {
            actorId: auth.userId,
            action: 'calendar.event.respond',
            targetId: eventId,
            meta: { response },
          });
        }
        return result.changed;
      });
      if (changed) await publish(CALENDAR_EVENTS.updated, eventId, auth.userId);
      return { event: await getEvent(db, eventId) };
    },
  );
}
