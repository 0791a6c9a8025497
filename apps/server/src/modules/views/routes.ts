import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { idParamsSchema, okSchema } from '@bo/contract/common';
import {
  SAVED_VIEW_LISTS,
  VIEWS_API,
  createViewSchema,
  savedViewAnswerSchema,
  savedViewListSchema,
  updateViewSchema,
  viewListQuerySchema,
  type SavedViewList,
} from '@bo/contract/views';
import { savedViews } from '../../db/schema/views.js';
import { audit } from '../../lib/audit.js';
import { forbidden, notFound } from '../../lib/http-error.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { requireAuth, type AuthContext } from '../../plugins/auth.js';
import {
  checkName,
  checkRole,
  checkRoom,
  clearDefault,
  listViews,
  readView,
  viewOwner,
} from './queries.js';

/** A view of a list is for those who may read the list: 403 otherwise. */
function mayRead(auth: AuthContext, list: SavedViewList) {
  if (!auth.permissions.has(SAVED_VIEW_LISTS[list]))
    throw forbidden('You do not have permission to read this list');
}

/**
 * Saved views of the lists (issue 44): a person's own, changed by them only; a view shared with
 * a role is read by that role's people. Each write is one transaction and audited (a shared view
 * is shared data).
 */
export async function viewRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db } = app.services;

  app.get(
    VIEWS_API.views,
    {
      schema: {
        operationId: 'listSavedViews',
        tags: ['views'],
        summary: "My saved views of a list, then those shared with my role (others' are read-only)",
        querystring: viewListQuerySchema,
        response: { 200: savedViewListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      mayRead(auth, request.query.list);
      return { views: await listViews(db, auth, request.query.list) };
    },
  );

  app.post(
    VIEWS_API.views,
    {
      schema: {
        operationId: 'createSavedView',
        tags: ['views'],
        summary: "Save a list's filters, sort and columns under a name; optionally my default",
        body: createViewSchema,
        response: { 201: savedViewAnswerSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { body } = request;
      mayRead(auth, body.list);
      const view = await db.transaction(async (tx) => {
        await checkRoom(tx, auth.userId, body.list);
        await checkName(tx, auth.userId, body.list, body.name);
        if (body.sharedWithRoleId) await checkRole(tx, body.sharedWithRoleId);
        if (body.isDefault) await clearDefault(tx, auth.userId, body.list);
        const [made] = await tx
          .insert(savedViews)
          .values({
            ownerId: auth.userId,
            list: body.list,
            name: body.name,
            state: body.state,
            isDefault: body.isDefault,
            sharedRoleId: body.sharedWithRoleId,
          })
          .returning({ id: savedViews.id });
        await audit(tx, request, {
          actorId: auth.userId,
          action: 'view.create',
          targetId: made!.id,
          meta: { list: body.list, name: body.name, sharedWithRoleId: body.sharedWithRoleId },
        });
        return (await readView(tx, auth, made!.id))!;
      });
      return reply.code(201).send({ view });
    },
  );

  app.patch(
    VIEWS_API.view.pattern,
    {
      schema: {
        operationId: 'updateSavedView',
        tags: ['views'],
        summary: 'Rename, change, make default or share one of my views',
        params: idParamsSchema,
        body: updateViewSchema,
        response: { 200: savedViewAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { body } = request;
      const view = await db.transaction(async (tx) => {
        const before = await viewOwner(tx, request.params.id);
        if (!before) throw notFound('View');
        if (before.ownerId !== auth.userId) {
          // Shared with me: I see it but may not change it; anyone else's: not found.
          const seen = await readView(tx, auth, request.params.id);
          if (!seen) throw notFound('View');
          throw forbidden('Only the person who saved this view can change it');
        }
        const list = before.list as SavedViewList;
        mayRead(auth, list);
        if (body.name !== undefined)
          await checkName(tx, auth.userId, list, body.name, request.params.id);
        if (body.sharedWithRoleId) await checkRole(tx, body.sharedWithRoleId);
        if (body.isDefault) await clearDefault(tx, auth.userId, list);
        await tx
          .update(savedViews)
          .set({
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.state !== undefined ? { state: body.state } : {}),
            ...(body.isDefault !== undefined ? { isDefault: body.isDefault } : {}),
            ...(body.sharedWithRoleId !== undefined ? { sharedRoleId: body.sharedWithRoleId } : {}),
            updatedAt: new Date(),
          })
          .where(eq(savedViews.id, request.params.id));
        await audit(tx, request, {
          actorId: auth.userId,
          action: 'view.update',
          targetId: request.params.id,
          meta: { list, name: body.name ?? before.name, changed: Object.keys(body) },
        });
        return (await readView(tx, auth, request.params.id))!;
      });
      return { view };
    },
  );

  app.delete(
    VIEWS_API.view.pattern,
    {
      schema: {
        operationId: 'deleteSavedView',
        tags: ['views'],
        summary: 'Delete one of my views (those shared with me are not mine to delete)',
        params: idParamsSchema,
        response: { 200: okSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await db.transaction(async (tx) => {
        const before = await viewOwner(tx, request.params.id);
        if (!before) throw notFound('View');
        if (before.ownerId !== auth.userId) {
          if (!(await readView(tx, auth, request.params.id))) throw notFound('View');
          throw forbidden('Only the person who saved this view can delete it');
        }
        await tx.delete(savedViews).where(eq(savedViews.id, request.params.id));
        await audit(tx, request, {
          actorId: auth.userId,
          action: 'view.delete',
          targetId: request.params.id,
          meta: { list: before.list, name: before.name },
        });
      });
      return { ok: true as const };
    },
  );
}
