import { createHash, randomBytes } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { Zip, ZipPassThrough } from 'fflate';
import {
  DOCUMENT_MIME_TYPES,
  FILES_API,
  IMAGE_MIME_TYPES,
  UPLOADS_PREFIX,
  UPLOAD_KEY,
  uploadAnswerSchema,
} from '@bo/contract/files';
import {
  copyFileBodySchema,
  createFolderBodySchema,
  fileAnswerSchema,
  fileBulkAnswerSchema,
  fileBulkBodySchema,
  fileDetailsAnswerSchema,
  fileListAnswerSchema,
  fileListQuerySchema,
  fileUsageAnswerSchema,
  linkAnswerSchema,
  linkBodySchema,
  shareBodySchema,
  updateFileBodySchema,
  zipBodySchema,
} from '@bo/contract/files-records';
import { ERROR_CODES } from '@bo/contract/errors';
import {
  fileFavorites,
  fileLinks,
  fileShares,
  fileVersions,
  files,
  users,
} from '../../db/schema/core.js';
import type { Executor } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { HttpError, badRequest, fieldError, forbidden, notFound } from '../../lib/http-error.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { errorResponses, mediaAnswer, withExample } from '../../lib/route-schemas.js';
import { requireAuth } from '../../plugins/auth.js';
import {
  StorageMissing,
  categoryOf,
  cleanFileName,
  isInlineSafe,
  tooLarge,
  type ByteRange,
  type StoredObject,
} from '../../lib/storage/index.js';
import { SANDBOX, disposition } from '../../lib/storage/send.js';
import { holderAsReader, uploadGrant, type UploadReader } from '../../lib/upload-access.js';
import {
  accessTo,
  assertNameFree,
  contentUrl,
  driveFile,
  fileDetails,
  fileRow,
  fileNotFound,
  keysOf,
  listFiles,
  requireEdit,
  sameNameFile,
  subtree,
  targetFolder,
  reservedBytes,
  usageOf,
  usedBytes,
  watchersOf,
  type FileRow,
} from './queries.js';
import { bulkFiles, restoreFile, shareFile, trashFile, updateFile } from './service.js';
import { tusRoutes } from './tus.js';
import { FILE_COOKIE, readCookie } from '../../lib/file-cookie.js';
import { emitWebhookEvent } from '../../lib/webhooks.js';

const tags = ['files'];
/** Every table a file list, details or summary reads: a cached answer lasts until one changes. */
const FILE_TABLES = [
  'files',
  'file_versions',
  'file_favorites',
  'file_shares',
  'file_links',
  'storage_usage',
  'file_uploads',
  'users',
];
/** Per person: what each one sees of the drive is their own. */
const cached = { tables: FILE_TABLES, scope: 'user' as const };
const idParams = z.object({ id: z.string().uuid() });

