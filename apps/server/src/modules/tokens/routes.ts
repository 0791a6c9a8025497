import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { idParamsSchema, okSchema } from '@bo/contract/common';
import {
  TOKENS_API,
  TOKEN_MAX_DAYS,
  createTokenSchema,
  createdTokenSchema,
  tokenListSchema,
  userSessionParamsSchema,
  userSessionsSchema,
  type CreateTokenBody,
} from '@bo/contract/tokens';
import { users } from '../../db/schema/core.js';
import { audit } from '../../lib/audit.js';
import { fieldError, notFound } from '../../lib/http-error.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { requireAuth } from '../../plugins/auth.js';
import { activeSessions, createToken, endSession, listTokens, revokeToken } from './queries.js';

/** The expiry asked for, checked: in the future and within TOKEN_MAX_DAYS, or null for never. */
function expiryOf(body: CreateTokenBody): Date | null {
  if (body.expiresAt === null) return null;
  const at = new Date(body.expiresAt);
  if (at.getTime() <= Date.now())
    throw fieldError('expiresAt', 'in_past', 'The expiry must be in the future');
  if (at.getTime() > Date.now() + TOKEN_MAX_DAYS * 86_400_000)
    throw fieldError('expiresAt', 'too_far', `A token lives ${TOKEN_MAX_DAYS} days at most`, 400, {
      days: TOKEN_MAX_DAYS,
    });
  return at;
}

/**
 * API tokens: one's own (Account → API tokens), every token and service tokens (Administration →
 * Tokens, `tokens:manage`), and an administrator's view of a person's sign-in sessions.
 */
export async function tokenRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db } = app.services;

  app.get(
    TOKENS_API.mine,
    {
      schema: {
        operationId: 'listMyTokens',
        tags: ['tokens'],
        summary: 'My API tokens (not revoked), with their last use',
        response: { 200: tokenListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ tokens: await listTokens(db, requireAuth(request).userId) }),
  );

  app.post(
    TOKENS_API.mine,
    {
      schema: {
        operationId: 'createMyToken',
        tags: ['tokens'],
        summary: 'Create an API token with some of my permissions; its secret is shown only here',
        body: createTokenSchema,
        response: { 201: createdTokenSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { body } = request;
      const lacking = body.permissions.filter((p) => !auth.permissions.has(p));
      if (lacking.length)
        throw fieldError(
          'permissions',
          'not_held',
          `You do not hold ${lacking.join(', ')}: a token cannot have more than you`,
          400,
          { permissions: lacking },
        );
      const expiresAt = expiryOf(body);
      const created = await db.transaction(async (tx) => {
        const made = await createToken(tx, {
          ownerId: auth.userId,
          createdBy: auth.userId,
          name: body.name,
          permissions: body.permissions,
          expiresAt,
        });
        await audit(tx, request, {
          actorId: auth.userId,
          action: 'token.create',
          targetId: made.token.id,
          meta: { name: body.name, permissions: made.token.permissions },
        });
        return made;
      });
      return reply.code(201).send(created);
    },
  );

  app.delete(
    TOKENS_API.myToken.pattern,
    {
      schema: {
        operationId: 'revokeMyToken',
        tags: ['tokens'],
        summary: 'Revoke one of my API tokens: it stops working at once',
        params: idParamsSchema,
        response: { 200: okSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await db.transaction(async (tx) => {
        const revoked = await revokeToken(tx, request.params.id, auth.userId);
        if (!revoked) throw notFound('Token');
        await audit(tx, request, {
          actorId: auth.userId,
          action: 'token.revoke',
          targetId: revoked.id,
          meta: { name: revoked.name },
        });
      });
      return { ok: true as const };
    },
  );

  app.get(
    TOKENS_API.all,
    {
      schema: {
        operationId: 'listAllTokens',
        tags: ['tokens'],
        summary: 'Every API token (not revoked), people’s and service tokens, with owner',
        response: { 200: tokenListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ tokens: await listTokens(db) }),
  );

  app.post(
    TOKENS_API.all,
    {
      schema: {
        operationId: 'createServiceToken',
        tags: ['tokens'],
        summary: 'Create a service token, tied to no person; its secret is shown only here',
        body: createTokenSchema,
        response: { 201: createdTokenSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { body } = request;
      const expiresAt = expiryOf(body);
      const created = await db.transaction(async (tx) => {
        const made = await createToken(tx, {
          ownerId: null,
          createdBy: auth.tokenId ? null : auth.userId,
          name: body.name,
          permissions: body.permissions,
          expiresAt,
        });
        await audit(tx, request, {
          actorId: auth.userId,
          action: 'token.create',
          targetId: made.token.id,
          meta: { name: body.name, permissions: made.token.permissions, service: true },
        });
        return made;
      });
      return reply.code(201).send(created);
    },
  );

  app.delete(
    TOKENS_API.anyToken.pattern,
    {
      schema: {
        operationId: 'revokeAnyToken',
        tags: ['tokens'],
        summary: 'Revoke any API token: it stops working at once',
        params: idParamsSchema,
        response: { 200: okSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await db.transaction(async (tx) => {
        const revoked = await revokeToken(tx, request.params.id);
        if (!revoked) throw notFound('Token');
        await audit(tx, request, {
          actorId: auth.userId,
          action: 'token.revoke',
          targetId: revoked.id,
          meta: { name: revoked.name, owner: revoked.userId },
        });
      });
      return { ok: true as const };
    },
  );

  async function assertPerson(id: string) {
    const [found] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
    if (!found) throw notFound('User');
  }

  app.get(
    TOKENS_API.userSessions.pattern,
    {
      schema: {
        operationId: 'listUserSessions',
        tags: ['tokens'],
        summary: 'A person’s active sign-in sessions: device, address, last seen',
        params: idParamsSchema,
        response: { 200: userSessionsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await assertPerson(request.params.id);
      return { sessions: await activeSessions(db, request.params.id) };
    },
  );

  app.delete(
    TOKENS_API.userSession.pattern,
    {
      schema: {
        operationId: 'endUserSession',
        tags: ['tokens'],
        summary: 'End one of a person’s sessions: its next request is refused',
        params: userSessionParamsSchema,
        response: { 200: okSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id, sessionId } = request.params;
      await db.transaction(async (tx) => {
        const ended = await endSession(tx, id, sessionId);
        if (!ended) throw notFound('Session');
        await audit(tx, request, {
          actorId: auth.userId,
          action: 'auth.session_ended_by_admin',
          targetId: id,
          meta: { sessionId },
        });
      });
      return { ok: true as const };
    },
  );
}
