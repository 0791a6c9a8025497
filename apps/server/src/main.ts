import path from 'node:path';
import { ConfigError, type AppConfig } from './config.js';
import { configFromEnv } from './config-from-env.js';
import { openDatabase } from './db/client.js';
import { DataDirLockedError } from './db/lock.js';
import { buildApp } from './app.js';
import { warmRenderer } from './modules/invoices/renderer.js';
import { bootstrap } from './bootstrap.js';
import { startupLogger } from './lib/log.js';
import { startTracing, stopTracing } from './lib/tracing.js';
import { serverVersion } from './lib/build-info.js';

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

  // Before the database is opened: its statements are spans too.
  await startTracing({
    endpoint: config.otelEndpoint,
    tracesEndpoint: config.otelTracesEndpoint,
    serviceName: config.otelServiceName ?? 'back-office',
    version: serverVersion(),
  });

  const open = async () => {
    try {
      return await openDatabase({
        databaseUrl: config.databaseUrl,
        dataDir: path.join(config.dataDir),
        poolSize: config.databasePoolSize,
        readUrls: config.databaseReadUrls,
        readMaxLagMs: config.databaseReadMaxLagMs,
        readPoolSize: config.databaseReadPoolSize,
        statementTimeoutMs: config.databaseStatementTimeoutMs,
        sharedBuffers: config.pgliteSharedBuffers,
      });
    } catch (err) {
      if (err instanceof DataDirLockedError) {
        console.error(err.message);
        process.exit(1);
      }
      throw err;
    }
  };
  let database = await open();
  await database.migrate();
  // Before the app: a new database is given its administrator and demo data here.
  const startLog = startupLogger(config.logLevel);
  const boot = await bootstrap(config, database, (m) => startLog.info(m));
  if (boot.loadedDemo && database.kind === 'pglite') {
    // Seeding grew the embedded store's WebAssembly heap by some 100 MB, and such a heap never
    // shrinks: closed and opened again, the server rests where it does after any restart on
    // the same data (decision 035).
    await database.close();
    database = await open();
  }
  const app = await buildApp({ config, database });

  // Background work (mail delivery, reminders, digests, pruning, vacuum…) is the job queue's:
  // see modules/jobs/kinds.ts; the app starts its workers when JOB_WORKERS allows.

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await database.close();
      await stopTracing();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  warmRenderer().catch((err: unknown) => app.log.warn({ err }, 'invoice renderer warm-up failed'));
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
