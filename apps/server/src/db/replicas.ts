import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

/**
 * Read replicas (decision 052). Statements reach PostgreSQL through the primary's pool; the ones
 * sent with `pool.query` (outside transactions) while a GET or HEAD is served may be answered by a
 * streaming replica instead. Everything else — transactions (`pool.connect()`), writes, sign-in
 * checks, the read cache's validity check, LISTEN/NOTIFY, the job queue, migrations — stays on the
 * primary.
 */

/** What the statements of one request may read from (opened by plugins/read-routing.ts). */
export interface ReadScope {
  /** A GET or HEAD past its sign-in checks: statements outside transactions may lag. */
  mayLag: boolean;
  /** Whose reads these are: after their own writes they must see them (read-your-writes). */
  person?: string;
  /** A replica must have replayed this far (the read cache's snapshot, see requireReplayed). */
  minLsn: bigint;
  /** The request opened a transaction or wrote: the rest of it reads from the primary. */
  wrote: boolean;
  /** A statement meant for a replica wrote (it was sent again to the primary). */
  wroteOnReplica: boolean;
}

const scopes = new AsyncLocalStorage<ReadScope | null>();

export function newReadScope(): ReadScope {
  return { mayLag: false, minLsn: 0n, wrote: false, wroteOnReplica: false };
}

/** Runs `fn` (and what it starts) in `scope`. */
export function inReadScope<T>(scope: ReadScope, fn: () => T): T {
  return scopes.run(scope, fn);
}

/**
 * Runs `fn` with every statement it sends on the primary: reads that must be exact. Outside a
 * read scope (no replicas, or not a request's reads) there is nothing to undo: `fn` runs as it
 * is, so a server without DATABASE_READ_URL never switches AsyncLocalStorage on (it makes every
 * promise of the process dearer: the bench's framework ceiling lost a third of its rate).
 */
export function onPrimary<T>(fn: () => T): T {
  return scopes.getStore() ? scopes.run(null, fn) : fn();
}

/**
 * The statements of the current request may only be read from a replica that replayed the
 * primary's WAL up to `lsn` (text as `pg_current_wal_lsn()` answers it): an answer kept against a
 * primary snapshot must be at least as new as that snapshot.
 */
export function requireReplayed(lsn: string | null | undefined): void {
  const scope = scopes.getStore();
  if (!scope || !lsn) return;
  const at = parseLsn(lsn);
  if (at > scope.minLsn) scope.minLsn = at;
}

/** `16/B374D848` → a number that orders like the WAL position. */
export function parseLsn(text: string): bigint {
  const [hi, lo] = text.split('/');
  return (BigInt(`0x${hi}`) << 32n) | BigInt(`0x${lo}`);
}

/** Statements that only read (others go to the primary without trying a replica)… */
const READS = /^\s*(select|with|values|table)\b/i;
/**
 * …unless they write or lock after all (a CTE that inserts, a locking read, a sequence, NOTIFY):
 * a replica would refuse them. A word inside a string literal only costs a primary read.
 */
const WRITES =
  /\b(insert|update|delete|merge|nextval|setval|pg_notify|pg_advisory_(xact_)?lock)\b|\bfor\s+(no\s+key\s+)?(update|share)\b/i;

/** Whether a statement may be sent to a replica. */
export function readOnly(text: string): boolean {
  return READS.test(text) && !WRITES.test(text);
}

/** Errors of the connection, not of the statement: the replica is taken out, the primary answers. */
function connectionLevel(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  // No SQLSTATE: a socket error, "Connection terminated", a connect timeout.
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return true;
  // connection_exception, admin/crash shutdown, cannot_connect_now, database_dropped.
  return code.startsWith('08') || /^57P0[1-4]$/.test(code);
}

/**
 * Statements a replica refuses that the primary answers: read_only_sql_transaction (the statement
 * writes), serialization failure / deadlock from a conflict with recovery.
 */
const RETRIED_ON_PRIMARY = new Set(['25006', '40001', '40P01']);

export interface TargetStats {
  /** `primary`, `replica1`, `replica2`…: the metrics' `target` label. */
  target: string;
  /** Statements sent outside transactions and answered here, since start. */
  statements: number;
  /** Statements that failed here and were answered by the primary. */
  fallbacks: number;
  total: number;
  idle: number;
  waiting: number;
  /** Replicas: answering and within the allowed lag. */
  healthy: boolean;
  /** Replicas: the replay lag at the last check, in ms (0 when caught up). */
  lagMs: number;
}

interface Target {
  name: string;
  url: string;
  pool: pg.Pool;
  /** A connection of its own for the health check (never behind the pool's queue). */
  check: pg.Pool;
  healthy: boolean;
  replayLsn: bigint;
  lagMs: number;
  statements: number;
  fallbacks: number;
}

