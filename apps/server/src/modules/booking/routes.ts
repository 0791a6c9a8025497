import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@bo/contract/common';
import {
  BOOKING_API,
  bookingAnswerSchema,
  bookingListAnswerSchema,
  bookingListQuerySchema,
  bookingPatchSchema,
  bookingReviewAnswerSchema,
  reviewPatchSchema,
} from '@bo/contract/booking';
import { DASHBOARD_EVENTS } from '@bo/contract/dashboards';
import { audit } from '../../lib/audit.js';
import { notFound } from '../../lib/http-error.js';
import { errorResponses, withExample } from '../../lib/route-schemas.js';
import { requireAuth } from '../../plugins/auth.js';
import { decideReview, getBooking, getReview, listBookings, moveBooking } from './queries.js';

/** What a booking's answer is read from (the read cache drops it when one of them changes). */
const BOOKING_TABLES = ['bookings', 'booking_rooms', 'booking_properties'];

/** Bookings and reviews, as the booking dashboard's tables act on them. */
export async function bookingRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, events } = app.services;
  const changed = () =>
    events.publish({
      type: DASHBOARD_EVENTS.bookingChanged,
      audience: 'all',
      payload: { day: new Date().toISOString().slice(0, 10) },
    });

  app.get(
    BOOKING_API.bookings,
    {
      config: {
        permission: 'dashboards:booking',
        // The same list for everyone allowed to see it, until a booking, room or property changes.
        cache: { tables: BOOKING_TABLES, scope: 'role' },
      },
      schema: {
        operationId: 'listBookings',
        tags: ['booking'],
        summary: 'Bookings made in a period, newest first, by status; cursor pages',
        querystring: bookingListQuerySchema,
        response: { 200: bookingListAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listBookings(db, request.query),
  );

  app.get(
    BOOKING_API.booking.pattern,
    {
      config: {
        permission: 'dashboards:booking',
        cache: { tables: BOOKING_TABLES, scope: 'role' },
      },
      schema: {
        operationId: 'getBooking',
        tags: ['booking'],
        summary: 'One booking: guest, property and room, dates, nights, total, status',
        params: idParamsSchema,
        response: { 200: bookingAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const booking = await getBooking(db, request.params.id);
      if (!booking) throw notFound('Booking');
      return { booking };
    },
  );

  app.patch(
    BOOKING_API.booking.pattern,
    {
      config: { permission: 'booking:write' },
      schema: {
        operationId: 'updateBookingStatus',
        tags: ['booking'],
        summary:
          'Move a booking along pending → confirmed → checked_in → checked_out, or cancel it before check-in; another move is 409',
        params: idParamsSchema,
        body: withExample(bookingPatchSchema, { status: 'confirmed' }),
        response: { 200: bookingAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const moved = await db.transaction((tx) =>
        moveBooking(tx, request.params.id, request.body.status),
      );
      if (!moved) throw notFound('Booking');
      if (moved.changed) {
        await audit(db, request, {
          actorId: auth.userId,
          action: 'booking.status',
          targetId: request.params.id,
          meta: { from: moved.from, to: request.body.status },
        });
        await changed();
      }
      return { booking: (await getBooking(db, request.params.id))! };
    },
  );

  app.patch(
    BOOKING_API.review.pattern,
    {
      config: { permission: 'booking:write' },
      schema: {
        operationId: 'moderateBookingReview',
        tags: ['booking'],
        summary: 'Accept or reject a pending review; a decided one is 409',
        params: idParamsSchema,
        body: reviewPatchSchema,
        response: { 200: bookingReviewAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const decided = await db.transaction((tx) =>
        decideReview(tx, request.params.id, request.body.status),
      );
      if (!decided) throw notFound('Review');
      if (decided.changed) {
        await audit(db, request, {
          actorId: auth.userId,
          action: 'booking.review',
          targetId: request.params.id,
          meta: { status: request.body.status },
        });
        await changed();
      }
      return { review: (await getReview(db, request.params.id))! };
    },
  );
}
