/**
 * `npm run bench`: prepares a seeded data directory (or PostgreSQL database), starts the
 * production server on it, drives it over HTTP with autocannon and prints one table.
 * Run through scripts/bench.mjs (which loads tsx so the areas' TypeScript scenarios import).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { Readable } from 'node:stream';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import autocannon, { type Client as CannonClient, type Request as CannonRequest } from 'autocannon';
import pg from 'pg';
import WebSocket from 'ws';
import { BENCH_PEOPLE, DEFAULT_ANSWER_BUDGET } from '../apps/server/src/lib/bench.js';
import { SERVER_MALLOC_ENV, SERVER_NODE_ARGS } from '../scripts/server-memory.mjs';
import { openDbCpu, type DbCpuMeter } from './db-cpu.js';
import {
  SOAK_CLIENTS,
  SOAK_LIMIT_MB,
  SOAK_REQUESTS,
  SOAK_ROUND,
  SOAK_WARMUP_REQUESTS,
  soakWrites,
  type SoakRequest,
} from './soak.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'apps/server');
const ADMIN = { email: 'bench@bench.local', password: 'bench-Admin-pass-42' };
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-42';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type JsonFetch = (
  method: Method,
  url: string,
  body?: unknown,
) => Promise<{ status: number; body: unknown }>;

/** A scenario as the areas export it from modules/<area>/bench-scenarios.ts. */
interface Scenario {
  name: string;
  method: Method;
  url: (ctx: unknown, i: number) => string;
  body?: (ctx: unknown, i: number) => unknown;
  expectedStatus: number;
  check: (body: unknown) => boolean;
  /** Budget of a read's answer, gzipped (bytes). */
  maxGzipBytes?: number;
  /** Run as many different people, each on their own data (see BenchScenario.asPeople). */
  asPeople?: boolean;
  /** Filled by the runner. */
  area: string;
  ctx: unknown;
  kind: 'read' | 'write' | 'ceiling' | 'auth';
  /** For `asPeople` scenarios: each person's token, fetch and context. */
  people?: Person[];
}

interface Person {
  email: string;
  token: string;
  fetch: JsonFetch;
  ctx: unknown;
}

interface LevelResult {
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
  shapeFailures: number;
  sampled: number;
  /** CPU time the server process spent per request (user + system), in ms. */
  cpuMsPerRequest: number;
  /**
   * PostgreSQL: CPU time of the database's backends per request, in ms (bench/db-cpu.ts); null on
   * the embedded store (the database runs in the server process: counted in cpuMsPerRequest) or
   * when it could not be measured (see the notes).
   */
  dbCpuMsPerRequest?: number | null;
  /** PostgreSQL: the cluster's shared background processes (checkpointer, WAL writer…), ms. */
  dbBackgroundCpuMsPerRequest?: number | null;
  /**
   * PostgreSQL: CPU of backends (any database's) that exited during the level beyond what the
   * 100 ms samples saw of them, ms a request; not in dbCpuMsPerRequest (see bench/db-cpu.ts).
   */
  dbExitedUnseenCpuMsPerRequest?: number | null;
  /** PostgreSQL with pg_stat_statements loaded: total_exec_time per request, ms. */
  dbExecMsPerRequest?: number | null;
  /** Server + database CPU per request, ms. */
  totalCpuMsPerRequest?: number;
}

interface ScenarioResult {
  name: string;
  area: string;
  kind: Scenario['kind'];
  levels: LevelResult[];
  skipped?: string;
  /** Big tables this scenario read by sequential scan, with rows read per request. */
  scans?: Array<{
    table: string;
    rowsPerRequest: number;
    seqRowsPerRequest: number;
    tableRows: number;
  }>;
  /** A read's answer, JSON gzipped (bytes), and its budget. */
  answerBytes?: { gzip: number; budget: number };
  /** Share of this scenario's answers the server's read cache served (null: cache off). */
  cacheHitShare?: number | null;
}

interface CacheStats {
  enabled: boolean;
  hits: number;
  misses: number;
}

async function cacheStats(fetchJson: JsonFetch): Promise<CacheStats> {
  const res = await fetchJson('GET', '/api/bench/cache');
  const b = res.body as Partial<CacheStats> | undefined;
  return {
    enabled: b?.enabled === true,
    hits: Number(b?.hits ?? 0),
    misses: Number(b?.misses ?? 0),
  };
}

type ScanStats = Map<string, { seqRows: number; idxRows: number; rows: number }>;

async function scanStats(fetchJson: JsonFetch): Promise<ScanStats> {
  const res = await fetchJson('GET', '/api/bench/scans');
  const out: ScanStats = new Map();
  if (res.status === 200 && isObject(res.body) && Array.isArray(res.body.tables)) {
    for (const t of res.body.tables as Array<{
      table: string;
      seqRows: number;
      idxRows: number;
      rows: number;
    }>) {
      out.set(t.table, { seqRows: t.seqRows, idxRows: t.idxRows, rows: t.rows });
    }
  }
  return out;
}

