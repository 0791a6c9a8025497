import { sql, type SQL } from 'drizzle-orm';
import { FILES_API } from '@bo/contract/files';
import {
  type DriveFile,
  type FileDetails,
  type FileListAnswer,
  type FileUsage,
  FILE_CATEGORIES,
} from '@bo/contract/files-records';
import type { Executor } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-error.js';
import { exactInstant } from '../../lib/keyset.js';

export type Access = 'owner' | 'edit' | 'view';

/** One row of `files` as the queries below read it. */
export interface FileRow {
  id: string;
  owner_id: string | null;
  parent_id: string | null;
  is_folder: boolean;
  name: string;
  mime: string;
  category: string;
  size: string | number;
  storage_key: string;
  checksum: string;
  version: number;
  tags: string[];
  trashed_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

interface ListedRow extends FileRow {
  is_favorite: boolean;
  shared: boolean;
  folder_size: string | number | null;
  owner_name: string | null;
  owner_email: string | null;
  owner_avatar: string | null;
  share_access: string | null;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export const fileNotFound = () => notFound('File');

/** The folder chain above an item (nearest first), at most 64 deep. */
const chainOf = (id: string) => sql`
  WITH RECURSIVE chain AS (
    SELECT id, parent_id, 0 AS depth FROM files WHERE id = ${id}
    UNION ALL
    SELECT f.id, f.parent_id, c.depth + 1 FROM files f JOIN chain c ON f.id = c.parent_id
    WHERE c.depth < 64
  )`;

/**
 * What `userId` may do with a drive item: its owner, or a share on it or on a folder above it
 * (the strongest wins). A trashed item is its owner's only. Anything else is "not found", so a
 * stranger cannot tell a private file from a missing one.
 */
export async function accessTo(
  db: Executor,
  id: string,
  userId: string,
  options: { trashed?: boolean } = {},
): Promise<{ row: FileRow; access: Access }> {
  const [row] = await rows<FileRow>(
    db,
    sql`SELECT * FROM files WHERE id = ${id} AND scope = 'drive'`,
  );
  if (!row) throw fileNotFound();
  const trashed = row.trashed_at !== null;
  if (row.owner_id === userId) {
    if (trashed && !options.trashed) throw fileNotFound();
    return { row, access: 'owner' };
  }
  if (trashed) throw fileNotFound();
  const [best] = await rows<{ level: number | null }>(
    db,
    sql`${chainOf(id)}
      SELECT max(CASE s.access WHEN 'edit' THEN 2 ELSE 1 END) AS level
      FROM file_shares s WHERE s.user_id = ${userId} AND s.file_id IN (SELECT id FROM chain)`,
  );
  if (!best?.level) throw fileNotFound();
  return { row, access: Number(best.level) === 2 ? 'edit' : 'view' };
}

export async function fileRow(db: Executor, id: string): Promise<FileRow | undefined> {
  const [row] = await rows<FileRow>(db, sql`SELECT * FROM files WHERE id = ${id}`);
  return row;
}

export const canEdit = (access: Access) => access === 'owner' || access === 'edit';

export function requireEdit(access: Access) {
  if (!canEdit(access)) throw forbidden('You can only view this file');
}

/** The folders from the root down to `folderId` (included). */
export async function pathTo(db: Executor, folderId: string | null) {
  if (!folderId) return [];
  const chain = await rows<{ id: string; name: string; depth: number }>(
    db,
    sql`WITH RECURSIVE chain AS (
          SELECT id, parent_id, name, 0 AS depth FROM files WHERE id = ${folderId}
          UNION ALL
          SELECT f.id, f.parent_id, f.name, c.depth + 1 FROM files f JOIN chain c ON f.id = c.parent_id
          WHERE c.depth < 64
        ) SELECT id, name, depth FROM chain ORDER BY depth DESC`,
  );
  return chain.map(({ id, name }) => ({ id, name }));
}

const SORT_COLUMNS = {
  name: sql`lower(f.name)`,
  size: sql`f.size`,
  updatedAt: sql`f.updated_at`,
  createdAt: sql`f.created_at`,
} as const;

type SortKey = keyof typeof SORT_COLUMNS;

interface Cursor {
  /** 0 for folders, 1 for files: folders come first. */
  f: number;
  v: string | number;
  id: string;
}

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

function decodeCursor(raw: string | undefined): Cursor | null {
  if (!raw) return null;
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor;
    if ((c.f === 0 || c.f === 1) && typeof c.id === 'string' && /^[0-9a-f-]{36}$/.test(c.id))
      return c;
  } catch {
    // fall through
  }
  throw fieldError('cursor', 'invalid', 'This page marker is not valid');
}

export interface ListOptions {
  userId: string;
  view: 'mine' | 'shared' | 'favorites' | 'recent' | 'trash';
  folderId?: string;
  q?: string;
  type?: string;
  from?: string;
  to?: string;
  tag?: string;
  sort: string;
  cursor?: string;
  limit: number;
  urlOf: (row: FileRow) => string | null;
}

/** Selects one listed item with what the caller sees of it (favourite, shared, owner, size). */
const listedColumns = (userId: string) => sql`
  f.*,
  EXISTS (SELECT 1 FROM file_favorites fv WHERE fv.file_id = f.id AND fv.user_id = ${userId}) AS is_favorite,
  (EXISTS (SELECT 1 FROM file_shares s WHERE s.file_id = f.id)
    OR EXISTS (SELECT 1 FROM file_links l WHERE l.file_id = f.id)) AS shared,
  CASE WHEN f.is_folder THEN (SELECT coalesce(sum(c.size), 0) FROM files c
    WHERE c.parent_id = f.id AND NOT c.is_folder AND c.trashed_at IS NULL) END AS folder_size,
  u.display_name AS owner_name, u.email AS owner_email, u.avatar_url AS owner_avatar,
  (SELECT s.access FROM file_shares s WHERE s.file_id = f.id AND s.user_id = ${userId}) AS share_access`;

export function toDriveFile(
  row: ListedRow,
  userId: string,
  inherited: Access | null,
  urlOf: (row: FileRow) => string | null,
): DriveFile {
  const access: Access =
    row.owner_id === userId
      ? 'owner'
      : ((row.share_access as Access | null) ?? inherited ?? 'view');
  return {
    id: row.id,
    name: row.name,
    size: Number(row.is_folder ? (row.folder_size ?? 0) : row.size),
    type: row.is_folder ? 'folder' : row.mime,
    category: (row.is_folder ? 'folder' : row.category) as DriveFile['category'],
    isFolder: row.is_folder,
    folderId: row.parent_id,
    url: row.is_folder ? null : urlOf(row),
    checksum: row.checksum,
    version: row.version,
    tags: row.tags ?? [],
    isFavorite: Boolean(row.is_favorite),
    shared: Boolean(row.shared),
    access,
    owner: row.owner_id
      ? {
          id: row.owner_id,
          name: row.owner_name ?? '',
          // Only the owner's own address, or one a colleague shares with: the name is enough.
          email: row.owner_id === userId ? (row.owner_email ?? '') : '',
          avatarUrl: row.owner_avatar,
        }
      : null,
    trashedAt: iso(row.trashed_at),
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
  };
}

export async function listFiles(db: Executor, o: ListOptions): Promise<FileListAnswer> {
  const where: SQL[] = [sql`f.scope = 'drive'`];
  let inherited: Access | null = null;
  let path: Array<{ id: string; name: string }> = [];
  let sort = o.sort;

  if (o.folderId) {
    const folder = await accessTo(db, o.folderId, o.userId);
    if (!folder.row.is_folder) throw fieldError('folderId', 'not_folder', 'This is not a folder');
    inherited = folder.access;
    where.push(sql`f.parent_id = ${o.folderId}`, sql`f.trashed_at IS NULL`);
    path = await pathTo(db, o.folderId);
  } else if (o.view === 'mine') {
    where.push(sql`f.owner_id = ${o.userId}`, sql`f.trashed_at IS NULL`);
    // At the root: the root's items (filters narrow them); a search looks through the whole drive.
    if (!o.q) where.push(sql`f.parent_id IS NULL`);
  } else if (o.view === 'shared') {
    where.push(
      sql`f.trashed_at IS NULL`,
      sql`EXISTS (SELECT 1 FROM file_shares s WHERE s.file_id = f.id AND s.user_id = ${o.userId})`,
    );
  } else if (o.view === 'favorites') {
    where.push(
      sql`f.trashed_at IS NULL`,
      sql`EXISTS (SELECT 1 FROM file_favorites fv WHERE fv.file_id = f.id AND fv.user_id = ${o.userId})`,
    );
  } else if (o.view === 'recent') {
    where.push(sql`f.owner_id = ${o.userId}`, sql`f.trashed_at IS NULL`, sql`NOT f.is_folder`);
    sort = '-updatedAt';
  } else {
    // The trash: what was put there, not what went with a folder.
    where.push(
      sql`f.owner_id = ${o.userId}`,
      sql`f.trashed_at IS NOT NULL`,
      sql`NOT EXISTS (SELECT 1 FROM files p WHERE p.id = f.parent_id AND p.trashed_at IS NOT NULL)`,
    );
  }

  if (o.q) where.push(sql`f.name ILIKE ${`%${o.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  if (o.type === 'folder') where.push(sql`f.is_folder`);
  else if (o.type) where.push(sql`f.category = ${o.type}`, sql`NOT f.is_folder`);
  if (o.tag) where.push(sql`${o.tag} = ANY(f.tags)`);
  if (o.from) where.push(sql`f.updated_at >= ${o.from}::date`);
  if (o.to) where.push(sql`f.updated_at < ${o.to}::date + 1`);

  const desc = sort.startsWith('-');
  const key = (desc ? sort.slice(1) : sort) as SortKey;
  const column = SORT_COLUMNS[key] ?? SORT_COLUMNS.name;
  const filter = sql.join(where, sql` AND `);

  const cursor = decodeCursor(o.cursor);
  const page: SQL[] = [filter];
  if (cursor) {
    const value =
      key === 'updatedAt' || key === 'createdAt' ? sql`${cursor.v}::timestamptz` : sql`${cursor.v}`;
    const nf = sql`(CASE WHEN f.is_folder THEN 0 ELSE 1 END)`;
    page.push(
      desc
        ? sql`(${nf} > ${cursor.f} OR (${nf} = ${cursor.f} AND (${column} < ${value} OR (${column} = ${value} AND f.id < ${cursor.id}))))`
        : sql`(${nf} > ${cursor.f} OR (${nf} = ${cursor.f} AND (${column} > ${value} OR (${column} = ${value} AND f.id > ${cursor.id}))))`,
    );
  }
  const direction = desc ? sql`DESC` : sql`ASC`;
  const listed = await rows<ListedRow & { sort_value: string | number | Date }>(
    db,
    sql`SELECT ${listedColumns(o.userId)},
          ${key === 'updatedAt' || key === 'createdAt' ? exactInstant(column) : column} AS sort_value
        FROM files f LEFT JOIN users u ON u.id = f.owner_id
        WHERE ${sql.join(page, sql` AND `)}
        ORDER BY f.is_folder DESC, ${column} ${direction}, f.id ${direction}
        LIMIT ${o.limit + 1}`,
  );
  const [{ total } = { total: 0 }] = await rows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM files f WHERE ${filter}`,
  );
  const more = listed.length > o.limit;
  const shown = more ? listed.slice(0, o.limit) : listed;
  const last = shown[shown.length - 1];
  return {
    files: shown.map((r) => toDriveFile(r, o.userId, inherited, o.urlOf)),
    total: Number(total),
    folderAccess: o.folderId ? inherited : o.view === 'mine' ? 'owner' : null,
    nextCursor:
      more && last
        ? encodeCursor({
            f: last.is_folder ? 0 : 1,
            v:
              last.sort_value instanceof Date
                ? last.sort_value.toISOString()
                : (last.sort_value as string | number),
            id: last.id,
          })
        : null,
    path,
  };
}

/** One item as the list shows it. */
export async function driveFile(
  db: Executor,
  id: string,
  userId: string,
  inherited: Access | null,
  urlOf: (row: FileRow) => string | null,
): Promise<DriveFile> {
  const [row] = await rows<ListedRow>(
    db,
    sql`SELECT ${listedColumns(userId)} FROM files f LEFT JOIN users u ON u.id = f.owner_id WHERE f.id = ${id}`,
  );
  if (!row) throw fileNotFound();
  return toDriveFile(row, userId, inherited, urlOf);
}

export async function fileDetails(
  db: Executor,
  id: string,
  userId: string,
  access: Access,
  urlOf: (row: FileRow) => string | null,
): Promise<FileDetails> {
  const file = await driveFile(db, id, userId, access, urlOf);
  const path = file.folderId ? await pathTo(db, file.folderId) : [];
  const owner = access === 'owner';
  const shares = owner
    ? await rows<{
        id: string;
        name: string;
        email: string;
        avatar_url: string | null;
        access: string;
        created_at: Date;
      }>(
        db,
        sql`SELECT u.id, u.display_name AS name, u.email, u.avatar_url, s.access, s.created_at
            FROM file_shares s JOIN users u ON u.id = s.user_id
            WHERE s.file_id = ${id} ORDER BY s.created_at`,
      )
    : [];
  const links = canEdit(access)
    ? await rows<{
        id: string;
        password_hash: string | null;
        expires_at: Date | null;
        created_at: Date;
      }>(
        db,
        sql`SELECT id, password_hash, expires_at, created_at FROM file_links WHERE file_id = ${id} ORDER BY created_at`,
      )
    : [];
  const versions = await rows<{
    version: number;
    size: string;
    checksum: string;
    created_at: Date;
  }>(
    db,
    sql`SELECT version, size, checksum, created_at FROM file_versions WHERE file_id = ${id} ORDER BY version DESC`,
  );
  return {
    ...file,
    path,
    shares: shares.map((s) => ({
      user: { id: s.id, name: s.name, email: s.email, avatarUrl: s.avatar_url },
      access: s.access as 'view' | 'edit',
      createdAt: iso(s.created_at)!,
    })),
    // A link's token is shown once, when it is made; later only that it exists.
    links: links.map((l) => ({
      id: l.id,
      url: '',
      hasPassword: l.password_hash !== null,
      expiresAt: iso(l.expires_at),
      createdAt: iso(l.created_at)!,
    })),
    versions: versions.map((v) => ({
      version: v.version,
      size: Number(v.size),
      checksum: v.checksum,
      createdAt: iso(v.created_at)!,
    })),
  };
}

/** A folder an item may go into: the caller may edit it, and it is a folder of the same drive. */
export async function targetFolder(
  db: Executor,
  folderId: string | null | undefined,
  userId: string,
): Promise<{ id: string | null; ownerId: string }> {
  if (!folderId) return { id: null, ownerId: userId };
  const { row, access } = await accessTo(db, folderId, userId).catch(() => {
    throw fieldError('folderId', 'not_found', 'This folder does not exist', 404);
  });
  if (!row.is_folder) throw fieldError('folderId', 'not_folder', 'This is not a folder');
  if (!canEdit(access)) throw forbidden('You can only view this folder');
  return { id: row.id, ownerId: row.owner_id! };
}

/** 409 when the folder already holds an item of that name (files of one name become versions). */
export async function assertNameFree(
  db: Executor,
  ownerId: string,
  folderId: string | null,
  name: string,
  exceptId?: string,
) {
  const [taken] = await rows<{ id: string }>(
    db,
    sql`SELECT id FROM files WHERE scope = 'drive' AND owner_id = ${ownerId} AND trashed_at IS NULL
        AND parent_id IS NOT DISTINCT FROM ${folderId} AND lower(name) = lower(${name})
        ${exceptId ? sql`AND id <> ${exceptId}` : sql``} LIMIT 1`,
  );
  if (taken)
    throw conflict('An item of this name is already in this folder', [
      {
        field: 'name',
        code: 'name_taken',
        message: 'An item of this name is already in this folder',
      },
    ]);
}

/** The same-name file in a folder, whose new bytes become its next version. */
export async function sameNameFile(
  db: Executor,
  ownerId: string,
  folderId: string | null,
  name: string,
): Promise<FileRow | undefined> {
  const [row] = await rows<FileRow>(
    db,
    sql`SELECT * FROM files WHERE scope = 'drive' AND owner_id = ${ownerId} AND trashed_at IS NULL
        AND NOT is_folder AND parent_id IS NOT DISTINCT FROM ${folderId} AND lower(name) = lower(${name})
        LIMIT 1 FOR UPDATE`,
  );
  return row;
}

/** Every id of the subtree under (and including) `id`. */
export async function subtree(db: Executor, id: string): Promise<FileRow[]> {
  return rows<FileRow>(
    db,
    sql`WITH RECURSIVE tree AS (
          SELECT * FROM files WHERE id = ${id}
          UNION ALL
          SELECT f.* FROM files f JOIN tree t ON f.parent_id = t.id
        ) SELECT * FROM tree`,
  );
}

/** The storage keys a permanent delete frees: the files' and their earlier versions'. */
export async function keysOf(db: Executor, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const found = await rows<{ key: string }>(
    db,
    sql`SELECT storage_key AS key FROM files WHERE id IN (${list}) AND NOT is_folder AND storage_key <> ''
        UNION ALL SELECT storage_key FROM file_versions WHERE file_id IN (${list})`,
  );
  // The demo's shared pool of bytes (seed-…) stays: many records point at each of its objects.
  return found.map((r) => r.key).filter((key) => !key.startsWith('seed-'));
}

export async function usageOf(
  db: Executor,
  userId: string,
  quota: number,
  maxUploadBytes: number,
): Promise<FileUsage> {
  const found = await rows<{ category: string; bytes: string; count: number }>(
    db,
    sql`SELECT category, bytes, count FROM storage_usage WHERE owner_id = ${userId}`,
  );
  const byType = FILE_CATEGORIES.map((type) => {
    const r = found.find((f) => f.category === type);
    return { type, bytes: Number(r?.bytes ?? 0), count: Number(r?.count ?? 0) };
  });
  const uploading = await reservedBytes(db, userId, maxUploadBytes);
  return {
    used: byType.reduce((s, t) => s + t.bytes, 0) + uploading,
    uploading,
    quota,
    files: byType.reduce((s, t) => s + t.count, 0),
    byType,
  };
}

/** Bytes held by one person's unfinished resumable uploads (a deferred length holds the most). */
export async function reservedBytes(db: Executor, ownerId: string, maxUploadBytes: number) {
  const [r] = await rows<{ bytes: string | null }>(
    db,
    sql`SELECT sum(coalesce(length, ${maxUploadBytes})) AS bytes FROM file_uploads WHERE owner_id = ${ownerId}`,
  );
  return Number(r?.bytes ?? 0);
}

/** Bytes one person keeps (the quota's measure), from the maintained aggregate. */
export async function usedBytes(db: Executor, userId: string): Promise<number> {
  const [r] = await rows<{ used: string | null }>(
    db,
    sql`SELECT sum(bytes) AS used FROM storage_usage WHERE owner_id = ${userId}`,
  );
  return Number(r?.used ?? 0);
}

/** Who sees an item: its owner and whoever it, or a folder above it, is shared with. */
export async function watchersOf(db: Executor, id: string): Promise<string[]> {
  const found = await rows<{ user_id: string }>(
    db,
    sql`${chainOf(id)}
      SELECT owner_id AS user_id FROM files WHERE id = ${id} AND owner_id IS NOT NULL
      UNION SELECT s.user_id FROM file_shares s WHERE s.file_id IN (SELECT id FROM chain)`,
  );
  return found.map((r) => r.user_id);
}

export const contentUrl = (id: string) => FILES_API.content(id);