/** `Range: bytes=a-b` (one range), resolved against the size; null = the whole file. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'bad' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'bad';
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) return 'bad';
  return { start, end };
}

export async function fileRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.services;
  const urlOf = (row: FileRow) => contentUrl(row.id);

  /**
   * Every write runs in one transaction with its audit entry; once committed, the people who
   * see the item (its owner, whoever it or a folder above it is shared with, the actor's other
   * tabs) hear `files.changed` on the realtime socket and their lists follow.
   */
  const audited = async <T>(
    request: FastifyRequest,
    action: string,
    targetId: string | null,
    work: (tx: Executor) => Promise<T>,
  ): Promise<T> => {
    const actorId = requireAuth(request).userId;
    const result = await db.transaction(async (tx) => {
      const done = await work(tx);
      await audit(tx, request, { actorId, action: `files.${action}`, targetId });
      return done;
    });
    const subject = targetId ?? (typeof result === 'string' ? result : null);
    const audience = new Set([actorId, ...(subject ? await watchersOf(db, subject) : [])]);
    await app.services.events.publish({
      type: 'files.changed',
      audience: [...audience],
      payload: { id: subject, action, actorId },
    });
    return result;
  };

  /** 413 when `extra` more bytes would take the owner past STORAGE_QUOTA_MB. */
  async function assertQuota(tx: Executor, ownerId: string, extra: number) {
    const held = await reservedBytes(tx, ownerId, config.maxFileBytes);
    if ((await usedBytes(tx, ownerId)) + held + extra > config.storageQuotaBytes) {
      throw new HttpError(413, ERROR_CODES.payloadTooLarge, 'Your storage quota is full', [
        {
          field: 'file',
          code: 'quota_exceeded',
          message: 'Your storage quota is full',
          params: { maximum: config.storageQuotaBytes },
        },
      ]);
    }
  }

  /**
   * Files the file manager keeps: the bytes are stored first (streamed), then the row is written
   * in one transaction with the quota check; a refusal removes the stored bytes again.
   */
  async function keepDriveFile(
    request: FastifyRequest,
    userId: string,
    folderId: string | null | undefined,
    name: string,
    stored: StoredObject,
  ): Promise<string> {
    try {
      return await audited(request, 'upload', null, async (tx) => {
        const folder = await targetFolder(tx, folderId, userId);
        await assertQuota(tx, folder.ownerId, stored.size);
        const existing = await sameNameFile(tx, folder.ownerId, folder.id, name);
        if (existing) {
          // The same name again: the earlier bytes become a version, the file keeps its id.
          await tx.insert(fileVersions).values({
            fileId: existing.id,
            version: existing.version,
            ownerId: existing.owner_id,
            category: existing.category,
            size: Number(existing.size),
            storageKey: existing.storage_key,
            checksum: existing.checksum,
            createdAt: new Date(existing.updated_at),
          });
          await tx
            .update(files)
            .set({
              mime: stored.mime,
              category: categoryOf(stored.mime),
              size: stored.size,
              storageKey: stored.key,
              checksum: stored.checksum,
              version: existing.version + 1,
              updatedAt: new Date(),
            })
            .where(eq(files.id, existing.id));
          return existing.id;
        }
        const [row] = await tx
          .insert(files)
          .values({
            ownerId: folder.ownerId,
            scope: 'drive',
            parentId: folder.id,
            name,
            mime: stored.mime,
            category: categoryOf(stored.mime),
            size: stored.size,
            storageKey: stored.key,
            checksum: stored.checksum,
          })
          .returning({ id: files.id });
        return row!.id;
      });
    } catch (error) {
      await app.storage.remove(stored.key).catch(() => undefined);
      throw error;
    }
  }

  app.post(
    FILES_API.upload,
    {
      config: { permission: 'files:write' },
      schema: {
        operationId: 'uploadFile',
        tags,
        summary:
          'Upload one file (multipart field "file", optional "folderId"); streamed, typed from its bytes. ' +
          '?kind=image or any stores a picture or attachment of another section instead of a file-manager file',
        querystring: z.object({
          kind: z.enum(['drive', 'image', 'any']).default('drive'),
          folderId: z.string().uuid().optional(),
        }),
        consumes: ['multipart/form-data'],
        response: { 201: uploadAnswerSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const required = () =>
        badRequest('A file is required', [
          { field: 'file', code: 'required', message: 'A file is required' },
        ]);
      if (!request.isMultipart()) throw required();
      const { kind } = request.query;
      let folderId = request.query.folderId;
      let stored: StoredObject | null = null;
      let name = 'file';
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (part.fieldname === 'folderId' && typeof part.value === 'string' && part.value) {
              if (!z.string().uuid().safeParse(part.value).success)
                throw fieldError('folderId', 'invalid', 'This folder does not exist');
              folderId = part.value;
            }
            continue;
          }
          if (part.fieldname !== 'file' || stored) {
            part.file.resume();
            continue;
          }
          name = cleanFileName(part.filename);
          if (kind === 'drive') {
            // Fail before the bytes when the owner is already full.
            await assertQuota(db, auth.userId, 0);
          }
          const allowed: readonly string[] =
            kind === 'image' ? IMAGE_MIME_TYPES : [...IMAGE_MIME_TYPES, ...DOCUMENT_MIME_TYPES];
          stored = await app.storage.save(part.file, {
            name,
            claimed: part.mimetype,
            maxBytes: config.maxUploadBytes,
            accept: kind === 'drive' ? undefined : (mime) => allowed.includes(mime),
            refusal:
              kind === 'image'
                ? 'Only PNG, JPEG, GIF or WebP images are accepted'
                : 'This file type is not accepted',
          });
          if (part.file.truncated) throw tooLarge(config.maxUploadBytes);
        }
      } catch (error) {
        if (stored) await app.storage.remove(stored.key).catch(() => undefined);
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw tooLarge(config.maxUploadBytes);
        if (!isMalformedMultipart(error)) throw error;
        // The body is not the multipart it says (no boundary, no end): the client's fault, named.
        throw badRequest('The upload is not a well-formed multipart body', [
          {
            field: 'file',
            code: 'malformed',
            message: 'The upload is not a well-formed multipart body',
          },
        ]);
      }
      if (!stored) throw required();

      if (kind === 'drive') {
        const id = await keepDriveFile(request, auth.userId, folderId, name, stored);
        const file = await driveFile(db, id, auth.userId, null, urlOf);
        reply.status(201);
        return {
          file: {
            id,
            name: file.name,
            size: file.size,
            type: file.type,
            mime: file.type,
            url: file.url!,
            createdAt: file.createdAt,
          },
        };
      }
      // A picture or attachment of another section: kept, counted to the quota, not listed.
      const saved = stored;
      const row = await db
        .transaction(async (tx) => {
          await assertQuota(tx, auth.userId, saved.size);
          const [inserted] = await tx
            .insert(files)
            .values({
              ownerId: auth.userId,
              name,
              mime: saved.mime,
              category: categoryOf(saved.mime),
              size: saved.size,
              storageKey: saved.key,
              checksum: saved.checksum,
            })
            .returning();
          return inserted!;
        })
        .catch(async (error) => {
          await app.storage.remove(saved.key).catch(() => undefined);
          throw error;
        });
      reply.status(201);
      return {
        file: {
          id: row.id,
          name: row.name,
          size: row.size,
          type: row.mime,
          mime: row.mime,
          url: app.storage.url(row.storageKey),
          createdAt: row.createdAt.toISOString(),
        },
      };
    },
  );

  app.get(
    FILES_API.list,
    {
      config: { permission: 'files:read', cache: cached },
      schema: {
        operationId: 'listFiles',
        tags,
        summary:
          'List a folder, the shared, favourite, recent or trashed items: filters, sort, cursor pages',
        querystring: fileListQuerySchema,
        response: { 200: fileListAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return listFiles(db, { ...request.query, userId: auth.userId, urlOf });
    },
  );

  app.get(
    FILES_API.usage,
    {
      config: { permission: 'files:read', cache: cached },
      schema: {
        operationId: 'getStorageUsage',
        tags,
        summary: 'Storage used by type, against the quota (from the maintained aggregate)',
        response: { 200: fileUsageAnswerSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      usage: await usageOf(
        db,
        requireAuth(request).userId,
        config.storageQuotaBytes,
        config.maxFileBytes,
      ),
    }),
  );

  app.get(
    FILES_API.people,
    {
      config: { permission: 'files:write' },
      schema: {
        operationId: 'searchShareRecipients',
        tags,
        summary: 'People to share with: an exact email address, or the start of a name',
        querystring: z.object({ q: z.string().trim().min(2).max(100) }),
        response: {
          200: z.object({
            people: z.array(
              z.object({
                id: z.string(),
                name: z.string(),
                email: z.string(),
                avatarUrl: z.string().nullable(),
              }),
            ),
          }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const q = request.query.q.toLowerCase();
      const found = await db
        .select({
          id: users.id,
          name: users.displayName,
          email: users.email,
          avatarUrl: users.avatarUrl,
        })
        .from(users)
        .where(
          and(
            eq(users.status, 'active'),
            sql`${users.id} <> ${auth.userId}`,
            sql`(lower(${users.email}) = ${q} OR lower(${users.displayName}) LIKE ${`${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`})`,
          ),
        )
        .orderBy(users.displayName)
        .limit(10);
      // The address only to whoever typed it already.
      return {
        people: found.map((p) => ({ ...p, email: p.email.toLowerCase() === q ? p.email : '' })),
      };
    },
  );

  app.post(
    FILES_API.folders,
    {
      config: { permission: 'files:write' },
      schema: {
        operationId: 'createFolder',
        tags,
        summary: 'Create a folder (at the root, or in a folder the caller may edit)',
        body: withExample(createFolderBodySchema, { name: 'Contracts', folderId: null }),
        response: { 201: fileAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { name, folderId } = request.body;
      const id = await audited(request, 'folder.create', null, async (tx) => {
        const folder = await targetFolder(tx, folderId, auth.userId);
        await assertNameFree(tx, folder.ownerId, folder.id, name);
        const [row] = await tx
          .insert(files)
          .values({
            ownerId: folder.ownerId,
            scope: 'drive',
            isFolder: true,
            parentId: folder.id,
            name,
            mime: 'folder',
            category: 'folder',
            size: 0,
            storageKey: '',
          })
          .returning({ id: files.id });
        return row!.id;
      });
      reply.status(201);
      return { file: await driveFile(db, id, auth.userId, null, urlOf) };
    },
  );

  app.post(
    FILES_API.emptyTrash,
    {
      config: { permission: 'files:write' },
      schema: {
        operationId: 'emptyTrash',
        tags,
        summary: 'Delete for good everything in the caller’s trash',
        response: { 200: z.object({ deleted: z.number().int() }), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const keys = await audited(request, 'trash.empty', null, async (tx) => {
        const trashed = await tx
          .select({ id: files.id })
          .from(files)
          .where(
            and(
              eq(files.ownerId, auth.userId),
              eq(files.scope, 'drive'),
              sql`${files.trashedAt} IS NOT NULL`,
            ),
          );
        const ids = trashed.map((t) => t.id);
        const freed = await keysOf(tx, ids);
        if (ids.length) await tx.delete(files).where(inArray(files.id, ids));
        return { freed, count: ids.length };
      });
      await removeObjects(keys.freed);
      return { deleted: keys.count };
    },
  );

  async function removeObjects(keys: string[]) {
    for (const key of keys) await app.storage.remove(key).catch(() => undefined);
  }

  app.get(
    FILES_API.one.pattern,
    {
      config: { permission: 'files:read', cache: cached },
      schema: {
        operationId: 'getFile',
        tags,
        summary: 'One file or folder with its path, shares, links and versions',
        params: idParams,
        response: { 200: fileDetailsAnswerSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { access } = await accessTo(db, request.params.id, auth.userId, { trashed: true });
      return { file: await fileDetails(db, request.params.id, auth.userId, access, urlOf) };
    },
  );

  app.patch(
    FILES_API.one.pattern,
    {
      config: { permission: 'files:write' },
      schema: {
        operationId: 'updateFile',
        tags,
        summary: 'Rename, move (folderId; null = the root), favourite or tag a file or folder',
        params: idParams,
        body: updateFileBodySchema,
        response: { 200: fileAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = request.params;
      const body = request.body;
      const access = await audited(request, 'update', id, (tx) => updateFile(tx, auth, id, body));
      return { file: await driveFile(db, id, auth.userId, access, urlOf) };
    },
  );

  app.post(
    FILES_API.copy.pattern,
    {
      config: { permission: 'files:write' },
      schema: {
        operationId: 'copyFile',
        tags,
        summary:
          'Copy a file, or a folder with everything in it, into a folder the caller may edit (copies get their own bytes)',
        params: idParams,
        body: copyFileBodySchema,
        response: { 201: fileAnswerSchema, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { row } = await accessTo(db, request.params.id, auth.userId);
      // A folder comes with everything in it (not what is in the trash); each file gets its own
      // bytes, except the demo's shared pool, which is never deleted and can be pointed at again.
      const tree = (await subtree(db, row.id)).filter((f) => !f.trashed_at);
      const keys = new Map<string, string>();
      const made: string[] = [];
      let id: string;
      try {
        for (const f of tree) {
          if (f.is_folder) continue;
          const key = f.storage_key.startsWith('seed-')
            ? f.storage_key
            : await app.storage.duplicate(f.storage_key);
          if (key !== f.storage_key) made.push(key);
          keys.set(f.id, key);
        }
        id = await audited(request, 'copy', row.id, async (tx) => {
          const folder = await targetFolder(
            tx,
            request.body.folderId === undefined ? row.parent_id : request.body.folderId,
            auth.userId,
          );
          if (folder.id && tree.some((f) => f.id === folder.id))
            throw fieldError('folderId', 'into_itself', 'A folder cannot go inside itself');
          const bytes = tree.reduce((sum, f) => sum + (f.is_folder ? 0 : Number(f.size)), 0);
          await assertQuota(tx, folder.ownerId, bytes);
          // "name (1).ext", "name (2).ext"… until the target folder has no item of that name.
          const dot = row.is_folder ? -1 : row.name.lastIndexOf('.');
          const base = dot > 0 ? row.name.slice(0, dot) : row.name;
          const ext = dot > 0 ? row.name.slice(dot) : '';
          let name = row.name;
          for (let n = 1; ; n++) {
            const taken = await assertNameFree(tx, folder.ownerId, folder.id, name).then(
              () => false,
              () => true,
            );
            if (!taken) break;
            name = `${base} (${n})${ext}`;
          }
          // Parents before children: the tree comes breadth first, and ids are mapped as we go.
          const newIds = new Map<string, string>();
          const pending = [...tree];
          while (pending.length) {
            const ready = pending.filter(
              (f) => f.id === row.id || (f.parent_id !== null && newIds.has(f.parent_id)),
            );
            if (!ready.length) break;
            for (const f of ready) {
              pending.splice(pending.indexOf(f), 1);
              const [copy] = await tx
                .insert(files)
                .values({
                  ownerId: folder.ownerId,
                  scope: 'drive',
                  isFolder: f.is_folder,
                  parentId: f.id === row.id ? folder.id : newIds.get(f.parent_id!)!,
                  name: f.id === row.id ? name : f.name,
                  mime: f.mime,
                  category: f.category,
                  size: f.is_folder ? 0 : Number(f.size),
                  storageKey: f.is_folder ? '' : keys.get(f.id)!,
                  checksum: f.checksum,
                  tags: f.tags,
                })
                .returning({ id: files.id });
              newIds.set(f.id, copy!.id);
            }
          }
          return newIds.get(row.id)!;
        });
      } catch (error) {
        for (const key of made) await app.storage.remove(key).catch(() => undefined);
        throw error;
      }
      reply.status(201);
      return { file: await driveFile(db, id, auth.userId, null, urlOf) };
    },
  );

  for (const [path, trash, operationId] of [
    [FILES_API.trash.pattern, true, 'trashFile'],
    [FILES_API.restore.pattern, false, 'restoreFile'],
  ] as const) {
    app.post(
      path,
      {
        config: { permission: 'files:write' },
        schema: {
          operationId,
          tags,
          summary: trash
            ? 'Move to the trash (a folder with everything in it); it still counts to the quota'
            : 'Bring back from the trash, to its folder (or the root when that folder is gone)',
          params: idParams,
          response: { 200: fileAnswerSchema, ...errorResponses(401, 403, 404, 409) },
        },
      },
      async (request) => {
        const auth = requireAuth(request);
        const { id } = request.params;
        await audited(request, trash ? 'trash' : 'restore', id, (tx) =>
          trash ? trashFile(tx, auth, id) : restoreFile(tx, auth, id),
        );
        return { file: await driveFile(db, id, auth.userId, null, urlOf) };
      },
    );
  }

  app.delete(
    FILES_API.one.pattern,
    {
      config: { permission: 'files:write' },
      schema: {
        operationId: 'deleteFile',
        tags,
        summary:
          'Delete for good (the owner only): the bytes, every version, everything inside a folder',
        params: idParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { id } = request.params;
      const freed = await audited(request, 'delete', id, async (tx) => {
        const { access } = await accessTo(tx, id, auth.userId, { trashed: true });
        if (access !== 'owner')
          throw forbidden('Only the owner deletes for good; move it to the trash');
        const ids = (await subtree(tx, id)).map((f) => f.id);
        const keys = await keysOf(tx, ids);
        await tx.delete(files).where(eq(files.id, id));
        return keys;
      });
      await removeObjects(freed);
      reply.status(204);
      return null;
    },
  );

  app.post(
    FILES_API.bulk,
    {
      config: { permission: 'files:write' },
      schema: {
        operationId: 'bulkFiles',
        tags,
        summary:
          'Move, share, trash or restore several items in one transaction, each checked as its single call checks it; those refused are named with the reason',
        body: withExample(fileBulkBodySchema, {
          ids: ['00000000-0000-4000-8000-000000000001'],
          action: 'move',
          folderId: null,
        }),
        response: { 200: fileBulkAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { action } = request.body;
      const outcome = await db.transaction((tx) => bulkFiles(tx, request, auth, request.body));
      // Once committed: whoever sees a changed item (and the actor's other tabs) hears of it, as
      // after each single call; the people shared with are told apart, as the single share does.
      const audience = new Set([auth.userId]);
      for (const id of outcome.changed) for (const u of await watchersOf(db, id)) audience.add(u);
      if (outcome.changed.length)
        await app.services.events.publish({
          type: 'files.changed',
          audience: [...audience],
          payload: { id: null, action, actorId: auth.userId },
        });
      for (const share of outcome.shared) {
        await app.services.events.publish({
          type: 'files.shared',
          audience: [share.userId],
          payload: { fileId: share.fileId, by: auth.userId },
        });
        await emitWebhookEvent(app, 'file.shared', {
          file: { id: share.fileId, name: share.name },
          sharedWith: share.userId,
          access: request.body.access ?? 'view',
          by: auth.userId,
        });
      }
      return { changed: outcome.changed, refused: outcome.refused };
    },
  );

  // --- Sharing with people -------------------------------------------------------------------

  app.post(
    FILES_API.shares.pattern,
    {
      config: { permission: 'files:write' },
      schema: {
        operationId: 'shareFile',
        tags,
        summary: 'Share with a person (view or edit); sharing again changes the access',
        params: idParams,
        body: shareBodySchema,
        response: { 200: fileDetailsAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = request.params;
      const { userId, access } = request.body;
      await audited(request, 'share', id, (tx) => shareFile(tx, auth, id, userId, access));
      await app.services.events.publish({
        type: 'files.shared',
        audience: [userId],
        payload: { fileId: id, by: auth.userId },
      });
      const file = await fileDetails(db, id, auth.userId, 'owner', urlOf);
      await emitWebhookEvent(app, 'file.shared', {
        file: { id: file.id, name: file.name },
        sharedWith: userId,
        access,
        by: auth.userId,
      });
      return { file };
    },
  );

  app.delete(
    FILES_API.share.pattern,
    {
      config: { permission: 'files:write' },
      schema: {
        operationId: 'unshareFile',
        tags,
        summary: 'Stop sharing with a person',
        params: z.object({ id: z.string().uuid(), userId: z.string().uuid() }),
        response: { 200: fileDetailsAnswerSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id, userId } = request.params;
      await audited(request, 'unshare', id, async (tx) => {
        const found = await accessTo(tx, id, auth.userId);
        if (found.access !== 'owner') throw forbidden('Only the owner shares this');
        await tx
          .delete(fileShares)
          .where(and(eq(fileShares.fileId, id), eq(fileShares.userId, userId)));
        // Their favourites of it go too, so nothing of it stays in their lists.
        const ids = (await subtree(tx, id)).map((f) => f.id);
        await tx
          .delete(fileFavorites)
          .where(and(eq(fileFavorites.userId, userId), inArray(fileFavorites.fileId, ids)));
      });
      // The person who lost access no longer watches it: told apart, so their lists drop it.
      await app.services.events.publish({
        type: 'files.changed',
        audience: [userId],
        payload: { id, action: 'unshare' },
      });
      return { file: await fileDetails(db, id, auth.userId, 'owner', urlOf) };
    },
  );

  // --- Links ---------------------------------------------------------------------------------

  const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

  /**
   * Wrong link passwords are slowed as failed sign-ins are (docs/security.md): growing delays
   * (429 with Retry-After) per link and source address pair after a few, per link from all
   * sources after more, and per source address across all links; refused before the password
   * check is paid for. The right password clears its pair.
   */
  const LINK_WINDOW_SECONDS = 15 * 60;
  const LINK_MAX_DELAY_SECONDS = 15 * 60;
  const linkThrottles = (linkId: string, ip: string) =>
    [
      { key: `link:pair:${linkId}|${ip}`, free: 5 },
      { key: `link:id:${linkId}`, free: 20 },
      { key: `link:ip:${ip}`, free: 10 },
    ].map(({ key, free }) => ({
      key,
      throttle: {
        free,
        maxDelaySeconds: LINK_MAX_DELAY_SECONDS,
        windowSeconds: LINK_WINDOW_SECONDS,
      },
    }));

  app.post(
    FILES_API.links.pattern,
    {
      config: { permission: 'files:write' },
      schema: {
        operationId: 'createFileLink',
        tags,
        summary:
          'A link that opens this file (or a folder, as a zip) without signing in; optional password and expiry',
        params: idParams,
        body: linkBodySchema,
        response: { 201: linkAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { id } = request.params;
      const { password, expiresAt } = request.body;
      const expires = expiresAt ? new Date(expiresAt) : null;
      if (expires && expires.getTime() <= Date.now())
        throw fieldError('expiresAt', 'past', 'Choose a moment in the future');
      const token = randomBytes(24).toString('base64url');
      const passwordHash = password ? await hashPassword(password) : null;
      const link = await audited(request, 'link.create', id, async (tx) => {
        const { access } = await accessTo(tx, id, auth.userId);
        requireEdit(access);
        const [row] = await tx
          .insert(fileLinks)
          .values({
            fileId: id,
            tokenHash: tokenHash(token),
            passwordHash,
            expiresAt: expires,
            createdBy: auth.userId,
          })
          .returning();
        return row!;
      });
      reply.status(201);
      return {
        link: {
          id: link.id,
          url: FILES_API.open(token),
          hasPassword: passwordHash !== null,
          expiresAt: link.expiresAt?.toISOString() ?? null,
          createdAt: link.createdAt.toISOString(),
        },
      };
    },
  );

  app.delete(
    FILES_API.link.pattern,
    {
      config: { permission: 'files:write' },
      schema: {
        operationId: 'revokeFileLink',
        tags,
        summary: 'Revoke a link: it stops opening at once',
        params: z.object({ id: z.string().uuid(), linkId: z.string().uuid() }),
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { id, linkId } = request.params;
      await audited(request, 'link.revoke', id, async (tx) => {
        const { access } = await accessTo(tx, id, auth.userId);
        requireEdit(access);
        const gone = await tx
          .delete(fileLinks)
          .where(and(eq(fileLinks.id, linkId), eq(fileLinks.fileId, id)))
          .returning({ id: fileLinks.id });
        if (!gone.length) throw notFound('Link');
      });
      reply.status(204);
      return null;
    },
  );

  app.get(
    FILES_API.open.pattern,
    {
      // Stored bytes go as they are: already-compressed formats gain nothing, and ranges and
      // Content-Length must describe the bytes on the wire.
      compress: false,
      config: { public: true },
      schema: {
        operationId: 'openFileLink',
        tags,
        summary:
          'Open a shared link: the file’s bytes (a folder as a zip). Password as ?password= or X-Link-Password: ' +
          'none 401, wrong 403; expired 410',
        params: z.object({ token: z.string().min(10).max(100) }),
        querystring: z.object({
          password: z.string().max(128).optional(),
          download: z.string().optional(),
        }),
        response: {
          200: mediaAnswer('*/*', 'The file’s bytes with its own content type (a folder: a zip)'),
          206: mediaAnswer('*/*', 'The bytes of the range asked for'),
          ...errorResponses(401, 403, 404, 410, 416, 429),
        },
      },
    },
    async (request, reply) => {
      const [link] = await db
        .select()
        .from(fileLinks)
        .where(eq(fileLinks.tokenHash, tokenHash(request.params.token)));
      if (!link) throw notFound('Link');
      if (link.expiresAt && link.expiresAt.getTime() <= Date.now())
        throw new HttpError(410, 'LINK_EXPIRED', 'This link has expired');
      if (link.passwordHash) {
        const header = request.headers['x-link-password'];
        const given = request.query.password ?? (typeof header === 'string' ? header : undefined);
        if (!given)
          throw new HttpError(401, 'LINK_PASSWORD_REQUIRED', 'This link needs its password', [
            { field: 'password', code: 'required', message: 'This link needs its password' },
          ]);
        const { limiter } = app.services;
        const throttles = linkThrottles(link.id, request.ip);
        await limiter.checkBlocked(throttles.map((x) => x.key));
        if (!(await verifyPassword(link.passwordHash, given))) {
          for (const { key, throttle } of throttles) await limiter.fail(key, throttle);
          throw new HttpError(403, 'LINK_PASSWORD_WRONG', 'This password is not right', [
            { field: 'password', code: 'wrong', message: 'This password is not right' },
          ]);
        }
        await limiter.clear(throttles[0]!.key);
      }
      const file = await fileRow(db, link.fileId);
      if (!file || file.trashed_at) throw notFound('Link');
      if (file.is_folder) return sendZip(reply, [file.id], file.name);
      return sendBytes(request, reply, file, request.query.download !== undefined);
    },
  );

  // --- Bytes ---------------------------------------------------------------------------------

  /**
   * The bytes with what a browser needs and nothing it could run: ranges (video seeking,
   * resumed downloads), an ETag from the checksum, `nosniff`, a sandboxing CSP, and inline only
   * for types that cannot carry script — HTML, SVG and XML are always downloads.
   */
  async function sendBytes(
    request: FastifyRequest,
    reply: FastifyReply,
    file: FileRow,
    download: boolean,
  ) {
    const size = Number(file.size);
    const etag = file.checksum ? `"${file.checksum}"` : undefined;
    if (etag && request.headers['if-none-match'] === etag) return reply.status(304).send();
    const range = parseRange(request.headers.range, size);
    if (range === 'bad') {
      reply.header('content-range', `bytes */${size}`);
      throw new HttpError(416, 'RANGE_NOT_SATISFIABLE', 'This range is outside the file');
    }
    const inline = !download && isInlineSafe(file.mime);
    let stream: Readable;
    try {
      stream = await app.storage.open(file.storage_key, range ?? undefined);
    } catch (error) {
      if (error instanceof StorageMissing) throw fileNotFound();
      throw error;
    }
    reply
      .header(
        'content-type',
        inline
          ? file.mime.startsWith('text/')
            ? `${file.mime}; charset=utf-8`
            : file.mime
          : 'application/octet-stream',
      )
      .header('accept-ranges', 'bytes')
      .header('cache-control', 'private, no-cache')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', SANDBOX)
      .header('content-disposition', disposition(inline ? 'inline' : 'attachment', file.name));
    if (etag) reply.header('etag', etag);
    if (range) {
      reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
        .header('content-length', range.end - range.start + 1);
    } else {
      reply.header('content-length', size);
    }
    return reply.send(stream);
  }

  /** Folders and files as one zip, streamed entry by entry (stored, not recompressed). */
  async function sendZip(reply: FastifyReply, ids: string[], name: string) {
    const entries: Array<{ path: string; key: string }> = [];
    for (const id of ids) {
      const tree = await subtree(db, id);
      const byId = new Map(tree.map((f) => [f.id, f]));
      const pathOf = (f: FileRow): string => {
        const parent = f.parent_id ? byId.get(f.parent_id) : undefined;
        return parent ? `${pathOf(parent)}/${f.name}` : f.name;
      };
      for (const f of tree)
        if (!f.is_folder && !f.trashed_at) entries.push({ path: pathOf(f), key: f.storage_key });
    }
    const out = new PassThrough();
    const zip = new Zip((error, chunk, final) => {
      if (error) out.destroy(error);
      else {
        out.write(chunk);
        if (final) out.end();
      }
    });
    void (async () => {
      try {
        const seen = new Set<string>();
        for (const entry of entries) {
          let p = entry.path;
          for (let n = 1; seen.has(p); n++) p = `${entry.path} (${n})`;
          seen.add(p);
          const file = new ZipPassThrough(p);
          zip.add(file);
          const stream = await app.storage.open(entry.key).catch(() => null);
          if (stream) {
            for await (const chunk of stream) {
              file.push(chunk as Uint8Array);
              if (out.writableNeedDrain) await new Promise((r) => out.once('drain', r));
            }
          }
          file.push(new Uint8Array(0), true);
        }
        zip.end();
      } catch (error) {
        out.destroy(error as Error);
      }
    })();
    reply
      .header('content-type', 'application/zip')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', disposition('attachment', `${name}.zip`));
    return reply.send(out);
  }

  app.get(
    FILES_API.content.pattern,
    {
      // An <img>, <video> or <iframe> cannot send a header: the HttpOnly file cookie is read too.
      compress: false,
      config: { permission: 'files:read', cookieAuth: true },
      schema: {
        operationId: 'getFileContent',
        tags,
        summary:
          'The bytes, authorised on every call; Range requests answer 206; ?download for an attachment; ?version=N for an earlier version',
        params: idParams,
        querystring: z.object({
          download: z.string().optional(),
          version: z.coerce.number().int().min(1).max(1_000_000).optional(),
        }),
        response: {
          200: mediaAnswer('*/*', 'The file’s bytes with its own content type (a folder: a zip)'),
          206: mediaAnswer('*/*', 'The bytes of the range asked for'),
          ...errorResponses(401, 403, 404, 416),
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { row } = await accessTo(db, request.params.id, auth.userId);
      if (row.is_folder) return sendZip(reply, [row.id], row.name);
      const { version } = request.query;
      if (version !== undefined && version !== row.version) {
        const [old] = await db
          .select()
          .from(fileVersions)
          .where(and(eq(fileVersions.fileId, row.id), eq(fileVersions.version, version)));
        if (!old) throw notFound('Version');
        const dot = row.name.lastIndexOf('.');
        const name = `${dot > 0 ? row.name.slice(0, dot) : row.name} (v${version})${dot > 0 ? row.name.slice(dot) : ''}`;
        return sendBytes(
          request,
          reply,
          { ...row, name, size: old.size, storage_key: old.storageKey, checksum: old.checksum },
          request.query.download !== undefined,
        );
      }
      return sendBytes(request, reply, row, request.query.download !== undefined);
    },
  );

  app.post(
    FILES_API.zip,
    {
      compress: false,
      config: { permission: 'files:read' },
      schema: {
        operationId: 'downloadFilesZip',
        tags,
        summary: 'Download a selection of files and folders as one zip (streamed)',
        body: zipBodySchema,
        response: {
          200: mediaAnswer('application/zip', 'The selection as one zip'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      for (const id of request.body.ids) await accessTo(db, id, auth.userId);
      return sendZip(reply, request.body.ids, 'files');
    },
  );

  // --- Pictures and attachments of other sections (and the seed's pictures) ------------------

  app.get(
    `${UPLOADS_PREFIX}:key`,
    {
      compress: false,
      config: { cookieAuth: true },
      schema: {
        hide: true,
        params: z.object({ key: z.string().max(200) }),
        // A capability URL's signature (decision 038); without one, the session decides.
        querystring: z.object({
          exp: z.string().max(100).optional(),
          u: z.string().max(100).optional(),
          sig: z.string().max(100).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      const roles = (role: string) => app.services.permissions.of(role);
      // A valid signature stands for its holder's session, with no cookie and no token; a bad
      // or expired one is refused unless the request carries a session of its own.
      const signed = app.uploadUrls.check(key, request.query);
      let reader: UploadReader;
      if (signed?.ok) {
        const holder = await holderAsReader(db, roles, app.services.config, signed.holder);
        if (!holder) throw new HttpError(403, ERROR_CODES.forbidden, 'This file link is revoked');
        reader = holder;
      } else if (signed && !hasSession(request)) {
        throw new HttpError(
          403,
          ERROR_CODES.forbidden,
          signed.reason === 'expired'
            ? 'This file link has expired'
            : 'This file link is not valid',
        );
      } else {
        const auth = await uploadReader(request);
        reader = {
          userId: auth.userId,
          permissions: auth.permissions,
          limited: auth.limited !== null,
        };
      }
      if (!UPLOAD_KEY.test(key)) throw notFound('File');
      // The record holding the key decides (lib/upload-access.ts): an unsent upload is its
      // uploader's, a mail's or conversation's file its holders', a card's file the board's
      // readers'; pictures shown across the app go to those who see them. A file-manager file
      // is served by its own, checked route. Anything else, pending accounts included: 404.
      const grant = await uploadGrant(db, roles, key, reader);
      if (!grant) throw notFound('File');
      const info = await app.storage.stat(key);
      if (!info) throw notFound('File');
      const ext = key.slice(key.lastIndexOf('.') + 1);
      const raster = ['png', 'jpg', 'gif', 'webp'].includes(ext);
      // A shared picture may be kept by the reader's browser for a while (a signed URL's until
      // it expires); a record's file never (as every API answer).
      const keep = signed?.ok
        ? `private, max-age=${Math.max(0, signed.exp - Math.floor(Date.now() / 1000))}`
        : 'private, max-age=3600';
      reply
        .header('content-type', MIME_BY_EXT[ext] ?? 'application/octet-stream')
        .header('content-length', info.size)
        .header('cache-control', grant === 'shared' ? keep : 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', SANDBOX)
        .header('content-disposition', raster ? 'inline' : `attachment; filename="${key}"`);
      // A capability loads wherever it was handed: a page of another origin may show it.
      if (signed?.ok) reply.header('cross-origin-resource-policy', 'cross-origin');
      return reply.send(await app.storage.open(key));
    },
  );

  const MIME_BY_EXT: Record<string, string> = {
    png: 'image/png',
    jpg: 'image/jpeg',
    gif: 'image/gif',
    webp: 'image/webp',
    svg: 'image/svg+xml',
    pdf: 'application/pdf',
    txt: 'text/plain; charset=utf-8',
    csv: 'text/csv; charset=utf-8',
  };

  const hasSession = (request: FastifyRequest) =>
    request.headers.authorization?.startsWith('Bearer ') === true ||
    readFileCookie(request) !== undefined;

  async function uploadReader(request: FastifyRequest) {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : readFileCookie(request);
    if (!token) throw new HttpError(401, ERROR_CODES.unauthorized, 'Authentication required');
    return app.authenticateToken(request, token);
  }

  await app.register(tusRoutes, { keep: keepDriveFile, assertQuota });
}

/** What the multipart parser throws at a body that is not the multipart it claims to be. */
const isMalformedMultipart = (error: unknown) => {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === 'FST_MP_PREMATURE_CLOSE' || code === 'FST_PROTO_VIOLATION') return true;
  return (
    typeof message === 'string' &&
    /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data|Malformed part header)/.test(
      message,
    )
  );
};

const readFileCookie = (request: FastifyRequest) => readCookie(request.headers.cookie, FILE_COOKIE);
