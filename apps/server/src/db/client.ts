import path from 'node:path';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type Logger } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.js';
import { acquireDirLock, type DirLock } from './lock.js';
import { applyFunctions, type RunSql } from './functions.js';
import { tracedStatement, tracingOn } from '../lib/tracing.js';
import { onPrimary, ReadRouter, RoutedPool, type TargetStats } from './replicas.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

/** Told of a statement as it is sent, with its parameters (see Database.observe). */
export type StatementObserver = (text: string, params: readonly unknown[]) => void;

/** A listener receives the JSON payload of a NOTIFY on its channel. */
export type NotifyListener = (payload: string) => void;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Raw SQL with positional parameters, for the few places Drizzle's builder does not reach. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * The driver the job queue (pg-boss) runs its SQL through: several statements in one call when
   * there are no parameters (its locked maintenance commands), one otherwise. Not observed.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
  /** LISTEN on a channel; returns an unlisten function. */
  listen(channel: string, listener: NotifyListener): Promise<() => Promise<void>>;
  /** One statement for all the payloads (each its own notification, in order). */
  notify(channel: string, payloads: readonly string[]): Promise<void>;
  /** The numbered migrations (drizzle/), then every function to its file (db/functions/). */
  migrate(): Promise<void>;
  /**
   * Tells `observer` of every statement sent from now on, Drizzle's and `query`'s, in and out of
   * transactions, until the returned function is called: what tests use to see what a call reads.
   */
  observe(observer: StatementObserver): () => void;
  /** Reclaims space and refreshes planner statistics (PGlite has no autovacuum). */
  vacuumAnalyze(): Promise<void>;
  /** Embedded store only: its WebAssembly heap's size in bytes now (metrics). */
  heapBytes?(): number;
  /** PostgreSQL only: the pool's connections now (metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * PostgreSQL only: each target — the primary, then replica1… of DATABASE_READ_URL — with its
   * pool, the statements it answered outside transactions and, for replicas, health and lag.
   */
  targetStats?(): TargetStats[];
  /** PostgreSQL only: statements answered outside transactions, by target (tests, metrics). */
  readStats?(): Record<string, number>;
  /**
   * PostgreSQL with DATABASE_READ_URL only: read-your-writes. A request of `person` that may write
   * begins (their reads go to the primary) and ends (until a replica replayed past it).
   */
  replicas?: {
    writeStarted(person: string): void;
    writeEnded(person: string): Promise<void>;
  };
  /**
   * Embedded store only (absent on PostgreSQL): holds every other statement back while `read`
   * runs in a transaction and the data directory is then copied after a checkpoint, so that what
   * `read` saw and the copy are one instant (backups). The copy is a tarball in memory.
   */
  snapshotDataDir?<T>(
    read: (query: <R = Record<string, unknown>>(text: string) => Promise<R[]>) => Promise<T>,
  ): Promise<{ dataDir: Blob; read: T }>;
  close(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** One place every statement goes through on its way out, for Database.observe. */
function statementObservers() {
  const observers = new Set<StatementObserver>();
  const tell = (text: string, params: readonly unknown[] = []) => {
    for (const o of observers) o(text, params);
  };
  const logger: Logger = { logQuery: tell };
  return {
    tell,
    logger,
    observe(observer: StatementObserver) {
      observers.add(observer);
      return () => void observers.delete(observer);
    },
  };
}

/** The rows of a simple-protocol call's last statement (one statement answers a result, several an array). */
function lastRows(result: unknown): Array<Record<string, unknown>> {
  const last = Array.isArray(result) ? result[result.length - 1] : result;
  return (last as { rows?: Array<Record<string, unknown>> } | undefined)?.rows ?? [];
}

/** Finds the committed SQL migrations both from sources (src/db) and from the bundle (dist). */
export function migrationsFolder(): string {
  const candidates = [path.resolve(here, '../../drizzle'), path.resolve(here, '../drizzle')];
  const found = candidates.find((p) => existsSync(path.join(p, 'meta/_journal.json')));
  if (!found) throw new Error(`No migrations found (looked in ${candidates.join(', ')})`);
  return found;
}

export interface OpenOptions {
  /** PostgreSQL server URL; when absent the embedded store is used. */
  databaseUrl?: string;
  /** Directory of the embedded store; absent means in memory (tests). */
  dataDir?: string;
  /**
   * An embedded store's data directory as `dumpDataDir` wrote it, to start from instead of an
   * empty cluster (tests start from one migrated copy rather than running initdb and every
   * migration again).
   */
  loadDataDir?: Blob;
  /** Connections to PostgreSQL (default 10). */
  poolSize?: number;
  /**
   * DATABASE_READ_URL: streaming replicas of `databaseUrl` that may answer the reads of GET
   * requests (decision 052). Ignored by the embedded store.
   */
  readUrls?: string[];
  /** DATABASE_READ_MAX_LAG_MS: a replica further behind is skipped (default 5000). */
  readMaxLagMs?: number;
  /** DATABASE_READ_POOL_SIZE: connections to each replica (default `poolSize`). */
  readPoolSize?: number;
  /** How often the replicas' replay positions are read (default 500 ms; tests). */
  readCheckMs?: number;
  /**
   * PostgreSQL cancels a statement running longer than this (default none): one slow query never
   * holds a connection for long. Migrations run on a connection of their own without the limit.
   */
  statementTimeoutMs?: number;
  /**
   * The embedded store's `shared_buffers` (PGLITE_SHARED_BUFFERS, default
   * DEFAULT_PGLITE_SHARED_BUFFERS): its page cache, inside the WebAssembly heap and so in the
   * process's resident memory once filled.
   */
  sharedBuffers?: string;
}

/**
 * PGlite's own default is PostgreSQL's 128MB, which the demo data's reads fill and the
 * WebAssembly heap never gives back; 32MB kept the server's resident size at rest about 80 MB
 * lower (decision 035).
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS = '32MB';

/** DATABASE_READ_MAX_LAG_MS's default: a replica further behind than 5 s is not read from. */
export const DEFAULT_READ_MAX_LAG_MS = 5_000;

/**
 * The one way to open the database. For PGlite it also takes the directory lock, loads pg_trgm,
 * and caps the WAL — the embedded store's sharp edges are handled here and nowhere else.
 */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl)
    return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.statementTimeoutMs, {
      urls: options.readUrls ?? [],
      maxLagMs: options.readMaxLagMs ?? DEFAULT_READ_MAX_LAG_MS,
      poolSize: options.readPoolSize ?? options.poolSize ?? 10,
      checkEveryMs: options.readCheckMs,
    });
  return openPglite(options.dataDir, options.loadDataDir, options.sharedBuffers);
}

