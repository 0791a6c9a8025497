import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Server } from '@tus/server';
import { ERROR_CODES } from '@bo/contract/errors';
import { FILES_API, resumableMetadataSchema } from '@bo/contract/files';
import type { Executor } from '../../db/client.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { cleanFileName, type StoredObject } from '../../lib/storage/index.js';
import { requireAuth } from '../../plugins/auth.js';
import { PartsStore } from './tus-store.js';

interface TusOptions {
  keep: (
    request: FastifyRequest,
    userId: string,
    folderId: string | null | undefined,
    name: string,
    stored: StoredObject,
  ) => Promise<string>;
  assertQuota: (db: Executor, ownerId: string, extra: number) => Promise<void>;
}

/** The signed-in caller of the tus request being handled, for the protocol's hooks. */
const caller = new AsyncLocalStorage<{
  userId: string;
  request: FastifyRequest;
  /** The upload id from the route's parsed path (never from the query string). */
  uploadId: string | undefined;
  /** The upload this request completed (its row is gone; tus may still ask for it). */
  finished?: { id: string; size: number };
}>();
const current = () => {
  const found = caller.getStore();
  if (!found) throw notFound('Upload');
  return found;
};

const errorBody = (
  statusCode: number,
  code: string,
  error: string,
  message: string,
  details = [],
) => JSON.stringify({ statusCode, code, error, message, details });

/**
 * Resumable uploads (the tus protocol) at /api/files/tus: a big file goes up in pieces and a
 * dropped connection resumes where it stopped. The pieces are objects of the storage layer (see
 * PartsStore), so any instance takes any piece, on the disk or S3. Once whole, the file is
 * streamed through the storage layer (typed, checksummed, quota-checked) into the file manager,
 * exactly like a plain upload, and the pieces are removed.
 *
 * The rules: an upload is its creator's alone (another person's id is 404); its declared length
 * (or MAX_UPLOAD_MB while deferred) holds quota from creation, refused with 413 when it does not
 * fit; a person has at most RESUMABLE_UPLOADS.openPerPerson unfinished ones (429); an unfinished
 * upload expires after RESUMABLE_UPLOADS.expireAfterHours (410, then swept with its pieces);
 * names are cleaned as every other file name; CORS follows CORS_ORIGINS as the rest of the API.
 */
export async function tusRoutes(app: FastifyInstance, options: TusOptions) {
  const { config, db } = app.services;
  const allowed = new Set(config.corsOrigins);

  const store = new PartsStore({
    db,
    storage: app.storage,
    maxBytes: config.maxFileBytes,
    ownerOf: () => current().userId,
    finishedNow: () => current().finished,
    assertQuota: options.assertQuota,
  });

  /** Our usual JSON error body; anything unexpected is logged and answered without detail. */
  const tusError = (error: unknown): { status_code: number; body: string } => {
    if (error instanceof HttpError) {
      return {
        status_code: error.statusCode,
        body: JSON.stringify({
          statusCode: error.statusCode,
          code: error.code,
          error: error.reason,
          message: error.message,
          details: error.details ?? [],
        }),
      };
    }
    const known = error as { status_code?: unknown; body?: unknown };
    if (typeof known?.status_code === 'number' && known.status_code < 500) {
      return { status_code: known.status_code, body: String(known.body ?? '') };
    }
    app.log.error({ err: error }, 'resumable upload failed');
    return {
      status_code: 500,
      body: errorBody(
        500,
        ERROR_CODES.internal,
        'Internal Server Error',
        'Something went wrong on our side',
      ),
    };
  };

  const tus = new Server({
    path: FILES_API.tus,
    datastore: store,
    maxSize: config.maxFileBytes,
    relativeLocation: true,
    respectForwardedHeaders: config.trustProxy,
    // The same origins as the rest of the API (none by default), never `*`.
    allowedOrigins: (origin) => allowed.has(origin),
    allowedCredentials: allowed.size > 0,
    exposedHeaders: ['Upload-File-Id'],
    // The id of the route's own parsed path: a query string cannot name another upload.
    getFileIdFromRequest: (_req, lastPath) =>
      lastPath === undefined ? undefined : current().uploadId,
    namingFunction: () => `u${randomBytes(16).toString('hex')}`,
    onUploadCreate: async (_req, upload) => {
      const parsed = resumableMetadataSchema.safeParse(upload.metadata ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw tusError(
          new HttpError(400, ERROR_CODES.validation, 'Please check the upload metadata', [
            {
              field: String(issue.path[0] ?? 'metadata'),
              code: issue.code === 'invalid_format' ? 'invalid_format' : 'invalid',
              message: issue.message,
            },
          ]),
        );
      }
      const meta = parsed.data;
      const filename = cleanFileName(meta.filename ?? meta.name);
      return { metadata: { ...upload.metadata, filename, name: filename } };
    },
    onUploadFinish: async (_req, upload) => {
      const meta = upload.metadata ?? {};
      const name = cleanFileName(meta.filename);
      const { userId, request } = current();
      const parts = await store.take(upload.id);
      if (!parts) throw tusError(notFound('Upload'));
      current().finished = { id: upload.id, size: upload.size ?? upload.offset };
      try {
        const stored = await app.storage.save(store.pieces(parts), {
          name,
          claimed: meta.filetype ?? '',
          maxBytes: config.maxFileBytes,
        });
        const id = await options.keep(request, userId, meta.folderId || null, name, stored);
        // The protocol's own status stays (201 for a POST that carried every byte, 204 for a PATCH).
        return { headers: { 'Upload-File-Id': id } };
      } catch (error) {
        throw tusError(error);
      } finally {
        await store.removeParts(parts);
      }
    },
    onResponseError: (_req, error) => tusError(error),
  });

  // The pieces are read by tus from the raw request, not parsed.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) =>
    done(null),
  );

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const auth = requireAuth(request);
    const uploadId = (request.params as { uploadId?: string }).uploadId;
    reply.hijack();
    await caller.run({ userId: auth.userId, request, uploadId }, () =>
      tus.handle(request.raw, reply.raw),
    );
  };

  const hidden = { schema: { hide: true }, config: { permission: 'files:write' as const } };
  app.post(FILES_API.tus, hidden, handle);
  app.route({
    method: ['PATCH', 'DELETE'],
    url: FILES_API.tusUpload.pattern,
    ...hidden,
    handler: handle,
  });
  app.route({ method: 'HEAD', url: FILES_API.tusUpload.pattern, ...hidden, handler: handle });
}
