import { and, asc, count, eq, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  KANBAN_BOARD_COMMENTS_MAX,
  KANBAN_COLUMNS_MAX,
  KANBAN_ERRORS,
  KANBAN_PRIORITIES,
  type KanbanBoard,
  type KanbanCard,
  type KanbanCardInput,
  type KanbanCardPatch,
  type KanbanColumn,
  type KanbanComment,
  type KanbanPriority,
  type KanbanUser,
} from '@bo/contract/kanban';
import { ERROR_CODES } from '@bo/contract/errors';
import type { Executor } from '../../db/client.js';
import { files, users } from '../../db/schema/core.js';
import {
  kanbanAttachments,
  kanbanCardAssignees,
  kanbanCardLikes,
  kanbanCards,
  kanbanColumns,
  kanbanComments,
} from '../../db/schema/planning.js';
import { HttpError, fieldError } from '../../lib/http-error.js';
import { searchTextMatches, type Viewer } from '../../lib/user-view.js';
import { RANK_STEP, neighbours, rankBetween } from './rank.js';

/** Turns a storage key into its public URL (the app's FileStorage decides). */
export type FileUrl = (storageKey: string) => string;

/** A 404 naming the field that pointed at nothing. */
export const missing = (field: string, what: string) =>
  new HttpError(404, ERROR_CODES.notFound, `${what} not found`, [
    { field, code: 'not_found', message: `${what} not found` },
  ]);

// Every structural change of the board (column order, new columns) is serialised by this lock,
// so two people adding columns at once never get the same rank.
const BOARD_LOCK = 0x6b616e62; // "kanb"

