import type { auditListSchema, outboxListSchema } from '@bo/contract/admin';
import { ADMIN_API } from '@bo/contract/admin';
import type { z } from 'zod';

import { api } from '../../store/api';

export type AuditList = z.output<typeof auditListSchema>;
export type AuditEntry = AuditList['entries'][number];
export type OutboxList = z.output<typeof outboxListSchema>;
export type OutboxMessage = OutboxList['messages'][number];

export type AuditArgs = { page: number; limit: number; action?: string };
export type OutboxArgs = { page: number; limit: number; to?: string };

/** Administrators' reads: the audit log and the mail outbox (paged on the server). */
const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    auditLog: build.query<AuditList, AuditArgs>({
      query: ({ page, limit, action }) => ({
        url: ADMIN_API.audit,
        query: { page, limit, action },
      }),
    }),
    outbox: build.query<OutboxList, OutboxArgs>({
      query: ({ page, limit, to }) => ({ url: ADMIN_API.outbox, query: { page, limit, to } }),
    }),
  }),
});

export const { useAuditLogQuery, useOutboxQuery } = adminApi;
