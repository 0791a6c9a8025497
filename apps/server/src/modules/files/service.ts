import { and, eq, inArray } from 'drizzle-orm';
import type { FileAccess, FileBulkAnswer, FileBulkBody } from '@bo/contract/files-records';
import { fileFavorites, fileShares, files, users } from '../../db/schema/core.js';
import type { Executor } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { HttpError, fieldError, forbidden } from '../../lib/http-error.js';
import { notify } from '../../lib/notify.js';
import {
  accessTo,
  assertNameFree,
  requireEdit,
  subtree,
  targetFolder,
  type Access,
} from './queries.js';

/**
 * The rules of one item of the file manager, apart from HTTP: each function takes the caller's
 * transaction, the actor and the item, checks what the actor may do and does it, or throws the
 * HttpError that says why not (404 when the item is not theirs to see, 403 when they may only
 * view it, 409 for a name taken…). The single routes send that error as it is; a bulk action
 * turns it into a refusal of that row (`attempt`).
 */
type AuditSource = Parameters<typeof audit>[1];

export interface Actor {
  userId: string;
}

export interface FileChanges {
  name?: string;
  /** null moves to the root. */
  folderId?: string | null;
  isFavorite?: boolean;
  tags?: string[];
}

/** Rename, move, tag or favourite one item; answers the actor's access to it. */
export async function updateFile(
  tx: Executor,
  actor: Actor,
  id: string,
  body: FileChanges,
): Promise<Access> {
  const { row, access } = await accessTo(tx, id, actor.userId);
  const changes: Partial<typeof files.$inferInsert> = {};
  if (body.name !== undefined || body.folderId !== undefined || body.tags !== undefined) {
    requireEdit(access);
    let parent = row.parent_id;
    if (body.folderId !== undefined && body.folderId !== row.parent_id) {
      const target = await targetFolder(tx, body.folderId, actor.userId);
      if (target.ownerId !== row.owner_id)
        throw fieldError(
          'folderId',
          'other_drive',
          'Items move within one person’s files; copy them instead',
        );
      if (target.id && (await subtree(tx, id)).some((f) => f.id === target.id))
        throw fieldError('folderId', 'into_itself', 'A folder cannot go inside itself');
      parent = target.id;
      changes.parentId = target.id;
    }
    const name = body.name ?? row.name;
    if (body.name !== undefined || changes.parentId !== undefined)
      await assertNameFree(tx, row.owner_id!, parent, name, id);
    if (body.name !== undefined) changes.name = body.name;
    if (body.tags !== undefined) changes.tags = [...new Set(body.tags)];
  }
  if (Object.keys(changes).length) {
    await tx
      .update(files)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(files.id, id));
  }
  if (body.isFavorite === true)
    await tx
      .insert(fileFavorites)
      .values({ fileId: id, userId: actor.userId })
      .onConflictDoNothing();
  if (body.isFavorite === false)
    await tx
      .delete(fileFavorites)
      .where(and(eq(fileFavorites.fileId, id), eq(fileFavorites.userId, actor.userId)));
  return access;
}

/** Move one item into `folderId` (null = the root) of the same person's files. */
export const moveFile = (tx: Executor, actor: Actor, id: string, folderId: string | null) =>
  updateFile(tx, actor, id, { folderId });

/**
 * Move one item to the trash, a folder with everything in it not already there, all stamped
 * `when` (a bulk action stamps its items alike, so that restoring a folder brings back what went
 * with it). Already in the trash: nothing to do.
 */
export async function trashFile(tx: Executor, actor: Actor, id: string, when = new Date()) {
  const { row, access } = await accessTo(tx, id, actor.userId);
  requireEdit(access);
  if (row.trashed_at) return;
  const ids = (await subtree(tx, id)).filter((f) => !f.trashed_at).map((f) => f.id);
  await tx.update(files).set({ trashedAt: when }).where(inArray(files.id, ids));
}

/**
 * Bring one item back from the trash with what went there with it, to its folder (or the root
 * when that folder is in the trash). Not in the trash: nothing to do.
 */
export async function restoreFile(tx: Executor, actor: Actor, id: string) {
  const { row, access } = await accessTo(tx, id, actor.userId, { trashed: true });
  requireEdit(access);
  if (!row.trashed_at) return;
  const stamp = new Date(row.trashed_at).toISOString();
  const ids = (await subtree(tx, id))
    .filter((f) => f.trashed_at && new Date(f.trashed_at).toISOString() === stamp)
    .map((f) => f.id);
  const parentGone = row.parent_id
    ? (await tx.select({ t: files.trashedAt }).from(files).where(eq(files.id, row.parent_id)))[0]?.t
    : null;
  if (parentGone) await tx.update(files).set({ parentId: null }).where(eq(files.id, id));
  await assertNameFree(tx, row.owner_id!, parentGone ? null : row.parent_id, row.name, id);
  await tx.update(files).set({ trashedAt: null }).where(inArray(files.id, ids));
}

/** 400 when the actor names themselves, 404 when the person is not an active account. */
export async function assertSharePerson(
  tx: Executor,
  actor: Actor,
  userId: string,
  field = 'userId',
) {
  if (userId === actor.userId) throw fieldError(field, 'self', 'This is your own file');
  const [person] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.status, 'active')));
  if (!person) throw fieldError(field, 'not_found', 'No such person', 404);
}

/**
 * Share one item with a person (its owner only); sharing again changes the access. A person
 * newly given it is notified. Answers whether the share is new.
 */
