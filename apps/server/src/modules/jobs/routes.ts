import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram } from 'prom-client';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@bo/contract/common';
import {
  JOBS_API,
  jobDetailSchema,
  jobListSchema,
  jobSchema,
  jobSummarySchema,
  jobsQuerySchema,
} from '@bo/contract/jobs';
import { audit } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/http-error.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { requireAuth } from '../../plugins/auth.js';
import { findJob, jobSummary, listJobs } from './queries.js';

/**
 * Administration → Jobs: the background queue's state per kind, the jobs (failed ones with their
 * error, attempts and next try), and Retry / Cancel, audited.
 */
export async function jobRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { database, jobs, db } = app.services;
  const workers = app.services.config.jobs?.workers ?? false;
  const summary = () => jobSummary(database, jobs, workers);

  // The queue on the system page and in the metrics.
  if (app.hasDecorator('systemReport')) {
    app.systemReport.jobs = async () => ({
      queues: (await summary()).kinds.map((k) => ({
        name: k.kind,
        queued: k.queued + k.retrying,
        active: k.running,
        failed: k.failed,
        oldestQueuedSeconds: k.oldestWaitingAt
          ? Math.max(0, Math.round((Date.now() - Date.parse(k.oldestWaitingAt)) / 1000))
          : null,
      })),
    });
  }
  if (app.hasDecorator('metrics')) {
    const registers = [app.metrics.registry];
    new Gauge({
      name: 'bo_jobs',
      help: 'Jobs in the queue by kind and state (done: the last 24 hours)',
      labelNames: ['kind', 'state'],
      registers,
      async collect() {
        for (const k of (await summary()).kinds)
          for (const state of ['queued', 'running', 'retrying', 'failed', 'done'] as const)
            this.set({ kind: k.kind, state }, k[state]);
      },
    });
    new Gauge({
      name: 'bo_jobs_oldest_waiting_seconds',
      help: 'Age of the oldest job that is due and waits for a worker (0: none waits)',
      registers,
      async collect() {
        const at = (await summary()).oldestWaitingAt;
        this.set(at ? Math.max(0, (Date.now() - Date.parse(at)) / 1000) : 0);
      },
    });
    const runs = new Counter({
      name: 'bo_job_runs_total',
      help: 'Job runs on this instance by kind and outcome',
      labelNames: ['kind', 'outcome'],
      registers,
    });
    const seconds = new Histogram({
      name: 'bo_job_run_seconds',
      help: 'Time of a job run on this instance',
      labelNames: ['kind'],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120],
      registers,
    });
    jobs.onFinished((kind, ok, s) => {
      runs.inc({ kind, outcome: ok ? 'done' : 'failed' });
      seconds.observe({ kind }, s);
    });
  }

  app.get(
    JOBS_API.summary,
    {
      config: { permission: 'admin:jobs' },
      schema: {
        operationId: 'getJobsSummary',
        tags: ['admin'],
        summary: 'Background jobs: counts per kind and state, and the oldest waiting',
        response: { 200: jobSummarySchema, ...errorResponses(401, 403) },
      },
    },
    async () => summary(),
  );

  app.get(
    JOBS_API.list,
    {
      config: { permission: 'admin:jobs' },
      schema: {
        operationId: 'listJobs',
        tags: ['admin'],
        summary: 'Background jobs, newest first, by state and kind',
        querystring: jobsQuerySchema,
        response: { 200: jobListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listJobs(database, request.query),
  );

  app.get(
    JOBS_API.job,
    {
      config: { permission: 'admin:jobs' },
      schema: {
        operationId: 'getJob',
        tags: ['admin'],
        summary: 'One background job with its data and each attempt',
        params: idParamsSchema,
        response: { 200: jobDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const job = await findJob(database, request.params.id);
      if (!job) throw notFound('Job');
      return job;
    },
  );

  app.post(
    JOBS_API.retry,
    {
      config: { permission: 'admin:jobs' },
      schema: {
        operationId: 'retryJob',
        tags: ['admin'],
        summary: 'Run a failed or cancelled job again, now',
        params: idParamsSchema,
        response: { 200: jobSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const job = await findJob(database, id);
      if (!job) throw notFound('Job');
      if (job.state !== 'failed' && job.state !== 'cancelled')
        throw conflict(`Only a failed or cancelled job can be retried; this one is ${job.state}`);
      await jobs.retry(job.kind, id, job.state);
      await audit(db, request, {
        actorId: requireAuth(request).userId,
        action: 'job.retry',
        targetId: id,
        meta: { kind: job.kind, state: job.state },
      });
      const after = await findJob(database, id);
      return after!;
    },
  );

  app.post(
    JOBS_API.cancel,
    {
      config: { permission: 'admin:jobs' },
      schema: {
        operationId: 'cancelJob',
        tags: ['admin'],
        summary: 'Cancel a job that is queued or waiting for its next try',
        params: idParamsSchema,
        response: { 200: jobSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const job = await findJob(database, id);
      if (!job) throw notFound('Job');
      if (job.state !== 'queued' && job.state !== 'retrying')
        throw conflict(`Only a queued or retrying job can be cancelled; this one is ${job.state}`);
      await jobs.cancel(job.kind, id);
      await audit(db, request, {
        actorId: requireAuth(request).userId,
        action: 'job.cancel',
        targetId: id,
        meta: { kind: job.kind },
      });
      return (await findJob(database, id))!;
    },
  );
}
