import { and, desc, eq, getTableColumns, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import {
  CHAT_API,
  CHAT_LIMITS,
  type ChatAttachment,
  type ChatContact,
  type ChatConversation,
  type ChatMessage,
  type ChatParticipant,
} from '@bo/contract/chat';
import { familyAttachmentOf } from '@bo/contract/common';
import { mentionedHandles } from '@bo/contract/notifications';
import type { Executor } from '../../db/client.js';
import { files, sessions, users } from '../../db/schema/core.js';
import {
  chatAttachments,
  chatConversations,
  chatMessages,
  chatParticipants,
} from '../../db/schema/messaging.js';
import { fieldError, forbidden, notFound } from '../../lib/http-error.js';
import { exactInstant } from '../../lib/keyset.js';
import { mentionedUsers, notify } from '../../lib/notify.js';
import { escapeLike } from '../../lib/sql-like.js';
import { conversationHolds } from '../../lib/upload-access.js';
import { searchTextMatches } from '../../lib/user-view.js';

import { presenceActiveAt, statusFrom } from './presence.js';

export const chatAttachmentUrl = (fileId: string) => CHAT_API.attachment(fileId);

type UserRow = {
  id: string;
  name: string;
  slug: string;
  avatar: string | null;
  email: string;
  phone: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  role: string;
  isPublic: boolean;
  seen: Date | string | null;
  activeAt: Date | string | null;
};

const userColumns = {
  id: users.id,
  name: users.displayName,
  slug: users.slug,
  avatar: users.avatarUrl,
  email: users.email,
  phone: users.phone,
  address: users.address,
  city: users.city,
  country: users.country,
  role: users.role,
  isPublic: users.isPublic,
  // Presence from open sockets (see PresenceTracker); the last activity otherwise is the newest
  // use of a session.
  activeAt: presenceActiveAt(users.id),
  seen: sql<Date | null>`(SELECT max(s.last_seen_at) FROM sessions s
    WHERE s.user_id = ${users.id} AND s.revoked_at IS NULL)`,
};
void sessions;

function toContact(row: UserRow, viewerId: string): ChatContact {
  const status = statusFrom(row.activeAt);
  const times = [row.activeAt, row.seen].filter(Boolean).map((d) => new Date(d!).getTime());
  const seen = times.length ? new Date(Math.max(...times)) : null;
  // A private profile keeps its address and phone to itself (as the user list does).
  const open = row.isPublic || row.id === viewerId;
  return {
    id: row.id,
    name: row.name,
    username: row.slug,
    avatar: row.avatar,
    email: open ? row.email : '',
    phone: open ? (row.phone ?? '') : '',
    address: open ? [row.address, row.city, row.country].filter(Boolean).join(', ') : '',
    role: row.role,
    status,
    lastActivity: seen ? seen.toISOString() : null,
  };
}

/** People to talk to: those of one's recent conversations first, then colleagues by name. */
export async function listContacts(db: Executor, me: string): Promise<ChatContact[]> {
  const recent = await db
    .selectDistinctOn([chatParticipants.userId], {
      ...userColumns,
      at: chatConversations.updatedAt,
    })
    .from(chatParticipants)
    .innerJoin(chatConversations, eq(chatConversations.id, chatParticipants.conversationId))
    .innerJoin(users, eq(users.id, chatParticipants.userId))
    .where(
      and(
        ne(chatParticipants.userId, me),
        eq(users.status, 'active'),
        sql`${chatParticipants.conversationId} IN (SELECT conversation_id FROM chat_participants WHERE user_id = ${me} AND left_at IS NULL)`,
      ),
    )
    .orderBy(chatParticipants.userId, desc(chatConversations.updatedAt))
    .limit(100);
  recent.sort((a, b) => new Date(b.at).getTime() - new Date(a.at).getTime());
  const known = new Set([me, ...recent.map((r) => r.id)]);
  const others = await db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.status, 'active'), ne(users.id, me)))
    .orderBy(users.displayName, users.id)
    .limit(100);
  return [...recent, ...others.filter((o) => !known.has(o.id))]
    .slice(0, 100)
    .map((r) => toContact(r, me));
}

