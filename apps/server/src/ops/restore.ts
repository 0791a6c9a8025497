import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, open, readdir, rm, writeFile } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, gunzip as gunzipCallback } from 'node:zlib';
import { promisify } from 'node:util';
import pg from 'pg';
import type { AppConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { createStorage } from '../lib/storage/index.js';
import {
  ARCHIVE_FORMAT,
  BackupError,
  FILES_PREFIX,
  JWT_SECRET_ENTRY,
  JWT_SECRET_FILE,
  MANIFEST_ENTRY,
  hashing,
  isStorageKey,
  knownMigrations,
  readState,
  runTool,
  toolConnection,
  toolVersion,
  type ArchivedFile,
  type BackupManifest,
} from './backup.js';
import { readTar, type TarEntry } from './tar.js';

const gunzip = promisify(gunzipCallback);

/** A manifest larger than this is not one of ours. */
const MANIFEST_MAX_BYTES = 256 * 1024 * 1024;

/** The archive's entries, gunzipped first when it is gzipped (told by its first two bytes). */
async function* entries(file: string): AsyncGenerator<TarEntry> {
  const handle = await open(file, 'r');
  const head = Buffer.alloc(2);
  await handle.read(head, 0, 2, 0);
  await handle.close();
  const raw = createReadStream(file);
  const gzipped = head[0] === 0x1f && head[1] === 0x8b;
  yield* readTar(gzipped ? raw.pipe(createGunzip()) : raw);
}

async function collect(body: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Every entry the manifest lists, with the name it must have. */
function listed(manifest: BackupManifest): ArchivedFile[] {
  return [manifest.database, ...manifest.files, ...(manifest.secrets ?? [])];
}

function checkShape(manifest: BackupManifest) {
  if (manifest.format !== ARCHIVE_FORMAT) {
    throw new BackupError(
      `This archive has format ${String(manifest.format)}; this code reads format ${ARCHIVE_FORMAT}. ` +
        'Restore it with the release that wrote it.',
    );
  }
  for (const f of manifest.files) {
    if (!f.entry.startsWith(FILES_PREFIX) || !isStorageKey(f.entry.slice(FILES_PREFIX.length)))
      throw new BackupError(`The archive names a file "${f.entry}" that is not a stored object.`);
  }
  const expected = manifest.store === 'pglite' ? 'database/pgdata.tar.gz' : 'database/dump.pgdump';
  if (manifest.database.entry !== expected)
    throw new BackupError(`The archive's database entry "${manifest.database.entry}" is unknown.`);
  for (const s of manifest.secrets ?? []) {
    if (s.entry !== JWT_SECRET_ENTRY)
      throw new BackupError(`The archive names a secret "${s.entry}" this code does not know.`);
  }
}

/**
 * Reads the whole archive once and checks it against its manifest: every entry listed, none
 * missing or extra, each of the listed size and SHA-256. Nothing is written. Answers the manifest.
 */
export async function verifyArchive(file: string): Promise<BackupManifest> {
  if (!existsSync(file)) throw new BackupError(`There is no archive ${file}.`);
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifest: BackupManifest | null = null;
  try {
    for await (const entry of entries(file)) {
      if (seen.has(entry.name) || (entry.name === MANIFEST_ENTRY && manifest))
        throw new BackupError(`The archive holds "${entry.name}" twice.`);
      if (entry.name === MANIFEST_ENTRY) {
        if (entry.size > MANIFEST_MAX_BYTES) throw new BackupError('The manifest is too large.');
        manifest = JSON.parse((await collect(entry.body)).toString('utf8')) as BackupManifest;
        continue;
      }
      const hash = createHash('sha256');
      for await (const chunk of entry.body) hash.update(chunk);
      seen.set(entry.name, { size: entry.size, sha256: hash.digest('hex') });
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(
      `The archive cannot be read (${(error as Error).message}): it is damaged or not a backup.`,
    );
  }
  if (!manifest) throw new BackupError('The archive has no manifest.json: it is not a backup.');
  checkShape(manifest);
  const names = new Set<string>();
  for (const item of listed(manifest)) {
    names.add(item.entry);
    const found = seen.get(item.entry);
    if (!found) throw new BackupError(`The archive lacks ${item.entry}, which its manifest lists.`);
    if (found.size !== item.size || found.sha256 !== item.sha256)
      throw new BackupError(
        `${item.entry} does not match its checksum in the manifest: the archive is damaged.`,
      );
  }
  for (const name of seen.keys())
    if (!names.has(name)) throw new BackupError(`The archive holds ${name}, not in its manifest.`);
  return manifest;
}

/** Refuses an archive whose database is newer than this code's migrations. */
export function checkMigration(manifest: BackupManifest): void {
  const known = knownMigrations();
  const newest = known[known.length - 1];
  const archived = manifest.migration;
  if (!archived) return;
  const ours = known.find((m) => m.when === archived.when);
  if (!ours || (newest && archived.when > newest.when)) {
    throw new BackupError(
      `The archive's database has migration ${archived.idx} (${archived.tag}), newer than this ` +
        `code's last (${newest ? `${newest.idx} ${newest.tag}` : 'none'}): restore it with the ` +
        `release that wrote it (${manifest.app.version}) or a newer one.`,
    );
  }
}

export interface RestoreTarget {
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl' | 's3' | 'jwtSecret'>;
  /** True when JWT_SECRET came from the environment (not DATA_DIR's generated file). */
  jwtSecretFromEnv?: boolean;
  log?: (line: string) => void;
}

export interface RestoreReport {
  manifest: BackupManifest;
  tables: number;
  rows: number;
  files: number;
  bytes: number;
  /** Notes for the operator (a secret to carry over, …). */
  notes: string[];
}

async function userTables(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S')
          AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')`,
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

function compareCounts(expected: Record<string, number>, found: Record<string, number>) {
  const wrong = Object.keys({ ...expected, ...found }).filter((t) => expected[t] !== found[t]);
  if (wrong.length) {
    const t = wrong[0]!;
    throw new BackupError(
      `After the restore, ${t} holds ${found[t] ?? 'no table'} rows where the manifest says ` +
        `${expected[t] ?? 'no table'} (${wrong.length} table(s) differ).`,
    );
  }
}

/**
 * Restores an archive into an empty target: DATA_DIR (embedded) or DATABASE_URL (PostgreSQL),
 * and the storage the configuration names (DATA_DIR/uploads or S3_BUCKET). In order: the whole
 * archive is verified; an archive newer than the code, of the other store, or a target that
 * holds anything is refused; only then is anything written; last, every table's rows are counted
 * against the manifest.
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<RestoreReport> {
  const { config } = target;
  const log = target.log ?? (() => {});
  log(`Verifying ${file}…`);
  const manifest = await verifyArchive(file);
  checkMigration(manifest);
  const wants = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.store !== wants) {
    throw new BackupError(
      manifest.store === 'pglite'
        ? 'This archive is of the embedded store: restore it without DATABASE_URL, into an empty DATA_DIR.'
        : 'This archive is of a PostgreSQL database: restore it with DATABASE_URL naming an empty database.',
    );
  }

  // The target must be empty before a byte is written.
  const pgdata = path.join(config.dataDir, 'pgdata');
  if (wants === 'pglite') {
    if (existsSync(pgdata) && (await readdir(pgdata)).length)
      throw new BackupError(
        `${config.dataDir} already holds a database: restore into an empty DATA_DIR.`,
      );
  } else {
    if ((await userTables(config.databaseUrl!)) > 0)
      throw new BackupError(
        'The database DATABASE_URL names is not empty: restore into a new one.',
      );
  }
  const storage = await createStorage(config as AppConfig);
  const notes: string[] = [];
  try {
    for await (const object of storage.list()) {
      throw new BackupError(
        `The file storage is not empty (it holds ${object.key}): restore into empty storage.`,
      );
    }

    let dumpTool: { line: string; major: number } | null = null;
    if (wants === 'postgres') {
      dumpTool = toolVersion('pg_restore');
      const madeBy = Number(
        /(\d+)(?:\.\d+)?/.exec(manifest.database.tool?.replace(/^[^)]*\)/, '') ?? '')?.[1],
      );
      if (madeBy && dumpTool.major < madeBy) {
        throw new BackupError(
          `This dump was made by pg_dump ${madeBy}; pg_restore ${dumpTool.major} cannot read it. ` +
            `Install the PostgreSQL ${madeBy} client tools (or newer).`,
        );
      }
    }

    const work = await mkdtemp(path.join(tmpdir(), 'bo-restore-'));
    let files = 0;
    let bytes = 0;
    try {
      const wanted = new Map(listed(manifest).map((f) => [f.entry, f]));
      for await (const entry of entries(file)) {
        const item = wanted.get(entry.name);
        if (!item) continue;
        const hash = createHash('sha256');
        const body = hashing(entry.body, hash);
        if (entry.name === manifest.database.entry) {
          log(`Restoring the database (${Math.round(entry.size / 1024 / 1024)} MB)…`);
          if (manifest.store === 'pglite') {
            const tarball = await gunzip(await collect(body));
            check(item, hash);
            const database = await openDatabase({
              dataDir: config.dataDir,
              loadDataDir: new Blob([tarball]),
            });
            try {
              compareCounts(manifest.counts, (await readState(database.query)).counts);
            } finally {
              await database.close();
            }
          } else {
            const dump = path.join(work, 'database.pgdump');
            await pipeline(Readable.from(body), createWriteStream(dump));
            check(item, hash);
            const { dbname, env } = toolConnection(config.databaseUrl!);
            await runTool(
              'pg_restore',
              [
                '--no-owner',
                '--no-privileges',
                '--exit-on-error',
                '--single-transaction',
                `--dbname=${dbname}`,
                dump,
              ],
              env,
            );
            await rm(dump, { force: true });
            const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 1 });
            try {
              compareCounts(manifest.counts, (await readState(database.query)).counts);
            } finally {
              await database.close();
            }
          }
        } else if (entry.name === JWT_SECRET_ENTRY) {
          const secret = await collect(body);
          check(item, hash);
          if (target.jwtSecretFromEnv) {
            if (secret.toString('utf8').trim() !== config.jwtSecret)
              notes.push(
                'The archive was made with another signing secret: set JWT_SECRET to the old one (the ' +
                  `archive's ${JWT_SECRET_ENTRY}) or 2FA recovery codes will not work.`,
              );
          } else {
            await writeFile(path.join(config.dataDir, JWT_SECRET_FILE), secret, { mode: 0o600 });
          }
        } else {
          const key = entry.name.slice(FILES_PREFIX.length);
          await storage.putStream(key, Readable.from(body), 'application/octet-stream');
          check(item, hash);
          files += 1;
          bytes += entry.size;
        }
      }
    } finally {
      await rm(work, { recursive: true, force: true });
    }
    const counts = Object.values(manifest.counts);
    log(`Restored ${counts.length} tables and ${files} files; every count matches the manifest.`);
    return {
      manifest,
      tables: counts.length,
      rows: counts.reduce((a, b) => a + b, 0),
      files,
      bytes,
      notes,
    };
  } finally {
    await storage.close();
  }
}

/** The bytes just written are the ones verified (the archive did not change since). */
function check(item: ArchivedFile, hash: ReturnType<typeof createHash>) {
  if (hash.digest('hex') !== item.sha256)
    throw new BackupError(`${item.entry} changed since the archive was verified.`);
}
