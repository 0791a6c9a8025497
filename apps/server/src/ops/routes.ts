import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_API } from '@bo/contract/admin';
import { audit } from '../lib/audit.js';
import { HttpError } from '../lib/http-error.js';
import { errorResponses } from '../lib/route-schemas.js';
import { requireAuth } from '../plugins/auth.js';
import {
  backupStream,
  readBackupRecord,
  recordBackup,
  recordBackupFailure,
  scheduledBackupName,
} from './backup.js';

/**
 * `POST /api/admin/backups`: the running server takes the backup (it alone may open the
 * embedded store while it runs) and answers it as one tar archive; `npm run backup` calls it
 * when the data directory is locked by this server. One at a time per instance.
 */
export async function backupRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { database, config } = app.services;
  let busy = false;
  let running: Promise<unknown> | null = null;
  // Closing waits for a backup still being written (it records its result in the database).
  app.addHook('onClose', async () => {
    await running;
  });

  // The system page's "last backup", when the system report is there to be filled.
  if (app.hasDecorator('systemReport')) {
    app.systemReport.lastBackup = async () => {
      const { last } = await readBackupRecord(database);
      return last ? { at: last.at, file: last.file, bytes: last.size } : null;
    };
  }

  app.post(
    ADMIN_API.backups,
    {
      // The archive goes as it is: a gzipped one gains nothing, and a tar is only asked gzipped.
      compress: false,
      config: { permission: 'admin:area' },
      schema: {
        operationId: 'createBackup',
        tags: ['admin'],
        summary:
          'Back up the database and every stored file: one tar archive (gzipped with ?gzip=true) ' +
          'whose manifest.json lists versions, row counts and checksums. 409 while one runs',
        querystring: z.object({ gzip: z.enum(['true', 'false']).default('false') }),
        response: {
          200: z.any().describe('application/x-tar'),
          ...errorResponses(401, 403, 409),
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      if (busy)
        throw new HttpError(409, 'BACKUP_RUNNING', 'A backup is already running; try again later');
      busy = true;
      try {
        await audit(database.db, request, {
          actorId: auth.userId,
          action: 'system.backup',
          meta: { gzip: request.query.gzip === 'true' },
        });
      } catch (error) {
        busy = false;
        throw error;
      }
      const gzip = request.query.gzip === 'true';
      const name = scheduledBackupName().replace(/\.tar\.gz$/, gzip ? '.tar.gz' : '.tar');
      const started = performance.now();
      const { stream, done } = backupStream(
        {
          database,
          storage: app.storage,
          databaseUrl: config.databaseUrl,
          dataDir: config.dataDir,
        },
        { gzip },
      );
      // The client went away: stop reading the database and the files.
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished)
          stream.destroy(new Error('the client closed the download'));
      });
      running = done
        .then(({ manifest, size }) =>
          recordBackup(database, {
            at: manifest.createdAt,
            file: name,
            size,
            store: manifest.store,
            files: manifest.files.length,
            durationMs: Math.round(performance.now() - started),
            via: 'http',
          }),
        )
        .catch(async (err: unknown) => {
          request.log.error({ err }, 'backup failed');
          await recordBackupFailure(database, 'http', err).catch(() => undefined);
        })
        .finally(() => {
          busy = false;
          running = null;
        });
      return reply
        .type(gzip ? 'application/gzip' : 'application/x-tar')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(stream);
    },
  );
}
