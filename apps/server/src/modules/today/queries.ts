import { sql } from 'drizzle-orm';
import type { NotificationType } from '@bo/contract/notifications';
import { TODAY_DUE_DAYS, TODAY_LIST_LIMIT, type TodayAnswer } from '@bo/contract/today';
import type { Executor } from '../../db/client.js';
import { isoInstant, rows } from '../../db/rows.js';

/**
 * The "Today" home's sections, one query each, every one on the person's own rows through an
 * index that starts with them (or, for the board, one small table), and each bounded by a LIMIT.
 */

type Mail = NonNullable<TodayAnswer['mail']>;
type Chat = NonNullable<TodayAnswer['chat']>;
type Kanban = NonNullable<TodayAnswer['kanban']>;
type Calendar = NonNullable<TodayAnswer['calendar']>;

/**
 * The inbox's unread count (kept by the mail trigger in `mail_counts`) and its newest unread
 * messages: `mail_folder_idx` (owner, folder, created_at, id) read backwards.
 */
export async function todayMail(db: Executor, me: string): Promise<Mail> {
  const [count, list] = await Promise.all([
    rows<{ unread: number }>(
      db,
      sql`SELECT unread::int AS unread FROM mail_counts WHERE owner_id = ${me} AND key = 'inbox'`,
    ),
    rows<Record<string, unknown>>(
      db,
      sql`SELECT id, from_name, from_email, subject, created_at
            FROM mail_messages
           WHERE owner_id = ${me} AND folder = 'inbox' AND is_unread
           ORDER BY created_at DESC, id DESC
           LIMIT ${TODAY_LIST_LIMIT}`,
    ),
  ]);
  return {
    unread: Number(count[0]?.unread ?? 0),
    messages: list.map((r) => ({
      id: String(r.id),
      fromName: String(r.from_name ?? ''),
      fromEmail: String(r.from_email ?? ''),
      subject: String(r.subject ?? ''),
      createdAt: isoInstant(r.created_at),
    })),
  };
}

/**
 * The unread total as the menu's badge counts it, and the conversations with unread messages
 * (muted ones apart): `chat_participants_user_idx`, then each conversation by its key.
 */
export async function todayChat(db: Executor, me: string): Promise<Chat> {
  const [total, list] = await Promise.all([
    rows<{ n: number }>(
      db,
      sql`SELECT coalesce(sum(unread), 0)::int AS n FROM chat_participants
           WHERE user_id = ${me} AND left_at IS NULL AND NOT muted`,
    ),
    rows<Record<string, unknown>>(
      db,
      sql`SELECT c.id, c.type, c.name, p.unread::int AS unread, c.updated_at,
                 m.body, m.content_type, m.deleted_at, m.created_at AS last_at,
                 other.display_name AS other_name, other.avatar_url AS other_avatar
            FROM chat_participants p
            JOIN chat_conversations c ON c.id = p.conversation_id
            LEFT JOIN chat_messages m ON m.id = c.last_message_id
            LEFT JOIN LATERAL (
                 SELECT u.display_name, u.avatar_url
                   FROM chat_participants o JOIN users u ON u.id = o.user_id
                  WHERE o.conversation_id = c.id AND o.user_id <> ${me} AND o.left_at IS NULL
                  ORDER BY o.joined_at, o.user_id
                  LIMIT 1) other ON c.type = 'ONE_TO_ONE'
           WHERE p.user_id = ${me} AND p.left_at IS NULL AND NOT p.muted AND p.unread > 0
           ORDER BY c.updated_at DESC, c.id
           LIMIT ${TODAY_LIST_LIMIT}`,
    ),
  ]);
  return {
    unread: Number(total[0]?.n ?? 0),
    conversations: list.map((r) => {
      const text = r.content_type === 'text' && !r.deleted_at ? String(r.body ?? '') : '';
      return {
        id: String(r.id),
        title: String((r.type === 'ONE_TO_ONE' ? r.other_name : r.name) ?? r.name ?? ''),
        avatarUrl: r.type === 'ONE_TO_ONE' ? ((r.other_avatar as string | null) ?? null) : null,
        unread: Number(r.unread),
        preview: text.length > 140 ? `${text.slice(0, 139)}…` : text,
        lastAt: isoInstant(r.last_at ?? r.updated_at),
      };
    }),
  };
}

