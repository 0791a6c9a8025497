import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { copyFile, link, mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Transform, type Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { constants as zlib, createGzip, gzip as gzipCallback } from 'node:zlib';
import { promisify } from 'node:util';
import pg from 'pg';
import { DEFAULT_BACKUP_KEEP, type AppConfig } from '../config.js';
import { migrationsFolder, type Database } from '../db/client.js';
import { DiskDriver } from '../lib/storage/disk.js';
import type { Storage } from '../lib/storage/index.js';
import { TarWriter } from './tar.js';

const gzip = promisify(gzipCallback);
/** Large reads: fewer turns of an event loop the database's own work keeps busy. */
const READ_CHUNK = { highWaterMark: 1024 * 1024 };
const here = path.dirname(fileURLToPath(import.meta.url));

/** Bumped when an archive's layout changes in a way an older restore would misread. */
export const ARCHIVE_FORMAT = 1;
export const MANIFEST_ENTRY = 'manifest.json';
export const FILES_PREFIX = 'files/';
export const JWT_SECRET_ENTRY = 'secrets/jwt-secret';
/** The file resolveJwtSecret keeps in DATA_DIR when JWT_SECRET is not set. */
export const JWT_SECRET_FILE = 'jwt-secret';
/** The `meta` row where the last backup (and the last failed one) is recorded. */
export const BACKUP_META_KEY = 'backup';

export interface MigrationStamp {
  /** Position in drizzle/meta/_journal.json. */
  idx: number;
  tag: string;
  /** The journal's `when`, which drizzle records as the applied migration's created_at. */
  when: number;
}

export interface ArchivedFile {
  /** The entry's name in the archive. */
  entry: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof ARCHIVE_FORMAT;
  app: { version: string };
  createdAt: string;
  store: 'pglite' | 'postgres';
  database: ArchivedFile & {
    /** pgdata: PGlite's data directory (a gzipped tarball); pg_dump: its custom format. */
    kind: 'pgdata' | 'pg_dump';
    /** The server's `server_version_num` (PGlite included). */
    serverVersionNum: number;
    /** pg_dump's version line, when it made the dump. */
    tool?: string;
  };
  /** The newest migration applied to the database (null: none, an empty database). */
  migration: MigrationStamp | null;
  /** Rows per table (`schema.table`), read in the same snapshot as the dump. */
  counts: Record<string, number>;
  storage: 'disk' | 's3';
  /** Every stored object: the key is the entry's name without `files/`. */
  files: ArchivedFile[];
  /**
   * DATA_DIR's generated signing secret (`jwt-secret`), when there is one: 2FA recovery codes and
   * pending mailed codes are keyed with it, so a restore without it would void them.
   */
  secrets: ArchivedFile[];
}

export interface BackupSources {
  database: Database;
  storage: Storage;
  /** The PostgreSQL URL (pg_dump connects itself); absent on the embedded store. */
  databaseUrl?: string;
  /** DATA_DIR, for its generated secret (see BackupManifest.secrets). */
  dataDir?: string;
}

export interface LastBackup {
  at: string;
  file: string;
  size: number;
  store: 'pglite' | 'postgres';
  files: number;
  durationMs: number;
  via: 'cli' | 'http' | 'schedule';
}

export interface BackupRecord {
  last?: LastBackup;
  lastFailure?: { at: string; message: string; via: LastBackup['via'] };
}

/**
 * A key the storage layer writes (`<uuid>.<ext>`, seed names, `.tus-…` pieces of unfinished
 * uploads), never a path; at most 100 bytes, the ustar name field.
 */
export function isStorageKey(key: string): boolean {
  return /^[A-Za-z0-9._-]{1,100}$/.test(key) && !key.startsWith('..') && !key.startsWith('.part-');
}

/** A backup or restore refused for a reason an operator can act on (the message says it). */
export class BackupError extends Error {}

/** The server's version, from its package.json (beside src/ or dist/). */
export function appVersion(): string {
  for (const candidate of ['../../package.json', '../package.json']) {
    const file = path.resolve(here, candidate);
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === '@bo/server' && pkg.version) return pkg.version;
  }
  return '0.0.0';
}