async function openPglite(
  dataDir?: string,
  loadDataDir?: Blob,
  sharedBuffers = DEFAULT_PGLITE_SHARED_BUFFERS,
): Promise<Database> {
  let lock: DirLock | undefined;
  let pgdata: string | undefined;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    lock = acquireDirLock(dataDir);
    pgdata = path.join(dataDir, 'pgdata');
  }
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir: pgdata,
      loadDataDir,
      extensions: { pg_trgm, btree_gin },
      relaxedDurability: true,
      postgresqlconf: [
        'max_wal_size=64MB',
        'min_wal_size=32MB',
        'checkpoint_timeout=300s',
        `shared_buffers=${sharedBuffers}`,
      ],
    });
    await client.exec(
      'CREATE EXTENSION IF NOT EXISTS pg_trgm; CREATE EXTENSION IF NOT EXISTS btree_gin',
    );
  } catch (err) {
    lock?.release();
    throw err;
  }
  traceClient(client);
  const statements = statementObservers();
  const db = drizzlePglite(client, { schema, logger: statements.logger }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async query<T>(text: string, params?: unknown[]) {
      statements.tell(text, params);
      const res = await client.query<T>(text, params);
      return res.rows;
    },
    async executeSql(text, values) {
      if (!values?.length) return { rows: lastRows(await client.exec(text)) };
      return { rows: (await client.query<Record<string, unknown>>(text, values)).rows };
    },
    async listen(channel, listener) {
      const unsub = await client.listen(channel, listener);
      return async () => unsub();
    },
    async notify(channel, payloads) {
      await client.query(
        'SELECT pg_notify($1, p) FROM unnest($2::text[]) WITH ORDINALITY AS t(p, n) ORDER BY n',
        [channel, payloads],
      );
    },
    async migrate() {
      await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
      await client.transaction((tx) =>
        applyFunctions(async (text) => lastRows(await tx.exec(text))),
      );
    },
    observe: statements.observe,
    heapBytes() {
      // PGlite keeps its Emscripten module in a protected field: read-only use here.
      const mod = (client as unknown as { mod?: { wasmMemory?: WebAssembly.Memory } }).mod;
      return mod?.wasmMemory?.buffer.byteLength ?? 0;
    },
    async vacuumAnalyze() {
      await client.exec('VACUUM ANALYZE');
    },
    async snapshotDataDir(read) {
      // Statements outside the transaction wait for it; dumpDataDir only waits between statements.
      return client.transaction(async (tx) => {
        await tx.exec('CHECKPOINT');
        const seen = await read(async <R>(text: string) => (await tx.query<R>(text)).rows);
        return { dataDir: await client.dumpDataDir('none'), read: seen };
      });
    },
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * node-postgres' client, each promise-returning statement in a span when traces are on (what a
 * transaction sends on the client it holds); untouched otherwise. The pool's own calls pass a
 * callback and are traced by `tracePool`, in the context of the caller.
 */
