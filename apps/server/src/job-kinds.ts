import { JOB_KINDS } from '@bo/contract/jobs';
import type { AppConfig } from './config.js';
import type { AnyJobKind } from './lib/jobs.js';
import { MAIL_DELIVERY_JOB } from './lib/mailer.js';
import { sendEventReminders } from './modules/calendar/queries.js';
import { bounceToSender } from './modules/mail/bounce.js';
import { rollSalesWindows } from './modules/dashboards/queries.js';
import { sweepExpiredUploads } from './modules/files/tus-store.js';
import { sendOverdueReminders } from './modules/invoices/routes.js';
import { EXPORT_JOB, EXPORT_PRUNE_JOB, pruneExports, runExport } from './lib/exports.js';
import { pruneImports } from './lib/import-retention.js';
import { sendNotificationDigests } from './modules/notifications/digest.js';
import { runScheduledBackup } from './ops/backup.js';
import { WEBHOOK_DELIVERY_JOB, deliverWebhook } from './lib/webhooks.js';
import {
  PRODUCT_IMPORT_JOB,
  runProductImport,
  type ProductImportJobData,
} from './modules/products/import.js';
import { USER_IMPORT_JOB, runUserImport, type ImportJobData } from './modules/users/import.js';

/** A cron expression for "every `hours` hours" (UTC): minutes under an hour, a daily time above a day. */
export function everyHoursCron(hours: number, dailyAt = 7): string {
  if (hours >= 24) return `0 ${dailyAt} * * *`;
  if (hours >= 1) return `0 */${Math.round(hours)} * * *`;
  return `*/${Math.max(1, Math.round(hours * 60))} * * * *`;
}

/** A maintenance kind: one try per slot (the next slot is the retry), a short lease. */
const housekeeping = { retryLimit: 0, retryDelaySeconds: 0, backoff: false, timeoutSeconds: 300 };

/**
 * Every kind of background work the product does, with its policy; docs/jobs.md lists them. Each
 * handler is idempotent: the scheduled ones claim their rows in SQL, and a mail already marked
 * sent is not sent again.
 */