/** The migrations this code knows, in order. */
export function knownMigrations(): MigrationStamp[] {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder(), 'meta/_journal.json'), 'utf8'),
  ) as { entries: Array<{ idx: number; tag: string; when: number }> };
  return journal.entries.map(({ idx, tag, when }) => ({ idx, tag, when }));
}

type Query = <R = Record<string, unknown>>(text: string) => Promise<R[]>;

/** The newest migration applied, named from the journal (drizzle keeps only hash and time). */
async function appliedMigration(query: Query): Promise<MigrationStamp | null> {
  const [exists] = await query<{ t: string | null }>(
    `SELECT to_regclass('drizzle.__drizzle_migrations')::text AS t`,
  );
  if (!exists?.t) return null;
  const [row] = await query<{ at: string }>(
    'SELECT created_at::text AS at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1',
  );
  if (!row) return null;
  const when = Number(row.at);
  const known = knownMigrations().find((m) => m.when === when);
  // A migration this code does not know (an archive from newer code): its time is what counts.
  return known ?? { idx: -1, tag: 'unknown', when };
}

/** Rows of every permanent table outside the system schemas, in one statement. */
async function countRows(query: Query): Promise<Record<string, number>> {
  const tables = await query<{ schema: string; name: string }>(
    `SELECT n.nspname AS schema, c.relname AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND c.relpersistence = 'p'
        AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
      ORDER BY 1, 2`,
  );
  if (!tables.length) return {};
  const ident = (s: string) => `"${s.replaceAll('"', '""')}"`;
  const literal = (s: string) => `'${s.replaceAll("'", "''")}'`;
  const rows = await query<{ t: string; n: string }>(
    tables
      .map(
        ({ schema, name }) =>
          `SELECT ${literal(`${schema}.${name}`)} AS t, count(*)::text AS n FROM ${ident(schema)}.${ident(name)}`,
      )
      .join(' UNION ALL '),
  );
  return Object.fromEntries(
    rows.sort((a, b) => a.t.localeCompare(b.t)).map((r) => [r.t, Number(r.n)]),
  );
}

/** What a backup reads from the database in its snapshot. */
export async function readState(query: Query) {
  const [version] = await query<{ v: string }>(`SELECT current_setting('server_version_num') AS v`);
  return {
    serverVersionNum: Number(version!.v),
    migration: await appliedMigration(query),
    counts: await countRows(query),
  };
}

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The major version of a PostgreSQL tool (`pg_dump (PostgreSQL) 15.20 (Debian …)` → 15). */
export function toolVersion(tool: 'pg_dump' | 'pg_restore'): { line: string; major: number } {
  const run = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  if (run.error || run.status !== 0) {
    throw new BackupError(
      `${tool} was not found on the PATH: install the PostgreSQL client tools ` +
        `(the same major version as the server or newer) to back up or restore a PostgreSQL database.`,
    );
  }
  const line = run.stdout.trim();
  const major = Number(/(\d+)(?:\.\d+)?/.exec(line.replace(/^[^)]*\)/, ''))?.[1]);
  return { line, major };
}

/**
 * The URL without its password, which goes in PGPASSWORD instead: a password on a command line
 * is visible to every user of the machine (`ps`).
 */
