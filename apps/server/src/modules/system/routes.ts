import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { demoDataRemovedSchema, systemStateSchema } from '@bo/contract/system';
import { SYSTEM_API } from '@bo/contract/system-paths';
import { migrationState } from '../../db/migration-state.js';
import { audit } from '../../lib/audit.js';
import { requireAuth } from '../../plugins/auth.js';
import { conflict } from '../../lib/http-error.js';
import { serverCommit, serverVersion } from '../../lib/build-info.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { demoLoadedAt, removeDemoData } from './demo-data.js';
import { databaseBytes, hasDemoData, mailState, storedFiles } from './queries.js';

const startedAt = new Date(Date.now() - process.uptime() * 1000).toISOString();

/** Administration → System: the installation at a glance, and the removal of the demo data. */
export async function systemRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { database, config, mailer } = app.services;

  app.get(
    SYSTEM_API.state,
    {
      config: { permission: 'admin:area' },
      schema: {
        operationId: 'getSystemState',
        tags: ['admin'],
        summary: 'Version, store, migrations, storage, mail delivery, demo data, queue and backup',
        response: { 200: systemStateSchema, ...errorResponses(401, 403) },
      },
    },
    async () => {
      const report = app.systemReport;
      const [bytes, migrations, storage, mail, demoData, jobs, lastBackup] = await Promise.all([
        databaseBytes(database),
        migrationState(database),
        storedFiles(database),
        mailState(database),
        hasDemoData(database),
        report.jobs?.() ?? null,
        report.lastBackup?.() ?? null,
      ]);
      return {
        version: serverVersion(),
        commit: serverCommit(config.gitCommit),
        node: process.version,
        startedAt,
        store: { kind: database.kind, bytes },
        migrations,
        storage: { driver: app.storage.driver.name, ...storage },
        mail: { smtpConfigured: mailer.delivers, ...mail },
        demoData,
        jobs,
        lastBackup,
      };
    },
  );

  app.delete(
    SYSTEM_API.demoData,
    {
      config: { permission: 'admin:area' },
      schema: {
        operationId: 'removeDemoData',
        tags: ['admin'],
        summary:
          'Remove the demo data in one transaction: the seeded people and everything seeded or made for them',
        description:
          'Keeps the administrators, every person who arrived after the demo was loaded, and what they made since. Answers the rows removed per table; 409 when there is no demo data (any more).',
        response: { 200: demoDataRemovedSchema, ...errorResponses(401, 403, 409) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const result = await database.db.transaction(async (tx) => {
        const loadedAt = await demoLoadedAt(tx);
        if (!loadedAt) throw conflict('This database holds no demo data');
        const done = await removeDemoData(tx, loadedAt);
        await audit(tx, request, {
          actorId: auth.userId,
          action: 'system.demo_data_removed',
          meta: { removed: done.removed, loadedAt },
        });
        return done;
      });
      // The bytes go once the records are gone for good (a rollback would have kept them).
      for (const key of result.storageKeys) await app.storage.remove(key).catch(() => undefined);
      return { removed: result.removed };
    },
  );
}