export async function searchContacts(
  db: Executor,
  me: string,
  query: string,
): Promise<ChatContact[]> {
  const q = query.toLowerCase();
  const rows = await db
    .select(userColumns)
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        ne(users.id, me),
        // A private profile's address is not shown here (toContact), so not matched either.
        q ? searchTextMatches(`%${escapeLike(q)}%`, { userId: me, canManage: false }) : undefined,
      ),
    )
    .orderBy(users.displayName, users.id)
    .limit(20);
  return rows.map((r) => toContact(r, me));
}

// --- Messages ---------------------------------------------------------------------------------

type MessageRow = typeof chatMessages.$inferSelect;

async function attachmentsOf(db: Executor, ids: string[]) {
  const out = new Map<string, ChatAttachment[]>();
  if (!ids.length) return out;
  const rows = await db
    .select({
      messageId: chatAttachments.messageId,
      id: files.id,
      name: files.name,
      size: files.size,
      type: files.mime,
      storageKey: files.storageKey,
      createdAt: files.createdAt,
    })
    .from(chatAttachments)
    .innerJoin(files, eq(files.id, chatAttachments.fileId))
    .where(inArray(chatAttachments.messageId, ids))
    .orderBy(chatAttachments.messageId, chatAttachments.position);
  for (const r of rows) {
    const list = out.get(r.messageId) ?? [];
    const url = chatAttachmentUrl(r.id);
    list.push({
      id: r.id,
      name: r.name,
      size: r.size,
      type: r.type,
      url,
      createdAt: r.createdAt.toISOString(),
      ...familyAttachmentOf(r.storageKey),
    });
    out.set(r.messageId, list);
  }
  return out;
}

async function toMessages(db: Executor, rows: MessageRow[]): Promise<ChatMessage[]> {
  const attachments = await attachmentsOf(
    db,
    rows.filter((r) => !r.deletedAt && r.contentType !== 'text').map((r) => r.id),
  );
  return rows.map((r) => {
    const files = r.deletedAt ? [] : (attachments.get(r.id) ?? []);
    // The template family shows a picture message's body as the picture: one picture and no
    // text answers its capability URL there, loadable from the family's origin (our screen
    // knows it by being the attachment's preview).
    const picture =
      r.contentType === 'image' && !r.deletedAt && !r.body && files.length === 1
        ? files[0]!.preview
        : null;
    return {
      id: r.id,
      conversationId: r.conversationId,
      clientId: r.clientId,
      body: r.deletedAt ? '' : (picture ?? r.body),
      contentType: r.contentType as ChatMessage['contentType'],
      attachments: files,
      createdAt: r.createdAt.toISOString(),
      editedAt: r.editedAt?.toISOString() ?? null,
      deleted: !!r.deletedAt,
      senderId: r.senderId ?? '00000000-0000-0000-0000-000000000000',
      seq: r.seq,
    };
  });
}

/** The row's instant to the microsecond (see exactInstant) and id. */
const encodeCursor = (row: { cursorAt: string; id: string }) =>
  Buffer.from(`${row.cursorAt}|${row.id}`).toString('base64url');
function decodeCursor(cursor: string) {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!at || !id || Number.isNaN(Date.parse(at)) || !/^[0-9a-f-]{36}$/i.test(id))
    throw fieldError('before', 'invalid', 'This page cursor is not valid');
  return { at, id };
}