export function toolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/** Runs a PostgreSQL tool; its error output becomes the error's message. */
export function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (d: Buffer) => {
      if (errors.length < 8000) errors += d.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${tool} failed (exit ${code}): ${errors.trim()}`));
    });
  });
}

/**
 * Hard links of every stored file into `into` (same disk: one directory entry each, no copy):
 * what the names point to now stays readable whatever is written or deleted afterwards, because
 * the storage layer never rewrites a file in place (a new file is renamed over the old name).
 */
async function linkFiles(root: string, into: string): Promise<void> {
  await mkdir(into, { recursive: true });
  let names: string[];
  try {
    names = await readdir(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const name of names) {
    if (name.startsWith('.part-')) continue;
    const from = path.join(root, name);
    const to = path.join(into, name);
    try {
      await link(from, to);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') continue; // deleted since the listing
      if (code === 'EISDIR' || code === 'EPERM') {
        if (!(await stat(from)).isFile()) continue;
      }
      // Another file system (EXDEV) or links refused: a copy, still inside the pause.
      await copyFile(from, to);
    }
  }
}

/** A stream's chunks, hashed as they pass. */
export async function* hashing(
  source: AsyncIterable<Buffer | Uint8Array | string>,
  hash: ReturnType<typeof createHash>,
) {
  for await (const chunk of source) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    hash.update(bytes);
    yield bytes;
  }
}

/**
 * Writes one archive of the database and every stored file into `out` (a tar; gzipped when
 * asked), the manifest last, and answers the manifest. `out` is ended on success.
 *
 * Embedded store: every other statement waits while the rows are counted, the files are hard
 * linked (disk storage) and the data directory is copied — about a second for the demo data —
 * so the archive is one instant. PostgreSQL: pg_dump reads the snapshot the counts were read in;
 * the files are listed right after it is taken (see docs/backup.md for what that allows).
 */
export async function writeBackup(
  sources: BackupSources,
  out: Writable,
  options: { gzip?: boolean } = {},
): Promise<BackupManifest> {
  const { database, storage } = sources;
  const work = await mkdtemp(path.join(tmpdir(), 'bo-backup-'));
  const disk = storage.driver instanceof DiskDriver ? storage.driver : null;
  // Hard links must stay on the uploads' file system: beside the uploads folder.
  const linked = disk ? path.join(path.dirname(disk.root), `.backup-${randomUUID()}`) : null;
  let target: Writable = out;
  let gzipped: ReturnType<typeof createGzip> | null = null;
  if (options.gzip) {
    // What is inside is mostly compressed already (the data directory, pictures): the fastest level.
    gzipped = createGzip({ level: zlib.Z_BEST_SPEED });
    gzipped.pipe(out);
    target = gzipped;
  }
  const tar = new TarWriter(target);
  try {
    let manifestDatabase: BackupManifest['database'];
    let state: Awaited<ReturnType<typeof readState>>;
    if (database.kind === 'pglite') {
      if (!database.snapshotDataDir) throw new Error('This database cannot be snapshotted');
      const snap = await database.snapshotDataDir(async (query) => {
        const seen = await readState(query);
        if (disk && linked) await linkFiles(disk.root, linked);
        return seen;
      });
      state = snap.read;
      // Level 1: five times faster than the default on a data directory, 15 % larger.
      const bytes = await gzip(Buffer.from(await snap.dataDir.arrayBuffer()), {
        level: zlib.Z_BEST_SPEED,
      });
      manifestDatabase = {
        entry: 'database/pgdata.tar.gz',
        size: bytes.length,
        sha256: sha256(bytes),
        kind: 'pgdata',
        serverVersionNum: state.serverVersionNum,
      };
      await tar.add(manifestDatabase.entry, bytes.length, bytes);
    } else {
      if (!sources.databaseUrl) throw new Error('A PostgreSQL backup needs the database URL');
      const tool = toolVersion('pg_dump');
      const dumpFile = path.join(work, 'database.pgdump');
      const client = new pg.Client({ connectionString: sources.databaseUrl });
      await client.connect();
      try {
        await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
        const query: Query = async (text) => (await client.query(text)).rows;
        const [{ snapshot }] = (await client.query('SELECT pg_export_snapshot() AS snapshot'))
          .rows as Array<{ snapshot: string }>;
        state = await readState(query);
        const serverMajor = Math.floor(state.serverVersionNum / 10000);
        if (tool.major < serverMajor) {
          throw new BackupError(
            `pg_dump ${tool.major} cannot dump a PostgreSQL ${serverMajor} server: ` +
              `install the PostgreSQL ${serverMajor} client tools (or newer).`,
          );
        }
        if (disk && linked) await linkFiles(disk.root, linked);
        const { dbname, env } = toolConnection(sources.databaseUrl);
        await runTool(
          'pg_dump',
          [
            '--format=custom',
            `--snapshot=${snapshot}`,
            '--no-owner',
            '--no-privileges',
            `--file=${dumpFile}`,
            `--dbname=${dbname}`,
          ],
          env,
        );
        await client.query('COMMIT');
      } finally {
        await client.end();
      }
      const { size } = await stat(dumpFile);
      manifestDatabase = {
        entry: 'database/dump.pgdump',
        size,
        sha256: await fileSha256(dumpFile),
        kind: 'pg_dump',
        serverVersionNum: state.serverVersionNum,
        tool: tool.line,
      };
      await tar.add(manifestDatabase.entry, size, createReadStream(dumpFile, READ_CHUNK));
      await rm(dumpFile, { force: true });
    }

    const secrets: ArchivedFile[] = [];
    const secretFile = sources.dataDir ? path.join(sources.dataDir, JWT_SECRET_FILE) : null;
    if (secretFile && existsSync(secretFile)) {
      const bytes = readFileSync(secretFile);
      await tar.add(JWT_SECRET_ENTRY, bytes.length, bytes);
      secrets.push({ entry: JWT_SECRET_ENTRY, size: bytes.length, sha256: sha256(bytes) });
    }

    const files: ArchivedFile[] = [];
    const addFile = async (key: string, size: number, body: AsyncIterable<Buffer>) => {
      if (!isStorageKey(key)) {
        throw new BackupError(
          `The storage holds "${key}", which the storage layer did not write: give the ` +
            'product a bucket (or an uploads folder) of its own.',
        );
      }
      const hash = createHash('sha256');
      const entry = `${FILES_PREFIX}${key}`;
      await tar.add(entry, size, hashing(body, hash));
      files.push({ entry, size, sha256: hash.digest('hex') });
    };
    if (linked) {
      for (const name of (await readdir(linked)).sort()) {
        const file = path.join(linked, name);
        await addFile(name, (await stat(file)).size, createReadStream(file, READ_CHUNK));
      }
    } else {
      const listed: Array<{ key: string; size: number }> = [];
      for await (const object of storage.list()) listed.push(object);
      listed.sort((a, b) => a.key.localeCompare(b.key));
      for (const { key, size } of listed) {
        let body;
        try {
          body = await storage.open(key);
        } catch {
          continue; // deleted since it was listed: not part of this backup
        }
        await addFile(key, size, body);
      }
    }

    const manifest: BackupManifest = {
      format: ARCHIVE_FORMAT,
      app: { version: appVersion() },
      createdAt: new Date().toISOString(),
      store: database.kind,
      database: manifestDatabase,
      migration: state.migration,
      counts: state.counts,
      storage: storage.driver.name,
      files,
      secrets,
    };
    const text = Buffer.from(JSON.stringify(manifest, null, 2) + '\n');
    await tar.add(MANIFEST_ENTRY, text.length, text);
    await tar.finish();
    target.end();
    await finished(out);
    return manifest;
  } catch (error) {
    gzipped?.destroy();
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
    if (linked) await rm(linked, { recursive: true, force: true });
  }
}

/**
 * Writes the archive to `file` (through `file.partial`, renamed when whole, so a file of that
 * name is always a finished backup). Gzipped when the name ends in `.gz` or `.tgz`.
 */
export async function backupToFile(
  sources: BackupSources,
  file: string,
): Promise<{ manifest: BackupManifest; size: number }> {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial`;
  try {
    const manifest = await writeBackup(sources, createWriteStream(partial), {
      gzip: /\.(gz|tgz)$/.test(file),
    });
    await rename(partial, file);
    return { manifest, size: (await stat(file)).size };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** The archive as a stream (the HTTP route); `done` settles when it is written or has failed. */
export function backupStream(
  sources: BackupSources,
  options: { gzip?: boolean } = {},
): { stream: PassThrough; done: Promise<{ manifest: BackupManifest; size: number }> } {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      callback(null, chunk);
    },
  });
  const stream = new PassThrough();
  // The reader going away (stream destroyed) destroys the counter, which stops the writer.
  pipeline(counter, stream).catch(() => undefined);
  const done = writeBackup(sources, counter, options).then(
    (manifest) => ({ manifest, size }),
    (error: unknown) => {
      stream.destroy(error as Error);
      throw error;
    },
  );
  return { stream, done };
}

