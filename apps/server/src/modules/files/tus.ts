import { AsyncLocalStorage } from 'node:async_hooks';
import { createReadStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Server } from '@tus/server';
import { FileStore } from '@tus/file-store';
import { FILES_API } from '@bo/contract/files';
import type { Executor } from '../../db/client.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { requireAuth } from '../../plugins/auth.js';
import type { StoredObject } from '../../lib/storage/index.js';

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

/** The person an upload belongs to is written into its id, so nobody else can resume it. */
const prefixOf = (userId: string) => `tus-${userId.replace(/-/g, '')}-`;

/** The signed-in caller of the tus request being handled, for the protocol's hooks. */
const caller = new AsyncLocalStorage<{ userId: string; request: FastifyRequest }>();
const current = () => {
  const found = caller.getStore();
  if (!found) throw notFound('Upload');
  return found;
};

/** The folder is made (and awaited) before the store; the store's own unawaited mkdir is off. */
class PreparedFileStore extends FileStore {}
Object.assign(PreparedFileStore.prototype, { checkOrCreateDirectory() {} });

/** A refusal as tus answers it: the status and our usual JSON error body. */
function tusError(error: unknown): { status_code: number; body: string } {
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
  throw error;
}

/**
 * Resumable uploads (the tus protocol) at /api/files/tus: a big file goes up in pieces and a
 * dropped connection resumes where it stopped. The pieces wait under DATA_DIR/tus; once whole,
 * the file is streamed through the storage layer (typed, checksummed, quota-checked) into the
 * file manager, exactly like a plain upload, and the pieces are removed. With several instances,
 * an upload's pieces live on the instance that took the first one: route /api/files/tus/* with
 * sticky sessions (tus's own S3 store needs ListParts, which the local S3 server of the tests
 * does not offer, so it is not used untested).
 */
export async function tusRoutes(app: FastifyInstance, options: TusOptions) {
  const { config, db } = app.services;
  const directory = path.join(config.dataDir, 'tus');

  /** Made at the first resumable upload: no folder, no timers before anyone uses it. */
  const server = async () => {
    if (tus) return tus;
    await mkdir(directory, { recursive: true });
    tus = makeServer(new PreparedFileStore({ directory }));
    return tus;
  };
  let tus: Server | null = null;

  const makeServer = (store: FileStore) =>
    new Server({
      path: FILES_API.tus,
      datastore: store,
      maxSize: config.maxFileBytes,
      relativeLocation: true,
      respectForwardedHeaders: config.trustProxy,
      namingFunction: () => `${prefixOf(current().userId)}${randomBytes(16).toString('hex')}`,
      onUploadCreate: async (_req, upload) => {
        try {
          await options.assertQuota(db, current().userId, upload.size ?? 0);
        } catch (error) {
          throw tusError(error);
        }
        return {};
      },
      onUploadFinish: async (_req, upload) => {
        const meta = upload.metadata ?? {};
        const name =
          (meta.filename ?? meta.name ?? 'file').replace(/[\\/]/g, '_').slice(0, 255) || 'file';
        try {
          const { userId, request } = current();
          const stored = await app.storage.save(createReadStream(path.join(directory, upload.id)), {
            name,
            claimed: meta.filetype ?? '',
            maxBytes: config.maxFileBytes,
          });
          const id = await options.keep(request, userId, meta.folderId || null, name, stored);
          return { status_code: 204, headers: { 'Upload-File-Id': id } };
        } catch (error) {
          throw tusError(error);
        } finally {
          await store.remove(upload.id).catch(() => undefined);
        }
      },
    });

  // The pieces are read by tus from the raw request, not parsed.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) =>
    done(null),
  );

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const auth = requireAuth(request);
    const uploadId = (request.params as { uploadId?: string }).uploadId;
    if (uploadId && !uploadId.startsWith(prefixOf(auth.userId))) throw notFound('Upload');
    const tusServer = await server();
    reply.hijack();
    await caller.run({ userId: auth.userId, request }, () =>
      tusServer.handle(request.raw, reply.raw),
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