class TracedClient extends pg.Client {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's query has many overloads
  override query(...args: any[]): any {
    const run = () => (super.query as (...a: unknown[]) => unknown)(...args);
    const first = args[0] as { text?: string; submit?: unknown } | string | undefined;
    const streamed = typeof first === 'object' && typeof first?.submit === 'function';
    if (!tracingOn() || streamed || typeof args[args.length - 1] === 'function') return run();
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    return tracedStatement('postgresql', this.database ?? '', text, run as () => Promise<unknown>);
  }
}

/** `pool.query` (Drizzle outside transactions, `query`, the job queue) in a span when traces are on. */
function tracePool(pool: pg.Pool, dbName: string): void {
  const query = pool.query.bind(pool) as (...a: unknown[]) => unknown;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's query has many overloads
  (pool as { query: (...a: any[]) => unknown }).query = (...args: unknown[]) => {
    const first = args[0] as { text?: string } | string | undefined;
    if (!tracingOn() || typeof args[args.length - 1] === 'function') return query(...args);
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    return tracedStatement('postgresql', dbName, text, () => query(...args) as Promise<unknown>);
  };
}

/**
 * The embedded store's statements in spans when traces are on: the calls made on the instance
 * (Drizzle's outside transactions, `query`, `exec`). Statements inside a PGlite transaction run on
 * its own handle and are covered by their request's span only.
 */
function traceClient(client: PGlite): void {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  client.query = ((text: string, ...rest: unknown[]) =>
    tracingOn()
      ? tracedStatement('postgresql', 'pglite', text, () =>
          (query as (...a: unknown[]) => Promise<unknown>)(text, ...rest),
        )
      : (query as (...a: unknown[]) => Promise<unknown>)(text, ...rest)) as PGlite['query'];
  client.exec = ((text: string, ...rest: unknown[]) =>
    tracingOn()
      ? tracedStatement('postgresql', 'pglite', text, () =>
          (exec as (...a: unknown[]) => Promise<unknown>)(text, ...rest),
        )
      : (exec as (...a: unknown[]) => Promise<unknown>)(text, ...rest)) as PGlite['exec'];
}