/** What the system page shows: the last backup and the last failure, if any. */
export async function readBackupRecord(database: Database): Promise<BackupRecord> {
  const [row] = await database.query<{ value: BackupRecord }>(
    'SELECT value FROM meta WHERE key = $1',
    [BACKUP_META_KEY],
  );
  return row?.value ?? {};
}

async function mergeBackupRecord(database: Database, patch: BackupRecord): Promise<void> {
  await database.query(
    `INSERT INTO meta (key, value) VALUES ($1, $2::jsonb)
     ON CONFLICT (key) DO UPDATE SET value = meta.value || EXCLUDED.value`,
    [BACKUP_META_KEY, JSON.stringify(patch)],
  );
}

export async function recordBackup(database: Database, last: LastBackup): Promise<void> {
  await mergeBackupRecord(database, { last });
}

export async function recordBackupFailure(
  database: Database,
  via: LastBackup['via'],
  error: unknown,
): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  await mergeBackupRecord(database, {
    lastFailure: { at: new Date().toISOString(), message: message.slice(0, 500), via },
  });
}

/** `backup-20261122T103000Z.tar.gz`: sorts by time. */
export function scheduledBackupName(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(/[-:]/g, '');
  return `backup-${stamp}.tar.gz`;
}

const SCHEDULED = /^backup-\d{8}T\d{6}Z\.tar\.gz$/;