/** A person's latest write: their reads stay on the primary until a replica replayed it. */
interface PersonWrite {
  /** Writes under way (their position is not known yet): the primary answers meanwhile. */
  pending: number;
  startedAt: number;
  /** The primary's WAL position after the write; null when it could not be read. */
  lsn: bigint | null;
  /** Until when the write matters (the window: the lag a healthy replica may have). */
  until: number;
}

/** People whose recent writes are remembered, per instance (the oldest are forgotten first). */
const MAX_PEOPLE = 10_000;
/** A write that never ended (an aborted request) pins its author for this long at most. */
const PENDING_MAX_MS = 60_000;

export interface ReplicaOptions {
  urls: string[];
  maxLagMs: number;
  poolSize: number;
  statementTimeoutMs?: number;
  /** How often each replica's replay position is read (default 500 ms). */
  checkEveryMs?: number;
  Client: typeof pg.Client;
}

/** Routes the primary pool's statements; one per Database opened with replicas. */
export class ReadRouter {
  readonly targets: Target[];
  readonly maxLagMs: number;
  private readonly checkEveryMs: number;
  private primaryLsn = 0n;
  private readonly writes = new Map<string, PersonWrite>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private next = 0;

  constructor(
    private readonly primaryQuery: (text: string) => Promise<pg.QueryResult>,
    options: ReplicaOptions,
  ) {
    this.maxLagMs = options.maxLagMs;
    this.checkEveryMs = options.checkEveryMs ?? 500;
    this.targets = options.urls.map((url, i) => {
      const pool = new pg.Pool({
        connectionString: url,
        Client: options.Client,
        max: options.poolSize,
        // A replica that does not answer is given up quickly: the primary answers instead.
        connectionTimeoutMillis: 2_000,
        ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
      });
      const check = new pg.Pool({
        connectionString: url,
        max: 1,
        connectionTimeoutMillis: 1_000,
        statement_timeout: 1_000,
      });
      pool.on('error', () => {});
      check.on('error', () => {});
      return {
        name: `replica${i + 1}`,
        url,
        pool,
        check,
        healthy: false,
        replayLsn: 0n,
        lagMs: Number.POSITIVE_INFINITY,
        statements: 0,
        fallbacks: 0,
      };
    });
  }

  /** Reads every replica's position once, then again every checkEveryMs until close. */
  async start(): Promise<void> {
    await this.checkAll();
    const loop = () => {
      if (this.closed) return;
      this.timer = setTimeout(() => {
        void this.checkAll().finally(loop);
      }, this.checkEveryMs);
      this.timer.unref();
    };
    loop();
  }

  /** The primary's WAL position, then each replica's replay position and lag. */
  async checkAll(): Promise<void> {
    try {
      const { rows } = await this.primaryQuery('SELECT pg_current_wal_lsn()::text AS lsn');
      this.primaryLsn = parseLsn(String(rows[0]!.lsn));
    } catch {
      // The primary's own trouble shows elsewhere; the replicas keep their last state.
    }
    await Promise.all(this.targets.map((t) => this.checkOne(t)));
  }

  private async checkOne(target: Target): Promise<void> {
    try {
      const { rows } = await target.check.query<{
        recovering: boolean;
        lsn: string | null;
        behind_ms: number | null;
      }>(
        `SELECT pg_is_in_recovery() AS recovering, pg_last_wal_replay_lsn()::text AS lsn,
                (extract(epoch FROM now() - pg_last_xact_replay_timestamp()) * 1000)::float8 AS behind_ms`,
      );
      const row = rows[0]!;
      if (!row.recovering || !row.lsn) {
        // Promoted (or not a replica at all): its data may part from the primary's.
        target.healthy = false;
        return;
      }
      target.replayLsn = parseLsn(row.lsn);
      // Caught up with the primary's position: no lag, however old its last commit.
      target.lagMs =
        target.replayLsn >= this.primaryLsn ? 0 : Math.max(0, row.behind_ms ?? Infinity);
      target.healthy = target.lagMs <= this.maxLagMs;
    } catch {
      target.healthy = false;
    }
  }

  /** Where a statement goes: a replica, or null for the primary. */
  pick(text: string): Target | null {
    const scope = scopes.getStore();
    if (!scope || !scope.mayLag || scope.wrote || !readOnly(text)) return null;
    let min = scope.minLsn;
    if (scope.person) {
      const write = this.writeOf(scope.person);
      if (write) {
        if (write.pending > 0 || write.lsn === null) return null;
        if (write.lsn > min) min = write.lsn;
      }
    }
    const n = this.targets.length;
    for (let i = 0; i < n; i++) {
      const t = this.targets[(this.next + i) % n]!;
      if (t.healthy && t.replayLsn >= min) {
        this.next = (this.next + i + 1) % n;
        return t;
      }
    }
    return null;
  }