async function openPostgres(
  url: string,
  max: number,
  timeoutMs = 0,
  reads: { urls: string[]; maxLagMs: number; poolSize: number; checkEveryMs?: number },
): Promise<Database> {
  const pool = new RoutedPool({
    connectionString: url,
    Client: TracedClient,
    max,
    ...(timeoutMs > 0 ? { statement_timeout: timeoutMs } : {}),
  });
  // An idle client erroring (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  tracePool(pool, decodeURIComponent(new URL(url).pathname.slice(1)));
  await pool.query(
    'CREATE EXTENSION IF NOT EXISTS pg_trgm; CREATE EXTENSION IF NOT EXISTS btree_gin',
  );
  // Replicas: the router reads their positions before the first request (decision 052).
  let router: ReadRouter | undefined;
  if (reads.urls.length) {
    router = new ReadRouter((text) => pool.queryUncounted(text), {
      urls: reads.urls,
      maxLagMs: reads.maxLagMs,
      poolSize: reads.poolSize,
      statementTimeoutMs: timeoutMs,
      checkEveryMs: reads.checkEveryMs,
      Client: TracedClient,
    });
    await router.start();
    pool.router = router;
  }
  const statements = statementObservers();
  const db = drizzlePg(pool, { schema, logger: statements.logger }) as unknown as Db;
  const targetStats = (): TargetStats[] => [
    {
      target: 'primary',
      statements: pool.statements,
      fallbacks: 0,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      healthy: true,
      lagMs: 0,
    },
    ...(router?.stats() ?? []),
  ];

  let listenClient: pg.PoolClient | undefined;
  const listeners = new Map<string, Set<NotifyListener>>();
  async function listenConnection(): Promise<pg.PoolClient> {
    if (listenClient) return listenClient;
    listenClient = (await pool.connect()) as pg.PoolClient;
    listenClient.on('notification', (msg) => {
      for (const l of listeners.get(msg.channel) ?? []) l(msg.payload ?? '');
    });
    return listenClient;
  }

  return {
    kind: 'postgres',
    db,
    async query<T>(text: string, params?: unknown[]) {
      statements.tell(text, params);
      const res = await pool.query(text, params as unknown[]);
      return res.rows as T[];
    },
    async executeSql(text, values) {
      // The job queue's statements (its SELECTs claim jobs): never a replica.
      const res = await onPrimary(() => pool.query(text, values as unknown[] | undefined));
      return { rows: Array.isArray(res) ? lastRows(res) : res.rows };
    },
    async listen(channel, listener) {
      const conn = await listenConnection();
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await conn.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      set.add(listener);
      return async () => {
        set!.delete(listener);
        if (set!.size === 0) {
          listeners.delete(channel);
          await conn.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
        }
      };
    },
    async notify(channel, payloads) {
      await onPrimary(() =>
        pool.query(
          'SELECT pg_notify($1, p) FROM unnest($2::text[]) WITH ORDINALITY AS t(p, n) ORDER BY n',
          [channel, payloads],
        ),
      );
    },
    async migrate() {
      // An index built over a million rows may take minutes: no statement limit here.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await migratePg(drizzlePg(client, { schema }) as never, {
          migrationsFolder: migrationsFolder(),
        });
        const run: RunSql = async (text) => lastRows(await client.query(text));
        await run('BEGIN');
        try {
          await applyFunctions(run);
          await run('COMMIT');
        } catch (err) {
          await run('ROLLBACK');
          throw err;
        }
      } finally {
        await client.end();
      }
    },
    observe: statements.observe,
    async vacuumAnalyze() {
      await pool.query('ANALYZE');
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    targetStats,
    readStats: () => Object.fromEntries(targetStats().map((t) => [t.target, t.statements])),
    replicas: router && {
      writeStarted: (person) => router.writeStarted(person),
      writeEnded: (person) => router.writeEnded(person),
    },
    async close() {
      await router?.close();
      listenClient?.release();
      await pool.end();
    },
  };
}

/** Checks that the database answers (used by /api/health). */
export async function ping(database: Database): Promise<void> {
  await database.db.execute(sql`select 1`);
}
