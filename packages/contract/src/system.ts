import { z } from 'zod';

/**
 * The job queue's state on the system page. Filled by the job queue (issue 50); null until it
 * reports. One row per queue.
 */
export const systemJobsSchema = z.object({
  queues: z.array(
    z.object({
      name: z.string(),
      queued: z.number(),
      active: z.number(),
      failed: z.number(),
      /** Seconds the oldest queued job has waited; null when none waits. */
      oldestQueuedSeconds: z.number().nullable(),
    }),
  ),
});

/** The newest backup on the system page. Filled by the backup command (issue 50); null until then. */
export const systemBackupSchema = z.object({
  at: z.string(),
  file: z.string(),
  bytes: z.number(),
});

/** `GET /api/admin/system` (SYSTEM_API.state): what an administrator checks first when something looks wrong. */
export const systemStateSchema = z.object({
  version: z.string(),
  /** The commit built (GIT_COMMIT, or `git rev-parse` at build time); null when unknown. */
  commit: z.string().nullable(),
  node: z.string(),
  startedAt: z.string(),
  store: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** `pg_database_size` of the database. */
    bytes: z.number(),
  }),
  migrations: z.object({
    applied: z.number(),
    /** Migrations this code ships; more than `applied` means the database is behind. */
    known: z.number(),
    /** The newest applied migration's name (its file without `.sql`). */
    last: z.string().nullable(),
  }),
  storage: z.object({
    driver: z.enum(['disk', 's3']),
    /** Bytes of the stored files as the quotas count them. */
    bytes: z.number(),
    files: z.number(),
  }),
  mail: z.object({
    /** SMTP_URL is set: mail leaves the server. Without it mail is only kept in the outbox. */
    smtpConfigured: z.boolean(),
    /** Messages in the outbox not sent (all of them without SMTP). */
    unsent: z.number(),
    /** The newest delivery failure recorded in the outbox. */
    lastError: z.object({ at: z.string(), to: z.string(), message: z.string() }).nullable(),
  }),
  /** The demo people, orders and mail were loaded into this database. */
  demoData: z.boolean(),

  // ---- Filled by other parts of issue 50 (job queue, backup); null until they report. ----
  jobs: systemJobsSchema.nullable(),
  lastBackup: systemBackupSchema.nullable(),
});
export type SystemState = z.infer<typeof systemStateSchema>;

/**
 * `DELETE /api/admin/system/demo-data` (SYSTEM_API.demoData): the rows removed per table (tables
 * that lost none are left out). Answered 409 when the database holds no demo data.
 */
export const demoDataRemovedSchema = z.object({
  removed: z.record(z.string(), z.number().int()),
});
export type DemoDataRemoved = z.infer<typeof demoDataRemovedSchema>;
export type SystemJobs = z.infer<typeof systemJobsSchema>;
export type SystemBackup = z.infer<typeof systemBackupSchema>;
