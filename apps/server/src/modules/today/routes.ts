import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  TODAY_API,
  TODAY_ERRORS,
  TODAY_MAX_HOURS,
  todayAnswerSchema,
  todayQuerySchema,
  type TodayAnswer,
} from '@bo/contract/today';
import { fieldError } from '../../lib/http-error.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { requireAuth } from '../../plugins/auth.js';
import { todayCalendar, todayChat, todayKanban, todayMail, todayNotifications } from './queries.js';

/**
 * The "Today" home in one call: the person's unread mail and chat, their kanban cards due, their
 * events of the day and their notifications. Anyone signed in may ask; each section is answered
 * only to those whose role grants its area (null otherwise), so the home never shows more than
 * the screens it links to would.
 */
export async function todayRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db } = app.services;

  app.get(
    TODAY_API.today,
    {
      config: { permission: 'account:self' },
      schema: {
        operationId: 'getToday',
        tags: ['today'],
        summary:
          'My day: unread mail and chat, my kanban cards due, my events between `from` and `to`, my notifications',
        description:
          'Each section is null when the caller’s role lacks its permission (mail:read, chat:read, kanban:read, calendar:read). `from` and `to` are the caller’s local day as instants (at most 48 hours apart).',
        querystring: todayQuerySchema,
        response: { 200: todayAnswerSchema, ...errorResponses(400, 401) },
      },
    },
    async (request): Promise<TodayAnswer> => {
      const { userId, permissions } = requireAuth(request);
      const from = new Date(request.query.from);
      const to = new Date(request.query.to);
      if (to <= from) throw fieldError('to', TODAY_ERRORS.toBeforeFrom, 'to must be after from');
      if (to.getTime() - from.getTime() > TODAY_MAX_HOURS * 3_600_000) {
        throw fieldError(
          'to',
          TODAY_ERRORS.rangeTooLong,
          `from and to may be at most ${TODAY_MAX_HOURS} hours apart`,
          400,
          { maximum: TODAY_MAX_HOURS },
        );
      }
      const may = (permission: string) => permissions.has(permission);
      const [mail, chat, kanban, calendar, notifications] = await Promise.all([
        may('mail:read') ? todayMail(db, userId) : null,
        may('chat:read') ? todayChat(db, userId) : null,
        may('kanban:read') ? todayKanban(db, userId) : null,
        may('calendar:read') ? todayCalendar(db, userId, from, to) : null,
        todayNotifications(db, userId),
      ]);
      return { mail, chat, kanban, calendar, notifications };
    },
  );
}
