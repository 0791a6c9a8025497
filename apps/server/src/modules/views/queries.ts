import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  VIEW_LIMITS,
  type SavedView,
  type SavedViewList,
  type ViewState,
} from '@bo/contract/views';
import type { Executor } from '../../db/client.js';
import { roles, users } from '../../db/schema/core.js';
import { savedViews } from '../../db/schema/views.js';
import { fieldError } from '../../lib/http-error.js';

const sharedRole = alias(roles, 'shared_role');

const columns = {
  id: savedViews.id,
  list: savedViews.list,
  name: savedViews.name,
  state: savedViews.state,
  isDefault: savedViews.isDefault,
  ownerId: savedViews.ownerId,
  ownerName: users.displayName,
  sharedRoleId: sharedRole.id,
  sharedRoleName: sharedRole.name,
  createdAt: savedViews.createdAt,
  updatedAt: savedViews.updatedAt,
};

type Row = {
  id: string;
  list: string;
  name: string;
  state: ViewState;
  isDefault: boolean;
  ownerId: string;
  ownerName: string | null;
  sharedRoleId: string | null;
  sharedRoleName: string | null;
  createdAt: Date;
  updatedAt: Date;
};

function toView(r: Row, viewerId: string): SavedView {
  const mine = r.ownerId === viewerId;
  return {
    id: r.id,
    list: r.list as SavedViewList,
    name: r.name,
    state: r.state,
    // Someone else's default is theirs: a shared view is never the viewer's default.
    isDefault: mine && r.isDefault,
    sharedWith:
      r.sharedRoleId && r.sharedRoleName ? { id: r.sharedRoleId, name: r.sharedRoleName } : null,
    mine,
    owner: { id: r.ownerId, name: r.ownerName ?? '' },
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

const select = (db: Executor) =>
  db
    .select(columns)
    .from(savedViews)
    .innerJoin(users, eq(users.id, savedViews.ownerId))
    .leftJoin(sharedRole, eq(sharedRole.id, savedViews.sharedRoleId));

/** My views of a list, then those shared with my role by others; each group by name. */
export async function listViews(
  db: Executor,
  viewer: { userId: string; role: string },
  list: SavedViewList,
): Promise<SavedView[]> {
  const rows = await select(db)
    .where(
      and(
        eq(savedViews.list, list),
        or(eq(savedViews.ownerId, viewer.userId), eq(sharedRole.name, viewer.role)),
      ),
    )
    .orderBy(
      desc(sql`${savedViews.ownerId} = ${viewer.userId}`),
      asc(sql`lower(${savedViews.name})`),
    );
  return rows.map((r) => toView(r, viewer.userId));
}

/** One view the viewer may read (theirs, or shared with their role), or null. */
export async function readView(
  db: Executor,
  viewer: { userId: string; role: string },
  id: string,
): Promise<SavedView | null> {
  const [row] = await select(db)
    .where(
      and(
        eq(savedViews.id, id),
        or(eq(savedViews.ownerId, viewer.userId), eq(sharedRole.name, viewer.role)),
      ),
    )
    .limit(1);
  return row ? toView(row, viewer.userId) : null;
}

/** The owner of a view and its list, to check a change against (null: no such view). */
export async function viewOwner(db: Executor, id: string) {
  const [row] = await db
    .select({ ownerId: savedViews.ownerId, list: savedViews.list, name: savedViews.name })
    .from(savedViews)
    .where(eq(savedViews.id, id))
    .for('update')
    .limit(1);
  return row ?? null;
}

/** The role a view is to be shared with, by id: 400 naming the field when there is none. */
export async function checkRole(db: Executor, roleId: string) {
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId));
  if (!role) throw fieldError('sharedWithRoleId', 'unknown_role', 'This role does not exist');
}

/** A name already used by another of the owner's views of the list: 409 naming `name`. */
export async function checkName(
  db: Executor,
  owner: string,
  list: string,
  name: string,
  except?: string,
) {
  const [taken] = await db
    .select({ id: savedViews.id })
    .from(savedViews)
    .where(
      and(
        eq(savedViews.ownerId, owner),
        eq(savedViews.list, list),
        sql`lower(${savedViews.name}) = lower(${name})`,
        except ? sql`${savedViews.id} <> ${except}` : undefined,
      ),
    );
  if (taken)
    throw fieldError('name', 'view_name_taken', 'You already have a view with this name', 409);
}

/** At most VIEW_LIMITS.perList views per person and list. */
export async function checkRoom(db: Executor, owner: string, list: string) {
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(savedViews)
    .where(and(eq(savedViews.ownerId, owner), eq(savedViews.list, list)));
  if (n >= VIEW_LIMITS.perList)
    throw fieldError(
      'name',
      'too_many_views',
      `You keep at most ${VIEW_LIMITS.perList} views of a list`,
      409,
      { max: VIEW_LIMITS.perList },
    );
}

/** Makes room for a new default: the owner's previous default of the list stops being one. */
export async function clearDefault(db: Executor, owner: string, list: string) {
  await db
    .update(savedViews)
    .set({ isDefault: false })
    .where(
      and(eq(savedViews.ownerId, owner), eq(savedViews.list, list), eq(savedViews.isDefault, true)),
    );
}
