import { z } from 'zod';
import { listQuerySchema } from './common';

export const JOBS_API = {
  list: '/api/admin/jobs',
  summary: '/api/admin/jobs/summary',
  job: '/api/admin/jobs/:id',
  retry: '/api/admin/jobs/:id/retry',
  cancel: '/api/admin/jobs/:id/cancel',
} as const;

/**
 * The product's kinds of background work (see docs/jobs.md for each one's schedule and retry
 * policy). The server refuses to start if it defines a kind not listed here, and the Jobs screen
 * names each through the translations (`admin.jobs.kinds.<kind>`).
 */
export const JOB_KINDS = [
  'mail-delivery',
  'invoice-reminders',
  'notification-digests',
  'event-reminders',
  'sales-windows-roll',
  'upload-sweep',
  'rate-limit-prune',
  'change-log-prune',
  'store-vacuum',
  'scheduled-backup',
  'webhook-delivery',
  'user-import',
  'product-import',
  'export',
  'export-prune',
] as const;
export type JobKindName = (typeof JOB_KINDS)[number];

/** A job's state in the words of the API and the Jobs screen. */
export const JOB_STATES = ['queued', 'running', 'retrying', 'failed', 'done', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const jobsQuerySchema = listQuerySchema.extend({
  state: z.enum(JOB_STATES).optional(),
  /** A kind's name (test kinds included, hence any short name). */
  kind: z
    .string()
    .regex(/^[\w.-]{1,60}$/)
    .optional(),
});

export const jobRunSchema = z.object({
  attempt: z.number(),
  startedAt: z.string(),
  finishedAt: z.string(),
  /** Absent when the attempt succeeded. */
  error: z.string().nullable(),
  /** When the queue tried again after this failure (its backoff), if it did. */
  nextTryAt: z.string().nullable(),
});

export const jobSchema = z.object({
  id: z.string(),
  kind: z.string(),
  state: z.enum(JOB_STATES),
  /** Runs started so far (a retry counts). */
  attempts: z.number(),
  /** Runs allowed in all (the first one and its retries). */
  maxAttempts: z.number(),
  /** The last failure's message. */
  error: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** When a queued or retrying job is due. */
  nextTryAt: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobListSchema = z.object({ jobs: z.array(jobSchema), total: z.number() });
export const jobDetailSchema = jobSchema.extend({
  data: z.record(z.string(), z.unknown()),
  runs: z.array(jobRunSchema),
});

export const jobKindSummarySchema = z.object({
  kind: z.string(),
  queued: z.number(),
  running: z.number(),
  retrying: z.number(),
  failed: z.number(),
  /** Done in the last 24 hours. */
  done: z.number(),
  /** The cron schedule (UTC), when the kind runs on one. */
  schedule: z.string().nullable(),
  /** The oldest of this kind's jobs that is due and waits for a worker, or null. */
  oldestWaitingAt: z.string().nullable(),
});
export const jobSummarySchema = z.object({
  kinds: z.array(jobKindSummarySchema),
  /** The oldest job waiting to run (queued or retrying and due), or null. */
  oldestWaitingAt: z.string().nullable(),
  /** Whether this instance works jobs (JOB_WORKERS). */
  workers: z.boolean(),
});
export type JobSummary = z.infer<typeof jobSummarySchema>;