/** Tables of more than 5,000 rows of which a request read more than 1,000 (scan or index). */
function scansBetween(
  before: ScanStats,
  after: ScanStats,
  requests: number,
): ScenarioResult['scans'] {
  const out: NonNullable<ScenarioResult['scans']> = [];
  for (const [table, a] of after) {
    const b = before.get(table);
    const seq = Math.round((a.seqRows - (b?.seqRows ?? 0)) / Math.max(1, requests));
    const idx = Math.round((a.idxRows - (b?.idxRows ?? 0)) / Math.max(1, requests));
    if (a.rows > 5000 && seq + idx > 1000) {
      out.push({ table, rowsPerRequest: seq + idx, seqRowsPerRequest: seq, tableRows: a.rows });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

const { values: args } = parseArgs({
  options: {
    store: { type: 'string', default: 'pglite' },
    scale: { type: 'string' },
    quick: { type: 'boolean', default: false },
    growth: { type: 'boolean' },
    'no-growth': { type: 'boolean' },
    'growth-scales': { type: 'string' },
    'no-cache': { type: 'boolean', default: false },
    duration: { type: 'string' },
    connections: { type: 'string' },
    only: { type: 'string' },
    /** Skip the file manager's 200 MB upload and download on the disk and S3 drivers. */
    'no-throughput': { type: 'boolean', default: false },
    /**
     * Skip the rows-read check around each scenario (and, on PostgreSQL, its 11 s wait for the
     * statistics): a run for CPU per request over every scenario in minutes.
     */
    'no-scans': { type: 'boolean', default: false },
    /** Skip the export job (it runs in a run without --only). */
    'no-export': { type: 'boolean', default: false },
    /** Skip chat's delivery latency between two instances on PostgreSQL. */
    'no-delivery': { type: 'boolean', default: false },
    /** PostgreSQL only: also drive the read scenarios through this many instances at once. */
    instances: { type: 'string', default: '1' },
    /** The servers listen from this port up (the first free one); default any free port. */
    port: { type: 'string' },
    /**
     * With `--only export-job`: measure on this PostgreSQL database, seeded before (`npm run seed`
     * with ADMIN_EMAIL bench@bench.local), instead of the bench's own `bo_bench_<scale>`.
     */
    'database-url': { type: 'string' },
  },
});
const store = args.store === 'postgres' ? 'postgres' : 'pglite';
if (args.store !== 'pglite' && args.store !== 'postgres')
  throw new Error('--store must be pglite or postgres');
const quick = args.quick ?? false;
const scale = args.scale ?? (quick ? '10k' : 'large');
const durationS = Number(args.duration ?? (quick ? 1 : 5));
const levels = (args.connections ?? '1,10,50').split(',').map(Number);
const growth = args['no-growth'] ? false : (args.growth ?? !quick);
// 'large' is the issue's volume (1M orders, 100k users and products); '1m' has 1M of each and
// takes several minutes to seed once: pass --growth-scales 10k,100k,1m for it.
// --no-cache runs the server with READ_CACHE=off: every answer computed, the store's own speed.
const noCache = args['no-cache'] ?? false;
const instances = Number(args.instances ?? '1');
if (!Number.isInteger(instances) || instances < 1 || instances > 8)
  throw new Error('--instances must be a whole number from 1 to 8');
if (instances > 1 && args.store !== 'postgres')
  throw new Error('--instances needs --store postgres (the embedded store is one process)');
const GROWTH_SCALES = (args['growth-scales'] ?? '10k,100k,large').split(',');
const PG_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const log = (m: string) => process.stderr.write(`${m}\n`);
const startedAt = Date.now();
const loadAtStart = os.loadavg().map((x) => x.toFixed(1));

function run(cmd: string, argv: string[], env: NodeJS.ProcessEnv, cwd = root): void {
  const res = spawnSync(cmd, argv, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (res.status !== 0) throw new Error(`${cmd} ${argv.join(' ')} failed (${res.status})`);
}

function ensureBuilt(): void {
  const main = path.join(serverDir, 'dist/main.js');
  if (existsSync(main) && !process.env.BENCH_REBUILD) return;
  log('building the server (npm run build -w @bo/server)…');
  run('npm', ['run', 'build', '-w', '@bo/server'], {});
}

function portFree(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(port, '127.0.0.1', () => {
      const got = (s.address() as { port: number }).port;
      s.close(() => resolve(got));
    });
    s.on('error', () => resolve(null));
  });
}

/** Any free port, or with --port the first free one from there (a range kept for the bench). */
async function freePort(): Promise<number> {
  if (!args.port) {
    const port = await portFree(0);
    if (port === null) throw new Error('no free port');
    return port;
  }
  for (let p = Number(args.port); p < Number(args.port) + 100; p++) {
    const port = await portFree(p);
    if (port !== null) return port;
  }
  throw new Error(`no free port from ${args.port}`);
}

// ---- data --------------------------------------------------------------------------------------

interface Target {
  scale: string;
  env: NodeJS.ProcessEnv;
  seedMs?: number;
  seedReport?: unknown;
}

function pgUrl(db: string): string {
  const u = new URL(PG_BASE);
  u.pathname = `/${db}`;
  return u.toString();
}

async function pgSeeded(db: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: pgUrl(db) });
  try {
    await c.connect();
    const r = await c.query(`SELECT value FROM meta WHERE key = 'seed'`);
    return r.rows.length > 0;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

/** A data directory (or database) seeded at `scale`, reused when it already exists. */
async function prepare(scaleName: string): Promise<Target> {
  const base = {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO_DATA: '0',
    JWT_SECRET,
    LOG_LEVEL: 'warn',
  };
  const dataDir = path.join(root, 'bench/data', `${store}-${scaleName}`);
  mkdirSync(dataDir, { recursive: true });
  const marker = path.join(dataDir, 'seeded.json');
  const env: NodeJS.ProcessEnv = { ...base, DATA_DIR: dataDir };
  let seeded: boolean;
  if (store === 'postgres') {
    const db = `bo_bench_${scaleName}`;
    env.DATABASE_URL = pgUrl(db);
    seeded = await pgSeeded(db);
    if (!seeded) {
      const admin = new pg.Client({ connectionString: PG_BASE });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${db}`);
      await admin.end();
    }
  } else {
    seeded = existsSync(marker);
    if (!seeded && existsSync(path.join(dataDir, 'pgdata'))) {
      // A seed that did not finish: start again from nothing.
      run('rm', ['-rf', dataDir], {});
      mkdirSync(dataDir, { recursive: true });
    }
  }
  if (seeded) {
    log(
      `reusing ${store} data at scale ${scaleName} (${store === 'pglite' ? dataDir : env.DATABASE_URL})`,
    );
    const prev = existsSync(marker)
      ? (JSON.parse(readFileSync(marker, 'utf8')) as { seedMs?: number })
      : {};
    return { scale: scaleName, env, seedMs: prev.seedMs };
  }
  log(`seeding ${store} at scale ${scaleName}…`);
  const t = Date.now();
  run(process.execPath, [path.join(serverDir, 'dist/seed-cli.js'), '--scale', scaleName], env);
  const seedMs = Date.now() - t;
  writeFileSync(
    marker,
    JSON.stringify({ scale: scaleName, seedMs, at: new Date().toISOString() }, null, 2),
  );
  log(`seeded ${scaleName} in ${(seedMs / 1000).toFixed(1)} s`);
  return { scale: scaleName, env, seedMs };
}

// ---- server ------------------------------------------------------------------------------------

interface Server {
  child: ChildProcess;
  baseUrl: string;
  /** PostgreSQL: the database the server uses (its CPU is measured around each level). */
  databaseUrl?: string;
  readyMs: number;
  stop(): Promise<void>;
}

/** Servers this run started: stopped on Ctrl-C too, so none is left behind. */
const running = new Set<ChildProcess>();
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    for (const child of running) child.kill('SIGTERM');
    process.exit(130);
  });
}

async function startServer(
  target: Target,
  extraEnv: NodeJS.ProcessEnv = {},
  nodeArgs: string[] = [],
): Promise<Server> {
  const port = await freePort();
  const t = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, path.join(serverDir, 'dist/main.js')], {
    cwd: root,
    env: {
      // As `npm start` runs it (scripts/start.mjs).
      ...SERVER_MALLOC_ENV,
      ...process.env,
      ...target.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      BENCH_ROUTES: '1',
      AUTH_RATE_LIMIT: '100000',
      CHAT_RATE_LIMIT: '1000000',
      ...(noCache ? { READ_CACHE: 'off' } : {}),
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server not ready after 180 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const readyMs = Math.round(performance.now() - t);
  return {
    child,
    baseUrl,
    databaseUrl: store === 'postgres' ? target.env.DATABASE_URL : undefined,
    readyMs,
    async stop() {
      if (child.exitCode !== null) return;
      const done = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await done;
      clearTimeout(timer);
    },
  };
}

/**
 * CPU time (user + system) of a process so far, in ms. On a shared machine this is the figure that
 * does not depend on the neighbours: 1000 / (CPU ms per request) is what one core would serve.
 */
function cpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of stat (utime, stime) in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** One meter of the database's CPU per PostgreSQL database (opened once, closed at the end). */
const dbMeters = new Map<string, Promise<DbCpuMeter | string>>();
/** Why the database's CPU is not measured, or how (pg_stat_statements): printed as notes. */
const dbCpuNotes = new Set<string>();

function dbMeter(databaseUrl: string): Promise<DbCpuMeter | string> {
  let m = dbMeters.get(databaseUrl);
  if (!m) {
    m = openDbCpu(databaseUrl).catch(
      (err: Error) => `database CPU not measured: ${err.message.split('\n')[0]}`,
    );
    dbMeters.set(databaseUrl, m);
  }
  return m;
}

async function closeDbMeters(): Promise<void> {
  for (const m of dbMeters.values()) {
    const meter = await m;
    if (typeof meter !== 'string') await meter.close().catch(() => {});
  }
}

const round2 = (x: number) => Math.round(x * 100) / 100;

function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

// ---- scenarios ---------------------------------------------------------------------------------

function makeFetch(baseUrl: string, token?: string): JsonFetch {
  return async (method, url, body) => {
    const res = await fetch(baseUrl + url, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON: the shape check will fail */
    }
    return { status: res.status, body: parsed };
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

async function coreScenarios(fetchJson: JsonFetch): Promise<Scenario[]> {
  const sample = await fetchJson('GET', '/api/bench/noop');
  if (sample.status !== 200)
    throw new Error('the server has no bench routes (BENCH_ROUTES=1 not honoured?)');
  // Primary keys to read: the first page of the user list if it exists, else the signed-in person.
  const me = await fetchJson('GET', '/api/account/my-account/');
  const myId =
    isObject(me.body) && isObject(me.body.data) && isObject(me.body.data.user)
      ? String(me.body.data.user.id)
      : '';
  const list = await fetchJson('GET', '/api/users?limit=100');
  const ids =
    isObject(list.body) && Array.isArray(list.body.users) && list.body.users.length
      ? (list.body.users as Array<{ id: string }>).map((u) => u.id)
      : [myId];
  return [
    {
      name: 'framework ceiling: GET /api/bench/noop',
      area: 'bench',
      kind: 'ceiling',
      method: 'GET',
      url: () => '/api/bench/noop',
      expectedStatus: 200,
      check: (b) => isObject(b) && b.ok === true,
      ctx: null,
    },
    {
      name: 'database ceiling: GET /api/bench/pk/:id',
      area: 'bench',
      kind: 'ceiling',
      method: 'GET',
      url: (_c, i) => `/api/bench/pk/${ids[i % ids.length]}`,
      expectedStatus: 200,
      check: (b) => isObject(b) && isObject(b.user) && typeof b.user.email === 'string',
      ctx: null,
    },
    {
      name: 'sign-in (argon2id)',
      area: 'account',
      kind: 'auth',
      method: 'POST',
      url: () => '/api/account/login',
      body: () => ADMIN,
      expectedStatus: 200,
      check: (b) => isObject(b) && typeof b.accessToken === 'string' && isObject(b.user),
      ctx: null,
    },
    {
      name: 'my-account',
      area: 'account',
      kind: 'read',
      method: 'GET',
      url: () => '/api/account/my-account/',
      expectedStatus: 200,
      check: (b) => isObject(b) && isObject(b.data) && isObject(b.data.user),
      ctx: null,
    },
  ];
}

/** Imports every modules/<area>/bench-scenarios.ts there is; an area without one is noted. */
async function areaScenarios(
  baseUrl: string,
  fetchJson: JsonFetch,
  notes: string[],
  withPeople = true,
): Promise<Scenario[]> {
  const modulesDir = path.join(serverDir, 'src/modules');
  const out: Scenario[] = [];
  for (const area of readdirSync(modulesDir).sort()) {
    const file = path.join(modulesDir, area, 'bench-scenarios.ts');
    if (!existsSync(file)) {
      if (!['bench', 'health', 'public', 'audit', 'account'].includes(area))
        notes.push(`${area}: no bench-scenarios.ts yet, skipped`);
      continue;
    }
    const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    const prepareFn = Object.entries(mod).find(
      ([k, v]) =>
        k.startsWith('prepare') && !k.startsWith('preparePerson') && typeof v === 'function',
    )?.[1] as ((f: JsonFetch) => Promise<unknown>) | undefined;
    const preparePersonFn = Object.entries(mod).find(
      ([k, v]) => k.startsWith('preparePerson') && typeof v === 'function',
    )?.[1] as ((f: JsonFetch) => Promise<unknown>) | undefined;
    const lists = Object.entries(mod).filter(([k, v]) => /scenarios$/i.test(k) && Array.isArray(v));
    if (!lists.length) {
      notes.push(`${area}: bench-scenarios.ts exports no *Scenarios array, skipped`);
      continue;
    }
    let ctx: unknown = null;
    try {
      ctx = prepareFn ? await prepareFn(fetchJson) : null;
    } catch (err) {
      notes.push(
        `${area}: prepare failed (${err instanceof Error ? err.message : String(err)}), skipped`,
      );
      continue;
    }
    let people: Person[] | undefined;
    for (const [, list] of lists) {
      for (const s of list as Array<Omit<Scenario, 'area' | 'ctx' | 'kind'>>) {
        if (s.asPeople) {
          if (!withPeople) continue;
          try {
            people ??= await preparePeople(baseUrl, fetchJson, preparePersonFn);
          } catch (err) {
            notes.push(
              `${area}: ${s.name}: preparing its people failed (${err instanceof Error ? err.message : String(err)}), skipped`,
            );
            continue;
          }
        }
        out.push({ ...s, area, ctx, people, kind: s.method === 'GET' ? 'read' : 'write' });
      }
    }
  }
  return out;
}

/** The bench's people: signed in once per server, each area's context made per person. */
let signedInPeople: { baseUrl: string; list: Array<{ email: string; token: string }> } | undefined;

async function preparePeople(
  baseUrl: string,
  adminFetch: JsonFetch,
  preparePerson: ((f: JsonFetch) => Promise<unknown>) | undefined,
): Promise<Person[]> {
  if (signedInPeople?.baseUrl !== baseUrl) {
    const res = await adminFetch('POST', '/api/bench/people', { count: BENCH_PEOPLE });
    const chosen =
      res.status === 200 && isObject(res.body) && Array.isArray(res.body.people)
        ? (res.body.people as Array<{ email: string }>)
        : [];
    if (chosen.length < BENCH_PEOPLE)
      throw new Error(`POST /api/bench/people gave ${chosen.length} people: ${res.status}`);
    // Signed in one by one: each sign-in is an argon2 hash, and the rate limit counts them.
    const list: Array<{ email: string; token: string }> = [];
    for (const p of chosen) {
      const login = await makeFetch(baseUrl)('POST', '/api/account/login', {
        email: p.email,
        password: ADMIN.password,
      });
      if (
        login.status !== 200 ||
        !isObject(login.body) ||
        typeof login.body.accessToken !== 'string'
      )
        throw new Error(
          `sign-in of ${p.email} failed: ${login.status} ${JSON.stringify(login.body)}`,
        );
      list.push({ email: p.email, token: login.body.accessToken });
    }
    signedInPeople = { baseUrl, list };
    log(`signed in as ${list.length} different people`);
  }
  const out: Person[] = [];
  for (const p of signedInPeople.list) {
    const fetch = makeFetch(baseUrl, p.token);
    out.push({ ...p, fetch, ctx: preparePerson ? await preparePerson(fetch) : null });
  }
  return out;
}

/** One call of a scenario, as its `i`-th person when it runs as many (else with `fetchJson`). */
function call(fetchJson: JsonFetch, s: Scenario, i: number) {
  const person = s.people?.[i % s.people.length];
  const ctx = person ? person.ctx : s.ctx;
  return (person?.fetch ?? fetchJson)(s.method, s.url(ctx, i), s.body?.(ctx, i));
}

/** A list scenario is one the growth runs repeat at 10k, 100k and 1M rows. */
const isListScenario = (s: Scenario) =>
  s.method === 'GET' && /list|shop|search|filter|page/i.test(s.name);

async function check(fetchJson: JsonFetch, s: Scenario, i: number): Promise<string | undefined> {
  const res = await call(fetchJson, s, i);
  if (res.status !== s.expectedStatus)
    return `status ${res.status} (expected ${s.expectedStatus}): ${JSON.stringify(res.body).slice(0, 200)}`;
  if (!s.check(res.body)) return `unexpected shape: ${JSON.stringify(res.body).slice(0, 200)}`;
  return undefined;
}

async function load(
  baseUrl: string,
  token: string,
  s: Scenario,
  connections: number,
  seconds: number,
  rss: { max: number },
  pid?: number,
  databaseUrl?: string,
): Promise<LevelResult> {
  const meter = databaseUrl ? await dbMeter(databaseUrl) : null;
  if (typeof meter === 'string') dbCpuNotes.add(meter);
  else if (meter) dbCpuNotes.add(meter.statementsNote);
  let counter = 0;
  let sampled = 0;
  let shapeFailures = 0;
  // Like a browser: signed in, and accepting compressed answers.
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    'accept-encoding': 'gzip, deflate, br',
  };
  if (s.body) headers['content-type'] = 'application/json';
  const rssTimer = setInterval(() => (rss.max = Math.max(rss.max, rssMb(pid))), 250);
  // Every answer's status is counted by autocannon. The shape is checked on a sample taken by a
  // second client all along the load (decompressed and parsed there), so a route that answers
  // fast but wrong shows up without the load generator parsing hundreds of MB of JSON.
  const fetchJson = makeFetch(baseUrl, token);
  let loading = true;
  const sampler = (async () => {
    while (loading) {
      const i = counter++;
      const res = await call(fetchJson, s, i).catch(() => null);
      sampled++;
      if (!res || res.status !== s.expectedStatus || !s.check(res.body)) shapeFailures++;
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const cpu0 = cpuMs(pid);
  const stopDb = meter && typeof meter !== 'string' ? meter.start() : null;
  // One request, for the scenario's context or (as many people) one person's, with their token.
  const requestAs = (person?: Person): CannonRequest => ({
    method: s.method,
    ...(person ? { headers: { ...headers, authorization: `Bearer ${person.token}` } } : {}),
    setupRequest: (req) => {
      const i = counter++;
      const ctx = person ? person.ctx : s.ctx;
      return {
        ...req,
        path: s.url(ctx, i),
        body: s.body ? JSON.stringify(s.body(ctx, i)) : undefined,
      };
    },
  });
  // As many people: connection k is signed in as person k, and asks for that person's data.
  let clients = 0;
  const people = s.people;
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    headers,
    requests: [requestAs(people?.[0])],
    ...(people
      ? {
          setupClient: (client: CannonClient) =>
            client.setRequests([requestAs(people[clients++ % people.length])]),
        }
      : {}),
  });
  const cpuUsed = cpuMs(pid) - cpu0;
  const db = stopDb ? await stopDb() : null;
  loading = false;
  await sampler;
  clearInterval(rssTimer);
  const expected = result.statusCodeStats?.[String(s.expectedStatus) as '200']?.count ?? 0;
  const total = result.requests.total;
  const wrongStatus = Math.max(0, total - Number(expected));
  return {
    connections,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: total,
    errors: result.errors + result.timeouts + wrongStatus + shapeFailures,
    non2xx: result.non2xx,
    shapeFailures,
    sampled,
    cpuMsPerRequest: total ? round2(cpuUsed / total) : 0,
    dbCpuMsPerRequest: db && total ? round2(db.dbMs / total) : null,
    dbBackgroundCpuMsPerRequest: db && total ? round2(db.backgroundMs / total) : null,
    dbExitedUnseenCpuMsPerRequest: db && total ? round2(db.exitedUnseenMs / total) : null,
    dbExecMsPerRequest:
      db && db.statementsMs !== null && total ? round2(db.statementsMs / total) : null,
    totalCpuMsPerRequest: total ? round2((cpuUsed + (db?.dbMs ?? 0)) / total) : 0,
  };
}

async function runScenarios(
  server: Server,
  list: Scenario[],
  token: string,
  rss: { max: number },
  lvls: number[],
  seconds: number,
): Promise<ScenarioResult[]> {
  const fetchJson = makeFetch(server.baseUrl, token);
  const out: ScenarioResult[] = [];
  for (const s of list) {
    // Checked before and after the load: status and shape of real answers.
    const before = await check(fetchJson, s, 0);
    if (before) {
      log(`  ✗ ${s.name}: ${before}`);
      out.push({ name: s.name, area: s.area, kind: s.kind, levels: [], skipped: before });
      continue;
    }
    const r: ScenarioResult = { name: s.name, area: s.area, kind: s.kind, levels: [] };
    if (s.kind === 'read') {
      // The answer's weight on the wire (gzip, as browsers ask for it), against its budget: the
      // heaviest of the first eight calls (scenarios spread their calls over records and windows).
      let gzip = 0;
      for (let i = 0; i < 8; i++) {
        const sample = await call(fetchJson, s, i);
        gzip = Math.max(gzip, gzipSync(Buffer.from(JSON.stringify(sample.body))).length);
      }
      r.answerBytes = { gzip, budget: s.maxGzipBytes ?? DEFAULT_ANSWER_BUDGET };
    }
    const checkScans = !args['no-scans'];
    const statsBefore = checkScans ? await scanStats(fetchJson) : null;
    const cacheBefore = await cacheStats(fetchJson);
    for (const c of lvls) {
      const lr = await load(
        server.baseUrl,
        token,
        s,
        c,
        seconds,
        rss,
        server.child.pid,
        server.databaseUrl,
      );
      r.levels.push(lr);
      log(
        `  ${s.name} @${c}: ${lr.rps} req/s, p50 ${lr.p50} ms, p99 ${lr.p99} ms, errors ${lr.errors}`,
      );
    }
    const requests = r.levels.reduce((n, l) => n + l.requests, 0);
    const cacheAfter = await cacheStats(fetchJson);
    const served = cacheAfter.hits - cacheBefore.hits + cacheAfter.misses - cacheBefore.misses;
    r.cacheHitShare =
      cacheAfter.enabled && served > 0 ? (cacheAfter.hits - cacheBefore.hits) / served : null;
    // PostgreSQL's pooled backends publish their statistics within 10 s of going idle; the
    // embedded store is flushed by the scans route itself.
    if (statsBefore) {
      await new Promise((res) => setTimeout(res, store === 'postgres' ? 11_000 : 0));
      r.scans = scansBetween(statsBefore, await scanStats(fetchJson), requests);
    }
    for (const sc of r.scans ?? [])
      log(`  ! ${s.name} scans ${sc.table}: ${sc.rowsPerRequest} rows a request`);
    const after = await check(fetchJson, s, 1);
    if (after) {
      r.skipped = `after load: ${after}`;
      log(`  ✗ ${s.name} after load: ${after}`);
    }
    out.push(r);
  }
  return out;
}

async function signIn(baseUrl: string): Promise<string> {
  const res = await makeFetch(baseUrl)('POST', '/api/account/login', ADMIN);
  if (res.status !== 200 || !isObject(res.body) || typeof res.body.accessToken !== 'string') {
    throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body.accessToken;
}

// ---- output ------------------------------------------------------------------------------------

function table(results: ScenarioResult[]): string {
  const noop = results.find((r) => r.name.startsWith('framework ceiling'));
  const pk = results.find((r) => r.name.startsWith('database ceiling'));
  const ratio = (r: ScenarioResult, ceil: ScenarioResult | undefined, c: number) => {
    const a = r.levels.find((l) => l.connections === c)?.rps ?? 0;
    const b = ceil?.levels.find((l) => l.connections === c)?.rps ?? 0;
    return b ? `${Math.round((100 * a) / b)}%` : '-';
  };
  // Capacity ratio from CPU per request: the ceiling's CPU cost over the scenario's.
  const cpuRatio = (r: ScenarioResult, c: number) => {
    const a = r.levels.find((l) => l.connections === c)?.cpuMsPerRequest ?? 0;
    const b = pk?.levels.find((l) => l.connections === c)?.cpuMsPerRequest ?? 0;
    return a && b ? `${Math.round((100 * b) / a)}%` : '-';
  };
  // The database's CPU: measured per level on PostgreSQL; inside the server on the embedded store.
  const withExec = results.some((r) =>
    r.levels.some((l) => typeof l.dbExecMsPerRequest === 'number'),
  );
  const dbText = (l: LevelResult) =>
    store === 'pglite'
      ? 'in server'
      : typeof l.dbCpuMsPerRequest === 'number'
        ? String(l.dbCpuMsPerRequest)
        : '–';
  const execText = (l: LevelResult) =>
    withExec ? ` ${typeof l.dbExecMsPerRequest === 'number' ? l.dbExecMsPerRequest : '–'} |` : '';
  const lines = [
    `| scenario | conc. | req/s | p50 ms | p99 ms | errors | vs framework | vs database | server CPU ms/req | DB CPU ms/req |${withExec ? ' DB exec ms/req (pg_stat_statements) |' : ''} total CPU ms/req | CPU vs database | from cache | rows read a request (big tables) |`,
    `|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|${withExec ? '--:|' : ''}--:|--:|---|`,
  ];
  for (const r of results) {
    if (r.skipped && !r.levels.length) {
      lines.push(
        `| ${r.name} | – | – | – | – | FAILED: ${r.skipped.replace(/\|/g, '/').slice(0, 80)} | – | – | – | – | – |${withExec ? ' – |' : ''} – | – | – | – |`,
      );
      continue;
    }
    const scanText = r.scans?.length
      ? r.scans
          .map((x) => `${x.table} ${x.rowsPerRequest}${x.seqRowsPerRequest > 1000 ? ' (seq)' : ''}`)
          .join(', ')
      : '';
    const cacheText =
      r.cacheHitShare === null || r.cacheHitShare === undefined
        ? '–'
        : `${Math.round(100 * r.cacheHitShare)}%`;
    for (const l of r.levels) {
      lines.push(
        `| ${r.name}${r.skipped ? ' (FAILED after load)' : ''} | ${l.connections} | ${l.rps} | ${l.p50} | ${l.p99} | ${l.errors} | ${ratio(r, noop, l.connections)} | ${ratio(r, pk, l.connections)} | ${l.cpuMsPerRequest} | ${dbText(l)} |${execText(l)} ${l.totalCpuMsPerRequest ?? l.cpuMsPerRequest} | ${cpuRatio(r, l.connections)} | ${cacheText} | ${scanText} |`,
      );
    }
  }
  return lines.join('\n');
}

/** The web engineer's per-route bundle figures: a table, then JSON on its last line. */
function bundleReport(): { table?: string; json?: unknown; note?: string } {
  const script = path.join(root, 'apps/web/scripts/bundle-report.mjs');
  if (!existsSync(script)) return { note: 'apps/web/scripts/bundle-report.mjs not present yet' };
  const res = spawnSync(process.execPath, [script], { cwd: root, encoding: 'utf8' });
  if (res.status !== 0)
    return { note: `bundle-report: ${(res.stderr || res.stdout).trim().slice(0, 300)}` };
  const lines = res.stdout.trim().split('\n');
  try {
    return {
      table: lines.slice(0, -1).join('\n'),
      json: JSON.parse(lines[lines.length - 1]!) as unknown,
    };
  } catch {
    return { table: res.stdout.trim() };
  }
}

// ---- main --------------------------------------------------------------------------------------

// ---- chat delivery across instances -------------------------------------------------------------

interface DeliveryResult {
  ratePerS: number;
  seconds: number;
  sent: number;
  delivered: number;
  p50: number;
  p99: number;
  max: number;
}

/**
 * Chat's delivery latency: two server instances on one PostgreSQL database of their own; a
 * socket on instance B, messages sent through instance A at a steady rate (open loop: one every
 * 1000/rate ms whatever the answers), each timed from the send to its event on B's socket.
 */
async function chatDelivery(ratePerS = 50, seconds = 10): Promise<DeliveryResult> {
  const db = 'bo_bench_delivery';
  const admin = new pg.Client({ connectionString: PG_BASE });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${db}`);
  await admin.end();
  const env: NodeJS.ProcessEnv = {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO_DATA: '0',
    JWT_SECRET,
    LOG_LEVEL: 'warn',
    DATABASE_URL: pgUrl(db),
  };
  const a = await startServer({ scale: 'delivery', env });
  const b = await startServer({ scale: 'delivery', env }).catch(async (err: unknown) => {
    await a.stop();
    throw err;
  });
  try {
    const token = await signIn(a.baseUrl);
    const onA = makeFetch(a.baseUrl, token);
    const other = await onA('POST', '/api/users', {
      firstName: 'Delivery',
      lastName: 'Peer',
      email: `peer-${Date.now()}@bench.local`,
      status: 'active',
      emailVerified: true,
    });
    const peerId = isObject(other.body) && isObject(other.body.user) ? other.body.user.id : null;
    if (typeof peerId !== 'string')
      throw new Error(`delivery: no peer (${other.status} ${JSON.stringify(other.body)})`);
    const started = await onA('POST', '/api/chat/conversations/new', { participantIds: [peerId] });
    const conversation = isObject(started.body) ? started.body.conversation : null;
    const conversationId = isObject(conversation) ? conversation.id : null;
    if (typeof conversationId !== 'string') throw new Error('delivery: no conversation');

    const socket = new WebSocket(`${b.baseUrl.replace('http', 'ws')}/api/realtime`);
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
      socket.on('message', (raw: Buffer) => {
        const m = JSON.parse(raw.toString()) as {
          type: string;
          event?: { type: string; payload: { message?: { clientId?: string } } };
        };
        if (m.type === 'ready') resolve();
        const clientId =
          m.event?.type === 'chat.message' ? m.event.payload.message?.clientId : null;
        const at = clientId ? sentAt.get(clientId) : undefined;
        if (at !== undefined) {
          latencies.push(performance.now() - at);
          sentAt.delete(clientId!);
        }
      });
    });
    const total = ratePerS * seconds;
    const every = 1000 / ratePerS;
    const begin = performance.now();
    const sends: Promise<unknown>[] = [];
    for (let i = 0; i < total; i++) {
      const wait = begin + i * every - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const clientId = `delivery-${i}`;
      sentAt.set(clientId, performance.now());
      sends.push(
        onA('POST', '/api/chat/messages/new', { conversationId, clientId, body: `Delivery ${i}` }),
      );
    }
    await Promise.all(sends);
    const deadline = performance.now() + 5000;
    while (sentAt.size && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    socket.close();
    latencies.sort((x, y) => x - y);
    const at = (q: number) =>
      latencies.length
        ? Math.round(
            latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]! * 10,
          ) / 10
        : NaN;
    return {
      ratePerS,
      seconds,
      sent: total,
      delivered: latencies.length,
      p50: at(0.5),
      p99: at(0.99),
      max: at(1),
    };
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
}

// ---- file throughput ---------------------------------------------------------------------------

interface ThroughputResult {
  driver: 'disk' | 's3';
  sizeMb: number;
  uploadMBps: number;
  downloadMBps: number;
  rssRestMb: number;
  rssUploadMaxMb: number;
  rssDownloadMaxMb: number;
  checksumOk: boolean;
}

/**
 * A 200 MB file up (resumable upload, the path big files take) and down again, on each storage
 * driver, on a small installation of its own; the server's RSS is sampled all along: streams,
 * not buffers, keep it flat. S3 is s3rver (a local S3-compatible server) in this process.
 */
async function fileThroughput(sizeMb = 200): Promise<ThroughputResult[]> {
  const { createHash, randomBytes } = await import('node:crypto');
  const { mkdtempSync, rmSync } = await import('node:fs');
  const S3rver = (await import('s3rver')).default;
  const out: ThroughputResult[] = [];
  for (const driver of ['disk', 's3'] as const) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-throughput-'));
    let s3: InstanceType<typeof S3rver> | null = null;
    const env: NodeJS.ProcessEnv = {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_DATA: '0',
      JWT_SECRET,
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      MAX_FILE_MB: String(sizeMb * 2),
      STORAGE_QUOTA_MB: String(sizeMb * 4),
    };
    if (driver === 's3') {
      s3 = new S3rver({
        port: 0,
        address: '127.0.0.1',
        silent: true,
        directory: path.join(dataDir, 's3'),
        configureBuckets: [{ name: 'bo-bench', configs: [] }],
      });
      const { port } = await s3.run();
      Object.assign(env, {
        S3_BUCKET: 'bo-bench',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_FORCE_PATH_STYLE: '1',
        AWS_ACCESS_KEY_ID: 'S3RVER',
        AWS_SECRET_ACCESS_KEY: 'S3RVER',
      });
    }
    const server = await startServer({ scale: 'throughput', env });
    try {
      const token = await signIn(server.baseUrl);
      const auth = { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
      const block = randomBytes(1024 * 1024);
      const size = sizeMb * block.length;
      const expected = createHash('sha256');
      for (let i = 0; i < sizeMb; i++) expected.update(block);
      const want = expected.digest('hex');
      const pid = server.child.pid;
      await new Promise((r) => setTimeout(r, 500));
      const rssRestMb = rssMb(pid);
      const sample = () => {
        const peak = { max: rssRestMb };
        const timer = setInterval(() => (peak.max = Math.max(peak.max, rssMb(pid))), 100);
        return { peak, stop: () => clearInterval(timer) };
      };

      const up = sample();
      const t0 = performance.now();
      const created = await fetch(`${server.baseUrl}/api/files/tus`, {
        method: 'POST',
        headers: {
          ...auth,
          'upload-length': String(size),
          'upload-metadata': `filename ${Buffer.from('big.bin').toString('base64')}`,
        },
      });
      if (created.status !== 201)
        throw new Error(`tus create: ${created.status} ${await created.text()}`);
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= sizeMb) return controller.close();
          sent++;
          controller.enqueue(new Uint8Array(block));
        },
      });
      const done = await fetch(`${server.baseUrl}${created.headers.get('location')}`, {
        method: 'PATCH',
        headers: {
          ...auth,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        body,
        duplex: 'half',
      } as RequestInit);
      const uploadS = (performance.now() - t0) / 1000;
      up.stop();
      if (done.status !== 204) throw new Error(`tus patch: ${done.status} ${await done.text()}`);
      const id = done.headers.get('upload-file-id')!;

      const down = sample();
      const t1 = performance.now();
      const res = await fetch(`${server.baseUrl}/api/files/${id}/content`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const got = createHash('sha256');
      let bytes = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        got.update(chunk);
      }
      const downloadS = (performance.now() - t1) / 1000;
      down.stop();
      out.push({
        driver,
        sizeMb,
        uploadMBps: Math.round((sizeMb / uploadS) * 10) / 10,
        downloadMBps: Math.round((sizeMb / downloadS) * 10) / 10,
        rssRestMb,
        rssUploadMaxMb: up.peak.max,
        rssDownloadMaxMb: down.peak.max,
        checksumOk: bytes === size && got.digest('hex') === want,
      });
      log(`files ${driver}: ${JSON.stringify(out.at(-1))}`);
    } finally {
      await server.stop();
      await s3?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return out;
}

// ---- an export made as a job ------------------------------------------------------------------

interface ExportJobResult {
  format: 'csv' | 'xlsx';
  status: string;
  rows: number;
  expectedRows: number;
  mb: number;
  seconds: number;
  rssRestMb: number;
  rssMaxMb: number;
  /** Rows read back from the downloaded file (the workbook through exceljs' streaming reader). */
  rowsBack: number;
}

/**
 * Every order exported as CSV and as XLSX, one after the other, each by the export job (the
 * server answers at most EXPORT_SYNC_MAX = 1,000 rows at once here, so any scale makes a job):
 * the time from the request to the export being done in My exports, and the server's resident
 * size sampled every 100 ms against its size at rest. The file is then downloaded and its rows
 * counted (the workbook read back by exceljs), and the export deleted.
 */
async function exportJob(target: Target): Promise<ExportJobResult[]> {
  const ExcelJS = (await import('exceljs')).default;
  // As `npm start` runs it (its V8 heap capped): the memory figure is the product's.
  const server = await startServer(
    target,
    { EXPORT_SYNC_MAX: '1000', JOB_POLL_SECONDS: '1' },
    SERVER_NODE_ARGS,
  );
  const out: ExportJobResult[] = [];
  try {
    const token = await signIn(server.baseUrl);
    const headers = { authorization: `Bearer ${token}` };
    const fetchJson = makeFetch(server.baseUrl, token);
    const listed = await fetchJson('GET', '/api/orders?limit=25');
    const expectedRows = (listed.body as { total: number }).total;
    for (let i = 0; i < 5; i++) await fetchJson('GET', '/api/orders?limit=25');
    await new Promise((r) => setTimeout(r, 1000));
    const pid = server.child.pid;
    for (const format of ['csv', 'xlsx'] as const) {
      const rssRestMb = rssMb(pid);
      const peak = { max: rssRestMb };
      const timer = setInterval(() => (peak.max = Math.max(peak.max, rssMb(pid))), 100);
      const t0 = performance.now();
      const asked = await fetchJson('GET', `/api/orders/export?format=${format}`);
      if (asked.status !== 202) {
        clearInterval(timer);
        throw new Error(`export answered ${asked.status}, not 202: ${JSON.stringify(asked.body)}`);
      }
      const id = (asked.body as { export: { id: string } }).export.id;
      let record: { status: string; rows: number | null; bytes: number | null } | undefined;
      for (;;) {
        const mine = await fetchJson('GET', '/api/exports');
        record = (
          mine.body as {
            exports: Array<{ id: string; status: string; rows: number; bytes: number }>;
          }
        ).exports.find((e) => e.id === id);
        if (!record || record.status === 'done' || record.status === 'failed') break;
        await new Promise((r) => setTimeout(r, 250));
      }
      const seconds = (performance.now() - t0) / 1000;
      clearInterval(timer);
      let rowsBack = 0;
      if (record?.status === 'done') {
        const res = await fetch(`${server.baseUrl}/api/exports/${id}/file`, { headers });
        const body = Readable.fromWeb(res.body as never);
        if (format === 'csv') {
          let lines = 0;
          for await (const chunk of body as AsyncIterable<Buffer>)
            for (const byte of chunk) if (byte === 10) lines++;
          rowsBack = lines - 1;
        } else {
          const reader = new ExcelJS.stream.xlsx.WorkbookReader(body, {
            sharedStrings: 'ignore',
            styles: 'ignore',
            hyperlinks: 'ignore',
            worksheets: 'emit',
          });
          for await (const sheet of reader)
            for await (const _row of sheet as AsyncIterable<unknown>) rowsBack++;
          rowsBack -= 1;
        }
        await fetchJson('DELETE', `/api/exports/${id}`);
      }
      out.push({
        format,
        status: record?.status ?? 'missing',
        rows: record?.rows ?? 0,
        expectedRows,
        mb: Math.round(((record?.bytes ?? 0) / 1024 / 1024) * 10) / 10,
        seconds: Math.round(seconds * 10) / 10,
        rssRestMb,
        rssMaxMb: peak.max,
        rowsBack,
      });
      log(`export job ${format}: ${JSON.stringify(out.at(-1))}`);
    }
  } finally {
    await server.stop();
  }
  return out;
}

function exportJobTable(results: ExportJobResult[]): string[] {
  return [
    `Every order exported by the export job (EXPORT_SYNC_MAX=1000 so any scale makes a job): time from the request to done, the server's RSS over its size at rest:`,
    '',
    '| format | status | rows | rows read back | file | seconds | RSS at rest | RSS max | over rest |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|',
    ...results.map(
      (r) =>
        `| ${r.format} | ${r.status} | ${r.rows} of ${r.expectedRows} | ${r.rowsBack} | ${r.mb} MB | ${r.seconds} | ${r.rssRestMb} MB | ${r.rssMaxMb} MB | ${r.rssMaxMb - r.rssRestMb} MB |`,
    ),
  ];
}

interface ScaleOutResult {
  name: string;
  connections: number;
  one: { rps: number; p50: number; p99: number; errors: number };
  many: { rps: number; p50: number; p99: number; errors: number };
  ratio: number;
}

interface FreshnessResult {
  /** Writes made through the first instance, each read back at once through another. */
  checked: number;
  /** Reads that did not show the write just made. */
  stale: number;
  worstMs: number;
}

/**
 * Several production servers on one PostgreSQL: each read scenario at `connections` clients on
 * the first instance alone, then the same clients shared among all instances at once. While the
 * instances are loaded, a probe changes a product's price through the first instance and reads
 * it back through another, over and over: any stale answer is counted.
 */
async function scaleOut(
  target: Target,
  list: Scenario[],
  connections: number,
  seconds: number,
): Promise<{ results: ScaleOutResult[]; freshness: FreshnessResult }> {
  const servers: Server[] = [];
  try {
    for (let i = 0; i < instances; i++) servers.push(await startServer(target));
    const token = await signIn(servers[0]!.baseUrl);
    const fetchFirst = makeFetch(servers[0]!.baseUrl, token);
    const fetchOthers = servers.slice(1).map((sv) => makeFetch(sv.baseUrl, token));
    const listed = await fetchFirst('GET', '/api/products?limit=1');
    const product =
      isObject(listed.body) && Array.isArray(listed.body.products)
        ? (listed.body.products[0] as { id: string; slug: string; price: number } | undefined)
        : undefined;
    const freshness: FreshnessResult = { checked: 0, stale: 0, worstMs: 0 };
    let probing = false;
    const probe = async () => {
      if (!product) return;
      let cents = Math.round(product.price * 100);
      while (probing) {
        cents = cents >= 99_999 ? 1_000 : cents + 1;
        const price = cents / 100;
        const patched = await fetchFirst('PATCH', `/api/products/${product.id}`, { price });
        if (patched.status === 200) {
          for (const other of fetchOthers) {
            const t0 = performance.now();
            const read = await other('GET', `/api/products/product?name=${product.slug}`);
            freshness.worstMs = Math.max(freshness.worstMs, Math.round(performance.now() - t0));
            freshness.checked++;
            const seen =
              isObject(read.body) && isObject(read.body.product) ? read.body.product.price : null;
            if (seen !== price) freshness.stale++;
          }
        }
        await new Promise((r) => setTimeout(r, 250));
      }
    };
    const results: ScaleOutResult[] = [];
    const rss = { max: 0 };
    for (const s of list) {
      if (await check(fetchFirst, s, 0)) continue;
      const one = await load(servers[0]!.baseUrl, token, s, connections, seconds, rss);
      probing = true;
      const probeDone = probe();
      const share = Math.max(1, Math.round(connections / servers.length));
      const parts = await Promise.all(
        servers.map((sv) => load(sv.baseUrl, token, s, share, seconds, rss)),
      );
      probing = false;
      await probeDone;
      const many = {
        rps: parts.reduce((n, p) => n + p.rps, 0),
        p50: Math.max(...parts.map((p) => p.p50)),
        p99: Math.max(...parts.map((p) => p.p99)),
        errors: parts.reduce((n, p) => n + p.errors, 0),
      };
      const ratio = one.rps ? Math.round((many.rps / one.rps) * 100) / 100 : 0;
      results.push({
        name: s.name,
        connections,
        one: { rps: one.rps, p50: one.p50, p99: one.p99, errors: one.errors },
        many,
        ratio,
      });
      log(
        `  ${s.name}: 1 instance ${one.rps} req/s p99 ${one.p99} ms; ${servers.length} instances ${many.rps} req/s p99 ${many.p99} ms (${ratio}x)`,
      );
    }
    return { results, freshness };
  } finally {
    for (const sv of servers) await sv.stop();
  }
}

// ---- soak --------------------------------------------------------------------------------------

const SOAK_METRICS_TOKEN = 'bench-soak-metrics-token-42';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A few gauges of the server's /metrics, in MB: the JS heap and the read cache. */
async function memoryGauges(
  baseUrl: string,
): Promise<{ heapMb: number; readCacheMb: number; storeHeapMb: number; externalMb: number }> {
  const res = await fetch(`${baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${SOAK_METRICS_TOKEN}` },
  });
  const text = res.ok ? await res.text() : '';
  const gauge = (name: string) =>
    Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
  return {
    heapMb: mb(gauge('nodejs_heap_size_used_bytes')),
    readCacheMb: mb(gauge('bo_read_cache_bytes')),
    storeHeapMb: mb(gauge('bo_embedded_store_heap_bytes')),
    externalMb: mb(gauge('nodejs_external_memory_bytes')),
  };
}

