import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import {
  MAIL_API,
  MAIL_FOLDERS,
  MAIL_LIMITS,
  MAIL_SNIPPET,
  MAIL_SYSTEM_LABELS,
  parseMailSearch,
  type Mail,
  type MailAttachment,
  type MailFolder,
  type MailLabel,
  type MailSearch,
  type MailPerson,
  type MailsQuery,
  type MailUpdateBody,
  type MailWithThread,
} from '@bo/contract/mail';
import { familyAttachmentOf } from '@bo/contract/common';
import type { Executor } from '../../db/client.js';
import { files, users } from '../../db/schema/core.js';
import {
  mailAttachments,
  mailCounts,
  mailLabels,
  mailMessageLabels,
  mailMessages,
  type StoredAddress,
} from '../../db/schema/messaging.js';
import { htmlToText, sanitizeMailHtml } from '../../lib/html.js';
import { fieldError, notFound } from '../../lib/http-error.js';
import { notify } from '../../lib/notify.js';
import { exactInstant } from '../../lib/keyset.js';
import { escapeLike } from '../../lib/sql-like.js';
import { mailboxHolds } from '../../lib/upload-access.js';
import { emailVisibleSql, searchTextMatches, type Viewer } from '../../lib/user-view.js';

/** The mailbox's owner. */
export interface Owner {
  userId: string;
  email: string;
  name: string;
}

export type MessageRow = typeof mailMessages.$inferSelect;
type ListRow = Omit<MessageRow, 'bodyHtml' | 'searchText'>;

const { bodyHtml: _body, searchText: _search, ...listColumns } = getTableColumns(mailMessages);
void _body;
void _search;

/** Attachment download path (authorised per mailbox). */
export const attachmentUrl = (fileId: string) => MAIL_API.attachment(fileId);

// --- Answers ----------------------------------------------------------------------------------

interface Extras {
  attachments: Map<string, MailAttachment[]>;
  avatars: Map<string, string | null>;
  threadCounts: Map<string, number>;
}

/** Attachments of the messages that have some, in one query. */
async function attachmentsOf(db: Executor, rows: ListRow[]) {
  const attachments = new Map<string, MailAttachment[]>();
  const withFiles = rows.filter((r) => r.hasAttachments).map((r) => r.id);
  if (!withFiles.length) return attachments;
  const fileRows = await db
    .select({
      mailId: mailAttachments.mailId,
      id: files.id,
      name: files.name,
      size: files.size,
      type: files.mime,
      storageKey: files.storageKey,
    })
    .from(mailAttachments)
    .innerJoin(files, eq(files.id, mailAttachments.fileId))
    .where(inArray(mailAttachments.mailId, withFiles))
    .orderBy(mailAttachments.mailId, mailAttachments.position);
  for (const f of fileRows) {
    const list = attachments.get(f.mailId) ?? [];
    const url = attachmentUrl(f.id);
    list.push({
      id: f.id,
      name: f.name,
      size: f.size,
      type: f.type,
      url,
      ...familyAttachmentOf(f.storageKey),
    });
    attachments.set(f.mailId, list);
  }
  return attachments;
}

/** Everything a conversation's messages show: attachments, every person's avatar, counts. */
async function extrasFor(
  db: Executor,
  ownerId: string,
  rows: ListRow[],
  knownCounts?: Map<string, number>,
): Promise<Extras> {
  const avatars = new Map<string, string | null>();
  const threadCounts = new Map<string, number>(knownCounts);
  if (!rows.length) return { attachments: new Map(), avatars, threadCounts };
  const emails = new Set<string>();
  for (const r of rows) {
    emails.add(r.fromEmail);
    for (const a of [...r.to, ...r.cc]) emails.add(a.email);
  }
  const threads = [...new Set(rows.map((r) => r.threadId))];
  const [attachments, people, counts] = await Promise.all([
    attachmentsOf(db, rows),
    db
      .select({ email: users.email, avatar: users.avatarUrl })
      .from(users)
      .where(inArray(users.email, [...emails].slice(0, 1000))),
    knownCounts
      ? []
      : db
          .select({ threadId: mailMessages.threadId, n: sql<number>`count(*)::int` })
          .from(mailMessages)
          .where(
            and(
              eq(mailMessages.ownerId, ownerId),
              inArray(mailMessages.threadId, threads),
              sql`${mailMessages.folder} NOT IN ('trash', 'spam')`,
            ),
          )
          .groupBy(mailMessages.threadId),
  ]);
  for (const p of people) avatars.set(p.email, p.avatar);
  for (const c of counts) threadCounts.set(c.threadId, c.n);
  return { attachments, avatars, threadCounts };
}

function toMail(row: ListRow, message: string, extras: Extras, viewerId: string): Mail {
  const person = (a: StoredAddress): MailPerson => ({
    name: a.name,
    email: a.email,
    avatar: extras.avatars.get(a.email) ?? null,
  });
  return {
    id: row.id,
    folder: row.folder as MailFolder,
    labelIds: row.labelIds,
    subject: row.subject,
    message,
    from: person({ name: row.fromName, email: row.fromEmail }),
    to: row.to.map(person),
    cc: row.cc.map(person),
    // Bcc is the sender's knowledge only (kept on their copy and drafts).
    bcc: row.ownerId === viewerId ? row.bcc.map(person) : [],
    attachments: extras.attachments.get(row.id) ?? [],
    isUnread: row.isUnread,
    isStarred: row.isStarred,
    isImportant: row.isImportant,
    createdAt: row.createdAt.toISOString(),
    threadId: row.threadId,
    hasRemoteImages: row.hasRemoteImages,
    ...(row.auth ? { auth: row.auth } : {}),
    threadCount: extras.threadCounts.get(row.threadId) ?? 1,
  };
}