/**
 * One scheduled backup (the job queue calls it): a new archive in BACKUP_DIR, the oldest ones
 * beyond BACKUP_KEEP removed, and the result recorded for the system page (`readBackupRecord`).
 * Only files named as this function names them are ever removed.
 */
export async function runScheduledBackup(options: {
  config: Pick<AppConfig, 'backupDir' | 'backupKeep' | 'databaseUrl' | 'dataDir'>;
  database: Database;
  storage: Storage;
  now?: Date;
}): Promise<LastBackup & { removed: string[] }> {
  const { config, database, storage } = options;
  if (!config.backupDir) throw new BackupError('BACKUP_DIR is not set: no scheduled backups.');
  const started = performance.now();
  const file = path.join(config.backupDir, scheduledBackupName(options.now));
  try {
    const { manifest, size } = await backupToFile(
      { database, storage, databaseUrl: config.databaseUrl, dataDir: config.dataDir },
      file,
    );
    const last: LastBackup = {
      at: manifest.createdAt,
      file,
      size,
      store: manifest.store,
      files: manifest.files.length,
      durationMs: Math.round(performance.now() - started),
      via: 'schedule',
    };
    await recordBackup(database, last);
    const kept = (await readdir(config.backupDir)).filter((n) => SCHEDULED.test(n)).sort();
    const keep = config.backupKeep ?? DEFAULT_BACKUP_KEEP;
    const removed = kept.slice(0, Math.max(0, kept.length - keep));
    for (const name of removed) await rm(path.join(config.backupDir, name), { force: true });
    return { ...last, removed };
  } catch (error) {
    await recordBackupFailure(database, 'schedule', error).catch(() => undefined);
    throw error;
  }
}
