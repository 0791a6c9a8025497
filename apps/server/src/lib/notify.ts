import { sql } from 'drizzle-orm';
import {
  NOTIFICATION_TYPES_OFF_BY_DEFAULT,
  type NotificationType,
} from '@bo/contract/notifications';
import type { Permission } from '@bo/contract/roles';
import type { Executor } from '../db/client.js';
import { rows } from '../db/rows.js';

/** Who receives a notification: named people, or everyone whose role grants a permission. */
export type Recipients =
  | {
      users: ReadonlyArray<string | null | undefined>;
      /** Only those of them whose role grants this (a mention reaches only who may open it). */
      permission?: Permission;
    }
  | { permission: Permission };

export interface NotificationInput {
  type: NotificationType;
  to: Recipients;
  title: string;
  body?: string;
  link: string;
  recordId: string;
  /** Who caused it; never notified of their own act. */
  actorId?: string | null;
}

/**
 * Stores one notification per recipient, in the caller's transaction (pass the `tx` of the write
 * that causes it). Left out: the actor, people who are not active (pending, banned) and people who
 * turned the type off in their notification settings (or never turned on a type that is off by
 * default). Returns how many were stored.
 */
export async function notify(tx: Executor, n: NotificationInput): Promise<number> {
  const named =
    'users' in n.to
      ? sql`u.id = ANY(${`{${n.to.users.filter((id): id is string => !!id).join(',')}}`}::uuid[])`
      : sql`TRUE`;
  if ('users' in n.to && !n.to.users.some(Boolean)) return 0;
  let granted = sql`TRUE`;
  if (n.to.permission) {
    // The roles first, then their people by the role index: as one statement the planner could
    // not tell how many people the roles hold and read the whole users table (17 ms per order
    // at 10,000 people, growing with them).
    const roles = await rows<{ name: string }>(
      tx,
      sql`SELECT name FROM roles WHERE ${n.to.permission} = ANY(permissions)`,
    );
    if (!roles.length) return 0;
    const list = roles.map((r) => `"${r.name.replace(/["\\]/g, '\\$&')}"`).join(',');
    granted = sql`u.role = ANY(${`{${list}}`}::text[])`;
  }
  const stored = await rows<{ id: string }>(
    tx,
    sql`INSERT INTO notifications (recipient_id, type, title, body, link, record_id, actor_id)
        SELECT u.id, ${n.type}, ${n.title.slice(0, 200)}, ${(n.body ?? '').slice(0, 300)},
               ${n.link}, ${n.recordId}, ${n.actorId ?? null}::uuid
          FROM users u
         WHERE ${named} AND ${granted}
           AND u.status = 'active'
           AND u.id IS DISTINCT FROM ${n.actorId ?? null}::uuid
           AND coalesce((u.notification_prefs ->> ${n.type})::boolean,
                         ${!NOTIFICATION_TYPES_OFF_BY_DEFAULT.has(n.type)}::boolean)
        RETURNING id`,
  );
  return stored.length;
}

/** The people a text mentions by handle (`@jane-doe`), as ids. */
export async function mentionedUsers(db: Executor, handles: string[]): Promise<string[]> {
  if (!handles.length) return [];
  const found = await rows<{ id: string }>(
    db,
    sql`SELECT id FROM users WHERE slug = ANY(${`{${handles.map((h) => `"${h}"`).join(',')}}`}::text[])`,
  );
  return found.map((r) => r.id);
}
