import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ERROR_CODES } from '@bo/contract/errors';
import { FILES_API, UPLOADS_PREFIX, UPLOAD_KEY, uploadAnswerSchema } from '@bo/contract/files';
import { files } from '../../db/schema/core.js';
import { HttpError, badRequest, notFound, unauthorized } from '../../lib/http-error.js';
import { FILE_COOKIE, readCookie } from './file-cookie.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { requireAuth } from '../../plugins/auth.js';

/** Generic upload: multipart field `file`; `?kind=image` accepts images only. */
export async function fileRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db } = app.services;

  app.post(
    FILES_API.upload,
    {
      config: { permission: 'files:write' },
      schema: {
        tags: ['files'],
        summary: 'Upload one file (multipart field "file"); size and type are checked',
        querystring: z.object({ kind: z.enum(['image', 'any']).default('any') }),
        consumes: ['multipart/form-data'],
        response: { 201: uploadAnswerSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      if (!request.isMultipart())
        throw badRequest('Send the file as multipart/form-data', [
          { field: 'file', code: 'required', message: 'A file is required' },
        ]);
      const part = await request.file();
      if (!part)
        throw badRequest('A file is required', [
          { field: 'file', code: 'required', message: 'A file is required' },
        ]);
      const bytes = await part.toBuffer();
      // Per person: what they keep may not outgrow STORAGE_QUOTA_MB.
      const [{ used } = { used: 0 }] = await db
        .select({ used: sql<number>`coalesce(sum(${files.size}), 0)::bigint` })
        .from(files)
        .where(eq(files.ownerId, auth.userId));
      if (Number(used) + bytes.length > app.services.config.storageQuotaBytes) {
        throw new HttpError(413, ERROR_CODES.payloadTooLarge, 'Your storage quota is full', [
          {
            field: 'file',
            code: 'quota_exceeded',
            message: 'Your storage quota is full',
            params: { maximum: app.services.config.storageQuotaBytes },
          },
        ]);
      }
      const stored = await app.storage.save(bytes, part.mimetype, {
        imagesOnly: request.query.kind === 'image',
      });
      const [row] = await db
        .insert(files)
        .values({
          ownerId: auth.userId,
          name: part.filename.slice(0, 255) || 'file',
          mime: stored.mime,
          size: bytes.length,
          storageKey: stored.key,
        })
        .returning();
      reply.status(201);
      return {
        file: {
          id: row!.id,
          name: row!.name,
          mime: row!.mime,
          size: row!.size,
          url: app.storage.url(row!.storageKey),
          createdAt: row!.createdAt.toISOString(),
        },
      };
    },
  );

  /**
   * Uploaded bytes, for signed-in people only: the bearer header, or the HttpOnly cookie set at
   * sign-in (an <img> cannot send a header). Raster images open inline; everything else (PDF,
   * SVG, office files) is a download, under a sandboxing CSP, so a file never runs as a page.
   */
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
  const INLINE = new Set(['png', 'jpg', 'gif', 'webp']);

  async function uploadReader(request: FastifyRequest) {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ')
      ? header.slice(7).trim()
      : readCookie(request.headers.cookie, FILE_COOKIE);
    if (!token) throw unauthorized();
    return app.authenticateToken(request, token);
  }

  app.get(
    `${UPLOADS_PREFIX}:key`,
    { schema: { hide: true, params: z.object({ key: z.string().max(200) }) } },
    async (request, reply) => {
      await uploadReader(request);
      const { key } = request.params;
      if (!UPLOAD_KEY.test(key)) throw notFound('File');
      const file = path.join(app.storage.dir, key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) throw notFound('File');
      const ext = key.slice(key.lastIndexOf('.') + 1);
      reply
        .header('content-type', MIME_BY_EXT[ext] ?? 'application/octet-stream')
        .header('content-length', info.size)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-security-policy',
          "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
        )
        .header(
          'content-disposition',
          INLINE.has(ext) ? 'inline' : `attachment; filename="${key}"`,
        );
      return reply.send(createReadStream(file));
    },
  );
}
