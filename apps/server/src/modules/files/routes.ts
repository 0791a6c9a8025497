import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FILES_API, uploadAnswerSchema } from '@bo/contract/files';
import { files } from '../../db/schema/core.js';
import { badRequest } from '../../lib/http-error.js';
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
        response: { 201: uploadAnswerSchema, ...errorResponses(400, 401, 413, 415) },
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
}