async function lockBoard(db: Executor) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${BOARD_LOCK})`);
}

/** Locks one column row for the rest of the transaction (card moves into it queue up). */
async function lockColumn(db: Executor, columnId: string, field: string) {
  const [row] = await db
    .select({ id: kanbanColumns.id, name: kanbanColumns.name })
    .from(kanbanColumns)
    .where(eq(kanbanColumns.id, columnId))
    .for('update');
  if (!row) throw missing(field, 'Column');
  return row;
}

const userView = (
  id: string | null,
  name: string | null,
  avatarUrl: string | null,
): KanbanUser | null => (id ? { id, name: name ?? '', avatarUrl } : null);

const asPriority = (value: string): KanbanPriority =>
  (KANBAN_PRIORITIES as readonly string[]).includes(value) ? (value as KanbanPriority) : 'medium';

/** A comment in our shape (`author`) and the template family's (flat `name`, `avatarUrl`). */
const commentView = (
  id: string,
  message: string,
  createdAt: Date,
  author: KanbanUser | null,
): KanbanComment => ({
  id,
  message,
  createdAt: createdAt.toISOString(),
  author,
  name: author?.name ?? '',
  avatarUrl: author?.avatarUrl ?? null,
  messageType: 'text',
});

/**
 * Cards in board order; `where` narrows them. Each card carries its newest comments (see
 * KANBAN_BOARD_COMMENTS_MAX) and their count; `withComments` (one card opened, or a client that
 * asks for it) carries them all.
 */
export async function loadCards(
  db: Executor,
  viewerId: string,
  fileUrl: FileUrl,
  where?: SQL,
  withComments = true,
): Promise<KanbanCard[]> {
  const rows = await db
    .select({
      id: kanbanCards.id,
      columnId: kanbanCards.columnId,
      name: kanbanCards.name,
      description: kanbanCards.description,
      priority: kanbanCards.priority,
      labels: kanbanCards.labels,
      dueStart: kanbanCards.dueStart,
      dueEnd: kanbanCards.dueEnd,
      completed: kanbanCards.completed,
      likes: kanbanCards.likes,
      createdAt: kanbanCards.createdAt,
      reporterId: users.id,
      reporterName: users.displayName,
      reporterAvatar: users.avatarUrl,
    })
    .from(kanbanCards)
    .leftJoin(users, eq(users.id, kanbanCards.reporterId))
    .where(where)
    .orderBy(asc(kanbanCards.columnId), asc(kanbanCards.rank), asc(kanbanCards.id));
  if (!rows.length) return [];
  // One array parameter, not one parameter per card: a 300-card board made four 300-parameter
  // statements, and building them cost more than running them.
  const inCards = (column: AnyPgColumn) =>
    sql`${column} = ANY(${sql.param(rows.map((r) => r.id))}::uuid[])`;

  // One after another: inside a transaction these share one connection.
  const assignees = await db
    .select({
      cardId: kanbanCardAssignees.cardId,
      id: users.id,
      name: users.displayName,
      avatarUrl: users.avatarUrl,
    })
    .from(kanbanCardAssignees)
    .innerJoin(users, eq(users.id, kanbanCardAssignees.userId))
    .where(inCards(kanbanCardAssignees.cardId))
    .orderBy(asc(users.displayName));
  const attachments = await db
    .select({
      cardId: kanbanAttachments.cardId,
      id: files.id,
      name: files.name,
      mime: files.mime,
      size: files.size,
      storageKey: files.storageKey,
    })
    .from(kanbanAttachments)
    .innerJoin(files, eq(files.id, kanbanAttachments.fileId))
    .where(inCards(kanbanAttachments.cardId))
    .orderBy(asc(files.createdAt));
  // Comments and their counts in one statement for the whole board: each card's newest
  // KANBAN_BOARD_COMMENTS_MAX (all of them with `withComments`) and the count of all.
  const ranked = db
    .select({
      cardId: kanbanComments.cardId,
      id: kanbanComments.id,
      message: kanbanComments.message,
      createdAt: kanbanComments.createdAt,
      userId: kanbanComments.userId,
      total: sql<number>`count(*) OVER (PARTITION BY ${kanbanComments.cardId})::int`.as('total'),
      newest: sql<number>`row_number() OVER (PARTITION BY ${kanbanComments.cardId}
        ORDER BY ${kanbanComments.createdAt} DESC, ${kanbanComments.id} DESC)::int`.as('newest'),
    })
    .from(kanbanComments)
    .where(inCards(kanbanComments.cardId))
    .as('ranked');
  const comments = await db
    .select({
      cardId: ranked.cardId,
      id: ranked.id,
      message: ranked.message,
      createdAt: ranked.createdAt,
      total: ranked.total,
      authorId: users.id,
      authorName: users.displayName,
      authorAvatar: users.avatarUrl,
    })
    .from(ranked)
    .leftJoin(users, eq(users.id, ranked.userId))
    .where(withComments ? undefined : lte(ranked.newest, KANBAN_BOARD_COMMENTS_MAX))
    .orderBy(asc(ranked.cardId), asc(ranked.createdAt), asc(ranked.id));
  const liked = await db
    .select({ cardId: kanbanCardLikes.cardId })
    .from(kanbanCardLikes)
    .where(and(eq(kanbanCardLikes.userId, viewerId), inCards(kanbanCardLikes.cardId)));

  const group = <T extends { cardId: string }>(list: T[]) => {
    const map = new Map<string, T[]>();
    for (const item of list) map.set(item.cardId, [...(map.get(item.cardId) ?? []), item]);
    return map;
  };
  const byAssignee = group(assignees);
  const byAttachment = group(attachments);
  const byComment = group(comments);
  const likedSet = new Set(liked.map((l) => l.cardId));

  return rows.map((r) => ({
    id: r.id,
    columnId: r.columnId,
    name: r.name,
    description: r.description,
    assignees: (byAssignee.get(r.id) ?? []).map((a) => ({
      id: a.id,
      name: a.name,
      avatarUrl: a.avatarUrl,
    })),
    assignee: (byAssignee.get(r.id) ?? []).map((a) => ({
      id: a.id,
      name: a.name,
      avatar: a.avatarUrl,
    })),
    ...dueOf(r.dueStart, r.dueEnd),
    priority: asPriority(r.priority),
    labels: r.labels,
    attachments: (byAttachment.get(r.id) ?? []).map((f) => ({
      id: f.id,
      name: f.name,
      mime: f.mime,
      size: f.size,
      url: fileUrl(f.storageKey),
    })),
    commentCount: byComment.get(r.id)?.[0]?.total ?? 0,
    comments: (byComment.get(r.id) ?? []).map((c) =>
      commentView(c.id, c.message, c.createdAt, userView(c.authorId, c.authorName, c.authorAvatar)),
    ),
    completed: r.completed,
    likes: r.likes,
    liked: likedSet.has(r.id),
    reporter: userView(r.reporterId, r.reporterName, r.reporterAvatar),
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function getCard(db: Executor, viewerId: string, fileUrl: FileUrl, cardId: string) {
  const [card] = await loadCards(db, viewerId, fileUrl, eq(kanbanCards.id, cardId));
  if (!card) throw missing('cardId', 'Card');
  return card;
}

async function cardIdsOf(db: Executor, columnId: string): Promise<string[]> {
  const rows = await db
    .select({ id: kanbanCards.id })
    .from(kanbanCards)
    .where(eq(kanbanCards.columnId, columnId))
    .orderBy(asc(kanbanCards.rank), asc(kanbanCards.id));
  return rows.map((r) => r.id);
}

export async function getColumn(db: Executor, columnId: string): Promise<KanbanColumn> {
  const [row] = await db.select().from(kanbanColumns).where(eq(kanbanColumns.id, columnId));
  if (!row) throw missing('columnId', 'Column');
  return { id: row.id, name: row.name, cardIds: await cardIdsOf(db, columnId) };
}

async function columnOrder(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ id: kanbanColumns.id })
    .from(kanbanColumns)
    .orderBy(asc(kanbanColumns.rank), asc(kanbanColumns.createdAt), asc(kanbanColumns.id));
  return rows.map((r) => r.id);
}

/**
 * The whole board in the spec's shape: cards, columns with ordered cardIds, columnOrder. Each card
 * carries its newest comments and their count; all of them with `withComments`
 * (`?include=comments`).
 */
export async function loadBoard(
  db: Executor,
  viewerId: string,
  fileUrl: FileUrl,
  withComments = false,
): Promise<KanbanBoard> {
  const [cols, cards] = await Promise.all([
    db
      .select({ id: kanbanColumns.id, name: kanbanColumns.name })
      .from(kanbanColumns)
      .orderBy(asc(kanbanColumns.rank), asc(kanbanColumns.createdAt), asc(kanbanColumns.id)),
    loadCards(db, viewerId, fileUrl, undefined, withComments),
  ]);
  const cardIds = new Map<string, string[]>(cols.map((c) => [c.id, []]));
  for (const card of cards) cardIds.get(card.columnId)?.push(card.id);
  return {
    cards,
    columns: cols.map((c) => ({ id: c.id, name: c.name, cardIds: cardIds.get(c.id) ?? [] })),
    columnOrder: cols.map((c) => c.id),
  };
}

// ---- columns -------------------------------------------------------------------------------

export async function createColumn(db: Executor, name: string): Promise<KanbanColumn> {
  await lockBoard(db);
  const [{ n, last } = { n: 0, last: null }] = await db
    .select({ n: count(), last: sql<number | null>`max(${kanbanColumns.rank})` })
    .from(kanbanColumns);
  if (n >= KANBAN_COLUMNS_MAX) {
    throw fieldError(
      'name',
      KANBAN_ERRORS.tooManyColumns,
      `A board holds at most ${KANBAN_COLUMNS_MAX} columns`,
      409,
      {
        maximum: KANBAN_COLUMNS_MAX,
      },
    );
  }
  // Spec §4: a new column is appended to the order.
  const rank = last === null ? RANK_STEP : Number(last) + RANK_STEP;
  const [row] = await db.insert(kanbanColumns).values({ name, rank }).returning();
  return { id: row!.id, name: row!.name, cardIds: [] };
}

export async function renameColumn(
  db: Executor,
  columnId: string,
  name: string,
): Promise<KanbanColumn> {
  const rows = await db
    .update(kanbanColumns)
    .set({ name })
    .where(eq(kanbanColumns.id, columnId))
    .returning({ id: kanbanColumns.id });
  if (!rows.length) throw missing('columnId', 'Column');
  return getColumn(db, columnId);
}

/** Deletes a column; its cards go with it (foreign key cascade). */
export async function deleteColumn(db: Executor, columnId: string) {
  await lockBoard(db);
  const rows = await db
    .delete(kanbanColumns)
    .where(eq(kanbanColumns.id, columnId))
    .returning({ id: kanbanColumns.id });
  if (!rows.length) throw missing('columnId', 'Column');
}

export async function clearColumn(db: Executor, columnId: string): Promise<KanbanColumn> {
  const column = await lockColumn(db, columnId, 'columnId');
  await db.delete(kanbanCards).where(eq(kanbanCards.columnId, columnId));
  return { id: column.id, name: column.name, cardIds: [] };
}

export async function moveColumn(
  db: Executor,
  columnId: string,
  toIndex: number,
): Promise<string[]> {
  await lockBoard(db);
  const others = await db
    .select({ id: kanbanColumns.id, rank: kanbanColumns.rank })
    .from(kanbanColumns)
    .where(ne(kanbanColumns.id, columnId))
    .orderBy(asc(kanbanColumns.rank), asc(kanbanColumns.createdAt), asc(kanbanColumns.id));
  const [exists] = await db
    .select({ id: kanbanColumns.id })
    .from(kanbanColumns)
    .where(eq(kanbanColumns.id, columnId));
  if (!exists) throw missing('columnId', 'Column');
  let rank = rankBetween(
    ...neighbours(
      others.map((o) => o.rank),
      toIndex,
    ),
  );
  if (rank === null) {
    await db.execute(sql`
      UPDATE kanban_columns c SET rank = r.n * ${RANK_STEP}
        FROM (SELECT id, row_number() OVER (ORDER BY rank, created_at, id) AS n
                FROM kanban_columns WHERE id <> ${columnId}) r
       WHERE c.id = r.id`);
    const at = Math.min(toIndex, others.length);
    rank = at * RANK_STEP + RANK_STEP / 2;
  }
  await db.update(kanbanColumns).set({ rank }).where(eq(kanbanColumns.id, columnId));
  return columnOrder(db);
}

// ---- cards ---------------------------------------------------------------------------------

/** A card's due dates in both shapes it is read in: the family's `[start, end]` and ours. */
function dueOf(dueStart: Date | null, dueEnd: Date | null) {
  const start = dueStart?.toISOString() ?? null;
  const end = dueEnd?.toISOString() ?? null;
  return { due: [start, end] as [string | null, string | null], dueRange: { start, end } };
}

type DueInput = { start: string | null; end: string | null } | undefined;

/** The due dates a write carries, whichever of its two names it used. */
const dueInput = (input: KanbanCardPatch): DueInput => input.due ?? input.dueRange;

/** The assignees a write carries: `assigneeIds`, or the family's `assignee: [{ id }]`. */
const assigneeInput = (input: KanbanCardPatch) =>
  input.assigneeIds ?? input.assignee?.map((a) => a.id);

function checkDue(due: DueInput) {
  if (due?.start && due.end && new Date(due.end).getTime() < new Date(due.start).getTime()) {
    throw fieldError(
      'card.due.end',
      KANBAN_ERRORS.dueEndBeforeStart,
      'The due end must not be before its start',
    );
  }
}

async function checkUsers(db: Executor, ids: string[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return unique;
  const found = await db.select({ id: users.id }).from(users).where(inArray(users.id, unique));
  if (found.length !== unique.length) {
    throw fieldError(
      'card.assigneeIds',
      KANBAN_ERRORS.unknownUser,
      'One of the assignees does not exist',
    );
  }
  return unique;
}

async function setAssignees(db: Executor, cardId: string, ids: string[]) {
  await db.delete(kanbanCardAssignees).where(eq(kanbanCardAssignees.cardId, cardId));
  if (ids.length)
    await db.insert(kanbanCardAssignees).values(ids.map((userId) => ({ cardId, userId })));
}

export async function createCard(
  db: Executor,
  columnId: string,
  input: KanbanCardInput,
  reporterId: string,
) {
  await lockColumn(db, columnId, 'columnId');
  const due = dueInput(input);
  checkDue(due);
  const assigneeIds = await checkUsers(db, assigneeInput(input) ?? []);
  const [{ last } = { last: null }] = await db
    .select({ last: sql<number | null>`max(${kanbanCards.rank})` })
    .from(kanbanCards)
    .where(eq(kanbanCards.columnId, columnId));
  const [row] = await db
    .insert(kanbanCards)
    .values({
      columnId,
      name: input.name,
      description: input.description ?? '',
      priority: input.priority ?? 'medium',
      labels: input.labels ?? [],
      dueStart: due?.start ? new Date(due.start) : null,
      dueEnd: due?.end ? new Date(due.end) : null,
      completed: input.completed ?? false,
      rank: last === null ? RANK_STEP : Number(last) + RANK_STEP,
      reporterId,
    })
    .returning({ id: kanbanCards.id });
  await setAssignees(db, row!.id, assigneeIds);
  return row!.id;
}

async function lockCard(db: Executor, cardId: string) {
  const [row] = await db
    .select({
      id: kanbanCards.id,
      columnId: kanbanCards.columnId,
      dueStart: kanbanCards.dueStart,
      dueEnd: kanbanCards.dueEnd,
    })
    .from(kanbanCards)
    .where(eq(kanbanCards.id, cardId))
    .for('update');
  if (!row) throw missing('cardId', 'Card');
  return row;
}

export async function updateCard(db: Executor, cardId: string, patch: KanbanCardPatch) {
  const current = await lockCard(db, cardId);
  const due = dueInput(patch);
  checkDue(due);
  const set: Partial<typeof kanbanCards.$inferInsert> = { updatedAt: new Date() };
  if (patch.name !== undefined) set.name = patch.name;
  if (patch.description !== undefined) set.description = patch.description;
  if (patch.priority !== undefined) set.priority = patch.priority;
  if (patch.labels !== undefined) set.labels = [...new Set(patch.labels)];
  if (patch.completed !== undefined) set.completed = patch.completed;
  if (due !== undefined) {
    set.dueStart = due.start ? new Date(due.start) : null;
    set.dueEnd = due.end ? new Date(due.end) : null;
  }
  await db.update(kanbanCards).set(set).where(eq(kanbanCards.id, current.id));
  const assigneeIds = assigneeInput(patch);
  if (assigneeIds !== undefined) await setAssignees(db, cardId, await checkUsers(db, assigneeIds));
}

/** Moves a card to `toIndex` of a column, writing its rank only (renumbering when too close). */
export async function moveCard(db: Executor, cardId: string, toColumnId: string, toIndex: number) {
  const card = await lockCard(db, cardId);
  await lockColumn(db, toColumnId, 'toColumnId');
  const others = await db
    .select({ rank: kanbanCards.rank })
    .from(kanbanCards)
    .where(and(eq(kanbanCards.columnId, toColumnId), ne(kanbanCards.id, cardId)))
    .orderBy(asc(kanbanCards.rank), asc(kanbanCards.id));
  let rank = rankBetween(
    ...neighbours(
      others.map((o) => o.rank),
      toIndex,
    ),
  );
  if (rank === null) {
    await db.execute(sql`
      UPDATE kanban_cards c SET rank = r.n * ${RANK_STEP}
        FROM (SELECT id, row_number() OVER (ORDER BY rank, id) AS n
                FROM kanban_cards WHERE column_id = ${toColumnId} AND id <> ${cardId}) r
       WHERE c.id = r.id`);
    const at = Math.min(toIndex, others.length);
    rank = at * RANK_STEP + RANK_STEP / 2;
  }
  await db
    .update(kanbanCards)
    .set({ columnId: toColumnId, rank, updatedAt: new Date() })
    .where(eq(kanbanCards.id, cardId));
  const ids = await cardIdsOf(db, toColumnId);
  return { fromColumnId: card.columnId, toIndex: ids.indexOf(cardId) };
}

export async function deleteCard(db: Executor, cardId: string) {
  const rows = await db
    .delete(kanbanCards)
    .where(eq(kanbanCards.id, cardId))
    .returning({ columnId: kanbanCards.columnId });
  if (!rows.length) throw missing('cardId', 'Card');
  return rows[0]!.columnId;
}

export async function addComment(db: Executor, cardId: string, userId: string, message: string) {
  await lockCard(db, cardId);
  const [row] = await db.insert(kanbanComments).values({ cardId, userId, message }).returning();
  const [author] = await db
    .select({ id: users.id, name: users.displayName, avatarUrl: users.avatarUrl })
    .from(users)
    .where(eq(users.id, userId));
  return commentView(row!.id, row!.message, row!.createdAt, author ?? null);
}

/** Links an uploaded file; only the uploader may link it, so file ids cannot be borrowed. */
export async function attachFile(db: Executor, cardId: string, fileId: string, userId: string) {
  await lockCard(db, cardId);
  const [file] = await db
    .select({ ownerId: files.ownerId })
    .from(files)
    .where(eq(files.id, fileId));
  if (!file || file.ownerId !== userId) {
    throw fieldError('fileId', KANBAN_ERRORS.unknownFile, 'No such file among your uploads');
  }
  await db.insert(kanbanAttachments).values({ cardId, fileId }).onConflictDoNothing();
}

export async function detachFile(db: Executor, cardId: string, fileId: string) {
  await lockCard(db, cardId);
  const rows = await db
    .delete(kanbanAttachments)
    .where(and(eq(kanbanAttachments.cardId, cardId), eq(kanbanAttachments.fileId, fileId)))
    .returning({ fileId: kanbanAttachments.fileId });
  if (!rows.length) throw missing('fileId', 'Attachment');
}

/** Idempotent like/unlike; the count on the card follows the likes table. */
export async function setLike(db: Executor, cardId: string, userId: string, liked: boolean) {
  await lockCard(db, cardId);
  if (liked) await db.insert(kanbanCardLikes).values({ cardId, userId }).onConflictDoNothing();
  else
    await db
      .delete(kanbanCardLikes)
      .where(and(eq(kanbanCardLikes.cardId, cardId), eq(kanbanCardLikes.userId, userId)));
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(kanbanCardLikes)
    .where(eq(kanbanCardLikes.cardId, cardId));
  await db.update(kanbanCards).set({ likes: n }).where(eq(kanbanCards.id, cardId));
}

/**
 * People a card can be assigned to: active accounts, by name; `q` uses the users' trigram index,
 * and matches a private profile's address only for those who may see it (toUser's rule).
 */
export async function assignableUsers(
  db: Executor,
  q: string | undefined,
  limit: number,
  viewer: Viewer,
) {
  const search = q?.trim().toLowerCase();
  const where = and(
    eq(users.status, 'active'),
    search
      ? searchTextMatches(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, viewer)
      : undefined,
  );
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ id: users.id, name: users.displayName, avatarUrl: users.avatarUrl })
      .from(users)
      .where(where)
      .orderBy(asc(users.displayName), asc(users.id))
      .limit(limit),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { users: rows, total };
}

/**
 * Ownership of a card: its reporter, its assignees and board managers (`kanban:manage`) change,
 * move or delete it; other members comment on it and like it. 404 before 403, like any lookup.
 */
export async function assertCardEditor(
  db: Executor,
  cardId: string,
  actor: { userId: string; permissions: Set<string> },
): Promise<void> {
  const [row] = await db
    .select({
      reporterId: kanbanCards.reporterId,
      assigned: sql<boolean>`exists (select 1 from ${kanbanCardAssignees} a
        where a.card_id = ${kanbanCards.id} and a.user_id = ${actor.userId})`,
    })
    .from(kanbanCards)
    .where(eq(kanbanCards.id, cardId));
  if (!row) throw missing('cardId', 'Card');
  if (actor.permissions.has('kanban:manage')) return;
  if (row.reporterId === actor.userId || row.assigned) return;
  throw new HttpError(
    403,
    ERROR_CODES.forbidden,
    'Only the card’s reporter, its assignees or a board manager can change it',
  );
}

/** Who a card concerns, for its notifications: its name, reporter and assignees. */
export async function cardPeople(
  db: Executor,
  cardId: string,
): Promise<{ name: string; reporterId: string | null; assigneeIds: string[] }> {
  const [card] = await db
    .select({ name: kanbanCards.name, reporterId: kanbanCards.reporterId })
    .from(kanbanCards)
    .where(eq(kanbanCards.id, cardId));
  const assigned = await db
    .select({ userId: kanbanCardAssignees.userId })
    .from(kanbanCardAssignees)
    .where(eq(kanbanCardAssignees.cardId, cardId));
  return {
    name: card?.name ?? '',
    reporterId: card?.reporterId ?? null,
    assigneeIds: assigned.map((a) => a.userId),
  };
}