export async function shareFile(
  tx: Executor,
  actor: Actor,
  id: string,
  userId: string,
  access: FileAccess,
): Promise<{ isNew: boolean }> {
  const found = await accessTo(tx, id, actor.userId);
  if (found.access !== 'owner') throw forbidden('Only the owner shares this');
  await assertSharePerson(tx, actor, userId);
  const [already] = await tx
    .select({ userId: fileShares.userId })
    .from(fileShares)
    .where(and(eq(fileShares.fileId, id), eq(fileShares.userId, userId)));
  await tx
    .insert(fileShares)
    .values({ fileId: id, userId, access })
    .onConflictDoUpdate({ target: [fileShares.fileId, fileShares.userId], set: { access } });
  // Newly shared: the person hears of it (a changed access is no news).
  if (!already)
    await notify(tx, {
      type: 'files.shared',
      to: { users: [userId], permission: 'files:read' },
      title: found.row.name,
      link: found.row.is_folder
        ? `/dashboard/files-manager?folder=${id}`
        : `/dashboard/files-manager?view=shared&q=${encodeURIComponent(found.row.name)}`,
      recordId: id,
      actorId: actor.userId,
    });
  return { isNew: !already };
}

type Refusal = FileBulkAnswer['refused'][number];
export type Attempt<T> = { ok: true; value: T } | { ok: false; code: string; message: string };

/**
 * Run one row's work in a savepoint of its own: done, or refused with the reason its single call
 * would have answered (the savepoint undone, the rest of the transaction kept). Errors that are
 * not a refusal (a fault, a lost connection) still end the whole transaction.
 */
export async function attempt<T>(
  tx: Executor,
  work: (sp: Executor) => Promise<T>,
): Promise<Attempt<T>> {
  try {
    return { ok: true, value: await tx.transaction(work) };
  } catch (error) {
    if (!(error instanceof HttpError) || ![400, 403, 404, 409].includes(error.statusCode))
      throw error;
    const detail = error.details?.[0];
    const code =
      error.statusCode === 404 ? 'not_found' : error.statusCode === 403 ? 'forbidden' : undefined;
    return { ok: false, code: code ?? detail?.code ?? 'conflict', message: error.message };
  }
}

/** The ids with those inside another of them (at any depth) last. */
async function outerFirst(tx: Executor, ids: string[]): Promise<string[]> {
  const inner = new Set<string>();
  for (const id of ids) for (const f of await subtree(tx, id)) if (f.id !== id) inner.add(f.id);
  return [...ids.filter((id) => !inner.has(id)), ...ids.filter((id) => inner.has(id))];
}

export interface BulkOutcome extends FileBulkAnswer {
  /** Shares made or changed: (item, person, whether new), for the realtime events and webhooks. */
  shared: Array<{ fileId: string; name: string; userId: string; isNew: boolean }>;
}

/**
 * One action on several items in the caller's transaction, each row checked as its single call
 * checks it and in a savepoint of its own, so a refused row leaves the others changed. What
 * concerns the whole call (the target folder, the people to share with) is checked first and
 * refuses the whole call. Audited once (`files.bulk`), with the count and the ids.
 */
export async function bulkFiles(
  tx: Executor,
  source: AuditSource,
  actor: Actor,
  body: FileBulkBody,
): Promise<BulkOutcome> {
  const { action } = body;
  const ids = [...new Set(body.ids.map((id) => id.toLowerCase()))];
  const out: BulkOutcome = { changed: [], refused: [], shared: [] };
  if (action === 'move') await targetFolder(tx, body.folderId, actor.userId);
  const people = [...new Set(body.userIds ?? [])];
  for (const userId of people) await assertSharePerson(tx, actor, userId, 'userIds');

  // Trash what is inside first (one stamp for all, so the folder's restore brings it back);
  // restore the outer ones first (their contents come back with them).
  const outer = action === 'trash' || action === 'restore' ? await outerFirst(tx, ids) : ids;
  const order = action === 'trash' ? [...outer].reverse() : outer;
  const when = new Date();
  const names = new Map(
    (
      await tx.select({ id: files.id, name: files.name }).from(files).where(inArray(files.id, ids))
    ).map((r) => [r.id, r.name]),
  );

  const refuse = async (id: string, code: string, message: string): Promise<Refusal> => {
    // A row the actor may not see stays unnamed (its name is not theirs to read).
    const visible =
      code !== 'not_found' &&
      (await accessTo(tx, id, actor.userId, { trashed: true }).then(
        () => true,
        () => false,
      ));
    return { id, name: visible ? (names.get(id) ?? null) : null, code, message };
  };

  for (const id of order) {
    const done = await attempt(tx, async (sp) => {
      switch (action) {
        case 'move':
          await moveFile(sp, actor, id, body.folderId ?? null);
          return [];
        case 'trash':
          await trashFile(sp, actor, id, when);
          return [];
        case 'restore':
          await restoreFile(sp, actor, id);
          return [];
        case 'share': {
          const made: BulkOutcome['shared'] = [];
          for (const userId of people) {
            const { isNew } = await shareFile(sp, actor, id, userId, body.access ?? 'view');
            made.push({ fileId: id, name: names.get(id) ?? '', userId, isNew });
          }
          return made;
        }
      }
    });
    if (done.ok) {
      out.changed.push(id);
      out.shared.push(...done.value);
    } else out.refused.push(await refuse(id, done.code, done.message));
  }
  // Back in the order asked, so the answer reads as the call.
  out.changed.sort((a, b) => ids.indexOf(a) - ids.indexOf(b));
  out.refused.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));

  if (out.changed.length)
    await audit(tx, source, {
      actorId: actor.userId,
      action: 'files.bulk',
      meta: {
        action,
        count: out.changed.length,
        ids: out.changed.slice(0, 100),
        ...(action === 'move' ? { folderId: body.folderId ?? null } : {}),
        ...(action === 'share' ? { userIds: people, access: body.access ?? 'view' } : {}),
        refused: out.refused.length,
      },
    });
  return out;
}
