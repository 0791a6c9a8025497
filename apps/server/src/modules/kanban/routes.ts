import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  KANBAN_API,
  KANBAN_EVENTS,
  kanbanAssignableAnswerSchema,
  kanbanAssignableQuerySchema,
  kanbanBoardAnswerSchema,
  kanbanBoardQuerySchema,
  kanbanCardAnswerSchema,
  kanbanCardParamsSchema,
  kanbanCardCommentBodySchema,
  kanbanCardDeleteAnswerSchema,
  kanbanCardFileBodySchema,
  kanbanCardIdBodySchema,
  kanbanCardLikeBodySchema,
  kanbanCardMoveBodySchema,
  kanbanCardNewBodySchema,
  kanbanCardUpdateBodySchema,
  kanbanColumnAnswerSchema,
  kanbanColumnDeleteAnswerSchema,
  kanbanColumnIdBodySchema,
  kanbanColumnInputSchema,
  kanbanColumnMoveBodySchema,
  kanbanColumnOrderAnswerSchema,
  kanbanColumnUpdateBodySchema,
  kanbanCommentAnswerSchema,
  type KanbanCardMovedPayload,
  type KanbanColumnMovedPayload,
} from '@bo/contract/kanban';
import { mentionedHandles } from '@bo/contract/notifications';
import type { Executor } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { forbidden } from '../../lib/http-error.js';
import { mentionedUsers, notify } from '../../lib/notify.js';
import { errorResponses, withExample } from '../../lib/route-schemas.js';
import { requireAuth } from '../../plugins/auth.js';
import {
  addComment,
  cardPeople,
  assertCardEditor,
  assignableUsers,
  attachFile,
  clearColumn,
  createCard,
  createColumn,
  deleteCard,
  deleteColumn,
  detachFile,
  getCard,
  loadBoard,
  moveCard,
  moveColumn,
  renameColumn,
  setLike,
  updateCard,
} from './queries.js';

const read = { permission: 'kanban:read' } as const;
const write = { permission: 'kanban:write' } as const;
/** Columns shape the shared board: board managers only. */
const manage = { permission: 'kanban:manage' } as const;
const tags = ['kanban'];
const BOARD_TABLES = [
  'kanban_columns',
  'kanban_cards',
  'kanban_card_assignees',
  'kanban_comments',
  'kanban_attachments',
  'kanban_card_likes',
  'files',
  'users',
];

/**
 * The spec's board calls plus the writes it leaves out, in the same verb style. Every write runs
 * in one transaction and is published to the realtime channel after it commits.
 */
