import { sql } from 'drizzle-orm';
import type {
  Notification,
  NotificationListAnswer,
  NotificationListQuery,
  NotificationPatch,
  NotificationType,
} from '@bo/contract/notifications';
import { notificationListQuerySchema } from '@bo/contract/notifications';
import type { Executor } from '../../db/client.js';
import { isoInstant, rows } from '../../db/rows.js';
import { decodeTimeCursor, encodeTimeCursor, exactInstant } from '../../lib/keyset.js';

const iso = isoInstant;
const isoOrNull = (v: unknown) => (v === null || v === undefined ? null : iso(v));

const toNotification = (r: Record<string, unknown>): Notification => ({
  id: String(r.id),
  type: r.type as NotificationType,
  title: String(r.title),
  body: String(r.body),
  link: String(r.link),
  recordId: String(r.record_id),
  actor: r.actor_id
    ? {
        id: String(r.actor_id),
        name: String(r.actor_name ?? ''),
        avatarUrl: (r.actor_avatar as string | null) ?? null,
      }
    : null,
  createdAt: iso(r.created_at),
  readAt: isoOrNull(r.read_at),
  archivedAt: isoOrNull(r.archived_at),
});

const tabFilter = (tab: string) =>
  tab === 'archived'
    ? sql`n.archived_at IS NOT NULL`
    : tab === 'unread'
      ? sql`n.archived_at IS NULL AND n.read_at IS NULL`
      : sql`n.archived_at IS NULL`;

/** One person's notifications in a tab, newest first, by keyset pages. */
export async function listNotifications(
  db: Executor,
  userId: string,
  input: NotificationListQuery,
): Promise<NotificationListAnswer> {
  const q = notificationListQuerySchema.parse(input);
  const after = q.cursor ? decodeTimeCursor(q.cursor) : null;
  const page = await rows(
    db,
    sql`SELECT n.*, a.display_name AS actor_name, a.avatar_url AS actor_avatar,
               ${exactInstant(sql`n.created_at`)} AS cursor_at
          FROM notifications n LEFT JOIN users a ON a.id = n.actor_id
         WHERE n.recipient_id = ${userId} AND ${tabFilter(q.tab)}
           ${after ? sql`AND (n.created_at, n.id) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``}
         ORDER BY n.created_at DESC, n.id DESC
         LIMIT ${q.limit + 1}`,
  );
  const [counts] = await rows<{ total: number; unread: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM notifications n
                 WHERE n.recipient_id = ${userId} AND ${tabFilter(q.tab)}) AS total,
               (SELECT count(*)::int FROM notifications n
                 WHERE n.recipient_id = ${userId} AND ${tabFilter('unread')}) AS unread`,
  );
  const more = page.length > q.limit;
  const list = page.slice(0, q.limit).map(toNotification);
  const last = page[q.limit - 1];
  return {
    notifications: list,
    total: Number(counts?.total ?? 0),
    unreadCount: Number(counts?.unread ?? 0),
    nextCursor: more && last ? encodeTimeCursor(String(last.cursor_at), String(last.id)) : null,
  };
}

/** Marks one of the person's own notifications read/unread, archived/restored; null if not theirs. */
export async function patchNotification(
  db: Executor,
  userId: string,
  id: string,
  patch: NotificationPatch,
): Promise<Notification | null> {
  const set = [
    patch.read === undefined
      ? null
      : patch.read
        ? sql`read_at = coalesce(read_at, now())`
        : sql`read_at = NULL`,
    patch.archived === undefined
      ? null
      : patch.archived
        ? sql`archived_at = coalesce(archived_at, now())`
        : sql`archived_at = NULL`,
  ].filter((s) => s !== null);
  const [updated] = await rows(
    db,
    sql`UPDATE notifications SET ${sql.join(set, sql`, `)}
         WHERE id = ${id} AND recipient_id = ${userId} RETURNING id`,
  );
  if (!updated) return null;
  const [row] = await rows(
    db,
    sql`SELECT n.*, a.display_name AS actor_name, a.avatar_url AS actor_avatar
          FROM notifications n LEFT JOIN users a ON a.id = n.actor_id WHERE n.id = ${id}`,
  );
  return toNotification(row!);
}

/** Marks every unread notification of the person read. */
export async function readAll(db: Executor, userId: string): Promise<number> {
  const done = await rows(
    db,
    sql`UPDATE notifications SET read_at = now()
         WHERE recipient_id = ${userId} AND read_at IS NULL AND archived_at IS NULL RETURNING id`,
  );
  return done.length;
}
