import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { systemStateSchema } from '@bo/contract/system';
import { SYSTEM_API } from '@bo/contract/system-paths';
import { migrationState } from '../../db/migration-state.js';
import { serverCommit, serverVersion } from '../../lib/build-info.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { databaseBytes, hasDemoData, mailState, storedFiles } from './queries.js';

const startedAt = new Date(Date.now() - process.uptime() * 1000).toISOString();

/** Administration → System: the installation at a glance. Read-only, so nothing is audited. */
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
}