interface MixResult {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  /** Answers of another status than the request's, by request name; errors and timeouts. */
  wrong: Record<string, number>;
  errors: number;
}

/** `amount` requests of the soak's round at SOAK_CLIENTS clients, the server's RSS sampled each second. */
async function mixLoad(
  baseUrl: string,
  token: string,
  round: readonly SoakRequest[],
  amount: number,
  pid: number | undefined,
  samples: number[],
): Promise<MixResult> {
  let counter = 0;
  const wrong: Record<string, number> = {};
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    'accept-encoding': 'gzip, deflate, br',
  };
  const timer = setInterval(() => samples.push(rssMb(pid)), 1000);
  const t0 = performance.now();
  const result = await autocannon({
    url: baseUrl,
    connections: SOAK_CLIENTS,
    amount,
    headers,
    requests: [
      {
        // One request at a time per connection: the context names the one in flight.
        setupRequest: (req, context) => {
          const i = counter++;
          const r = round[i % round.length]!;
          context.kind = r;
          return {
            ...req,
            method: r.method,
            path: r.url(i),
            body: r.body ? JSON.stringify(r.body(i)) : undefined,
            headers: r.body ? { ...headers, 'content-type': 'application/json' } : headers,
          };
        },
        onResponse: (status, _body, context) => {
          const r = context.kind as SoakRequest;
          if (status !== r.expectedStatus) wrong[r.name] = (wrong[r.name] ?? 0) + 1;
        },
      },
    ],
  });
  clearInterval(timer);
  samples.push(rssMb(pid));
  const seconds = Math.round((performance.now() - t0) / 100) / 10;
  return {
    requests: result.requests.total,
    seconds,
    rps: Math.round(result.requests.total / seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    wrong,
    errors: result.errors + result.timeouts,
  };
}

