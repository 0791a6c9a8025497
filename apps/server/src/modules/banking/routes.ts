import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BANKING_API,
  bankAccountsAnswerSchema,
  bankContactsAnswerSchema,
  bankContactsQuerySchema,
  bankTransactionsAnswerSchema,
  bankTransactionsQuerySchema,
  bankTransferAnswerSchema,
  transferBodySchema,
} from '@bo/contract/banking';
import { DASHBOARD_EVENTS } from '@bo/contract/dashboards';
import { audit } from '../../lib/audit.js';
import { errorResponses, withExample } from '../../lib/route-schemas.js';
import { requireAuth } from '../../plugins/auth.js';
import { isUniqueViolation } from '../../db/errors.js';
import { listAccounts } from '../../lib/bank-accounts.js';
import {
  keyReused,
  listContacts,
  listTransactions,
  makeTransfer,
  sameRequest,
  transferByKey,
} from './queries.js';

const LEDGER_TABLES = ['bank_accounts', 'bank_cards', 'bank_daily_stats', 'bank_transactions'];

/**
 * Banking: the organisation's accounts (balance = the ledger's sum), the ledger itself, and
 * transfers — atomic, refused when funds are short, and idempotent per person and key.
 */
export async function bankingRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, events } = app.services;

  app.get(
    BANKING_API.accounts,
    {
      config: {
        permission: 'dashboards:banking',
        cache: { tables: LEDGER_TABLES, scope: 'role' },
      },
      schema: {
        operationId: 'listBankAccounts',
        tags: ['banking'],
        summary: "The organisation's accounts with their balance (the ledger's sum, cents)",
        response: { 200: bankAccountsAnswerSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ accounts: await listAccounts(db) }),
  );

  app.get(
    BANKING_API.transactions,
    {
      config: { permission: 'dashboards:banking' },
      schema: {
        operationId: 'listBankTransactions',
        tags: ['banking'],
        summary: 'The ledger, newest first: by account, kind, category and days; cursor pages',
        querystring: bankTransactionsQuerySchema,
        response: { 200: bankTransactionsAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listTransactions(db, request.query),
  );

  app.get(
    BANKING_API.contacts,
    {
      config: { permission: 'banking:transfer' },
      schema: {
        operationId: 'listTransferContacts',
        tags: ['banking'],
        summary: 'People a transfer can pay, by name or email',
        querystring: bankContactsQuerySchema,
        response: { 200: bankContactsAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      contacts: await listContacts(db, request.query.q, requireAuth(request).userId),
    }),
  );

  app.post(
    BANKING_API.transfers,
    {
      config: { permission: 'banking:transfer' },
      schema: {
        operationId: 'createTransfer',
        tags: ['banking'],
        summary:
          'Move money from an account to another or to a contact (cents); the same idempotencyKey again answers the first transfer (200) and moves nothing',
        body: withExample(transferBodySchema, {
          fromAccountId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
          toAccountId: '16fd2706-8baf-433b-82eb-8c7fada847da',
          amount: 125000,
          currency: 'EUR',
          idempotencyKey: 'transfer-2026-11-30-001',
          note: 'Monthly reserve',
        }),
        response: {
          200: bankTransferAnswerSchema,
          201: bankTransferAnswerSchema,
          ...errorResponses(400, 401, 403, 409),
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const body = request.body;
      let result;
      try {
        result = await db.transaction((tx) => makeTransfer(tx, body, auth.userId));
      } catch (err) {
        // The same key sent at once from two sources: the first one won; answer it.
        if (!isUniqueViolation(err, 'bank_transfers_key')) throw err;
        const first = await transferByKey(db, auth.userId, body.idempotencyKey);
        if (!first || !sameRequest(first, body)) throw keyReused();
        result = { transfer: first, replayed: true };
      }
      if (result.replayed) {
        reply.header('Idempotent-Replayed', 'true');
        return { transfer: result.transfer };
      }
      await audit(db, request, {
        actorId: auth.userId,
        action: 'banking.transfer',
        targetId: result.transfer.id,
        meta: {
          from: body.fromAccountId,
          to: body.toAccountId ?? null,
          contact: body.contactId ?? null,
          amount: body.amount,
          currency: body.currency,
        },
      });
      await events.publish({
        type: DASHBOARD_EVENTS.bankingChanged,
        audience: 'all',
        payload: { day: result.transfer.createdAt.slice(0, 10) },
      });
      reply.status(201);
      return { transfer: result.transfer };
    },
  );
}
