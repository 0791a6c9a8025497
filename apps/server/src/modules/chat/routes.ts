import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHAT_API,
  CHAT_EVENTS,
  chatContactsAnswerSchema,
  chatConversationAnswerSchema,
  chatConversationIdQuerySchema,
  chatConversationKeySchema,
  chatConversationsAnswerSchema,
  chatDeleteMessageSchema,
  chatMessagesAnswerSchema,
  chatNewConversationSchema,
  chatNewMessageSchema,
  chatOlderQuerySchema,
  chatOneConversationSchema,
  chatOneMessageSchema,
  chatParticipantsAnswerSchema,
  chatSearchAnswerSchema,
  chatSearchQuerySchema,
  chatSinceAnswerSchema,
  chatSinceQuerySchema,
  chatTypingSchema,
  chatUpdateConversationSchema,
  chatUpdateMessageSchema,
} from '@bo/contract/chat';
import { mentionedHandles } from '@bo/contract/notifications';
import { ERROR_CODES } from '@bo/contract/errors';
import type { RealtimeEventType } from '@bo/contract/realtime';
import { audit } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-error.js';
import { errorResponses, mediaAnswer, withExample } from '../../lib/route-schemas.js';
import { requireAuth } from '../../plugins/auth.js';
import type { ReadCacheRule } from '../../plugins/read-cache.js';
import { sendStoredAttachment } from '../../lib/storage/send.js';
import {
  changeMessage,
  chatAttachmentFor,
  listContacts,
  listConversations,
  loadConversation,
  markSeen,
  memberIds,
  membership,
  messagesPage,
  messagesSince,
  peopleByIds,
  resolveKey,
  searchContacts,
  sendMessage,
  startConversation,
  unreadTotal,
  updateConversation,
} from './queries.js';
import { PresenceTracker } from './presence.js';
import { ChatSendQueue } from './send-queue.js';

const read = { permission: 'chat:read' } as const;
const write = { permission: 'chat:write' } as const;
const tags = ['chat'];

/**
 * Chat: conversations between the people of the back-office. Only members read or write a
 * conversation (403 otherwise); every change is an event on the realtime socket to the members
 * (across instances); a client that reconnects asks `/api/chat/messages/since?after=<seq>`.
 */