export function productJobKinds(config: AppConfig, store: 'pglite' | 'postgres'): AnyJobKind[] {
  const kinds: AnyJobKind[] = [
    {
      // Outbound mail: retried with backoff for about four hours (MAIL_RETRIES, 8, from one
      // minute and doubling), then given up and marked failed on the message.
      name: MAIL_DELIVERY_JOB,
      retryLimit: config.mailRetries ?? 8,
      retryDelaySeconds: 60,
      backoff: true,
      timeoutSeconds: 90,
      batchSize: 10,
      singletonKey: (data: { outboxId: string }) => data.outboxId,
      handler: async (data: { outboxId: string }, { app, lastAttempt, log }) => {
        try {
          return await app.services.mailer.deliver(data.outboxId, { lastAttempt });
        } catch (err) {
          // Given up: the person who wrote it is told in their inbox (a bounce), once.
          if (lastAttempt) {
            await bounceToSender(app, data.outboxId).catch((e: unknown) =>
              log.error({ err: e, outboxId: data.outboxId }, 'bounce notice not stored'),
            );
          }
          throw err;
        }
      },
    },
    {
      name: 'invoice-reminders',
      ...housekeeping,
      cron:
        config.invoiceReminderHours > 0
          ? everyHoursCron(config.invoiceReminderHours, 8)
          : undefined,
      handler: async (_data, { app, log }) => {
        const r = await sendOverdueReminders(app.services.db, app.services.mailer, {});
        if (r.sent) log.info({ sent: r.sent }, 'overdue invoice reminders sent');
        return r;
      },
    },
    {
      name: 'notification-digests',
      ...housekeeping,
      cron:
        config.notificationDigestHours > 0
          ? everyHoursCron(config.notificationDigestHours, 7)
          : undefined,
      handler: (_data, { app }) =>
        sendNotificationDigests(app.services.database, app.services.mailer, {
          publicUrl: app.services.config.publicUrl,
        }),
    },
    {
      // "Starts soon" notices: each run claims the events due in its window.
      name: 'event-reminders',
      ...housekeeping,
      timeoutSeconds: 60,
      cron: '* * * * *',
      handler: (_data, { app }) => sendEventReminders(app.services.db),
    },
    {
      // The best sellers of today, 7 days, 30 days and 12 months move to a new day once it comes.
      name: 'sales-windows-roll',
      ...housekeeping,
      timeoutSeconds: 120,
      cron: '* * * * *',
      handler: (_data, { app }) =>
        rollSalesWindows(app.services.db, new Date().toISOString().slice(0, 10)),
    },
    {
      // Unfinished resumable uploads are kept a day; then their pieces go and their quota returns.
      name: 'upload-sweep',
      ...housekeeping,
      cron: '*/15 * * * *',
      handler: (_data, { app }) => sweepExpiredUploads(app.services.db, app.storage),
    },
    {
      name: 'rate-limit-prune',
      ...housekeeping,
      timeoutSeconds: 60,
      cron: '*/10 * * * *',
      handler: (_data, { app }) => app.services.limiter.prune(),
    },
    {
      // The change log the read caches check against keeps ten minutes.
      name: 'change-log-prune',
      ...housekeeping,
      timeoutSeconds: 60,
      cron: '* * * * *',
      handler: (_data, { app }) => app.services.versions.pruneChangeLog(),
    },
    {
      // PGlite has no autovacuum; on PostgreSQL the server's own autovacuum does this.
      name: 'store-vacuum',
      ...housekeeping,
      timeoutSeconds: 1800,
      cron: store === 'pglite' ? '17 */6 * * *' : undefined,
      handler: (_data, { app }) => app.services.database.vacuumAnalyze(),
    },
    {
      // BACKUP_DIR: a consistent archive each night at 02:30 UTC, keeping the newest BACKUP_KEEP.
      name: 'scheduled-backup',
      retryLimit: 2,
      retryDelaySeconds: 600,
      backoff: false,
      timeoutSeconds: 3 * 3600,
      cron: config.backupDir ? '30 2 * * *' : undefined,
      handler: (_data, { app }) =>
        runScheduledBackup({
          config: app.services.config,
          database: app.services.database,
          storage: app.storage,
        }),
    },
    {
      // Each event to each webhook: 6 tries, from 30 s and doubling (about 15 minutes), then the
      // delivery is marked failed (Redeliver sends it again).
      name: WEBHOOK_DELIVERY_JOB,
      retryLimit: 5,
      retryDelaySeconds: 30,
      backoff: true,
      timeoutSeconds: 60,
      batchSize: 10,
      singletonKey: (data: { deliveryId: string }) => data.deliveryId,
      handler: deliverWebhook,
    },
    {
      // A people import (docs/decisions/045): one try more after a crash, which finds the rows
      // already written unchanged; 10,000 rows take well under the lease.
      name: USER_IMPORT_JOB,
      retryLimit: 1,
      retryDelaySeconds: 10,
      backoff: false,
      timeoutSeconds: 900,
      batchSize: 1,
      singletonKey: (data: ImportJobData) => data.importId,
      handler: (data: ImportJobData, { app }) => runUserImport(app, data),
    },
    {
      // A product import (docs/decisions/048): as a people import, one try more after a crash.
      name: PRODUCT_IMPORT_JOB,
      retryLimit: 1,
      retryDelaySeconds: 10,
      backoff: false,
      timeoutSeconds: 900,
      batchSize: 1,
      singletonKey: (data: ProductImportJobData) => data.importId,
      handler: (data: ProductImportJobData, { app }) => runProductImport(app, data),
    },
    {
      // A list's export too large to answer at once (docs/decisions/044): one job per export,
      // tried three times in all; the last failure marks the export failed.
      name: EXPORT_JOB,
      retryLimit: 2,
      retryDelaySeconds: 30,
      backoff: true,
      timeoutSeconds: 30 * 60,
      batchSize: 1,
      singletonKey: (data: { exportId: string }) => data.exportId,
      handler: (data: { exportId: string }, { app, lastAttempt, signal }) =>
        runExport(app, data.exportId, { lastAttempt, signal }),
    },
    {
      // Exports past their EXPORT_KEEP_DAYS go with their files, each night; so do imports (their
      // uploaded files and records) untouched for IMPORT_KEEP_DAYS.
      name: EXPORT_PRUNE_JOB,
      ...housekeeping,
      cron: '40 3 * * *',
      handler: async (_data, { app }) => ({
        ...(await pruneExports(app.services.db, app.storage)),
        imports: await pruneImports(app.services.db, app.storage, config.importKeepDays),
      }),
    },
  ];
  const unknown = kinds.filter((k) => !(JOB_KINDS as readonly string[]).includes(k.name));
  if (unknown.length)
    throw new Error(`Job kinds missing from the contract: ${unknown.map((k) => k.name)}`);
  return kinds;
}
