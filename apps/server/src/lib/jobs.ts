import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import { jobRuns } from '../db/schema/core.js';

/** The schema pg-boss keeps its tables in, beside the product's. */
export const JOB_SCHEMA = 'pgboss';

/** What a handler is given besides its job's data. */
export interface JobContext {
  app: FastifyInstance;
  log: FastifyBaseLogger;
  jobId: string;
  /** 1 for the first run, 2 for the first retry… */
  attempt: number;
  /** Whether a failure now is final (no retry left). */
  lastAttempt: boolean;
  /** Aborted when the job's time is up; long work should stop there. */
  signal: AbortSignal;
}

/**
 * A kind of background work: its handler and its policy. A handler must be idempotent: a job
 * whose worker died (kill -9) runs again once its lease (`timeoutSeconds`) has expired, and a
 * retry may find part of the work done.
 */
export interface JobKind<D extends object = Record<string, unknown>> {
  name: string;
  /** Retries after the first failure (0 = fail at once). */
  retryLimit: number;
  /** Seconds before the first retry; doubled (with jitter) each further retry when `backoff`. */
  retryDelaySeconds: number;
  backoff: boolean;
  /** The lease: a run still going after this is taken as dead and retried. */
  timeoutSeconds: number;
  /**
   * A key that makes the job unique while it waits or runs: a second send with the same key is
   * dropped (pg-boss' stately policy on the queue).
   */
  singletonKey?: (data: D) => string;
  /** A cron expression (UTC) when the kind runs on a schedule; each slot runs once in all. */
  cron?: string;
  /** Jobs one worker takes per fetch (each still runs and fails on its own). */
  batchSize?: number;
  handler(data: D, context: JobContext): Promise<unknown>;
}

/** Kinds of any data, side by side (each handler is called with its own kind's data). */
export type AnyJobKind = JobKind<never>;

export type JobKindOverrides = Partial<
  Pick<JobKind, 'retryLimit' | 'retryDelaySeconds' | 'backoff' | 'timeoutSeconds'>
>;

export interface JobQueueOptions {
  /** Work jobs on this instance (otherwise only enqueue). */
  workers: boolean;
  pollSeconds: number;
  maintenanceSeconds?: number;
  cronSeconds?: number;
  /** Tests shorten leases and delays of a kind. */
  overrides?: Record<string, JobKindOverrides>;
}

/** The queue's own table of states mapped to the words the API and the Jobs screen use. */
export const STATE_NAMES = {
  created: 'queued',
  active: 'running',
  retry: 'retrying',
  failed: 'failed',
  completed: 'done',
  cancelled: 'cancelled',
} as const;

const errorText = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)).slice(0, 2000) || 'failed';