  /** Sends to `target`; on a connection error or a refusal, the primary answers at once. */
  async onReplica<R>(
    target: Target,
    send: () => Promise<R>,
    primary: () => Promise<R>,
  ): Promise<R> {
    try {
      const result = await send();
      target.statements++;
      return result;
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      const refused = typeof code === 'string' && RETRIED_ON_PRIMARY.has(code);
      if (!refused && !connectionLevel(err)) throw err;
      target.fallbacks++;
      const scope = scopes.getStore();
      if (refused && code === '25006' && scope) {
        scope.wrote = true;
        scope.wroteOnReplica = true;
      }
      if (!refused) target.healthy = false; // until the next check finds it answering
      return primary();
    }
  }

  private writeOf(person: string): PersonWrite | undefined {
    const write = this.writes.get(person);
    if (!write) return undefined;
    const now = Date.now();
    const pending = write.pending > 0 && now - write.startedAt < PENDING_MAX_MS;
    if (!pending && now > write.until) {
      this.writes.delete(person);
      return undefined;
    }
    if (!pending) write.pending = 0;
    // Every replica is past the write already: nothing left to wait for.
    if (!pending && write.lsn !== null && this.targets.every((t) => t.replayLsn >= write.lsn!)) {
      this.writes.delete(person);
      return undefined;
    }
    return write;
  }

  /** A request of `person` that may write has begun: their reads go to the primary meanwhile. */
  writeStarted(person: string): void {
    const write = this.writes.get(person) ?? { pending: 0, startedAt: 0, lsn: null, until: 0 };
    write.pending++;
    write.startedAt = Date.now();
    this.remember(person, write);
  }

  /**
   * It ended: the primary's WAL position now is what a replica must have replayed before it
   * answers this person again; that, or the window of the allowed lag when it cannot be read.
   */
  async writeEnded(person: string): Promise<void> {
    let lsn: bigint | null = null;
    try {
      const { rows } = await this.primaryQuery('SELECT pg_current_wal_lsn()::text AS lsn');
      lsn = parseLsn(String(rows[0]!.lsn));
    } catch {
      // The window below still holds their reads on the primary.
    }
    const write = this.writes.get(person) ?? { pending: 1, startedAt: 0, lsn: null, until: 0 };
    write.pending = Math.max(0, write.pending - 1);
    write.lsn = lsn === null ? null : write.lsn !== null && write.lsn > lsn ? write.lsn : lsn;
    // After the allowed lag (and a check), a healthy replica has replayed it anyway.
    write.until = Date.now() + this.maxLagMs + 2 * this.checkEveryMs;
    this.remember(person, write);
  }

  private remember(person: string, write: PersonWrite): void {
    this.writes.delete(person);
    this.writes.set(person, write);
    if (this.writes.size > MAX_PEOPLE) {
      const oldest = this.writes.keys().next().value;
      if (oldest !== undefined) this.writes.delete(oldest);
    }
  }

  /** People whose reads are held on the primary now (tests, the logs). */
  heldPeople(): number {
    return this.writes.size;
  }

  stats(): TargetStats[] {
    return this.targets.map((t) => ({
      target: t.name,
      statements: t.statements,
      fallbacks: t.fallbacks,
      total: t.pool.totalCount,
      idle: t.pool.idleCount,
      waiting: t.pool.waitingCount,
      healthy: t.healthy,
      lagMs: Number.isFinite(t.lagMs) ? t.lagMs : -1,
    }));
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await Promise.all(this.targets.flatMap((t) => [t.pool.end(), t.check.end()]));
  }
}

/**
 * The primary's pool, as Drizzle, `query` and the job queue use it. `query()` outside
 * transactions asks the router where to go; `connect()` (transactions, LISTEN) is the primary's.
 */
export class RoutedPool extends pg.Pool {
  router: ReadRouter | undefined;
  /** Statements sent with `query` and answered by the primary, since start. */
  statements = 0;

  /** The router's own statements (WAL positions): on the primary, not counted, not traced. */
  queryUncounted(text: string): Promise<pg.QueryResult> {
    return super.query(text);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's connect has overloads
  override connect(...args: any[]): any {
    // A transaction (Drizzle calls connect() without a callback; pool.query passes one): the
    // rest of the request reads what it may have written, on the primary.
    if (args.length === 0) {
      const scope = scopes.getStore();
      if (scope) scope.wrote = true;
    }
    return (super.connect as (...a: unknown[]) => unknown)(...args);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's query has many overloads
  override query(...args: any[]): any {
    const primary = () => (super.query as (...a: unknown[]) => unknown)(...args);
    const router = this.router;
    const first = args[0] as { text?: unknown; submit?: unknown } | string | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    const target =
      router &&
      typeof text === 'string' &&
      typeof args[args.length - 1] !== 'function' &&
      typeof (first as { submit?: unknown } | undefined)?.submit !== 'function'
        ? router.pick(text)
        : null;
    if (!target) {
      this.statements++;
      return primary();
    }
    return router!.onReplica(
      target,
      () => (target.pool.query as (...a: unknown[]) => Promise<unknown>)(...args),
      () => {
        this.statements++;
        return primary() as Promise<unknown>;
      },
    );
  }
}