/** The latest messages before a cursor (or the newest), oldest first, by keyset. */
export async function messagesPage(
  db: Executor,
  conversationId: string,
  before: string | null,
  limit: number = CHAT_LIMITS.page,
): Promise<{ messages: ChatMessage[]; olderCursor: string | null }> {
  const cursor = before ? decodeCursor(before) : null;
  const rows = await db
    .select({
      ...getTableColumns(chatMessages),
      cursorAt: exactInstant(sql`${chatMessages.createdAt}`),
    })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        cursor
          ? sql`(${chatMessages.createdAt}, ${chatMessages.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(sql`${chatMessages.createdAt} DESC, ${chatMessages.id} DESC`)
    .limit(limit + 1);
  const page = rows.slice(0, limit).reverse();
  return {
    messages: await toMessages(db, page),
    olderCursor: rows.length > limit ? encodeCursor(page[0]!) : null,
  };
}

/** Changes (new, edited, deleted messages) in one's conversations after a change number. */
export async function messagesSince(
  db: Executor,
  me: string,
  after: number,
): Promise<{ messages: ChatMessage[]; more: boolean }> {
  const LIMIT = 500;
  const rows = await db
    .select({ m: chatMessages })
    .from(chatMessages)
    .innerJoin(
      chatParticipants,
      and(
        eq(chatParticipants.conversationId, chatMessages.conversationId),
        eq(chatParticipants.userId, me),
        isNull(chatParticipants.leftAt),
      ),
    )
    .where(sql`${chatMessages.seq} > ${after}`)
    .orderBy(chatMessages.seq)
    .limit(LIMIT + 1);
  return {
    messages: await toMessages(
      db,
      rows.slice(0, LIMIT).map((r) => r.m),
    ),
    more: rows.length > LIMIT,
  };
}

// --- Conversations ----------------------------------------------------------------------------

interface ConversationRow {
  id: string;
  type: string;
  name: string | null;
  ownerId: string | null;
  lastMessageId: string | null;
  updatedAt: Date;
  unread: number;
  muted: boolean;
  closed: boolean;
}

/** A conversation the person is a member of (403 when it exists but they are not in it). */
export async function membership(db: Executor, me: string, conversationId: string) {
  const [row] = await db
    .select({
      id: chatConversations.id,
      type: chatConversations.type,
      name: chatConversations.name,
      ownerId: chatConversations.ownerId,
      lastMessageId: chatConversations.lastMessageId,
      updatedAt: chatConversations.updatedAt,
      unread: sql<number>`coalesce(${chatParticipants.unread}, 0)`,
      muted: sql<boolean>`coalesce(${chatParticipants.muted}, false)`,
      closed: sql<boolean>`${chatParticipants.closedAt} IS NOT NULL`,
      member: sql<boolean>`${chatParticipants.userId} IS NOT NULL AND ${chatParticipants.leftAt} IS NULL`,
    })
    .from(chatConversations)
    .leftJoin(
      chatParticipants,
      and(
        eq(chatParticipants.conversationId, chatConversations.id),
        eq(chatParticipants.userId, me),
      ),
    )
    .where(eq(chatConversations.id, conversationId));
  if (!row) throw notFound('Conversation');
  if (!row.member) throw forbidden('You are not a member of this conversation');
  return row;
}

async function participantsOf(
  db: Executor,
  me: string,
  conversationIds: string[],
): Promise<Map<string, ChatParticipant[]>> {
  const out = new Map<string, ChatParticipant[]>();
  if (!conversationIds.length) return out;
  const rows = await db
    .select({
      ...userColumns,
      conversationId: chatParticipants.conversationId,
      lastReadMessageId: chatParticipants.lastReadMessageId,
      ownerId: chatConversations.ownerId,
    })
    .from(chatParticipants)
    .innerJoin(users, eq(users.id, chatParticipants.userId))
    .innerJoin(chatConversations, eq(chatConversations.id, chatParticipants.conversationId))
    .where(
      and(
        inArray(chatParticipants.conversationId, conversationIds),
        isNull(chatParticipants.leftAt),
      ),
    )
    .orderBy(chatParticipants.joinedAt, users.id);
  for (const r of rows) {
    const list = out.get(r.conversationId) ?? [];
    list.push({
      ...toContact(r, me),
      avatarUrl: r.avatar,
      lastReadMessageId: r.lastReadMessageId,
      isOwner: r.ownerId === r.id,
    });
    out.set(r.conversationId, list);
  }
  return out;
}

async function toConversations(
  db: Executor,
  me: string,
  rows: ConversationRow[],
): Promise<ChatConversation[]> {
  const ids = rows.map((r) => r.id);
  const lastIds = rows.map((r) => r.lastMessageId).filter((x): x is string => !!x);
  const [people, last] = await Promise.all([
    participantsOf(db, me, ids),
    lastIds.length
      ? db
          .select()
          .from(chatMessages)
          .where(inArray(chatMessages.id, lastIds))
          .then((r) => toMessages(db, r))
      : Promise.resolve([] as ChatMessage[]),
  ]);
  const lastById = new Map(last.map((m) => [m.id, m]));
  return rows.map((r) => {
    const lastMessage = r.lastMessageId ? (lastById.get(r.lastMessageId) ?? null) : null;
    return {
      id: r.id,
      type: r.type as ChatConversation['type'],
      name: r.name,
      participants: people.get(r.id) ?? [],
      unreadCount: r.unread,
      muted: r.muted,
      closed: r.closed,
      lastMessage,
      messages: lastMessage ? [lastMessage] : [],
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}

const conversationColumns = {
  id: chatConversations.id,
  type: chatConversations.type,
  name: chatConversations.name,
  ownerId: chatConversations.ownerId,
  lastMessageId: chatConversations.lastMessageId,
  updatedAt: chatConversations.updatedAt,
  unread: chatParticipants.unread,
  muted: chatParticipants.muted,
  closed: sql<boolean>`${chatParticipants.closedAt} IS NOT NULL`,
};

/** Unread messages over the person's conversations (muted ones apart): the navigation's badge. */
export async function unreadTotal(db: Executor, me: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${chatParticipants.unread}), 0)::int` })
    .from(chatParticipants)
    .where(
      and(
        eq(chatParticipants.userId, me),
        isNull(chatParticipants.leftAt),
        eq(chatParticipants.muted, false),
      ),
    );
  return row?.n ?? 0;
}