export async function kanbanRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, events } = app.services;
  const fileUrl = (key: string) => app.storage.url(key);

  /** Every write to the shared board runs in one transaction with its audit entry. */
  const audited = <T>(
    request: FastifyRequest,
    action: string,
    targetId: string | null,
    work: (tx: Executor) => Promise<T>,
  ) =>
    db.transaction(async (tx) => {
      const result = await work(tx);
      const target = targetId ?? (result as { id?: string } | undefined)?.id ?? null;
      await audit(tx, request, {
        actorId: requireAuth(request).userId,
        action: `kanban.${action}`,
        targetId: target,
      });
      return result;
    });

  /** People assigned to a card since `before` hear of it (not the person who assigned them). */
  const notifyAssigned = async (
    tx: Executor,
    cardId: string,
    before: string[],
    actorId: string,
  ) => {
    const card = await cardPeople(tx, cardId);
    await notify(tx, {
      type: 'kanban.assigned',
      to: { users: card.assigneeIds.filter((id) => !before.includes(id)) },
      title: card.name,
      link: `/dashboard/kanban?card=${cardId}`,
      recordId: cardId,
      actorId,
    });
  };

  const changed = (actorId: string, what: string, ids: Record<string, string>) =>
    events.publish({
      type: KANBAN_EVENTS.changed,
      audience: 'all',
      payload: { what, actorId, ...ids },
    });

  app.get(
    KANBAN_API.board,
    {
      // Per person: the board says which cards the caller liked.
      config: { ...read, cache: { tables: BOARD_TABLES, scope: 'user' } },
      schema: {
        operationId: 'getKanbanBoard',
        tags,
        summary:
          'The board: cards (each with its newest comments and their count; ?include=comments for all), columns with ordered cardIds, columnOrder',
        querystring: kanbanBoardQuerySchema,
        response: { 200: kanbanBoardAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      board: await loadBoard(
        db,
        requireAuth(request).userId,
        fileUrl,
        request.query.include === 'comments',
      ),
    }),
  );

  app.get(
    KANBAN_API.card.pattern,
    {
      config: { ...read, cache: { tables: BOARD_TABLES, scope: 'user' } },
      schema: {
        operationId: 'getKanbanCard',
        tags,
        summary: 'One card with its comments (what the card drawer shows)',
        params: kanbanCardParamsSchema,
        response: { 200: kanbanCardAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      card: await getCard(db, requireAuth(request).userId, fileUrl, request.params.id),
    }),
  );

  app.get(
    KANBAN_API.assignableUsers,
    {
      config: read,
      schema: {
        operationId: 'listKanbanAssignees',
        tags,
        summary: 'People a card can be assigned to (active accounts)',
        querystring: kanbanAssignableQuerySchema,
        response: { 200: kanbanAssignableAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return assignableUsers(db, request.query.q, request.query.limit, {
        userId: auth.userId,
        canManage: auth.permissions.has('users:write'),
      });
    },
  );

  // ---- columns ----

  app.post(
    KANBAN_API.columnNew,
    {
      config: manage,
      schema: {
        operationId: 'createKanbanColumn',
        tags,
        summary: 'Create a column, appended to the order',
        body: kanbanColumnInputSchema,
        response: { 201: kanbanColumnAnswerSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const column = await audited(request, 'column.create', null, (tx) =>
        createColumn(tx, request.body.name),
      );
      await changed(auth.userId, 'column.created', { columnId: column.id });
      reply.status(201);
      return { column };
    },
  );

  app.post(
    KANBAN_API.columnUpdate,
    {
      config: manage,
      schema: {
        operationId: 'renameKanbanColumn',
        tags,
        summary: 'Rename a column',
        body: kanbanColumnUpdateBodySchema,
        response: { 200: kanbanColumnAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { columnId, column: input } = request.body;
      const column = await audited(request, 'column.update', columnId, (tx) =>
        renameColumn(tx, columnId, input.name),
      );
      await changed(auth.userId, 'column.updated', { columnId });
      return { column };
    },
  );

  app.post(
    KANBAN_API.columnDelete,
    {
      config: manage,
      schema: {
        operationId: 'deleteKanbanColumn',
        tags,
        summary: 'Delete a column and its cards',
        body: kanbanColumnIdBodySchema,
        response: { 200: kanbanColumnDeleteAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { columnId } = request.body;
      await audited(request, 'column.delete', columnId, (tx) => deleteColumn(tx, columnId));
      await changed(auth.userId, 'column.deleted', { columnId });
      return { columnId };
    },
  );

  app.post(
    KANBAN_API.columnClear,
    {
      config: manage,
      schema: {
        operationId: 'clearKanbanColumn',
        tags,
        summary: 'Delete every card of a column, keeping the column',
        body: kanbanColumnIdBodySchema,
        response: { 200: kanbanColumnAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { columnId } = request.body;
      const column = await audited(request, 'column.clear', columnId, (tx) =>
        clearColumn(tx, columnId),
      );
      await changed(auth.userId, 'column.cleared', { columnId });
      return { column };
    },
  );

  app.post(
    KANBAN_API.columnMove,
    {
      config: manage,
      schema: {
        operationId: 'moveKanbanColumn',
        tags,
        summary: 'Move a column to a position of the order (clamped to the end)',
        body: kanbanColumnMoveBodySchema,
        response: { 200: kanbanColumnOrderAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { columnId, toIndex } = request.body;
      const columnOrder = await audited(request, 'column.move', columnId, (tx) =>
        moveColumn(tx, columnId, toIndex),
      );
      const payload: KanbanColumnMovedPayload & { actorId: string } = {
        columnId,
        toIndex: columnOrder.indexOf(columnId),
        actorId: auth.userId,
      };
      await events.publish({ type: KANBAN_EVENTS.columnMoved, audience: 'all', payload });
      return { columnOrder };
    },
  );

  // ---- cards ----

  app.post(
    KANBAN_API.cardNew,
    {
      config: write,
      schema: {
        operationId: 'createKanbanCard',
        tags,
        summary: 'Add a card at the end of a column',
        body: kanbanCardNewBodySchema,
        response: { 201: kanbanCardAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { columnId, card: input } = request.body;
      const card = await audited(request, 'card.create', null, async (tx) => {
        const id = await createCard(tx, columnId, input, auth.userId);
        await notifyAssigned(tx, id, [], auth.userId);
        return getCard(tx, auth.userId, fileUrl, id);
      });
      await changed(auth.userId, 'card.created', { cardId: card.id, columnId });
      reply.status(201);
      return { card };
    },
  );

  app.post(
    KANBAN_API.cardUpdate,
    {
      config: write,
      schema: {
        operationId: 'updateKanbanCard',
        tags,
        summary: 'Change a card (any subset of its fields; assignees by user id)',
        body: kanbanCardUpdateBodySchema,
        response: { 200: kanbanCardAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { cardId, card: patch } = request.body;
      const card = await audited(request, 'card.update', cardId, async (tx) => {
        await assertCardEditor(tx, cardId, auth);
        const before = await cardPeople(tx, cardId);
        await updateCard(tx, cardId, patch);
        await notifyAssigned(tx, cardId, before.assigneeIds, auth.userId);
        return getCard(tx, auth.userId, fileUrl, cardId);
      });
      await changed(auth.userId, 'card.updated', { cardId });
      return { card };
    },
  );

  app.post(
    KANBAN_API.cardMove,
    {
      config: write,
      schema: {
        operationId: 'moveKanbanCard',
        tags,
        summary: 'Move a card to a position of a column (clamped to the end)',
        body: withExample(kanbanCardMoveBodySchema, {
          cardId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
          toColumnId: '16fd2706-8baf-433b-82eb-8c7fada847da',
          toIndex: 0,
        }),
        response: { 200: kanbanCardAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { cardId, toColumnId, toIndex } = request.body;
      const { card, moved } = await audited(request, 'card.move', cardId, async (tx) => {
        await assertCardEditor(tx, cardId, auth);
        const result = await moveCard(tx, cardId, toColumnId, toIndex);
        return { moved: result, card: await getCard(tx, auth.userId, fileUrl, cardId) };
      });
      const payload: KanbanCardMovedPayload & { actorId: string } = {
        cardId,
        fromColumnId: moved.fromColumnId,
        toColumnId,
        toIndex: moved.toIndex,
        actorId: auth.userId,
      };
      await events.publish({ type: KANBAN_EVENTS.cardMoved, audience: 'all', payload });
      return { card };
    },
  );

  app.post(
    KANBAN_API.cardDelete,
    {
      config: write,
      schema: {
        operationId: 'deleteKanbanCard',
        tags,
        summary: 'Delete a card',
        body: kanbanCardIdBodySchema,
        response: { 200: kanbanCardDeleteAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { cardId } = request.body;
      const columnId = await audited(request, 'card.delete', cardId, async (tx) => {
        await assertCardEditor(tx, cardId, auth);
        return deleteCard(tx, cardId);
      });
      await changed(auth.userId, 'card.deleted', { cardId, columnId });
      return { cardId };
    },
  );

  app.post(
    KANBAN_API.cardComment,
    {
      config: write,
      schema: {
        operationId: 'commentOnKanbanCard',
        tags,
        summary: 'Comment on a card',
        body: kanbanCardCommentBodySchema,
        response: { 201: kanbanCommentAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { cardId, message } = request.body;
      const comment = await audited(request, 'card.comment', cardId, async (tx) => {
        const added = await addComment(tx, cardId, auth.userId, message);
        const card = await cardPeople(tx, cardId);
        const link = `/dashboard/kanban?card=${cardId}`;
        const mentioned = await mentionedUsers(tx, mentionedHandles(message));
        await notify(tx, {
          type: 'mention',
          to: { users: mentioned },
          title: card.name,
          body: message,
          link,
          recordId: cardId,
          actorId: auth.userId,
        });
        await notify(tx, {
          type: 'kanban.comment',
          to: {
            users: [card.reporterId, ...card.assigneeIds].filter((id) => !mentioned.includes(id!)),
          },
          title: card.name,
          body: message,
          link,
          recordId: cardId,
          actorId: auth.userId,
        });
        return added;
      });
      await changed(auth.userId, 'card.commented', { cardId });
      reply.status(201);
      return { comment };
    },
  );

  app.post(
    KANBAN_API.cardAttach,
    {
      config: { permission: 'files:write' },
      schema: {
        operationId: 'attachFileToKanbanCard',
        tags,
        summary: 'Link a file uploaded through POST /api/files to a card',
        body: kanbanCardFileBodySchema,
        response: { 200: kanbanCardAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      // Attaching changes the board too: files:write on the route, kanban:write checked here.
      if (!auth.permissions.has('kanban:write')) throw forbidden();
      const { cardId, fileId } = request.body;
      const card = await audited(request, 'card.attach', cardId, async (tx) => {
        await assertCardEditor(tx, cardId, auth);
        await attachFile(tx, cardId, fileId, auth.userId);
        return getCard(tx, auth.userId, fileUrl, cardId);
      });
      await changed(auth.userId, 'card.updated', { cardId });
      return { card };
    },
  );

  app.post(
    KANBAN_API.cardDetach,
    {
      config: write,
      schema: {
        operationId: 'detachFileFromKanbanCard',
        tags,
        summary: 'Remove an attachment from a card (the file itself stays)',
        body: kanbanCardFileBodySchema,
        response: { 200: kanbanCardAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { cardId, fileId } = request.body;
      const card = await audited(request, 'card.detach', cardId, async (tx) => {
        await assertCardEditor(tx, cardId, auth);
        await detachFile(tx, cardId, fileId);
        return getCard(tx, auth.userId, fileUrl, cardId);
      });
      await changed(auth.userId, 'card.updated', { cardId });
      return { card };
    },
  );

  app.post(
    KANBAN_API.cardLike,
    {
      config: write,
      schema: {
        operationId: 'toggleKanbanCardLike',
        tags,
        summary: 'Like or unlike a card (idempotent)',
        body: kanbanCardLikeBodySchema,
        response: { 200: kanbanCardAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { cardId, liked } = request.body;
      const card = await audited(
        request,
        liked ? 'card.like' : 'card.unlike',
        cardId,
        async (tx) => {
          await setLike(tx, cardId, auth.userId, liked);
          return getCard(tx, auth.userId, fileUrl, cardId);
        },
      );
      await changed(auth.userId, 'card.liked', { cardId });
      return { card };
    },
  );
}