export async function chatRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, events, config } = app.services;
  const me = (request: FastifyRequest) => requireAuth(request).userId;
  const sendQueue = new ChatSendQueue(db);

  // Presence from this instance's sockets (see PresenceTracker).
  const presence = new PresenceTracker(db, events, app.log);
  presence.start();
  const stopSockets = [
    app.services.sockets.on('opened', (id) => void presence.opened(id)),
    app.services.sockets.on('closed', (id) => void presence.closed(id)),
    app.services.sockets.on('active', (id) => void presence.active(id)),
  ];
  app.addHook('onClose', async () => {
    for (const stop of stopSockets) stop();
    await presence.stop();
  });

  // Flood guard per person and instance: CHAT_RATE_LIMIT messages in a sliding minute.
  const recent = new Map<string, number[]>();
  const guard = (userId: string) => {
    const now = Date.now();
    const times = (recent.get(userId) ?? []).filter((t) => now - t < 60_000);
    if (times.length >= config.chatPerMinute) {
      const retry = Math.ceil((60_000 - (now - times[0]!)) / 1000);
      throw new HttpError(
        429,
        ERROR_CODES.rateLimited,
        'Too many messages. Wait a moment.',
        undefined,
        { 'retry-after': String(retry) },
      );
    }
    times.push(now);
    recent.set(userId, times);
    // Everyone who ever sent would stay a key: past this many, those quiet for a minute go.
    if (recent.size > 10_000)
      for (const [id, t] of recent) if (!t.some((x) => now - x < 60_000)) recent.delete(id);
  };

  // Each person's chat version: cached answers (embedded store) are keyed by it, by the presence
  // version and by the minute (an idle person turns "away" with time), bumped in the request for
  // read-your-writes and by the bus for every member of a changed conversation.
  const chatVersions = new Map<string, number>();
  const bump = (ids: readonly string[]) => {
    for (const id of ids) chatVersions.set(id, (chatVersions.get(id) ?? 0) + 1);
  };
  // Anyone's presence shows in everyone's lists: one version for all.
  let presenceVersion = 0;
  const stopListening = events.on((event) => {
    if (event.type === CHAT_EVENTS.presence) presenceVersion += 1;
    else if (
      event.type.startsWith('chat.') &&
      event.type !== CHAT_EVENTS.typing &&
      Array.isArray(event.audience)
    )
      bump(event.audience);
  });
  app.addHook('onClose', async () => stopListening());
  const cached = {
    tables: ['users'],
    scope: 'user',
    vary: (request: FastifyRequest) =>
      `${chatVersions.get(request.auth?.userId ?? '') ?? 0}:${presenceVersion}:${Math.floor(Date.now() / 60_000)}`,
  } satisfies ReadCacheRule;
  const readCached = { ...read, cache: cached };

  const publish = (type: RealtimeEventType, audience: string[], payload: unknown) => {
    if (type !== CHAT_EVENTS.typing) bump(audience);
    return events.publish({ type, audience, payload });
  };

  app.get(
    CHAT_API.contacts,
    {
      config: readCached,
      schema: {
        operationId: 'listChatContacts',
        tags,
        summary: 'People to talk to: recent conversations first, then colleagues by name (100)',
        response: { 200: chatContactsAnswerSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ contacts: await listContacts(db, me(request)) }),
  );

  app.get(
    CHAT_API.search,
    {
      config: readCached,
      schema: {
        operationId: 'searchChatPeople',
        tags,
        summary: 'Colleagues by name, address or company',
        querystring: chatSearchQuerySchema,
        response: { 200: chatSearchAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      results: await searchContacts(db, me(request), request.query.query),
    }),
  );

  app.get(
    CHAT_API.conversations,
    {
      config: readCached,
      schema: {
        operationId: 'listConversations',
        tags,
        summary: 'My conversations, the most recently active first, with unread counts',
        response: { 200: chatConversationsAnswerSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ conversations: await listConversations(db, me(request)) }),
  );

  app.get(
    CHAT_API.unread,
    {
      config: readCached,
      schema: {
        operationId: 'getChatUnreadCount',
        tags,
        summary: 'Unread messages over my conversations (muted ones apart)',
        response: { 200: z.object({ unread: z.number().int() }), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ unread: await unreadTotal(db, me(request)) }),
  );

  app.get(
    CHAT_API.conversation,
    {
      config: readCached,
      schema: {
        operationId: 'getConversation',
        tags,
        summary:
          'A conversation by id, or my one-to-one conversation with a username (null when it ' +
          'does not exist yet), with its latest messages',
        querystring: chatConversationKeySchema,
        response: { 200: chatConversationAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const userId = me(request);
      const { conversationId } = await resolveKey(db, userId, request.query.conversationKey);
      if (!conversationId) return { conversation: null };
      const conversation = await loadConversation(db, userId, conversationId);
      const page = await messagesPage(db, conversationId, null);
      return { conversation: { ...conversation, ...page } };
    },
  );

  app.get(
    CHAT_API.participants,
    {
      config: readCached,
      schema: {
        operationId: 'listConversationParticipants',
        tags,
        summary: 'The members of a conversation, or the person a username names',
        querystring: chatConversationKeySchema,
        response: { 200: chatParticipantsAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const userId = me(request);
      const { conversationId, people } = await resolveKey(
        db,
        userId,
        request.query.conversationKey,
      );
      if (!conversationId) return { participants: await peopleByIds(db, userId, people) };
      const conversation = await loadConversation(db, userId, conversationId);
      return { participants: conversation.participants };
    },
  );

  app.get(
    CHAT_API.markAsSeen,
    {
      config: read,
      schema: {
        operationId: 'markConversationSeen',
        tags,
        summary: 'I have read this conversation: my unread count to zero, "seen" for the others',
        querystring: chatConversationIdQuerySchema,
        response: {
          200: z.object({
            conversationId: z.string().uuid(),
            lastReadMessageId: z.string().uuid().nullable(),
          }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const userId = me(request);
      const { conversationId } = request.query;
      const lastReadMessageId = await db.transaction((tx) => markSeen(tx, userId, conversationId));
      await publish(CHAT_EVENTS.seen, await memberIds(db, conversationId), {
        conversationId,
        userId,
        messageId: lastReadMessageId,
      });
      return { conversationId, lastReadMessageId };
    },
  );

  app.get(
    CHAT_API.messages,
    {
      config: readCached,
      schema: {
        operationId: 'listChatMessages',
        tags,
        summary: 'Older messages of a conversation, before a cursor (oldest first)',
        querystring: chatOlderQuerySchema,
        response: { 200: chatMessagesAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await membership(db, me(request), request.query.conversationId);
      return messagesPage(
        db,
        request.query.conversationId,
        request.query.before,
        request.query.limit,
      );
    },
  );

  app.get(
    CHAT_API.since,
    {
      config: read,
      schema: {
        operationId: 'listChatChangesSince',
        tags,
        summary:
          'What changed in my conversations after a change number (new, edited, deleted ' +
          'messages), for a client that reconnects',
        querystring: chatSinceQuerySchema,
        response: { 200: chatSinceAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => messagesSince(db, me(request), request.query.after),
  );

  app.post(
    CHAT_API.newConversation,
    {
      config: write,
      schema: {
        operationId: 'createConversation',
        tags,
        summary:
          'Start a conversation: one other person is our one-to-one conversation (the same one ' +
          'when asked again); several make a group',
        body: chatNewConversationSchema,
        response: {
          200: chatOneConversationSchema,
          201: chatOneConversationSchema,
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const userId = me(request);
      const started = await db.transaction(async (tx) => {
        const result = await startConversation(tx, userId, request.body);
        if (result.created)
          await audit(tx, request, {
            actorId: userId,
            action: 'chat.conversation.create',
            targetId: result.id,
          });
        return result;
      });
      if (started.created)
        await publish(CHAT_EVENTS.conversation, started.memberIds, {
          conversationId: started.id,
        });
      reply.status(started.created ? 201 : 200);
      return { conversation: await loadConversation(db, userId, started.id) };
    },
  );

  app.post(
    CHAT_API.updateConversation,
    {
      config: write,
      schema: {
        operationId: 'updateConversation',
        tags,
        summary:
          'Rename a group, add or remove members (its owner), mute, close or reopen, or leave',
        body: chatUpdateConversationSchema,
        response: {
          200: z.object({ conversation: chatOneConversationSchema.shape.conversation.nullable() }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const userId = me(request);
      const { before, after } = await db.transaction(async (tx) => {
        const result = await updateConversation(tx, userId, request.body);
        await audit(tx, request, {
          actorId: userId,
          action: 'chat.conversation.update',
          targetId: request.body.conversationId,
        });
        return result;
      });
      await publish(CHAT_EVENTS.conversation, [...new Set([...before, ...after])], {
        conversationId: request.body.conversationId,
      });
      return {
        conversation: after.includes(userId)
          ? await loadConversation(db, userId, request.body.conversationId)
          : null,
      };
    },
  );

  app.post(
    CHAT_API.newMessage,
    {
      config: write,
      schema: {
        operationId: 'sendChatMessage',
        tags,
        summary:
          'Send a message (text, image or file); the same clientId again answers the stored ' +
          'message instead of a second one',
        body: withExample(chatNewMessageSchema, {
          conversationId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
          clientId: 'c-4f1d2a',
          body: 'The invoice is on its way.',
          contentType: 'text',
        }),
        response: {
          200: chatOneMessageSchema,
          201: chatOneMessageSchema,
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const userId = me(request);
      guard(userId);
      const { body } = request;
      const text = body.body.trim();
      // A plain text message takes the one-statement path; anything it did not store (a retry,
      // not a member, a conversation someone closed) the careful one, which answers why, and so
      // does a message that mentions someone (its notifications share its transaction).
      const fast =
        body.contentType === 'text' &&
        !body.attachmentIds.length &&
        text &&
        !mentionedHandles(text).length
          ? await sendQueue.send({
              senderId: userId,
              conversationId: body.conversationId,
              clientId: body.clientId,
              body: text,
            })
          : null;
      if (fast) {
        // Stored and committed: the answer need not wait for the event's statement (the caches
        // are bumped at once; the sockets hear it a moment later).
        publish(CHAT_EVENTS.message, fast.memberIds, { message: fast.message }).catch((err) =>
          request.log.warn({ err }, 'chat message event not published'),
        );
        reply.status(201);
        return { message: fast.message };
      }
      const { message, created } = await db.transaction((tx) => sendMessage(tx, userId, body));
      if (created)
        await publish(CHAT_EVENTS.message, await memberIds(db, message.conversationId), {
          message,
        });
      reply.status(created ? 201 : 200);
      return { message };
    },
  );

  for (const [path, schema, kind, operationId] of [
    [CHAT_API.updateMessage, chatUpdateMessageSchema, 'edit', 'updateChatMessage'],
    [CHAT_API.deleteMessage, chatDeleteMessageSchema, 'delete', 'deleteChatMessage'],
  ] as const) {
    app.post(
      path,
      {
        config: write,
        schema: {
          operationId,
          tags,
          summary: kind === 'edit' ? 'Edit one of my messages' : 'Delete one of my messages',
          body: schema,
          response: { 200: chatOneMessageSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const userId = me(request);
        const body = request.body as { messageId: string; body?: string };
        const message = await db.transaction((tx) =>
          changeMessage(
            tx,
            userId,
            body.messageId,
            kind === 'edit' ? { body: body.body! } : { deleted: true },
          ),
        );
        await publish(CHAT_EVENTS.message, await memberIds(db, message.conversationId), {
          message,
        });
        return { message };
      },
    );
  }

  app.post(
    CHAT_API.typing,
    {
      config: write,
      schema: {
        operationId: 'sendTypingSignal',
        tags,
        summary:
          'I am typing in this conversation (shown to the others for a few seconds; not stored)',
        body: chatTypingSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const userId = me(request);
      await membership(db, userId, request.body.conversationId);
      const others = (await memberIds(db, request.body.conversationId)).filter(
        (id) => id !== userId,
      );
      if (others.length)
        await publish(CHAT_EVENTS.typing, others, {
          conversationId: request.body.conversationId,
          userId,
        });
      return reply.status(204).send(null);
    },
  );

  app.get(
    CHAT_API.attachment.pattern,
    {
      compress: false,
      config: { ...read, cookieAuth: true },
      schema: {
        operationId: 'getChatAttachment',
        tags,
        summary: 'A file or picture of a conversation I am a member of',
        params: z.object({ id: z.string().uuid() }),
        querystring: z.object({ download: z.string().optional() }),
        response: {
          200: mediaAnswer('*/*', 'The attachment’s bytes with its own content type'),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const file = await chatAttachmentFor(db, me(request), request.params.id);
      return sendStoredAttachment(
        app.storage,
        reply,
        file,
        request.query.download !== undefined,
      ) as never;
    },
  );
}