/** The person's conversations, the most recently active first. */
export async function listConversations(db: Executor, me: string): Promise<ChatConversation[]> {
  const rows = await db
    .select(conversationColumns)
    .from(chatParticipants)
    .innerJoin(chatConversations, eq(chatConversations.id, chatParticipants.conversationId))
    .where(and(eq(chatParticipants.userId, me), isNull(chatParticipants.leftAt)))
    .orderBy(desc(chatConversations.updatedAt), chatConversations.id)
    .limit(200);
  return toConversations(db, me, rows);
}

export async function loadConversation(
  db: Executor,
  me: string,
  conversationId: string,
): Promise<ChatConversation> {
  const row = await membership(db, me, conversationId);
  const [conversation] = await toConversations(db, me, [row]);
  return conversation!;
}

/**
 * What `conversationKey` names: a conversation id, or a person's username (their one-to-one
 * conversation with me, which may not exist yet: null then).
 */
export async function resolveKey(
  db: Executor,
  me: string,
  key: string,
): Promise<{ conversationId: string | null; people: string[] }> {
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(key)) {
    const [c] = await db
      .select({ id: chatConversations.id })
      .from(chatConversations)
      .where(eq(chatConversations.id, key));
    if (c) return { conversationId: c.id, people: [] };
  }
  const [person] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.slug, key), eq(users.status, 'active')));
  if (!person) throw notFound('Conversation');
  const [pair] = await db
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(eq(chatConversations.pairKey, pairKeyOf(me, person.id)));
  return { conversationId: pair?.id ?? null, people: [person.id] };
}

export async function peopleByIds(db: Executor, me: string, ids: string[]) {
  if (!ids.length) return [];
  const rows = await db.select(userColumns).from(users).where(inArray(users.id, ids));
  return rows.map((r) => ({
    ...toContact(r, me),
    avatarUrl: r.avatar,
    lastReadMessageId: null,
    isOwner: false,
  }));
}

const pairKeyOf = (a: string, b: string) => [a, b].sort().join('|');

/**
 * Starts a conversation: with one other person it is their one-to-one conversation (the same
 * one when asked again); with several, a new group owned by the caller.
 */
export async function startConversation(
  db: Executor,
  me: string,
  body: { participantIds: string[]; name?: string },
): Promise<{ id: string; created: boolean; memberIds: string[] }> {
  const others = [...new Set(body.participantIds.filter((id) => id !== me))];
  if (!others.length)
    throw fieldError('participantIds', 'required', 'Choose at least one other person');
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, others), eq(users.status, 'active')));
  if (found.length !== others.length)
    throw fieldError('participantIds', 'not_found', 'One of these people does not exist');
  if (others.length === 1 && !body.name) {
    const key = pairKeyOf(me, others[0]!);
    const [existing] = await db
      .select({ id: chatConversations.id })
      .from(chatConversations)
      .where(eq(chatConversations.pairKey, key));
    if (existing) {
      // Someone who left a one-to-one conversation is back in it when it is started again.
      await db
        .update(chatParticipants)
        .set({ leftAt: null })
        .where(eq(chatParticipants.conversationId, existing.id));
      return { id: existing.id, created: false, memberIds: [me, others[0]!] };
    }
    const [row] = await db
      .insert(chatConversations)
      .values({ type: 'ONE_TO_ONE', pairKey: key, ownerId: me })
      .onConflictDoNothing()
      .returning({ id: chatConversations.id });
    // Two people starting it at once: the other's insert won, use it.
    const id =
      row?.id ??
      (
        await db
          .select({ id: chatConversations.id })
          .from(chatConversations)
          .where(eq(chatConversations.pairKey, key))
      )[0]!.id;
    if (row)
      await db
        .insert(chatParticipants)
        .values([me, others[0]!].map((userId) => ({ conversationId: id, userId })));
    return { id, created: !!row, memberIds: [me, others[0]!] };
  }
  const [row] = await db
    .insert(chatConversations)
    .values({ type: 'GROUP', name: body.name || null, ownerId: me })
    .returning({ id: chatConversations.id });
  await db
    .insert(chatParticipants)
    .values([me, ...others].map((userId) => ({ conversationId: row!.id, userId })));
  await notifyAdded(db, me, row!.id, body.name || null, others);
  return { id: row!.id, created: true, memberIds: [me, ...others] };
}