/**
 * One job queue for all background work, on the product's own database (pg-boss over the
 * `Database` driver, so the embedded store works as PostgreSQL does). Every instance may send;
 * those with workers fetch with SKIP LOCKED, so each job runs on one of them, and pg-boss' cron
 * sends one job per schedule slot however many instances look. See docs/jobs.md.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly kinds = new Map<string, AnyJobKind>();
  private readonly workerIds = new Map<string, string[]>();
  private installed?: Promise<void>;
  private started = false;
  private stopping?: Promise<void>;
  private app?: FastifyInstance;
  private readonly finished = new Set<(kind: string, ok: boolean, seconds: number) => void>();

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: JobQueueOptions,
  ) {
    const maintenance = options.maintenanceSeconds ?? 60;
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => database.executeSql(text, values) },
      schema: JOB_SCHEMA,
      migrate: true,
      supervise: options.workers,
      schedule: options.workers,
      maintenanceIntervalSeconds: maintenance,
      cronMonitorIntervalSeconds: options.cronSeconds ?? 30,
      cronWorkerIntervalSeconds: Math.min(5, options.cronSeconds ?? 5),
      clockMonitorIntervalSeconds: 600,
      // Done jobs move to the archive after a day and leave it after a week; failed ones stay
      // in the queue (and on the Jobs screen) for a week.
      archiveCompletedAfterSeconds: 24 * 3600,
      archiveFailedAfterSeconds: 7 * 24 * 3600,
      deleteAfterDays: 7,
    });
    this.boss.on('error', (err) => this.log.error({ err }, 'job queue error'));
  }

  /** Declares a kind; before `install()`. */
  define<D extends object>(kind: JobKind<D>): void {
    const o = this.options.overrides?.[kind.name];
    this.kinds.set(kind.name, o ? { ...kind, ...o } : kind);
  }

  /** Told of every run on this instance as it ends (the metrics count failures and time). */
  onFinished(listener: (kind: string, ok: boolean, seconds: number) => void): void {
    this.finished.add(listener);
  }

  private tell(kind: string, ok: boolean, startedAt: Date) {
    const seconds = (Date.now() - startedAt.getTime()) / 1000;
    for (const l of this.finished) l(kind, ok, seconds);
  }

  kind(name: string): AnyJobKind | undefined {
    return this.kinds.get(name);
  }

  get kindNames(): string[] {
    return [...this.kinds.keys()];
  }

  /**
   * Creates or upgrades the queue's tables, one queue per kind with its policy, and the cron
   * schedules (a kind without `cron` loses a schedule it had). Safe on every start.
   */
  install(): Promise<void> {
    this.installed ??= (async () => {
      await this.boss.start();
      for (const kind of this.kinds.values()) await this.createQueue(kind);
    })();
    return this.installed;
  }

  /** A kind added after start (tests add theirs): its queue, and its worker when this instance works. */
  async register<D extends object>(kind: JobKind<D>): Promise<void> {
    this.define(kind);
    await this.install();
    const defined = this.kinds.get(kind.name)!;
    await this.createQueue(defined);
    if (this.started) await this.work(defined);
  }

  private async createQueue(kind: AnyJobKind) {
    const policy = {
      name: kind.name,
      // With a key: at most one job queued (or retrying) and one running per key.
      policy: kind.singletonKey ? ('stately' as const) : ('standard' as const),
      retryLimit: kind.retryLimit,
      retryDelay: kind.retryDelaySeconds,
      retryBackoff: kind.backoff,
      expireInSeconds: kind.timeoutSeconds,
    };
    await this.boss.createQueue(kind.name, policy);
    await this.boss.updateQueue(kind.name, policy);
    if (kind.cron) await this.boss.schedule(kind.name, kind.cron, {}, { tz: 'UTC' });
    else await this.boss.unschedule(kind.name);
  }

  /** Enqueues a job; answers its id, or null when a waiting job has the same singleton key. */
  async send<D extends object>(name: string, data: D, options: { startAfter?: Date } = {}) {
    const kind = this.kinds.get(name);
    if (!kind) throw new Error(`Unknown job kind ${name}`);
    await this.install();
    const id = await this.boss.send(name, data, {
      ...(kind.singletonKey ? { singletonKey: kind.singletonKey(data as never) } : {}),
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    });
    // A worker of this instance need not wait for its next poll.
    if (id && !options.startAfter)
      for (const w of this.workerIds.get(name) ?? []) this.boss.notifyWorker(w);
    return id;
  }

  /** Starts the workers and the scheduler on this instance (when it works jobs). */
  async start(app: FastifyInstance): Promise<void> {
    this.app = app;
    await this.install();
    if (!this.options.workers || this.started) return;
    this.started = true;
    for (const kind of this.kinds.values()) await this.work(kind);
  }

  private async work(kind: AnyJobKind) {
    const id = await this.boss.work(
      kind.name,
      {
        batchSize: kind.batchSize ?? 5,
        pollingIntervalSeconds: this.options.pollSeconds,
        includeMetadata: true,
      },
      (jobs) => this.runBatch(kind, jobs as PgBoss.JobWithMetadata<object>[]),
    );
    this.workerIds.set(kind.name, [id]);
  }

  /** Many jobs of one kind in one statement (no singleton check: for bulk work and tests). */
  async sendMany<D extends object>(name: string, data: D[]): Promise<void> {
    if (!this.kinds.has(name)) throw new Error(`Unknown job kind ${name}`);
    await this.install();
    await this.boss.insert(data.map((d) => ({ name, data: d })));
    for (const w of this.workerIds.get(name) ?? []) this.boss.notifyWorker(w);
  }

  /** Each job of a fetch runs and fails on its own; pg-boss completes the ones still active. */
  private async runBatch(kind: AnyJobKind, jobs: PgBoss.JobWithMetadata<object>[]) {
    for (const job of jobs) {
      if (this.stopping) {
        // Leave it to another instance (or this one after restart) at once rather than on expiry.
        await this.boss.fail(kind.name, job.id, { message: 'shut down before it ran' });
        continue;
      }
      await this.runOne(kind, job);
    }
  }

  private async runOne(kind: AnyJobKind, job: PgBoss.JobWithMetadata<object>) {
    const startedAt = new Date();
    const attempt = job.retryCount + 1;
    const lastAttempt = job.retryCount >= job.retryLimit;
    const log = this.log.child({ job: kind.name, jobId: job.id, attempt });
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        kind.handler(job.data as never, {
          app: this.app!,
          log,
          jobId: job.id,
          attempt,
          lastAttempt,
          signal: controller.signal,
        }),
        new Promise((_, reject) => {
          timer = setTimeout(() => {
            controller.abort();
            reject(new Error(`timed out after ${kind.timeoutSeconds} s`));
          }, kind.timeoutSeconds * 1000);
        }),
      ]);
      clearTimeout(timer);
      this.tell(kind.name, true, startedAt);
      await this.record(kind, job.id, attempt, startedAt, null, null);
    } catch (err) {
      clearTimeout(timer);
      this.tell(kind.name, false, startedAt);
      const message = errorText(err);
      log.warn({ err }, lastAttempt ? 'job failed for good' : 'job failed; will retry');
      await this.boss.fail(kind.name, job.id, { message });
      const [row] = lastAttempt
        ? []
        : await this.database
            .executeSql(
              `SELECT start_after FROM ${JOB_SCHEMA}.job WHERE name = $1 AND id = $2 AND state = 'retry'`,
              [kind.name, job.id],
            )
            .then((r) => r.rows as Array<{ start_after: Date }>);
      await this.record(kind, job.id, attempt, startedAt, message, row?.start_after ?? null);
    }
  }

  private async record(
    kind: AnyJobKind,
    jobId: string,
    attempt: number,
    startedAt: Date,
    error: string | null,
    nextTryAt: Date | null,
  ) {
    await this.database.db
      .insert(jobRuns)
      .values({
        jobId,
        kind: kind.name,
        attempt,
        startedAt,
        error,
        nextTryAt: nextTryAt ? new Date(nextTryAt) : null,
      })
      .catch((err: unknown) => this.log.error({ err }, 'recording a job run failed'));
  }

  /** Puts a failed or cancelled job back in the queue, now (one more attempt for a failed one). */
  async retry(name: string, id: string, state: 'failed' | 'cancelled'): Promise<void> {
    if (state === 'cancelled') await this.boss.resume(name, id);
    else await this.boss.retry(name, id);
    await this.database.executeSql(
      `UPDATE ${JOB_SCHEMA}.job SET start_after = now() WHERE name = $1 AND id = $2 AND state IN ('created', 'retry')`,
      [name, id],
    );
    for (const w of this.workerIds.get(name) ?? []) this.boss.notifyWorker(w);
  }

  async cancel(name: string, id: string): Promise<void> {
    await this.boss.cancel(name, id);
  }

  /**
   * Stops fetching, waits (up to `timeoutMs`) for the jobs running here, then fails what is still
   * running so it is retried elsewhere at once. The database stays open (it is the app's).
   */
  stop(timeoutMs = 10_000): Promise<void> {
    this.stopping ??= this.installed
      ? this.boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs })
      : Promise.resolve();
    return this.stopping;
  }
}
