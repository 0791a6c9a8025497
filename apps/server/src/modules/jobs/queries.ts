import { asc, eq } from 'drizzle-orm';
import type { Job, JobState, JobSummary } from '@bo/contract/jobs';
import type { Database } from '../../db/client.js';
import { jobRuns } from '../../db/schema/core.js';
import { JOB_SCHEMA, STATE_NAMES, type JobQueue } from '../../lib/jobs.js';

/** The queue's words for the API's states. */
const QUEUE_STATE = Object.fromEntries(
  Object.entries(STATE_NAMES).map(([queue, api]) => [api, queue]),
) as Record<JobState, keyof typeof STATE_NAMES>;

interface JobRow {
  id: string;
  name: string;
  state: keyof typeof STATE_NAMES;
  retry_count: number;
  retry_limit: number;
  start_after: Date;
  started_on: Date | null;
  created_on: Date;
  completed_on: Date | null;
  output: { message?: string; value?: { message?: string } } | null;
  data?: Record<string, unknown> | null;
}

/** pg-boss' own queues (its cron sender) are its business, not a kind of ours. */
const OWN_QUEUES = `name NOT LIKE '\\_\\_pgboss\\_\\_%'`;

const COLUMNS = `id, name, state::text AS state, retry_count, retry_limit, start_after, started_on,
  created_on, completed_on, output`;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toJob(row: JobRow): Job {
  const state = STATE_NAMES[row.state];
  const failedRun = state === 'failed' || state === 'retrying';
  return {
    id: row.id,
    kind: row.name,
    state,
    attempts: row.started_on ? row.retry_count + 1 : 0,
    maxAttempts: row.retry_limit + 1,
    error: failedRun ? (row.output?.message ?? row.output?.value?.message ?? null) : null,
    createdAt: iso(row.created_on)!,
    startedAt: iso(row.started_on),
    completedAt: iso(row.completed_on),
    nextTryAt: state === 'queued' || state === 'retrying' ? iso(row.start_after) : null,
  };
}

/** Jobs of the queue and of its archive (done jobs move there after a day), newest first. */
export async function listJobs(
  database: Database,
  q: { state?: JobState; kind?: string; page: number; limit: number },
): Promise<{ jobs: Job[]; total: number }> {
  const where = `($1::text IS NULL OR name = $1) AND ($2::text IS NULL OR state::text = $2)
    AND ${OWN_QUEUES}`;
  const { rows } = await database.executeSql(
    `WITH j AS (
       SELECT ${COLUMNS} FROM ${JOB_SCHEMA}.job WHERE ${where}
       UNION ALL
       SELECT ${COLUMNS} FROM ${JOB_SCHEMA}.archive WHERE ${where}
     )
     SELECT *, count(*) OVER () AS total FROM j ORDER BY created_on DESC, id LIMIT $3 OFFSET $4`,
    [q.kind ?? null, q.state ? QUEUE_STATE[q.state] : null, q.limit, (q.page - 1) * q.limit],
  );
  return {
    jobs: (rows as unknown as JobRow[]).map(toJob),
    total: Number((rows[0] as { total?: number } | undefined)?.total ?? 0),
  };
}

/** One job with its data and every recorded run; null when neither the queue nor its archive has it. */
export async function findJob(database: Database, id: string) {
  const { rows } = await database.executeSql(
    `SELECT ${COLUMNS}, data FROM ${JOB_SCHEMA}.job WHERE id = $1
     UNION ALL
     SELECT ${COLUMNS}, data FROM ${JOB_SCHEMA}.archive WHERE id = $1
     LIMIT 1`,
    [id],
  );
  const row = rows[0] as unknown as JobRow | undefined;
  if (!row) return null;
  const runs = await database.db
    .select()
    .from(jobRuns)
    .where(eq(jobRuns.jobId, id))
    .orderBy(asc(jobRuns.attempt), asc(jobRuns.id));
  return {
    ...toJob(row),
    data: row.data ?? {},
    runs: runs.map((r) => ({
      attempt: r.attempt,
      startedAt: r.startedAt.toISOString(),
      finishedAt: r.finishedAt.toISOString(),
      error: r.error,
      nextTryAt: iso(r.nextTryAt),
    })),
  };
}

/** Counts per kind and state (done: the last 24 hours), and the oldest job waiting. */
export async function jobSummary(
  database: Database,
  jobs: JobQueue,
  workers: boolean,
): Promise<JobSummary> {
  const [counts, archived, schedules] = await Promise.all([
    database.executeSql(
      `SELECT name, state::text AS state, count(*)::int AS n,
              min(start_after) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now()) AS waiting
         FROM ${JOB_SCHEMA}.job
        WHERE (state <> 'completed' OR completed_on > now() - interval '1 day') AND ${OWN_QUEUES}
        GROUP BY name, state`,
    ),
    database.executeSql(
      `SELECT name, count(*)::int AS n FROM ${JOB_SCHEMA}.archive
        WHERE state = 'completed' AND completed_on > now() - interval '1 day' AND ${OWN_QUEUES}
        GROUP BY name`,
      [],
    ),
    database.executeSql(`SELECT name, cron FROM ${JOB_SCHEMA}.schedule`),
  ]);
  const cron = new Map(
    (schedules.rows as Array<{ name: string; cron: string }>).map((r) => [r.name, r.cron]),
  );
  const names = new Set<string>(jobs.kindNames);
  const byKind = new Map<string, JobSummary['kinds'][number]>();
  const entry = (kind: string) => {
    let e = byKind.get(kind);
    if (!e) {
      e = {
        kind,
        queued: 0,
        running: 0,
        retrying: 0,
        failed: 0,
        done: 0,
        schedule: cron.get(kind) ?? null,
        oldestWaitingAt: null,
      };
      byKind.set(kind, e);
    }
    return e;
  };
  for (const n of names) entry(n);
  let oldest: Date | null = null;
  for (const r of counts.rows as Array<{
    name: string;
    state: keyof typeof STATE_NAMES;
    n: number;
    waiting: Date | null;
  }>) {
    const state = STATE_NAMES[r.state];
    if (state !== 'cancelled') entry(r.name)[state] += Number(r.n);
    if (r.waiting) {
      const at = new Date(r.waiting);
      const e = entry(r.name);
      if (!e.oldestWaitingAt || at < new Date(e.oldestWaitingAt))
        e.oldestWaitingAt = at.toISOString();
      if (!oldest || at < oldest) oldest = at;
    }
  }
  for (const r of archived.rows as Array<{ name: string; n: number }>)
    entry(r.name).done += Number(r.n);
  return {
    kinds: [...byKind.values()].sort((a, b) => a.kind.localeCompare(b.kind)),
    oldestWaitingAt: iso(oldest),
    workers,
  };
}