/** People put in a group hear of it (not whoever put them there). */
async function notifyAdded(
  db: Executor,
  me: string,
  conversationId: string,
  name: string | null,
  added: string[],
) {
  await notify(db, {
    type: 'chat.added',
    to: { users: added, permission: 'chat:read' },
    title: name ?? '',
    link: `/dashboard/chat/${conversationId}`,
    recordId: conversationId,
    actorId: me,
  });
}

export async function memberIds(db: Executor, conversationId: string): Promise<string[]> {
  const rows = await db
    .select({ id: chatParticipants.userId })
    .from(chatParticipants)
    .where(
      and(eq(chatParticipants.conversationId, conversationId), isNull(chatParticipants.leftAt)),
    );
  return rows.map((r) => r.id);
}

/**
 * Sends: a message with the same sender and client id is the one already stored (a retry), not
 * a second; every other member's unread count goes up in the same transaction.
 */
export async function sendMessage(
  db: Executor,
  me: string,
  body: {
    conversationId: string;
    clientId: string;
    body: string;
    contentType: ChatMessage['contentType'];
    attachmentIds: string[];
  },
): Promise<{ message: ChatMessage; created: boolean }> {
  await membership(db, me, body.conversationId);
  const [existing] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.senderId, me), eq(chatMessages.clientId, body.clientId)));
  if (existing) {
    if (existing.conversationId !== body.conversationId)
      throw fieldError('clientId', 'taken', 'This client id was used in another conversation', 409);
    return { message: (await toMessages(db, [existing]))[0]!, created: false };
  }
  const text = body.body.trim();
  if (body.contentType === 'text' && !text) throw fieldError('body', 'required', 'Write a message');
  if (body.contentType !== 'text' && !body.attachmentIds.length)
    throw fieldError('attachmentIds', 'required', 'Attach a file');
  const attached = body.attachmentIds.length
    ? await db
        .select({ id: files.id, mime: files.mime })
        .from(files)
        .where(
          and(
            inArray(files.id, body.attachmentIds),
            eq(files.ownerId, me),
            sql`${files.scope} IN ('attachment', 'chat')`,
          ),
        )
    : [];
  if (attached.length !== new Set(body.attachmentIds).size)
    throw fieldError('attachmentIds', 'not_found', 'An attachment is not one of your uploads');
  if (body.contentType === 'image' && attached.some((f) => !f.mime.startsWith('image/')))
    throw fieldError('attachmentIds', 'not_an_image', 'Only pictures can be sent as an image');
  const [row] = await db
    .insert(chatMessages)
    .values({
      conversationId: body.conversationId,
      senderId: me,
      clientId: body.clientId,
      body: text,
      contentType: body.contentType,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    // The same retry racing itself: the other one stored it.
    const [again] = await db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.senderId, me), eq(chatMessages.clientId, body.clientId)));
    return { message: (await toMessages(db, [again!]))[0]!, created: false };
  }
  if (attached.length) {
    await db
      .insert(chatAttachments)
      .values(
        body.attachmentIds.map((fileId, position) => ({ messageId: row.id, fileId, position })),
      );
    await db.update(files).set({ scope: 'chat' }).where(inArray(files.id, body.attachmentIds));
  }
  await db
    .update(chatConversations)
    .set({ lastMessageId: row.id, updatedAt: row.createdAt })
    .where(eq(chatConversations.id, body.conversationId));
  await db
    .update(chatParticipants)
    .set({ unread: sql`${chatParticipants.unread} + 1` })
    .where(
      and(
        eq(chatParticipants.conversationId, body.conversationId),
        ne(chatParticipants.userId, me),
        isNull(chatParticipants.leftAt),
      ),
    );
  // The sender has read everything up to their own message.
  await db
    .update(chatParticipants)
    .set({ unread: 0, lastReadMessageId: row.id })
    .where(
      and(
        eq(chatParticipants.conversationId, body.conversationId),
        eq(chatParticipants.userId, me),
      ),
    );
  const mentioned = await notifyMentions(db, me, body.conversationId, text);
  await reopenClosed(db, me, body.conversationId, text, mentioned);
  return { message: (await toMessages(db, [row]))[0]!, created: true };
}