// --- Labels -----------------------------------------------------------------------------------

export async function listLabels(db: Executor, ownerId: string): Promise<MailLabel[]> {
  const [counts, custom] = await Promise.all([
    db
      .select({ key: mailCounts.key, total: mailCounts.total, unread: mailCounts.unread })
      .from(mailCounts)
      .where(eq(mailCounts.ownerId, ownerId)),
    db
      .select()
      .from(mailLabels)
      .where(eq(mailLabels.ownerId, ownerId))
      .orderBy(sql`lower(${mailLabels.name})`, mailLabels.id),
  ]);
  const byKey = new Map(counts.map((c) => [c.key, c]));
  const system: MailLabel[] = MAIL_SYSTEM_LABELS.map((name) => ({
    id: name,
    type: 'system',
    name,
    color: null,
    unreadCount: Math.max(0, byKey.get(name)?.unread ?? 0),
    totalCount: Math.max(0, byKey.get(name)?.total ?? 0),
  }));
  return [
    ...system,
    ...custom.map<MailLabel>((l) => ({
      id: l.id,
      type: 'custom',
      name: l.name,
      color: l.color,
      unreadCount: Math.max(0, byKey.get(`label:${l.id}`)?.unread ?? 0),
      totalCount: Math.max(0, byKey.get(`label:${l.id}`)?.total ?? 0),
    })),
  ];
}

async function labelCount(db: Executor, ownerId: string, labelId: string): Promise<MailLabel> {
  const all = await listLabels(db, ownerId);
  return all.find((l) => l.id === labelId)!;
}

export async function createLabel(
  db: Executor,
  ownerId: string,
  body: { name: string; color: string },
): Promise<MailLabel> {
  const [{ n }] = (await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mailLabels)
    .where(eq(mailLabels.ownerId, ownerId))) as [{ n: number }];
  if (n >= MAIL_LIMITS.labels)
    throw fieldError('name', 'too_many', `At most ${MAIL_LIMITS.labels} labels`, 409);
  await assertLabelNameFree(db, ownerId, body.name, null);
  const [row] = await db
    .insert(mailLabels)
    .values({ ownerId, name: body.name, color: body.color })
    .returning();
  return labelCount(db, ownerId, row!.id);
}

