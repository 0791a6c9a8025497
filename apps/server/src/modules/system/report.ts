import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SystemBackup, SystemJobs } from '@bo/contract/system';

/**
 * The parts of the system page other pieces fill in: the job queue sets `jobs`, the backup
 * command's schedule sets `lastBackup` (`app.systemReport.jobs = async () => ({ queues })`).
 * Unset, the page shows them as not reported (null).
 */
export interface SystemReport {
  jobs?: () => Promise<SystemJobs | null>;
  lastBackup?: () => Promise<SystemBackup | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    systemReport: SystemReport;
  }
}

export const systemReportPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('systemReport', {} as SystemReport);
  },
  { name: 'system-report' },
);