/**
 * A new message reopens the conversation for the members who had closed it, and tells them
 * (unless they muted it, or the message already mentions them), in the message's transaction.
 */
async function reopenClosed(
  db: Executor,
  me: string,
  conversationId: string,
  excerpt: string,
  mentioned: readonly string[],
) {
  const reopened = await db
    .update(chatParticipants)
    .set({ closedAt: null })
    .where(
      and(
        eq(chatParticipants.conversationId, conversationId),
        ne(chatParticipants.userId, me),
        isNull(chatParticipants.leftAt),
        isNotNull(chatParticipants.closedAt),
      ),
    )
    .returning({ userId: chatParticipants.userId, muted: chatParticipants.muted });
  const told = reopened.filter((p) => !p.muted && !mentioned.includes(p.userId));
  if (!told.length) return;
  const [conversation] = await db
    .select({ name: chatConversations.name })
    .from(chatConversations)
    .where(eq(chatConversations.id, conversationId));
  await notify(db, {
    type: 'chat.reopened',
    to: { users: told.map((p) => p.userId), permission: 'chat:read' },
    title: conversation?.name ?? '',
    body: excerpt,
    link: `/dashboard/chat/${conversationId}`,
    recordId: conversationId,
    actorId: me,
  });
}

/**
 * Members of the conversation a message names with `@handle` hear of it (nobody outside it).
 * Answers who was mentioned.
 */
async function notifyMentions(
  db: Executor,
  me: string,
  conversationId: string,
  text: string,
): Promise<string[]> {
  const mentioned = await mentionedUsers(db, mentionedHandles(text));
  if (!mentioned.length) return [];
  const members = await db
    .select({ userId: chatParticipants.userId })
    .from(chatParticipants)
    .where(
      and(
        eq(chatParticipants.conversationId, conversationId),
        inArray(chatParticipants.userId, mentioned),
        isNull(chatParticipants.leftAt),
      ),
    );
  const [conversation] = await db
    .select({ name: chatConversations.name })
    .from(chatConversations)
    .where(eq(chatConversations.id, conversationId));
  await notify(db, {
    type: 'mention',
    to: { users: members.map((m) => m.userId), permission: 'chat:read' },
    title: conversation?.name ?? '',
    body: text,
    link: `/dashboard/chat/${conversationId}`,
    recordId: conversationId,
    actorId: me,
  });
  return members.map((m) => m.userId);
}

/** Edits or deletes one's own message; its change number is renewed for reconnecting clients. */
export async function changeMessage(
  db: Executor,
  me: string,
  messageId: string,
  change: { body: string } | { deleted: true },
): Promise<ChatMessage> {
  const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, messageId));
  if (!row) throw notFound('Message');
  await membership(db, me, row.conversationId);
  if (row.senderId !== me) throw forbidden('Only its author can change a message');
  if (row.deletedAt) throw fieldError('messageId', 'deleted', 'This message was deleted', 409);
  const [updated] = await db
    .update(chatMessages)
    .set(
      'body' in change
        ? { body: change.body, editedAt: new Date(), seq: sql`nextval('chat_seq')` }
        : { deletedAt: new Date(), body: '', seq: sql`nextval('chat_seq')` },
    )
    .where(eq(chatMessages.id, messageId))
    .returning();
  if ('deleted' in change)
    await db.delete(chatAttachments).where(eq(chatAttachments.messageId, messageId));
  return (await toMessages(db, [updated!]))[0]!;
}

/** Reading: one's unread count to zero and the last seen message recorded. */
export async function markSeen(
  db: Executor,
  me: string,
  conversationId: string,
): Promise<string | null> {
  const conversation = await membership(db, me, conversationId);
  await db
    .update(chatParticipants)
    .set({ unread: 0, lastReadMessageId: conversation.lastMessageId })
    .where(
      and(eq(chatParticipants.conversationId, conversationId), eq(chatParticipants.userId, me)),
    );
  return conversation.lastMessageId;
}