async function assertLabelNameFree(
  db: Executor,
  ownerId: string,
  name: string,
  exceptId: string | null,
) {
  const [clash] = await db
    .select({ id: mailLabels.id })
    .from(mailLabels)
    .where(
      and(
        eq(mailLabels.ownerId, ownerId),
        sql`lower(${mailLabels.name}) = ${name.toLowerCase()}`,
        exceptId ? sql`${mailLabels.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  if (clash || (MAIL_SYSTEM_LABELS as readonly string[]).includes(name.toLowerCase()))
    throw fieldError('name', 'taken', 'A label with this name already exists', 409);
}

async function ownLabel(db: Executor, ownerId: string, id: string) {
  const [row] = await db
    .select()
    .from(mailLabels)
    .where(and(eq(mailLabels.id, id), eq(mailLabels.ownerId, ownerId)));
  if (!row) throw notFound('Label');
  return row;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One of the person's labels by id or by name (case-insensitive; names are unique per person
 * that way), as the template family links a label by its name. An id wins over a name.
 */
async function ownLabelByKey(db: Executor, ownerId: string, key: string) {
  const rows = await db
    .select({ id: mailLabels.id })
    .from(mailLabels)
    .where(
      and(
        eq(mailLabels.ownerId, ownerId),
        UUID.test(key)
          ? sql`(${mailLabels.id} = ${key}::uuid OR lower(${mailLabels.name}) = lower(${key}))`
          : sql`lower(${mailLabels.name}) = lower(${key})`,
      ),
    );
  const row = rows.find((r) => r.id.toLowerCase() === key.toLowerCase()) ?? rows[0];
  if (!row) throw notFound('Label');
  return row;
}

export async function updateLabel(
  db: Executor,
  ownerId: string,
  id: string,
  patch: { name?: string; color?: string },
): Promise<MailLabel> {
  await ownLabel(db, ownerId, id);
  if (patch.name !== undefined) await assertLabelNameFree(db, ownerId, patch.name, id);
  if (patch.name !== undefined || patch.color !== undefined)
    await db
      .update(mailLabels)
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.color !== undefined ? { color: patch.color } : {}),
      })
      .where(eq(mailLabels.id, id));
  return labelCount(db, ownerId, id);
}

/** Removes the label from its messages (their counts follow), then the label itself. */
export async function deleteLabel(db: Executor, ownerId: string, id: string): Promise<void> {
  await ownLabel(db, ownerId, id);
  await db.execute(sql`
    UPDATE mail_messages SET label_ids = array_remove(label_ids, ${id}::uuid), updated_at = now()
     WHERE owner_id = ${ownerId}
       AND id IN (SELECT mail_id FROM mail_message_labels WHERE label_id = ${id})`);
  await db.delete(mailLabels).where(eq(mailLabels.id, id));
  await db
    .delete(mailCounts)
    .where(and(eq(mailCounts.ownerId, ownerId), eq(mailCounts.key, `label:${id}`)));
}

// --- Lists and search -------------------------------------------------------------------------

/** The last row's instant to the microsecond (see exactInstant) and id. */
const encodeCursor = (row: { cursorAt: string; id: string }) =>
  Buffer.from(`${row.cursorAt}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string): { at: string; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!at || !id || Number.isNaN(Date.parse(at)) || !/^[0-9a-f-]{36}$/i.test(id))
    throw fieldError('after', 'invalid', 'This page cursor is not valid');
  return { at, id };
}

/**
 * One page of a folder, a view (starred, important, all) or a label, newest first: a backward
 * range scan of the matching index from the cursor, in one query that also brings each row's
 * conversation size and sender's avatar; `q` narrows it through the trigram index.
 */
export async function listMails(
  db: Executor,
  owner: Owner,
  query: MailsQuery,
  options: { total?: boolean } = {},
): Promise<{ mails: Mail[]; nextCursor: string | null; total?: number }> {
  const m = mailMessages;
  const where: (SQL | undefined)[] = [eq(m.ownerId, owner.userId)];
  const search = query.q ? parseMailSearch(query.q) : null;
  let label: string | null = null;
  let conversationUnread: SQL<boolean> | null = null;
  if (query.customLabel) {
    label = (await ownLabelByKey(db, owner.userId, query.customLabel)).id;
    where.push(sql`${m.folder} NOT IN ('trash', 'spam')`);
  } else {
    // A search covers the whole mailbox (as `all`) unless `in:` names a folder; from the trash or
    // spam it stays there.
    const opened = query.systemLabel ?? 'inbox';
    const view = search
      ? (search.in ?? (opened === 'trash' || opened === 'spam' ? opened : 'all'))
      : opened;
    if ((MAIL_FOLDERS as readonly string[]).includes(view)) where.push(eq(m.folder, view));
    else {
      where.push(sql`${m.folder} NOT IN ('trash', 'spam')`);
      if (view === 'starred') where.push(sql`${m.isStarred}`);
      if (view === 'important') where.push(sql`${m.isImportant}`);
    }
    if (query.group === 'conversations' && !search) {
      // One row per conversation: a message with no newer one of its thread in this view.
      const inView = (alias: string) => {
        const col = (name: string) => sql.raw(`${alias}.${name}`);
        if ((MAIL_FOLDERS as readonly string[]).includes(view))
          return sql`${col('folder')} = ${view}`;
        return sql.join(
          [
            sql`${col('folder')} NOT IN ('trash', 'spam')`,
            ...(view === 'starred' ? [sql`${col('is_starred')}`] : []),
            ...(view === 'important' ? [sql`${col('is_important')}`] : []),
          ],
          sql` AND `,
        );
      };
      where.push(sql`NOT EXISTS (SELECT 1 FROM mail_messages n
        WHERE n.owner_id = "mail_messages"."owner_id" AND n.thread_id = "mail_messages"."thread_id"
          AND ${inView('n')}
          AND (n.created_at, n.id) > ("mail_messages"."created_at", "mail_messages"."id"))`);
      conversationUnread = sql<boolean>`EXISTS (SELECT 1 FROM mail_messages u
        WHERE u.owner_id = "mail_messages"."owner_id" AND u.thread_id = "mail_messages"."thread_id"
          AND ${inView('u')} AND u.is_unread)`;
    }
  }
  if (search) where.push(...(await searchConditions(db, owner.userId, search)));
  const cursor = query.after ? decodeCursor(query.after) : null;
  // Named in full: inside a subquery an unqualified column would be the subquery's own.
  const extra = {
    threadCount: sql<number>`(SELECT count(*)::int FROM mail_messages t
      WHERE t.owner_id = "mail_messages"."owner_id" AND t.thread_id = "mail_messages"."thread_id"
        AND t.folder NOT IN ('trash', 'spam'))`,
    avatar: sql<
      string | null
    >`(SELECT u.avatar_url FROM users u WHERE u.email = "mail_messages"."from_email")`,
    anyUnread: conversationUnread ?? sql<boolean>`false`,
  };
  let rows: Array<
    ListRow & { threadCount: number; avatar: string | null; anyUnread: boolean; cursorAt: string }
  >;
  if (label) {
    // A label's page walks its own index (label, created_at, mail) and fetches each message.
    const l = mailMessageLabels;
    rows = await db
      .select({ ...listColumns, ...extra, cursorAt: exactInstant(sql`${l.createdAt}`) })
      .from(l)
      .innerJoin(m, eq(m.id, l.mailId))
      .where(
        and(
          eq(l.labelId, label),
          ...where,
          cursor
            ? sql`(${l.createdAt}, ${l.mailId}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(sql`${l.createdAt} DESC, ${l.mailId} DESC`)
      .limit(query.limit + 1);
  } else {
    rows = await db
      .select({ ...listColumns, ...extra, cursorAt: exactInstant(sql`${m.createdAt}`) })
      .from(m)
      .where(
        and(
          ...where,
          cursor
            ? sql`(${m.createdAt}, ${m.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(sql`${m.createdAt} DESC, ${m.id} DESC`)
      .limit(query.limit + 1);
  }
  const page = rows.slice(0, query.limit);
  const extras: Extras = {
    attachments: await attachmentsOf(db, page),
    avatars: new Map(page.map((r) => [r.fromEmail, r.avatar])),
    threadCounts: new Map(page.map((r) => [r.threadId, r.threadCount])),
  };
  const answer = {
    mails: page.map((r) =>
      toMail(r.anyUnread ? { ...r, isUnread: true } : r, r.snippet, extras, owner.userId),
    ),
    nextCursor: rows.length > query.limit ? encodeCursor(page[page.length - 1]!) : null,
  };
  if (!options.total) return answer;
  // The whole first page is the whole list; otherwise the same rows are counted.
  if (!cursor && rows.length <= query.limit) return { ...answer, total: rows.length };
  const [counted] = label
    ? await db
        .select({ n: sql<number>`count(*)::int` })
        .from(mailMessageLabels)
        .innerJoin(m, eq(m.id, mailMessageLabels.mailId))
        .where(and(eq(mailMessageLabels.labelId, label), ...where))
    : await db
        .select({ n: sql<number>`count(*)::int` })
        .from(m)
        .where(and(...where));
  return { ...answer, total: Number(counted?.n ?? 0) };
}

async function searchConditions(db: Executor, ownerId: string, s: MailSearch): Promise<SQL[]> {
  const m = mailMessages;
  const out: SQL[] = [];
  const contains = (column: SQL | typeof m.searchText, value: string) =>
    sql`${column} LIKE ${`%${escapeLike(value.toLowerCase())}%`}`;
  for (const word of s.text) out.push(contains(m.searchText, word));
  if (s.from) {
    out.push(contains(m.searchText, s.from));
    out.push(sql`lower(${m.fromEmail} || ' ' || ${m.fromName}) LIKE ${`%${escapeLike(s.from)}%`}`);
  }
  if (s.to) {
    out.push(contains(m.searchText, s.to));
    out.push(sql`lower((${m.to} || ${m.cc} || ${m.bcc})::text) LIKE ${`%${escapeLike(s.to)}%`}`);
  }
  if (s.hasAttachment) out.push(sql`${m.hasAttachments}`);
  if (s.isUnread !== undefined) out.push(s.isUnread ? sql`${m.isUnread}` : sql`NOT ${m.isUnread}`);
  if (s.isStarred) out.push(sql`${m.isStarred}`);
  if (s.before) out.push(sql`${m.createdAt} < ${s.before}::date`);
  if (s.after) out.push(sql`${m.createdAt} >= ${s.after}::date`);
  if (s.label) {
    const [label] = await db
      .select({ id: mailLabels.id })
      .from(mailLabels)
      .where(
        and(
          eq(mailLabels.ownerId, ownerId),
          sql`lower(${mailLabels.name}) = ${s.label.toLowerCase()}`,
        ),
      )
      .limit(1);
    out.push(label ? sql`${m.labelIds} @> ARRAY[${label.id}]::uuid[]` : sql`false`);
  }
  return out;
}

// --- One message and its thread ---------------------------------------------------------------

/** A conversation shows at most this many messages; one read takes a margin for trash and spam. */
const THREAD_SHOWN = 200;
const THREAD_READ_LIMIT = 400;
const HIDDEN_FOLDERS = new Set(['trash', 'spam']);

async function ownMessage(db: Executor, ownerId: string, id: string): Promise<MessageRow> {
  const [row] = await db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.id, id), eq(mailMessages.ownerId, ownerId)));
  if (!row) throw notFound('Mail');
  return row;
}

export async function loadMail(
  db: Executor,
  owner: Owner,
  mailId: string,
): Promise<MailWithThread> {
  // The message and its whole conversation in one round trip (a conversation opened is a cache
  // miss for each new one, so its cost is what people feel): every folder is read, then trash
  // and spam are left out unless the opened message itself is there.
  const all = await db
    .select()
    .from(mailMessages)
    .where(
      and(
        eq(mailMessages.ownerId, owner.userId),
        sql`${mailMessages.threadId} = (
          SELECT thread_id FROM mail_messages WHERE id = ${mailId} AND owner_id = ${owner.userId})`,
      ),
    )
    .orderBy(mailMessages.createdAt, mailMessages.id)
    .limit(THREAD_READ_LIMIT);
  const row = all.find((t) => t.id === mailId) ?? (await ownMessage(db, owner.userId, mailId));
  const shown = all.filter((t) => !HIDDEN_FOLDERS.has(t.folder));
  const hidden = HIDDEN_FOLDERS.has(row.folder);
  const thread = (hidden ? all : shown).slice(0, THREAD_SHOWN);
  const rows = thread.some((t) => t.id === row.id) ? thread : [...thread, row];
  // The count the list shows (trash and spam left out), exact when the whole thread was read.
  const counts =
    all.length < THREAD_READ_LIMIT ? new Map([[row.threadId, shown.length]]) : undefined;
  const extras = await extrasFor(db, owner.userId, rows, counts);
  const mail = toMail(row, row.bodyHtml, extras, owner.userId);
  return {
    ...mail,
    messageId: row.messageId,
    thread: rows.map((t) => toMail(t, t.bodyHtml, extras, owner.userId)),
  };
}

export async function loadOne(db: Executor, owner: Owner, id: string): Promise<Mail> {
  const row = await ownMessage(db, owner.userId, id);
  const extras = await extrasFor(db, owner.userId, [row]);
  return toMail(row, row.bodyHtml, extras, owner.userId);
}

// --- Writing ----------------------------------------------------------------------------------

export interface Composition {
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  message: string;
  attachmentIds: string[];
  inReplyTo?: string | null;
}

interface AttachedFile {
  id: string;
  name: string;
  mime: string;
  size: number;
  storageKey: string;
}

/** Names for addresses: a colleague's display name, otherwise the address's local part. */
async function addressesOf(db: Executor, emails: string[]): Promise<StoredAddress[]> {
  const unique = [...new Set(emails)];
  if (!unique.length) return [];
  const known = await db
    .select({ email: users.email, name: users.displayName })
    .from(users)
    .where(inArray(users.email, unique));
  const names = new Map(known.map((k) => [k.email, k.name]));
  return unique.map((email) => ({ email, name: names.get(email) ?? email.split('@')[0]! }));
}

/**
 * The files a message may carry: the writer's own uploads, or files attached to a message in
 * their mailbox (forwarding). Anything else is a 400 naming `attachmentIds`.
 */
async function attachable(
  db: Executor,
  ownerId: string,
  ids: string[],
  maxBytes: number,
): Promise<AttachedFile[]> {
  if (!ids.length) return [];
  const unique = [...new Set(ids)];
  const rows = await db
    .select({
      id: files.id,
      name: files.name,
      mime: files.mime,
      size: files.size,
      storageKey: files.storageKey,
    })
    .from(files)
    .where(
      and(
        inArray(files.id, unique),
        sql`${files.scope} IN ('attachment', 'mail')`,
        sql`(${files.ownerId} = ${ownerId} OR EXISTS (
          SELECT 1 FROM mail_attachments a JOIN mail_messages mm ON mm.id = a.mail_id
           WHERE a.file_id = ${files.id} AND mm.owner_id = ${ownerId}))`,
      ),
    );
  if (rows.length !== unique.length)
    throw fieldError('attachmentIds', 'not_found', 'An attachment is not one of your files');
  const total = rows.reduce((sum, r) => sum + r.size, 0);
  if (total > maxBytes)
    throw fieldError(
      'attachmentIds',
      'too_large',
      `Attachments may total at most ${Math.floor(maxBytes / 1024 / 1024)} MB`,
      413,
      { maximum: maxBytes },
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return unique.map((id) => byId.get(id)!);
}

const searchTextOf = (
  subject: string,
  from: StoredAddress,
  people: StoredAddress[],
  text: string,
  attachmentNames: string[],
) =>
  [
    subject,
    from.name,
    from.email,
    ...people.flatMap((p) => [p.name, p.email]),
    ...attachmentNames,
    text.slice(0, 4000),
  ]
    .join(' ')
    .toLowerCase();

const snippetOf = (text: string) =>
  text.length > MAIL_SNIPPET ? `${text.slice(0, MAIL_SNIPPET - 1)}…` : text;

/** Message-ID for a new message: `<uuid@domain>`. */
export const newMessageId = (domain: string) => `<${randomUUID()}@${domain}>`;

export interface Delivery {
  /** The sender's copy (sent) or the draft. */
  mail: Mail;
  /** Mailboxes that changed: the sender's and each colleague's. */
  ownerIds: string[];
  /** Addresses outside the product, to go through the outbox. */
  outside: { to: string[]; cc: string[]; bcc: string[] };
  messageId: string;
  inReplyTo: string | null;
  references: string[];
  html: string;
  text: string;
  subject: string;
  attachments: AttachedFile[];
}

interface ReplyContext {
  threadId: string;
  messageId: string;
  refs: string[];
}

async function replyContext(
  db: Executor,
  ownerId: string,
  inReplyTo: string | null | undefined,
): Promise<ReplyContext | null> {
  if (!inReplyTo) return null;
  const [row] = await db
    .select({
      threadId: mailMessages.threadId,
      messageId: mailMessages.messageId,
      refs: mailMessages.refs,
    })
    .from(mailMessages)
    .where(and(eq(mailMessages.id, inReplyTo), eq(mailMessages.ownerId, ownerId)));
  if (!row) throw fieldError('inReplyTo', 'not_found', 'The message answered is not in your mail');
  return row;
}

/** The thread of `messageIds` in a mailbox, if one of them is there. */
export async function threadOf(
  db: Executor,
  ownerId: string,
  messageIds: string[],
): Promise<string | null> {
  const ids = messageIds.filter(Boolean).slice(-50);
  if (!ids.length) return null;
  const [row] = await db
    .select({ threadId: mailMessages.threadId })
    .from(mailMessages)
    .where(and(eq(mailMessages.ownerId, ownerId), inArray(mailMessages.messageId, ids)))
    .limit(1);
  return row?.threadId ?? null;
}

/**
 * A new mail in a person's inbox (their copy `mailId`): a `mail.received` notification in the
 * transaction that stores it, for those who turned that type on (it is off by default).
 */
export async function notifyNewMail(
  db: Executor,
  mail: { ownerId: string; mailId: string; subject: string; from: string; actorId?: string | null },
): Promise<void> {
  await notify(db, {
    type: 'mail.received',
    to: { users: [mail.ownerId], permission: 'mail:read' },
    title: mail.subject,
    body: mail.from,
    link: `/dashboard/mail?mailId=${mail.mailId}`,
    recordId: mail.mailId,
    actorId: mail.actorId ?? null,
  });
}

/**
 * Sends: the sender's copy goes to `sent`, each colleague among the recipients (to, cc or bcc)
 * receives an unread copy in their inbox in the same transaction, and the outside addresses are
 * returned for the outbox (sent after the commit). A draft it comes from is removed.
 */
export async function sendMail(
  db: Executor,
  owner: Owner,
  body: Composition & { draftId?: string },
  options: { domain: string; maxBytes: number },
): Promise<Delivery> {
  const all = [...body.to, ...body.cc, ...body.bcc];
  if (!all.length) throw fieldError('to', 'required', 'Add at least one recipient');
  if (new Set(all).size > MAIL_LIMITS.recipients)
    throw fieldError('to', 'too_many', `At most ${MAIL_LIMITS.recipients} recipients`);
  if (body.draftId) {
    const draft = await ownMessage(db, owner.userId, body.draftId);
    if (draft.folder !== 'drafts') throw fieldError('draftId', 'not_a_draft', 'Not a draft');
  }
  const parent = await replyContext(db, owner.userId, body.inReplyTo);
  const attached = await attachable(db, owner.userId, body.attachmentIds, options.maxBytes);
  const clean = sanitizeMailHtml(body.message);
  const text = htmlToText(clean.html);
  const [to, cc, bcc] = await Promise.all([
    addressesOf(db, body.to),
    addressesOf(db, body.cc),
    addressesOf(db, body.bcc),
  ]);
  const from: StoredAddress = { name: owner.name, email: owner.email };
  const messageId = newMessageId(options.domain);
  const references = parent ? [...parent.refs, parent.messageId].slice(-50) : [];
  const searchText = searchTextOf(
    body.subject,
    from,
    [...to, ...cc, ...bcc],
    text,
    attached.map((a) => a.name),
  );
  const common = {
    messageId,
    inReplyTo: parent?.messageId ?? null,
    refs: references,
    subject: body.subject,
    bodyHtml: clean.html,
    snippet: snippetOf(text),
    fromName: from.name,
    fromEmail: from.email,
    to,
    cc,
    hasAttachments: attached.length > 0,
    hasRemoteImages: clean.hasRemoteImages,
    searchText,
  };
  const [sent] = await db
    .insert(mailMessages)
    .values({
      ...common,
      ownerId: owner.userId,
      folder: 'sent',
      threadId: parent?.threadId ?? randomUUID(),
      bcc,
      isUnread: false,
    })
    .returning({ id: mailMessages.id });
  const copies = [sent!.id];

  const colleagues = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(inArray(users.email, [...new Set(all)]), eq(users.status, 'active')));
  const inside = new Set(colleagues.map((c) => c.email));
  for (const colleague of colleagues) {
    const threadId = (await threadOf(db, colleague.id, [...references, messageId])) ?? randomUUID();
    const [copy] = await db
      .insert(mailMessages)
      .values({ ...common, ownerId: colleague.id, folder: 'inbox', threadId, isUnread: true })
      .returning({ id: mailMessages.id });
    copies.push(copy!.id);
    await notifyNewMail(db, {
      ownerId: colleague.id,
      mailId: copy!.id,
      subject: body.subject,
      from: owner.name || owner.email,
      actorId: owner.userId,
    });
  }
  if (attached.length) {
    await db
      .insert(mailAttachments)
      .values(
        copies.flatMap((mailId) =>
          attached.map((f, position) => ({ mailId, fileId: f.id, position })),
        ),
      );
    // From now on the files are served only to the mailboxes that hold them.
    await db
      .update(files)
      .set({ scope: 'mail' })
      .where(
        inArray(
          files.id,
          attached.map((f) => f.id),
        ),
      );
  }
  if (body.draftId) await db.delete(mailMessages).where(eq(mailMessages.id, body.draftId));
  const outside = (list: string[]) => [...new Set(list)].filter((a) => !inside.has(a));
  return {
    mail: await loadOne(db, owner, sent!.id),
    ownerIds: [...new Set([owner.userId, ...colleagues.map((c) => c.id)])],
    outside: { to: outside(body.to), cc: outside(body.cc), bcc: outside(body.bcc) },
    messageId,
    inReplyTo: parent?.messageId ?? null,
    references,
    html: clean.html,
    text,
    subject: body.subject,
    attachments: attached,
  };
}

/** Drafts: kept in `drafts`, never delivered; addresses are checked only for their form. */
export async function saveDraft(
  db: Executor,
  owner: Owner,
  body: Partial<Composition>,
  draftId: string | null,
  options: { maxBytes: number },
): Promise<Mail> {
  const existing = draftId ? await ownMessage(db, owner.userId, draftId) : null;
  if (existing && existing.folder !== 'drafts')
    throw fieldError('id', 'not_a_draft', 'Only a draft can be changed', 409);
  const current = existing
    ? {
        to: existing.to.map((a) => a.email),
        cc: existing.cc.map((a) => a.email),
        bcc: existing.bcc.map((a) => a.email),
        subject: existing.subject,
        message: existing.bodyHtml,
      }
    : { to: [], cc: [], bcc: [], subject: '', message: '' };
  const next = { ...current, ...stripUndefined(body) };
  const parent = existing
    ? existing.inReplyTo
      ? { messageId: existing.inReplyTo, refs: existing.refs, threadId: existing.threadId }
      : null
    : await replyContext(db, owner.userId, body.inReplyTo);
  const attached =
    body.attachmentIds !== undefined
      ? await attachable(db, owner.userId, body.attachmentIds, options.maxBytes)
      : null;
  const clean = sanitizeMailHtml(next.message);
  const text = htmlToText(clean.html);
  const [to, cc, bcc] = await Promise.all([
    addressesOf(db, next.to),
    addressesOf(db, next.cc),
    addressesOf(db, next.bcc),
  ]);
  const from: StoredAddress = { name: owner.name, email: owner.email };
  const values = {
    subject: next.subject,
    bodyHtml: clean.html,
    snippet: snippetOf(text),
    fromName: from.name,
    fromEmail: from.email,
    to,
    cc,
    bcc,
    hasRemoteImages: clean.hasRemoteImages,
    searchText: searchTextOf(next.subject, from, [...to, ...cc, ...bcc], text, []),
    updatedAt: new Date(),
  };
  let id: string;
  if (existing) {
    id = existing.id;
    await db.update(mailMessages).set(values).where(eq(mailMessages.id, id));
  } else {
    const [row] = await db
      .insert(mailMessages)
      .values({
        ...values,
        ownerId: owner.userId,
        folder: 'drafts',
        threadId: parent?.threadId ?? randomUUID(),
        messageId: `<draft-${randomUUID()}@drafts>`,
        inReplyTo: parent?.messageId ?? null,
        refs: parent ? [...parent.refs, parent.messageId].slice(-50) : [],
      })
      .returning({ id: mailMessages.id });
    id = row!.id;
  }
  if (attached) {
    await db.delete(mailAttachments).where(eq(mailAttachments.mailId, id));
    if (attached.length)
      await db
        .insert(mailAttachments)
        .values(attached.map((f, position) => ({ mailId: id, fileId: f.id, position })));
    await db
      .update(mailMessages)
      .set({ hasAttachments: attached.length > 0 })
      .where(eq(mailMessages.id, id));
  }
  return loadOne(db, owner, id);
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * Flags, folder and labels of a selection. Every id must be a message of this mailbox (a 404
 * naming `mailIds` otherwise, and nothing changes). Moving out of the trash or spam with
 * `folder: 'inbox'` puts a message back where it was (a sent one back in sent).
 */
/**
 * The messages of the same conversations in the same folders as `ids` (the ids included): what a
 * conversation row's action applies to. Messages elsewhere (a reply in Sent) stay as they are.
 */
async function conversationsOf(db: Executor, ownerId: string, ids: string[]): Promise<string[]> {
  const m = mailMessages;
  const rows = await db
    .select({ id: m.id })
    .from(m)
    .where(
      and(
        eq(m.ownerId, ownerId),
        sql`(${m.threadId}, ${m.folder}) IN (SELECT s.thread_id, s.folder FROM mail_messages s
          WHERE s.owner_id = ${ownerId} AND s.id IN (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )}))`,
      ),
    )
    .limit(2000);
  return [...new Set([...ids, ...rows.map((r) => r.id)])];
}

export async function updateMails(
  db: Executor,
  ownerId: string,
  body: MailUpdateBody,
): Promise<number> {
  const asked = [...new Set(body.mailIds)];
  const found = await db
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(and(eq(mailMessages.ownerId, ownerId), inArray(mailMessages.id, asked)));
  if (found.length !== asked.length)
    throw fieldError('mailIds', 'not_found', 'A message is not in your mail', 404);
  const ids = body.conversations ? await conversationsOf(db, ownerId, asked) : asked;
  const rows = await db
    .select({ id: mailMessages.id, folder: mailMessages.folder })
    .from(mailMessages)
    .where(and(eq(mailMessages.ownerId, ownerId), inArray(mailMessages.id, ids)));
  const c = body.changes;
  if (c.folder && c.folder !== 'trash' && rows.some((r) => r.folder === 'drafts'))
    throw fieldError('changes.folder', 'draft', 'A draft can only be moved to the trash');
  const labelIds = [...new Set([...(c.addLabelIds ?? []), ...(c.removeLabelIds ?? [])])];
  if (labelIds.length) {
    const owned = await db
      .select({ id: mailLabels.id })
      .from(mailLabels)
      .where(and(eq(mailLabels.ownerId, ownerId), inArray(mailLabels.id, labelIds)));
    if (owned.length !== labelIds.length)
      throw fieldError(
        c.addLabelIds?.length ? 'changes.addLabelIds' : 'changes.removeLabelIds',
        'not_found',
        'No such label',
        404,
      );
  }
  const sets: SQL[] = [sql`updated_at = now()`];
  if (c.isUnread !== undefined) sets.push(sql`is_unread = ${c.isUnread}`);
  if (c.isStarred !== undefined) sets.push(sql`is_starred = ${c.isStarred}`);
  if (c.isImportant !== undefined) sets.push(sql`is_important = ${c.isImportant}`);
  if (c.folder === 'trash' || c.folder === 'spam') {
    sets.push(
      sql`previous_folder = CASE WHEN folder IN ('trash', 'spam') THEN previous_folder ELSE folder END`,
    );
    sets.push(sql`folder = ${c.folder}`);
  } else if (c.folder === 'inbox') {
    sets.push(
      sql`folder = CASE WHEN folder IN ('trash', 'spam') THEN coalesce(previous_folder, 'inbox') ELSE 'inbox' END`,
    );
    sets.push(sql`previous_folder = NULL`);
  } else if (c.folder) {
    sets.push(sql`folder = ${c.folder}`, sql`previous_folder = NULL`);
  }
  if (c.addLabelIds?.length || c.removeLabelIds?.length) {
    const add = `{${(c.addLabelIds ?? []).join(',')}}`;
    const remove = `{${(c.removeLabelIds ?? []).join(',')}}`;
    sets.push(sql`label_ids = ARRAY(
      SELECT DISTINCT x FROM unnest(label_ids || ${add}::uuid[]) AS x
       WHERE NOT (x = ANY (${remove}::uuid[])) ORDER BY x)`);
  }
  const result = await db.execute(
    sql`UPDATE mail_messages SET ${sql.join(sets, sql`, `)}
         WHERE owner_id = ${ownerId} AND id IN (${sql.join(
           ids.map((id) => sql`${id}::uuid`),
           sql`, `,
         )})`,
  );
  return (
    (result as { rowCount?: number; affectedRows?: number }).rowCount ??
    (result as { affectedRows?: number }).affectedRows ??
    ids.length
  );
}

/**
 * Deletes for ever messages in the trash (all of them must be there: a 409 otherwise). Answers
 * the storage keys of files no message holds any more: the caller removes their bytes after the
 * commit.
 */
export async function deleteMails(
  db: Executor,
  ownerId: string,
  mailIds: string[],
  conversations = false,
): Promise<{ deleted: number; orphanKeys: string[] }> {
  const asked = [...new Set(mailIds)];
  const ids = conversations ? await conversationsOf(db, ownerId, asked) : asked;
  const rows = await db
    .select({ id: mailMessages.id, folder: mailMessages.folder })
    .from(mailMessages)
    .where(and(eq(mailMessages.ownerId, ownerId), inArray(mailMessages.id, ids)));
  if (rows.length !== ids.length)
    throw fieldError('mailIds', 'not_found', 'A message is not in your mail', 404);
  if (rows.some((r) => r.folder !== 'trash'))
    throw fieldError(
      'mailIds',
      'not_in_trash',
      'Only messages in the trash can be deleted for ever',
      409,
    );
  const held = await db
    .selectDistinct({ fileId: mailAttachments.fileId })
    .from(mailAttachments)
    .where(inArray(mailAttachments.mailId, ids));
  await db.delete(mailMessages).where(inArray(mailMessages.id, ids));
  const orphanKeys: string[] = [];
  if (held.length) {
    const orphans = await db
      .delete(files)
      .where(
        and(
          inArray(
            files.id,
            held.map((h) => h.fileId),
          ),
          eq(files.scope, 'mail'),
          sql`NOT EXISTS (SELECT 1 FROM mail_attachments a WHERE a.file_id = ${files.id})`,
        ),
      )
      .returning({ key: files.storageKey });
    // The demo's shared pool of bytes (seed-…) stays: many records point at each of its objects.
    orphanKeys.push(...orphans.map((o) => o.key).filter((key) => !key.startsWith('seed-')));
  }
  return { deleted: ids.length, orphanKeys };
}

/** An attachment as the mailbox's owner may download it (a 404 for anyone else). */
export async function attachmentFor(db: Executor, ownerId: string, fileId: string) {
  const [row] = await db
    .select({
      id: files.id,
      name: files.name,
      mime: files.mime,
      size: files.size,
      storageKey: files.storageKey,
    })
    .from(files)
    .where(and(eq(files.id, fileId), mailboxHolds(files.id, ownerId)));
  if (!row) throw notFound('Attachment');
  return row;
}

/**
 * Address suggestions: colleagues by name or address. A private profile's address is neither
 * matched nor shown to those who may not see it (toUser's rule): such a colleague comes by name
 * with an empty email, which the compose window shows but does not offer to pick.
 */
export async function suggestPeople(
  db: Executor,
  query: string,
  viewer: Viewer,
): Promise<MailPerson[]> {
  const q = query.toLowerCase();
  const rows = await db
    .select({
      name: users.displayName,
      email: sql<string>`CASE WHEN ${emailVisibleSql(viewer)} THEN ${users.email} ELSE '' END`,
      avatar: users.avatarUrl,
    })
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        q ? searchTextMatches(`%${escapeLike(q)}%`, viewer) : undefined,
      ),
    )
    .orderBy(users.displayName, users.id)
    .limit(10);
  return rows;
}