/**
 * Cards assigned to the person, not completed (the board's "done"), overdue or due within
 * TODAY_DUE_DAYS, the soonest first. The board is one table of a few hundred cards at most
 * (the largest demo data has 300), so no index of its own is needed.
 */
export async function todayKanban(db: Executor, me: string, now = new Date()): Promise<Kanban> {
  const horizon = new Date(now.getTime() + TODAY_DUE_DAYS * 86_400_000);
  const list = await rows<Record<string, unknown>>(
    db,
    sql`SELECT c.id, c.name, c.priority, c.due_end, col.name AS column_name,
               count(*) OVER ()::int AS total
          FROM kanban_card_assignees a
          JOIN kanban_cards c ON c.id = a.card_id
          JOIN kanban_columns col ON col.id = c.column_id
         WHERE a.user_id = ${me} AND NOT c.completed
           AND c.due_end IS NOT NULL AND c.due_end < ${horizon.toISOString()}::timestamptz
         ORDER BY c.due_end, c.id
         LIMIT ${TODAY_LIST_LIMIT}`,
  );
  return {
    total: Number(list[0]?.total ?? 0),
    cards: list.map((r) => {
      const due = isoInstant(r.due_end);
      return {
        id: String(r.id),
        name: String(r.name),
        priority: String(r.priority),
        column: String(r.column_name ?? ''),
        dueAt: due,
        overdue: Date.parse(due) < now.getTime(),
      };
    }),
  };
}

/**
 * Events the person owns or is a guest of that overlap [from, to): the GiST index on the event's
 * period (`calendar_events_period`, written as it is defined) finds the day's events, and the
 * person's filter is applied to those few. An event ending exactly at `from` ended yesterday.
 */
export async function todayCalendar(
  db: Executor,
  me: string,
  from: Date,
  to: Date,
): Promise<Calendar> {
  const list = await rows<Record<string, unknown>>(
    db,
    sql`SELECT e.id, e.title, e.color, e.all_day, e.start_at, e.end_at,
               count(*) OVER ()::int AS total
          FROM calendar_events e
         WHERE tstzrange(e.start_at, e.end_at, '[]')
                 && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz, '[)')
           AND (e.end_at > ${from.toISOString()}::timestamptz OR e.start_at >= ${from.toISOString()}::timestamptz)
           AND (e.owner_id = ${me} OR ${me}::uuid = ANY(e.guest_ids))
         ORDER BY e.all_day DESC, e.start_at, e.id
         LIMIT ${TODAY_LIST_LIMIT * 2}`,
  );
  return {
    total: Number(list[0]?.total ?? 0),
    events: list.map((r) => ({
      id: String(r.id),
      title: String(r.title),
      color: String(r.color),
      allDay: Boolean(r.all_day),
      start: isoInstant(r.start_at),
      end: isoInstant(r.end_at),
    })),
  };
}

/**
 * The bell's unread count (`notifications_unread_idx`, unread rows only) and the newest
 * notifications not archived (`notifications_recipient_idx` read backwards), with their actor.
 */
export async function todayNotifications(
  db: Executor,
  me: string,
): Promise<TodayAnswer['notifications']> {
  const [count, list] = await Promise.all([
    rows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM notifications
           WHERE recipient_id = ${me} AND read_at IS NULL AND archived_at IS NULL`,
    ),
    rows<Record<string, unknown>>(
      db,
      sql`SELECT n.id, n.type, n.title, n.body, n.link, n.record_id, n.actor_id, n.created_at,
                 n.read_at, a.display_name AS actor_name, a.avatar_url AS actor_avatar
            FROM notifications n LEFT JOIN users a ON a.id = n.actor_id
           WHERE n.recipient_id = ${me} AND n.archived_at IS NULL
           ORDER BY n.created_at DESC, n.id DESC
           LIMIT ${TODAY_LIST_LIMIT}`,
    ),
  ]);
  return {
    unread: Number(count[0]?.n ?? 0),
    notifications: list.map((r) => ({
      id: String(r.id),
      type: r.type as NotificationType,
      title: String(r.title),
      body: String(r.body ?? ''),
      link: String(r.link),
      recordId: String(r.record_id),
      actor: r.actor_id
        ? {
            id: String(r.actor_id),
            name: String(r.actor_name ?? ''),
            avatarUrl: (r.actor_avatar as string | null) ?? null,
          }
        : null,
      createdAt: isoInstant(r.created_at),
      readAt: r.read_at ? isoInstant(r.read_at) : null,
      archivedAt: null,
    })),
  };
}