/** Name, members (the group's owner), mute, leave. */
export async function updateConversation(
  db: Executor,
  me: string,
  body: {
    conversationId: string;
    name?: string;
    addIds?: string[];
    removeIds?: string[];
    muted?: boolean;
    closed?: boolean;
    leave?: boolean;
  },
): Promise<{ before: string[]; after: string[] }> {
  const conversation = await membership(db, me, body.conversationId);
  const before = await memberIds(db, body.conversationId);
  const group = conversation.type === 'GROUP';
  const owner = conversation.ownerId === me;
  if ((body.name !== undefined || body.addIds?.length || body.removeIds?.length) && !group)
    throw fieldError('conversationId', 'not_a_group', 'Only a group has a name and members');
  if ((body.addIds?.length || body.removeIds?.length) && !owner)
    throw forbidden('Only the group’s owner changes its members');
  if (body.name !== undefined)
    await db
      .update(chatConversations)
      .set({ name: body.name || null, updatedAt: new Date() })
      .where(eq(chatConversations.id, body.conversationId));
  if (body.addIds?.length) {
    const found = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, body.addIds), eq(users.status, 'active')));
    if (found.length !== new Set(body.addIds).size)
      throw fieldError('addIds', 'not_found', 'One of these people does not exist');
    if (new Set([...before, ...body.addIds]).size > CHAT_LIMITS.members)
      throw fieldError('addIds', 'too_many', `At most ${CHAT_LIMITS.members} members`);
    await db
      .insert(chatParticipants)
      .values(body.addIds.map((userId) => ({ conversationId: body.conversationId, userId })))
      .onConflictDoUpdate({
        target: [chatParticipants.conversationId, chatParticipants.userId],
        set: { leftAt: null, joinedAt: new Date() },
      });
    const [named] = await db
      .select({ name: chatConversations.name })
      .from(chatConversations)
      .where(eq(chatConversations.id, body.conversationId));
    await notifyAdded(
      db,
      me,
      body.conversationId,
      named?.name ?? null,
      body.addIds.filter((id) => !before.includes(id)),
    );
  }
  if (body.removeIds?.length)
    await db
      .update(chatParticipants)
      .set({ leftAt: new Date() })
      .where(
        and(
          eq(chatParticipants.conversationId, body.conversationId),
          inArray(
            chatParticipants.userId,
            body.removeIds.filter((id) => id !== me),
          ),
        ),
      );
  if (body.muted !== undefined)
    await db
      .update(chatParticipants)
      .set({ muted: body.muted })
      .where(
        and(
          eq(chatParticipants.conversationId, body.conversationId),
          eq(chatParticipants.userId, me),
        ),
      );
  if (body.closed !== undefined)
    await db
      .update(chatParticipants)
      .set({ closedAt: body.closed ? new Date() : null })
      .where(
        and(
          eq(chatParticipants.conversationId, body.conversationId),
          eq(chatParticipants.userId, me),
        ),
      );
  if (body.leave) {
    await db
      .update(chatParticipants)
      .set({ leftAt: new Date(), unread: 0 })
      .where(
        and(
          eq(chatParticipants.conversationId, body.conversationId),
          eq(chatParticipants.userId, me),
        ),
      );
    // A group whose owner leaves passes to the longest-standing member.
    if (group && owner) {
      const [next] = await db
        .select({ id: chatParticipants.userId })
        .from(chatParticipants)
        .where(
          and(
            eq(chatParticipants.conversationId, body.conversationId),
            isNull(chatParticipants.leftAt),
          ),
        )
        .orderBy(chatParticipants.joinedAt)
        .limit(1);
      await db
        .update(chatConversations)
        .set({ ownerId: next?.id ?? null })
        .where(eq(chatConversations.id, body.conversationId));
    }
  }
  return { before, after: await memberIds(db, body.conversationId) };
}

/** A chat attachment for a member of a conversation that carries it (a 404 for anyone else). */
export async function chatAttachmentFor(db: Executor, me: string, fileId: string) {
  const [row] = await db
    .select({ name: files.name, mime: files.mime, storageKey: files.storageKey })
    .from(files)
    .where(and(eq(files.id, fileId), conversationHolds(files.id, me)));
  if (!row) throw notFound('Attachment');
  return row;
}
