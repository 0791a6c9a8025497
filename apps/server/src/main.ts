import path from 'node:path';
import { ConfigError, type AppConfig } from './config.js';
import { configFromEnv } from './config-from-env.js';
import { openDatabase } from './db/client.js';
import { DataDirLockedError } from './db/lock.js';
import { buildApp } from './app.js';
import { bootstrap } from './bootstrap.js';
import { RateLimiter } from './lib/rate-limit.js';
import { sendNotificationDigests } from './modules/notifications/digest.js';
import { sendEventReminders } from './modules/calendar/queries.js';
import { sendOverdueReminders } from './modules/invoices/routes.js';
import { rollSalesWindows } from './modules/dashboards/queries.js';
import { sweepExpiredUploads } from './modules/files/tus-store.js';

async function main() {
  const startedAt = performance.now();
  let config: AppConfig;
  try {
    config = configFromEnv(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  let database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: path.join(config.dataDir),
      poolSize: config.databasePoolSize,
      statementTimeoutMs: config.databaseStatementTimeoutMs,
    });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  await database.migrate();
  const app = await buildApp({ config, database });
  const boot = await bootstrap(config, database, (m) => app.log.info(m));

  const timers: NodeJS.Timeout[] = [];
  const limiter = new RateLimiter(database);
  timers.push(setInterval(() => limiter.prune().catch(() => {}), 10 * 60_000).unref());
  // The change log the read cache checks against keeps ten minutes; each instance trims it.
  const { versions } = app.services;
  timers.push(setInterval(() => versions.pruneChangeLog().catch(() => {}), 60_000).unref());
  if (database.kind === 'pglite') {
    // PGlite has no autovacuum.
    timers.push(setInterval(() => database.vacuumAnalyze().catch(() => {}), 6 * 3600_000).unref());
  }
  if (config.invoiceReminderHours > 0) {
    const remind = () =>
      sendOverdueReminders(database.db, app.services.mailer, {})
        .then((r) => r.sent && app.log.info({ sent: r.sent }, 'overdue invoice reminders sent'))
        .catch((err) => app.log.error({ err }, 'overdue invoice reminders failed'));
    timers.push(setInterval(remind, config.invoiceReminderHours * 3600_000).unref());
    setTimeout(remind, 60_000).unref();
  }

  // The best sellers of today, 7 days, 30 days and 12 months are kept per window; once a minute
  // each instance moves them to the new day if it has come (one does the work, under a lock).
  const roll = () =>
    rollSalesWindows(database.db, new Date().toISOString().slice(0, 10))
      .then((moved) => moved && app.log.info({ moved }, 'best-seller windows moved to a new day'))
      .catch((err) => app.log.error({ err }, 'moving the best-seller windows failed'));
  void roll();
  timers.push(setInterval(roll, 60_000).unref());

  // "Starts soon" notices: each run claims the events due in its window, so instances never
  // announce one twice.
  const reminders = () =>
    sendEventReminders(database.db)
      .then((r) => r.events && app.log.info(r, 'event reminders sent'))
      .catch((err) => app.log.error({ err }, 'event reminders failed'));
  timers.push(setInterval(reminders, 60_000).unref());

  // Unfinished resumable uploads are kept a day; then their pieces go and their quota returns.
  const sweepUploads = () =>
    sweepExpiredUploads(database.db, app.storage)
      .then((gone) => gone && app.log.info({ gone }, 'expired resumable uploads removed'))
      .catch((err) => app.log.error({ err }, 'removing expired resumable uploads failed'));
  timers.push(setInterval(sweepUploads, 15 * 60_000).unref());

  if (config.notificationDigestHours > 0) {
    const digest = () =>
      sendNotificationDigests(database, app.services.mailer, { publicUrl: config.publicUrl })
        .then((r) => r.sent && app.log.info(r, 'notification digests mailed'))
        .catch((err) => app.log.error({ err }, 'notification digests failed'));
    timers.push(setInterval(digest, config.notificationDigestHours * 3600_000).unref());
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    timers.forEach(clearInterval);
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const address = config.publicUrl ?? `http://${shown}:${config.port}`;
  const store = database.kind === 'pglite' ? `embedded (${config.dataDir})` : 'PostgreSQL';
  const lines = [
    '',
    `  Back-office is ready at ${address}  (${Math.round(performance.now() - startedAt)} ms, store: ${store})`,
    `  Sign in at ${address}/auth/login as ${boot.adminEmail}`,
  ];
  if (boot.generatedPassword) {
    lines.push(`  Generated password (shown once, store it now): ${boot.generatedPassword}`);
  } else if (boot.createdAdmin) {
    lines.push('  with the password from ADMIN_PASSWORD');
  }
  lines.push(`  API reference: ${address}/api/docs`, '');
  console.info(lines.join('\n'));
}

void main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
