import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { ADMIN_API } from '@bo/contract/admin';
import { API } from '@bo/contract/api-paths';
import { ConfigError, type AppConfig } from './config.js';
import { configFromEnv } from './config-from-env.js';
import { openDatabase, type Database } from './db/client.js';
import { DataDirLockedError } from './db/lock.js';
import { createStorage } from './lib/storage/index.js';
import {
  BackupError,
  backupToFile,
  recordBackup,
  recordBackupFailure,
  type BackupManifest,
} from './ops/backup.js';
import { restoreBackup, verifyArchive } from './ops/restore.js';

/**
 * `npm run backup -- --to FILE` and `npm run restore -- FILE` (docs/backup.md).
 *
 * Backup: PostgreSQL (DATABASE_URL) is dumped with pg_dump; a stopped embedded store is opened
 * here; an embedded store a running server holds is backed up by that server
 * (`POST /api/admin/backups`), with an administrator's token (BACKUP_TOKEN, or BACKUP_EMAIL and
 * BACKUP_PASSWORD to sign in). Restore: into the empty DATA_DIR or database the environment names.
 */
const USAGE = `Usage:
  npm run backup -- --to FILE[.tar|.tar.gz] [--url http://host:port] [--token TOKEN]
  npm run restore -- FILE`;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function summary(manifest: BackupManifest, file: string, size: number) {
  const rows = Object.values(manifest.counts).reduce((a, b) => a + b, 0);
  return (
    `Backup written to ${file} (${mb(size)}): ${manifest.store} database at migration ` +
    `${manifest.migration?.tag ?? 'none'}, ${Object.keys(manifest.counts).length} tables, ` +
    `${rows} rows, ${manifest.files.length} files.`
  );
}

async function backupHere(config: AppConfig, database: Database, file: string) {
  const storage = await createStorage(config);
  const started = performance.now();
  try {
    const { manifest, size } = await backupToFile(
      { database, storage, databaseUrl: config.databaseUrl, dataDir: config.dataDir },
      file,
    );
    await recordBackup(database, {
      at: manifest.createdAt,
      file: path.resolve(file),
      size,
      store: manifest.store,
      files: manifest.files.length,
      durationMs: Math.round(performance.now() - started),
      via: 'cli',
    });
    console.info(summary(manifest, file, size));
  } catch (error) {
    await recordBackupFailure(database, 'cli', error).catch(() => undefined);
    throw error;
  } finally {
    await storage.close();
  }
}

/** The administrator's token: BACKUP_TOKEN, or a sign-in with BACKUP_EMAIL and BACKUP_PASSWORD. */
async function adminToken(base: string, given?: string): Promise<string> {
  const token = given ?? process.env.BACKUP_TOKEN;
  if (token) return token;
  const email = process.env.BACKUP_EMAIL;
  const password = process.env.BACKUP_PASSWORD;
  if (!email || !password) {
    throw new BackupError(
      'A running server holds the data directory, so it takes the backup itself: give an ' +
        "administrator's access token (--token or BACKUP_TOKEN), or BACKUP_EMAIL and " +
        'BACKUP_PASSWORD to sign in; or stop the server first.',
    );
  }
  const res = await fetch(new URL(API.account.login, base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json().catch(() => ({}))) as { accessToken?: string; message?: string };
  if (!res.ok || !body.accessToken)
    throw new BackupError(`Signing in as ${email} failed: ${body.message ?? res.status}`);
  return body.accessToken;
}

/** Asks the running server for the archive and keeps it only once every checksum is verified. */
async function backupThroughServer(config: AppConfig, file: string, url?: string, token?: string) {
  const base = url ?? process.env.BACKUP_URL ?? `http://127.0.0.1:${config.port}`;
  const bearer = await adminToken(base, token);
  const gzip = /\.(gz|tgz)$/.test(file);
  const address = new URL(ADMIN_API.backups, base);
  address.searchParams.set('gzip', String(gzip));
  const res = await fetch(address, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}` },
  });
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    throw new BackupError(`The server refused the backup (${res.status}): ${body.message ?? ''}`);
  }
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial`;
  try {
    await pipeline(Readable.fromWeb(res.body as never), createWriteStream(partial));
    const manifest = await verifyArchive(partial);
    await rename(partial, file);
    console.info(summary(manifest, file, (await stat(file)).size));
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

async function backup(args: string[]) {
  const { values } = parseArgs({
    args,
    options: { to: { type: 'string' }, url: { type: 'string' }, token: { type: 'string' } },
  });
  if (!values.to) throw new BackupError(USAGE);
  const config = configFromEnv(process.env);
  if (config.databaseUrl) {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 2 });
    try {
      await backupHere(config, database, values.to);
    } finally {
      await database.close();
    }
    return;
  }
  if (!existsSync(path.join(config.dataDir, 'pgdata', 'PG_VERSION')))
    throw new BackupError(`There is no database in ${config.dataDir} (DATA_DIR).`);
  let database: Database;
  try {
    database = await openDatabase({ dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DataDirLockedError)
      return backupThroughServer(config, values.to, values.url, values.token);
    throw error;
  }
  try {
    await backupHere(config, database, values.to);
  } finally {
    await database.close();
  }
}

async function restore(args: string[]) {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new BackupError(USAGE);
  const config = configFromEnv(process.env);
  const report = await restoreBackup(path.resolve(file), {
    config,
    jwtSecretFromEnv: Boolean(process.env.JWT_SECRET),
    log: (line) => console.info(line),
  });
  const target = config.databaseUrl ? 'the database of DATABASE_URL' : config.dataDir;
  console.info(
    `Restored into ${target}: ${report.tables} tables, ${report.rows} rows, ${report.files} files ` +
      `(${mb(report.bytes)}), from a backup of ${report.manifest.createdAt}. Start the server now.`,
  );
  for (const note of report.notes) console.warn(`Note: ${note}`);
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  if (command === 'backup') return backup(args);
  if (command === 'restore') return restore(args);
  throw new BackupError(USAGE);
}

void main().catch((err) => {
  const known = err instanceof BackupError || err instanceof ConfigError;
  console.error(known ? err.message : err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
