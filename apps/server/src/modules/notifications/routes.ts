import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@bo/contract/common';
import {
  NOTIFICATIONS_API,
  NOTIFICATION_EVENTS,
  notificationAnswerSchema,
  notificationListAnswerSchema,
  notificationListQuerySchema,
  notificationPatchSchema,
  readAllAnswerSchema,
} from '@bo/contract/notifications';
import { notFound } from '../../lib/http-error.js';
import { errorResponses, withExample } from '../../lib/route-schemas.js';
import { requireAuth } from '../../plugins/auth.js';
import { listNotifications, patchNotification, readAll } from './queries.js';

/**
 * A person's own notifications: the tabs, reading and archiving them. Records are the caller's
 * only (another person's id is a 404, never a 403 that would confirm it exists).
 */
export async function notificationRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, events } = app.services;
  /** The person's other tabs and devices refresh their bell. */
  const changed = (userId: string) =>
    events.publish({ type: NOTIFICATION_EVENTS.changed, audience: [userId], payload: {} });

  app.get(
    NOTIFICATIONS_API.list,
    {
      config: { permission: 'account:self' },
      schema: {
        operationId: 'listNotifications',
        tags: ['notifications'],
        summary: 'My notifications in a tab (all, unread, archived), newest first; cursor pages',
        querystring: notificationListQuerySchema,
        response: { 200: notificationListAnswerSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => listNotifications(db, requireAuth(request).userId, request.query),
  );

  app.patch(
    NOTIFICATIONS_API.one.pattern,
    {
      config: { permission: 'account:self' },
      schema: {
        operationId: 'updateNotification',
        tags: ['notifications'],
        summary: 'Mark one of mine read or unread, archived or back',
        params: idParamsSchema,
        body: withExample(notificationPatchSchema, { read: true }),
        response: { 200: notificationAnswerSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { userId } = requireAuth(request);
      const notification = await patchNotification(db, userId, request.params.id, request.body);
      if (!notification) throw notFound('Notification');
      await changed(userId);
      return { notification };
    },
  );

  app.post(
    NOTIFICATIONS_API.readAll,
    {
      config: { permission: 'account:self' },
      schema: {
        operationId: 'markAllNotificationsRead',
        tags: ['notifications'],
        summary: 'Mark all of mine read',
        response: { 200: readAllAnswerSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { userId } = requireAuth(request);
      const updated = await readAll(db, userId);
      if (updated) await changed(userId);
      return { updated, unreadCount: 0 };
    },
  );
}
