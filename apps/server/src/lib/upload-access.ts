import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { UPLOADS_PREFIX } from '@bo/contract/files';
import type { AppConfig } from '../config.js';
import type { Executor } from '../db/client.js';
import { effectivePermissions } from './access.js';
import { rows } from '../db/rows.js';
import { escapeLike } from './sql-like.js';

/**
 * Who may read the bytes behind `/uploads/{key}`: the record that holds the key decides, never
 * the session alone (docs/security.md).
 *
 * - `shared`: a picture the app shows across its sections (an avatar or profile cover, a product
 *   picture, the cover or a picture of a published post, the demo's generated pictures). Still
 *   for signed-in people only; a browser may keep it for a while.
 * - `private`: a record's own file (an unsent upload, a mail's or conversation's attachment, a
 *   card's file, a draft post's picture): never kept by a browser or a proxy.
 *
 * Anything else, and a key no record holds, is "not found".
 */
export type UploadGrant = 'shared' | 'private';

export interface UploadReader {
  userId: string;
  permissions: ReadonlySet<string>;
  /** A pending account (unverified, unapproved) or one that must turn on 2FA: own account only. */
  limited: boolean;
}

/** A role's permissions (the cached PermissionService). */
export type RolePermissions = (role: string) => Promise<ReadonlySet<string>>;

/**
 * The holder of a signed upload URL as a reader now (decision 038): their role's permissions
 * today, limited as a pending account is; null when they are gone or suspended, so their URLs
 * stop loading with them. A URL opens what its holder may still open, nothing more.
 */
export async function holderAsReader(
  db: Executor,
  roles: RolePermissions,
  config: Pick<AppConfig, 'require2faForAdmins'>,
  userId: string,
): Promise<UploadReader | null> {
  const [row] = await rows<{
    role: string;
    status: string;
    email_verified: boolean;
    totp_on: boolean;
  }>(
    db,
    sql`SELECT role, status, email_verified, (totp_enabled_at IS NOT NULL) AS totp_on
          FROM users WHERE id = ${userId}`,
  );
  if (!row || row.status === 'banned' || row.status === 'rejected') return null;
  const access = effectivePermissions(
    config,
    { status: row.status, emailVerified: row.email_verified, totpOn: row.totp_on },
    new Set(await roles(row.role)),
  );
  return { userId, permissions: access.permissions, limited: access.limited !== null };
}

type FileRef = SQL | AnyColumn;

/**
 * The mail rule: a mailbox holds a stored file when one of its messages (a draft, the sender's
 * sent copy, a recipient's copy once sent) carries it.
 */
export const mailboxHolds = (fileId: FileRef, ownerId: string) =>
  sql`EXISTS (SELECT 1 FROM mail_attachments a JOIN mail_messages m ON m.id = a.mail_id
               WHERE a.file_id = ${fileId} AND m.owner_id = ${ownerId})`;

/** The chat rule: a file sent in a conversation the person is (still) a member of. */
export const conversationHolds = (fileId: FileRef, userId: string) =>
  sql`EXISTS (SELECT 1 FROM chat_attachments a
          JOIN chat_messages m ON m.id = a.message_id
          JOIN chat_participants p ON p.conversation_id = m.conversation_id
         WHERE a.file_id = ${fileId} AND p.user_id = ${userId} AND p.left_at IS NULL)`;

/** The kanban rule: the board is shared, so a card's file is read by everyone who reads it. */
const onBoard = (fileId: FileRef) =>
  sql`EXISTS (SELECT 1 FROM kanban_attachments k WHERE k.file_id = ${fileId})`;

/**
 * The demo's pool (`seed-…`): pictures and sample files generated from the source at every
 * start, identical on every install and shared by many records; nobody's data.
 */
const SEED_POOL = 'seed-';

interface StoredRow {
  id: string;
  owner_id: string | null;
  scope: string;
}

interface Uploader {
  avatar_url: string | null;
  cover_url: string | null;
  role: string;
}

async function exists(db: Executor, condition: SQL): Promise<boolean> {
  const [row] = await rows<{ yes: boolean }>(db, sql`SELECT ${condition} AS yes`);
  return row?.yes === true;
}

/** What `reader` may do with the stored `key` (already checked against UPLOAD_KEY): null = 404. */
export async function uploadGrant(
  db: Executor,
  roles: RolePermissions,
  key: string,
  reader: UploadReader,
): Promise<UploadGrant | null> {
  if (key.startsWith(SEED_POOL)) return 'shared';
  const held = await rows<StoredRow>(
    db,
    sql`SELECT id, owner_id, scope FROM files
         WHERE storage_key = ${key} AND NOT is_folder ORDER BY created_at LIMIT 20`,
  );
  for (const file of held) {
    const grant = await grantOf(db, roles, key, file, reader);
    if (grant) return grant;
  }
  return null;
}