/**
 * `--only soak`: a first start on a new data directory with the demo data (its resident size at
 * rest), a warm-up, one hour-equivalent of the mixed reads and writes at SOAK_CLIENTS clients with
 * the resident size sampled each second, then a restart on the same data (its size at rest).
 */
async function soak(): Promise<void> {
  const REST_MS = 30_000;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-soak-'));
  const target: Target = {
    scale: 'demo',
    env: {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_DATA: '1',
      JWT_SECRET,
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      METRICS_TOKEN: SOAK_METRICS_TOKEN,
    },
  };
  try {
    log(`soak: first start on a new data directory with the demo data (${dataDir})…`);
    // As `npm start` runs it: its heap cap too (the other scenarios keep V8's default).
    let server = await startServer(target, {}, SERVER_NODE_ARGS);
    const firstReadyMs = server.readyMs;
    await sleep(REST_MS);
    const restFresh = rssMb(server.child.pid);
    log(`  ready in ${firstReadyMs} ms; RSS ${REST_MS / 1000} s later: ${restFresh} MB`);

    const token = await signIn(server.baseUrl);
    const fetchJson = makeFetch(server.baseUrl, token);
    const notes: string[] = [];
    const byName = new Map<string, SoakRequest>();
    for (const s of await areaScenarios(server.baseUrl, fetchJson, notes, false)) {
      const body = s.body;
      byName.set(s.name, {
        name: s.name,
        method: s.method === 'GET' ? 'GET' : 'POST',
        url: (i) => s.url(s.ctx, i),
        body: body ? (i) => body(s.ctx, i) : undefined,
        expectedStatus: s.expectedStatus,
      });
    }
    for (const w of await soakWrites(fetchJson)) byName.set(w.name, w);
    const round = SOAK_ROUND.map((name) => {
      const r = byName.get(name);
      if (!r) throw new Error(`soak: no scenario "${name}" (${notes.join('; ') || 'not found'})`);
      return r;
    });
    // Each kind checked once before the load: a mix of refusals would measure nothing.
    for (const [k, r] of round.entries()) {
      const res = await fetchJson(r.method, r.url(k), r.body?.(k));
      if (res.status !== r.expectedStatus)
        throw new Error(
          `soak: ${r.name} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 200)}`,
        );
    }

    const pid = server.child.pid;
    const warmSamples: number[] = [];
    const warm = await mixLoad(
      server.baseUrl,
      token,
      round,
      SOAK_WARMUP_REQUESTS,
      pid,
      warmSamples,
    );
    const rssWarm = rssMb(pid);
    const gaugesWarm = await memoryGauges(server.baseUrl);
    log(`  warm-up: ${warm.requests} requests in ${warm.seconds} s; RSS ${rssWarm} MB`);

    const samples: number[] = [];
    const main = await mixLoad(server.baseUrl, token, round, SOAK_REQUESTS, pid, samples);
    const rssEnd = rssMb(pid);
    const gaugesEnd = await memoryGauges(server.baseUrl);
    const rssMax = Math.max(rssWarm, ...samples);
    await sleep(REST_MS);
    const rssAfter = rssMb(pid);
    await server.stop();

    server = await startServer(target, {}, SERVER_NODE_ARGS);
    await sleep(REST_MS);
    const restRestart = rssMb(server.child.pid);
    await server.stop();

    const delta = rssMax - rssWarm;
    const pass = delta <= SOAK_LIMIT_MB;
    const wrongTotal = Object.values(main.wrong).reduce((n, x) => n + x, 0) + main.errors;
    const writes = round.filter((r) => r.method !== 'GET').length;
    const out = [
      `Soak — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, embedded store, demo data, ${os.cpus().length} cores, Node ${process.version}, load average ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' / ')}`,
      '',
      `One hour-equivalent: ${SOAK_CLIENTS} people each making a request every 3 s for an hour = ${SOAK_REQUESTS.toLocaleString('en')} requests, sent as fast as the server answered them at ${SOAK_CLIENTS} clients (${round.length - writes} reads and ${writes} writes in each round of ${round.length}: ${[...new Set(round.map((r) => r.name.replace(/\*$/, '')))].join('; ')}).`,
      '',
      '| | RSS |',
      '|---|--:|',
      `| first start with the demo data, at rest (${REST_MS / 1000} s after ready) | ${restFresh} MB |`,
      `| after the warm-up (${SOAK_WARMUP_REQUESTS.toLocaleString('en')} requests) | ${rssWarm} MB |`,
      `| soak: highest sample (each second) | ${rssMax} MB |`,
      `| soak: at its end | ${rssEnd} MB |`,
      `| ${REST_MS / 1000} s after the soak | ${rssAfter} MB |`,
      `| restart on the same data, at rest | ${restRestart} MB |`,
      '',
      `Highest minus after warm-up: ${delta} MB (limit ${SOAK_LIMIT_MB} MB): ${pass ? 'PASS' : 'FAIL'}.`,
      `JS heap used ${gaugesWarm.heapMb} → ${gaugesEnd.heapMb} MB; read cache ${gaugesWarm.readCacheMb} → ${gaugesEnd.readCacheMb} MB; the store's WebAssembly heap ${gaugesWarm.storeHeapMb} → ${gaugesEnd.storeHeapMb} MB; external memory ${gaugesWarm.externalMb} → ${gaugesEnd.externalMb} MB (after warm-up → end).`,
      `Soak: ${main.requests.toLocaleString('en')} requests in ${main.seconds} s (${main.rps} req/s, p50 ${main.p50} ms, p99 ${main.p99} ms), ${wrongTotal} unexpected answers or errors${
        wrongTotal
          ? ` (${Object.entries(main.wrong)
              .map(([k, v]) => `${k}: ${v}`)
              .join(', ')}${main.errors ? `, errors ${main.errors}` : ''})`
          : ''
      }.`,
      `Server ready in ${firstReadyMs} ms on the first start (migrations and demo data included).`,
    ];
    console.info(out.join('\n'));
    const resultsDir = path.join(root, 'bench/results');
    mkdirSync(resultsDir, { recursive: true });
    const json = {
      date: new Date().toISOString(),
      store: 'pglite',
      scale: 'demo',
      clients: SOAK_CLIENTS,
      requests: SOAK_REQUESTS,
      warmupRequests: SOAK_WARMUP_REQUESTS,
      round: round.map((r) => r.name),
      rssMb: { restFresh, warm: rssWarm, max: rssMax, end: rssEnd, after: rssAfter, restRestart },
      deltaMb: delta,
      limitMb: SOAK_LIMIT_MB,
      pass,
      gauges: { warm: gaugesWarm, end: gaugesEnd },
      load: main,
      samples,
      loadAverage: os.loadavg(),
    };
    writeFileSync(path.join(resultsDir, 'soak.json'), `${JSON.stringify(json, null, 2)}\n`);
    writeFileSync(path.join(resultsDir, 'soak.md'), `${out.join('\n')}\n`);
    if (!pass || wrongTotal) process.exitCode = 1;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  ensureBuilt();
  // The soak starts its own server on its own data: a run of its own (it takes some minutes).
  if (args.only === 'soak') return soak();
  const notes: string[] = [];
  const target: Target =
    args.only === 'export-job' && args['database-url']
      ? {
          scale,
          env: {
            ADMIN_EMAIL: ADMIN.email,
            ADMIN_PASSWORD: ADMIN.password,
            DEMO_DATA: '0',
            JWT_SECRET,
            LOG_LEVEL: 'warn',
            DATA_DIR: path.join(root, 'bench/data', 'export-job'),
            DATABASE_URL: args['database-url'],
          },
        }
      : await prepare(scale);
  // `--only export-job`: the export job alone on the scale's data (it reads every order twice).
  if (args.only === 'export-job') {
    const results = await exportJob(target);
    const text = [
      `Export job — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, store ${store}, scale ${scale}${args['database-url'] ? ' (a database seeded before)' : ''}, ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' / ')}`,
      '',
      ...exportJobTable(results),
    ].join('\n');
    log(`\n${text}`);
    writeFileSync(path.join(root, `bench/results/export-job-${store}-${scale}.md`), `${text}\n`);
    return;
  }
  // Time to ready on an existing data directory: a first start (migrations, bootstrap) is not it.
  const warm = await startServer(target);
  await warm.stop();
  const server = await startServer(target);
  const rss = { max: 0 };
  let results: ScenarioResult[] = [];
  let rssRest = 0;
  const readyMs = server.readyMs;
  // The read scenarios, for the run through several instances.
  let readList: Scenario[] = [];
  const growthResults: Array<{
    scale: string;
    rows: Record<string, number>;
    results: ScenarioResult[];
  }> = [];
  try {
    const token = await signIn(server.baseUrl);
    const fetchJson = makeFetch(server.baseUrl, token);
    let list = [
      ...(await coreScenarios(fetchJson)),
      ...(await areaScenarios(server.baseUrl, fetchJson, notes)),
    ];
    if (args.only) list = list.filter((s) => s.kind === 'ceiling' || s.name.includes(args.only!));
    readList = list.filter((s) => s.kind === 'read');
    // Warm-up: JIT and the store's caches, so the first scenario is not penalised.
    await load(server.baseUrl, token, list[0]!, 10, 1, rss, server.child.pid);
    rssRest = rssMb(server.child.pid);
    log(`server ready in ${readyMs} ms; RSS at rest ${rssRest} MB`);
    results = await runScenarios(server, list, token, rss, levels, durationS);
  } finally {
    await server.stop();
  }

  if (growth) {
    for (const g of GROWTH_SCALES) {
      const t = g === scale ? target : await prepare(g);
      // Growth is about what the queries cost as the tables grow: the read cache stays off.
      const s = await startServer(t, { READ_CACHE: 'off' });
      try {
        const token = await signIn(s.baseUrl);
        const fetchJson = makeFetch(s.baseUrl, token);
        const list = (await areaScenarios(s.baseUrl, fetchJson, [], false)).filter(
          (x) => isListScenario(x) && !x.asPeople && (!args.only || x.name.includes(args.only)),
        );
        log(`growth at ${g}:`);
        const r = await runScenarios(
          s,
          list,
          token,
          { max: 0 },
          [1],
          Math.max(2, Math.round(durationS / 2)),
        );
        const stats = await scanStats(fetchJson);
        const rows = Object.fromEntries(
          ['users', 'products', 'orders', 'order_items'].map((n) => [n, stats.get(n)?.rows ?? 0]),
        );
        growthResults.push({ scale: g, rows, results: r });
      } finally {
        await s.stop();
      }
    }
  }

  let scaled: Awaited<ReturnType<typeof scaleOut>> | null = null;
  if (instances > 1) {
    log(`${instances} instances on one PostgreSQL, ${Math.max(...levels)} clients:`);
    scaled = await scaleOut(target, readList, Math.max(...levels), durationS);
  }

  // With --only, the throughput runs when the filter names the file manager ("files…").
  const wantsFiles = !args.only || 'files'.startsWith(args.only) || args.only.startsWith('files');
  const throughput = args['no-throughput'] || !wantsFiles ? [] : await fileThroughput();
  const exported = args.only || args['no-export'] ? [] : await exportJob(target);
  // Chat's delivery between two instances needs PostgreSQL (BENCH_DATABASE_URL), whatever the store.
  const wantsChat = !args.only || 'chat'.startsWith(args.only) || args.only.startsWith('chat');
  let delivery: DeliveryResult | null = null;
  if (wantsChat && !args['no-delivery']) {
    try {
      delivery = await chatDelivery();
    } catch (err) {
      notes.push(`chat delivery not measured: ${(err as Error).message.split('\n')[0]}`);
    }
  }

  const load1 = os.loadavg().map((x) => x.toFixed(1));
  const header = [
    `Back-office benchmark — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    `store ${store}, scale ${scale}, read cache ${noCache ? 'off (--no-cache)' : store === 'pglite' ? 'on' : 'on (checked against the change log)'}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), Node ${process.version}, ${durationS} s per level, autocannon in the same machine`,
    `load average at start ${loadAtStart.join(' / ')}, at end ${load1.join(' / ')} (1 / 5 / 15 min)${
      Number(loadAtStart[0]) > os.cpus().length + 0.5
        ? ': other processes shared the cores, so the figures are below what the machine allows'
        : ''
    }`,
  ];
  const out: string[] = [...header, '', table(results), ''];
  const weighed = results.filter((r) => r.answerBytes);
  if (weighed.length) {
    const over = weighed.filter((r) => r.answerBytes!.gzip > r.answerBytes!.budget);
    out.push(
      `Answer sizes (JSON, gzipped as browsers receive them) against each scenario's budget: ${over.length ? `${over.length} over` : 'all within'}.`,
      '',
      '| read scenario | answer (gzip) | budget | within |',
      '|---|--:|--:|:-:|',
      ...weighed.map(
        (r) =>
          `| ${r.name} | ${(r.answerBytes!.gzip / 1024).toFixed(1)} KiB | ${(r.answerBytes!.budget / 1024).toFixed(0)} KiB | ${r.answerBytes!.gzip <= r.answerBytes!.budget ? 'yes' : 'NO'} |`,
      ),
      '',
    );
  }
  out.push(`server start to ready on the existing data: ${readyMs} ms`);
  out.push(`server RSS at rest: ${rssRest} MB, under load (max): ${rss.max} MB`);
  if (throughput.length) {
    out.push(
      '',
      `File manager: one ${throughput[0]!.sizeMb} MB file up (resumable upload) and down, per storage driver (S3 = s3rver on this machine):`,
      '',
      '| driver | upload MB/s | download MB/s | server RSS at rest | max during upload | max during download | bytes back equal |',
      '|---|--:|--:|--:|--:|--:|:-:|',
      ...throughput.map(
        (r) =>
          `| ${r.driver} | ${r.uploadMBps} | ${r.downloadMBps} | ${r.rssRestMb} MB | ${r.rssUploadMaxMb} MB | ${r.rssDownloadMaxMb} MB | ${r.checksumOk ? 'yes' : 'NO'} |`,
      ),
    );
  }
  if (exported.length) out.push('', ...exportJobTable(exported));
  if (delivery) {
    out.push(
      '',
      `Chat delivery: two instances on one PostgreSQL, ${delivery.ratePerS} messages a second for ${delivery.seconds} s sent through one, timed to the event on a socket of the other:`,
      '',
      '| sent | delivered | p50 ms | p99 ms | max ms |',
      '|--:|--:|--:|--:|--:|',
      `| ${delivery.sent} | ${delivery.delivered} | ${delivery.p50} | ${delivery.p99} | ${delivery.max} |`,
    );
  }
  if (target.seedMs) out.push(`seeding ${scale} took ${(target.seedMs / 1000).toFixed(1)} s`);
  const bundles = bundleReport();
  out.push(
    '',
    'Web bundle sizes per route (from apps/web/scripts/bundle-report.mjs):',
    bundles.table ?? bundles.note ?? '',
  );

  let growthSummary: Array<{
    name: string;
    p50: Record<string, number>;
    cpu: Record<string, number>;
    p50Ratio: number;
    cpuRatio: number;
    flat: boolean;
  }> = [];
  if (growthResults.length) {
    const names = [...new Set(growthResults.flatMap((g) => g.results.map((r) => r.name)))];
    const firstScale = GROWTH_SCALES[0]!;
    const lastScale = GROWTH_SCALES[GROWTH_SCALES.length - 1]!;
    const ratioOf = (m: Record<string, number>) =>
      Math.round((m[lastScale]! / m[firstScale]!) * 100) / 100;
    growthSummary = names.map((name) => {
      const p50: Record<string, number> = {};
      const cpu: Record<string, number> = {};
      for (const g of growthResults) {
        const level = g.results.find((x) => x.name === name)?.levels[0];
        p50[g.scale] = level?.p50 ?? NaN;
        cpu[g.scale] = level?.cpuMsPerRequest ?? NaN;
      }
      const p50Ratio = ratioOf(p50);
      const cpuRatio = ratioOf(cpu);
      return { name, p50, cpu, p50Ratio, cpuRatio, flat: p50Ratio <= 2 && cpuRatio <= 2 };
    });
    out.push(
      '',
      `Growth (read cache off: every answer computed): one connection, median latency (ms) and server CPU per request (ms):`,
      '',
    );
    for (const g of growthResults) {
      out.push(
        `- ${g.scale}: ${Object.entries(g.rows)
          .map(([k, v]) => `${v.toLocaleString('en')} ${k}`)
          .join(', ')}`,
      );
    }
    out.push('');
    out.push(
      `| list scenario | ${GROWTH_SCALES.map((s) => `p50 ${s}`).join(' | ')} | ${GROWTH_SCALES.map((s) => `CPU ${s}`).join(' | ')} | p50 ${lastScale}/${firstScale} | CPU ${lastScale}/${firstScale} | flat (≤ 2x) |`,
      `|---|${GROWTH_SCALES.map(() => '--:|--:').join('|')}|--:|--:|:-:|`,
    );
    for (const g of growthSummary) {
      out.push(
        `| ${g.name} | ${GROWTH_SCALES.map((s) => String(g.p50[s])).join(' | ')} | ${GROWTH_SCALES.map((s) => String(g.cpu[s])).join(' | ')} | ${g.p50Ratio} | ${g.cpuRatio} | ${g.flat ? 'yes' : 'NO'} |`,
      );
    }
  }
  if (scaled) {
    const c = scaled.results[0]?.connections ?? 0;
    out.push(
      '',
      `Scale-out: ${instances} production instances on one PostgreSQL, ${c} clients shared among them, against the same ${c} clients on one instance (read cache ${noCache ? 'off' : 'on, checked against the change log'}):`,
      '',
      '| scenario | 1 instance req/s | p99 ms | ' +
        `${instances} instances req/s | p99 ms | ratio | errors |`,
      '|---|--:|--:|--:|--:|--:|--:|',
      ...scaled.results.map(
        (r) =>
          `| ${r.name} | ${r.one.rps} | ${r.one.p99} | ${r.many.rps} | ${r.many.p99} | ${r.ratio}x | ${r.one.errors + r.many.errors} |`,
      ),
      '',
      `Writes through one instance read back at once through the other${instances > 2 ? 's' : ''} during that load: ${scaled.freshness.checked} checked, ${scaled.freshness.stale} stale (slowest read ${scaled.freshness.worstMs} ms).`,
    );
    const ratios = scaled.results.map((r) => r.ratio).sort((a, b) => a - b);
    if (ratios.length)
      out.push(
        `Median ratio ${ratios[Math.floor(ratios.length / 2)]}x over ${ratios.length} read scenarios.`,
      );
  }
  if (store === 'postgres') {
    notes.push(
      "DB CPU ms/req: CPU time (/proc utime + stime) of the PostgreSQL backends connected to the bench database, and of their parallel and autovacuum workers, over each level, per request; the cluster's shared background processes (checkpointer, background writer, WAL writer, postmaster) are not in it (they also work for the other databases of a shared cluster): dbBackgroundCpuMsPerRequest in the JSON, as is the CPU of exited backends the 100 ms samples missed (dbExitedUnseenCpuMsPerRequest, any database's). total = server + DB.",
      ...dbCpuNotes,
    );
  } else {
    notes.push('DB CPU: the embedded database runs inside the server process, in its CPU.');
  }
  if (notes.length) out.push('', ...notes.map((n) => `note: ${n}`));
  out.push('', `total bench time ${Math.round((Date.now() - startedAt) / 1000)} s`);
  console.info(out.join('\n'));

  const resultsDir = path.join(root, 'bench/results');
  // A run of some scenarios only (--only) is kept beside the full run's results, not over them.
  const onlySlug = args.only
    ? `-only-${args.only
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')}`
    : '';
  const resultName = `${store}-${scale}${quick ? '-quick' : ''}${noCache ? '-no-cache' : ''}${instances > 1 ? `-${instances}-instances` : ''}${onlySlug}`;
  mkdirSync(resultsDir, { recursive: true });
  const json = {
    date: new Date().toISOString(),
    store,
    scale,
    quick,
    readCache: !noCache,
    instances,
    databaseCpu: store === 'postgres' ? 'measured per level (bench/db-cpu.ts)' : 'in server',
    loadAverage: { start: loadAtStart, end: load1 },
    machine: {
      cores: os.cpus().length,
      cpu: os.cpus()[0]?.model,
      memoryMb: Math.round(os.totalmem() / 2 ** 20),
      node: process.version,
    },
    durationPerLevelS: durationS,
    serverReadyMs: readyMs,
    rssAtRestMb: rssRest,
    rssUnderLoadMb: rss.max,
    seedMs: target.seedMs,
    scenarios: results,
    growth: growthResults,
    growthSummary,
    fileThroughput: throughput,
    chatDelivery: delivery,
    scaleOut: scaled,
    bundles,
    notes,
  };
  writeFileSync(path.join(resultsDir, 'latest.json'), `${JSON.stringify(json, null, 2)}\n`);
  writeFileSync(path.join(resultsDir, `${resultName}.json`), `${JSON.stringify(json, null, 2)}\n`);
  writeFileSync(path.join(resultsDir, `${resultName}.md`), `${out.join('\n')}\n`);
  await closeDbMeters();
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