async function grantOf(
  db: Executor,
  roles: RolePermissions,
  key: string,
  file: StoredRow,
  reader: UploadReader,
): Promise<UploadGrant | null> {
  const me = reader.userId;
  const can = (permission: string) => reader.permissions.has(permission);
  const url = `${UPLOADS_PREFIX}${key}`;
  const fileId = sql`${file.id}::uuid`;

  // Who put the file there: the references below count only when the uploader could have
  // placed it (their own avatar, or an editor of people, products, posts), so nobody opens
  // another's upload by pointing their own avatar or post at its address.
  let uploader: Uploader | null | undefined;
  let uploaderPermissions: ReadonlySet<string> | undefined;
  const uploaderRow = async () => {
    if (uploader === undefined) {
      [uploader = null] = file.owner_id
        ? await rows<Uploader>(
            db,
            sql`SELECT avatar_url, cover_url, role FROM users WHERE id = ${file.owner_id}`,
          )
        : [];
    }
    return uploader;
  };
  /** An upload whose uploader is gone belongs to nobody: its references are taken as they are. */
  const uploaderCan = async (permission: string) => {
    if (!file.owner_id) return true;
    const row = await uploaderRow();
    if (!row) return true;
    uploaderPermissions ??= await roles(row.role);
    return uploaderPermissions.has(permission);
  };
  const ownPicture = async (userId: string) =>
    exists(
      db,
      sql`EXISTS (SELECT 1 FROM users WHERE id = ${userId} AND (avatar_url = ${url} OR cover_url = ${url}))`,
    );

  // A pending account keeps its own account only: its own avatar and profile cover.
  if (reader.limited) {
    if (file.scope !== 'attachment') return null;
    if ((file.owner_id === me || (await uploaderCan('users:write'))) && (await ownPicture(me)))
      return 'shared';
    return null;
  }

  // The records that keep a file private: an unsent upload is its uploader's; a mail's, a
  // conversation's and a card's file are read by those who read the record.
  if (file.scope === 'attachment' && file.owner_id === me) return 'private';
  const holders: SQL[] = [];
  if (can('mail:read')) holders.push(mailboxHolds(fileId, me));
  if (can('chat:read')) holders.push(conversationHolds(fileId, me));
  if (can('kanban:read')) holders.push(onBoard(fileId));
  if (holders.length && (await exists(db, sql`(${sql.join(holders, sql` OR `)})`)))
    return 'private';
  // A file-manager file is served by its own, checked route (unless on the board, above); a
  // mail's or a conversation's file only to those who hold it.
  if (file.scope !== 'attachment') return null;

  // The pictures of other sections, cheapest look-ups (by index) first.
  const owner = file.owner_id;
  const pattern = `%src="${escapeLike(url)}"%`;
  const live = sql`(p.status = 'published' AND p.published_at <= now())`;
  const postVisible = can('blog:manage') ? sql`TRUE` : sql`(${live} OR p.author_id = ${me})`;
  const post = async (where: SQL): Promise<UploadGrant | null> => {
    const [row] = await rows<{ live: boolean }>(
      db,
      sql`SELECT ${live} AS live FROM blog_posts p WHERE ${where} AND ${postVisible}
           ORDER BY 1 DESC LIMIT 1`,
    );
    return row ? (row.live ? 'shared' : 'private') : null;
  };

  // 1. The uploader's own avatar or profile cover: shown wherever they appear.
  const self = await uploaderRow();
  if (self && (self.avatar_url === url || self.cover_url === url)) return 'shared';

  // 2. The cover or a picture of the uploader's own post.
  if (owner && can('blog:read')) {
    const grant = await post(
      sql`p.author_id = ${owner} AND (p.cover_file_id = ${fileId} OR p.content LIKE ${pattern})`,
    );
    if (grant) return grant;
  }

  // 3. A picture in the body of a mail the uploader sent, to the mailboxes holding that mail.
  if (owner && can('mail:read')) {
    const sent = await exists(
      db,
      sql`EXISTS (SELECT 1 FROM mail_messages s
           WHERE s.owner_id = ${owner}
             AND (s.folder = 'sent' OR (s.folder IN ('trash', 'spam') AND s.previous_folder = 'sent'))
             AND s.body_html LIKE ${pattern}
             AND EXISTS (SELECT 1 FROM mail_messages m
                          WHERE m.owner_id = ${me} AND m.message_id = s.message_id))`,
    );
    if (sent) return 'private';
  }

  // 4. A product's picture, put there by someone who edits products.
  if (can('products:read') && (await uploaderCan('products:write'))) {
    if (
      await exists(db, sql`EXISTS (SELECT 1 FROM products WHERE images @> ARRAY[${url}]::text[])`)
    )
      return 'shared';
  }

  // 5. Someone's avatar or profile cover, put there by someone who edits people.
  if (await uploaderCan('users:write')) {
    if (
      await exists(
        db,
        // The seed conditions repeat the partial indexes' own (migration 0045), so they are used.
        sql`EXISTS (SELECT 1 FROM users
                     WHERE (avatar_url = ${url} AND avatar_url NOT LIKE '/uploads/seed-%')
                        OR (cover_url = ${url} AND cover_url NOT LIKE '/uploads/seed-%'))`,
      )
    )
      return 'shared';
  }

  // 6. A post of someone else that an editor gave this cover or picture (their revision has it).
  if (can('blog:read') && (await uploaderCan('blog:manage'))) {
    const grant = await post(
      sql`(p.cover_file_id = ${fileId} OR (p.content LIKE ${pattern} AND EXISTS (
            SELECT 1 FROM blog_revisions r
             WHERE r.post_id = p.id AND r.author_id IS NOT DISTINCT FROM ${owner}
               AND r.content LIKE ${pattern})))`,
    );
    if (grant) return grant;
  }

  // 7. The picture of an ordered item (kept on the order line), to those who read that order.
  if (can('orders:read') && (await uploaderCan('products:write'))) {
    const anyOrder = can('orders:write') ? sql`TRUE` : sql`o.user_id = ${me}`;
    if (
      await exists(
        db,
        sql`EXISTS (SELECT 1 FROM order_items i JOIN orders o ON o.id = i.order_id
                     WHERE i.cover = ${url} AND i.cover NOT LIKE '/uploads/seed-%' AND ${anyOrder})`,
      )
    )
      return 'shared';
  }
  return null;
}
