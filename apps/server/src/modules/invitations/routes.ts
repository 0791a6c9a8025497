import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { loginSuccessSchema } from '@bo/contract/account';
import { idParamsSchema, okSchema } from '@bo/contract/common';
import { ERROR_CODES } from '@bo/contract/errors';
import {
  INVITATIONS_API,
  INVITATION_TTL_DAYS,
  acceptInvitationBodySchema,
  createInvitationsBodySchema,
  invitationAnswerSchema,
  invitationPreviewSchema,
  invitationTokenParamsSchema,
  invitationsAnswerSchema,
  invitationsQuerySchema,
  type Invitation,
} from '@bo/contract/invitations';
import { invitations, users } from '../../db/schema/index.js';
import { effectivePermissions } from '../../lib/access.js';
import { invitationMail, mailLang, webBase } from '../../lib/account-mails.js';
import { audit } from '../../lib/audit.js';
import { setFileCookie } from '../../lib/file-cookie.js';
import { HttpError, conflict, fieldError, notFound } from '../../lib/http-error.js';
import { checkPasswordPolicy } from '../../lib/password-strength.js';
import { hashPassword } from '../../lib/passwords.js';
import { errorResponses, withExample } from '../../lib/route-schemas.js';
import { createSession } from '../../lib/sessions.js';
import { toAccountUser } from '../../lib/user-view.js';
import { emitWebhookEvent, personData } from '../../lib/webhooks.js';
import { requireAuth } from '../../plugins/auth.js';
import {
  acceptInvitation,
  assertRoleExists,
  findInvitationByToken,
  invitationState,
  listInvitations,
  newInvitationToken,
  type InvitationRow,
} from './queries.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const ACCEPT_WINDOW = { limit: 0, seconds: 15 * 60 };

const view = (row: InvitationRow, invitedBy: string | null): Invitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  lang: mailLang(row.lang),
  state: invitationState(row),
  invitedBy,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  lastSentAt: row.lastSentAt.toISOString(),
  acceptedAt: row.acceptedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/**
 * Administration → Invitations (invitations:manage): invite addresses with a role, list the
 * pending ones, send one again (a new link, seven more days) or revoke it; every write audited.
 * And the public accept page's two calls: what the link is for, and accepting it, which answers
 * as the sign-in does.
 */
export async function invitationRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { services } = app;
  const { db, mailer, config, permissions, limiter } = services;
  const acceptWindow = { ...ACCEPT_WINDOW, limit: config.authRateLimit };

  async function nameOf(userId: string | null): Promise<string | null> {
    if (!userId) return null;
    const [row] = await db
      .select({ name: users.displayName })
      .from(users)
      .where(eq(users.id, userId));
    return row?.name ?? null;
  }

  async function mailInvitation(request: FastifyRequest, row: InvitationRow, token: string) {
    const link = `${webBase(config.publicUrl, request)}/auth/invite/${token}`;
    await mailer.send({
      to: row.email,
      ...invitationMail(mailLang(row.lang), {
        link,
        role: row.role,
        invitedBy: await nameOf(row.invitedBy),
      }),
    });
  }

  app.get(
    INVITATIONS_API.list,
    {
      config: { permission: 'invitations:manage' },
      schema: {
        operationId: 'listInvitations',
        tags: ['invitations'],
        summary: 'Invitations not yet accepted nor revoked (expired ones included), or all',
        querystring: invitationsQuerySchema,
        response: { 200: invitationsAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const rows = await listInvitations(db, request.query.state === 'pending');
      return { invitations: rows.map((r) => view(r.invitation, r.invitedBy)) };
    },
  );

  app.post(
    INVITATIONS_API.list,
    {
      config: { permission: 'invitations:manage' },
      schema: {
        operationId: 'createInvitations',
        tags: ['invitations'],
        summary: `Invite addresses with a role; each gets a mailed link valid ${INVITATION_TTL_DAYS} days`,
        body: withExample(createInvitationsBodySchema, {
          emails: ['deja.brady@acme.test', 'lucian.obrien@acme.test'],
          role: 'user',
          lang: 'en',
        }),
        response: { 201: invitationsAnswerSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { role, lang } = request.body;
      const emails = [...new Set(request.body.emails)];
      await assertRoleExists(db, role);
      const created = await db.transaction(async (tx) => {
        const taken = await tx
          .select({ email: users.email })
          .from(users)
          .where(inArray(users.email, emails));
        if (taken.length) {
          const email = emails.find((e) => taken.some((t) => t.email === e))!;
          throw fieldError('emails', 'email_taken', `An account already exists for ${email}`, 409, {
            email,
            index: request.body.emails.indexOf(email),
          });
        }
        // A new invitation of an address replaces its pending one (whose link stops working).
        const now = new Date();
        const replaced = await tx
          .update(invitations)
          .set({ revokedAt: now })
          .where(
            and(
              inArray(invitations.email, emails),
              isNull(invitations.acceptedAt),
              isNull(invitations.revokedAt),
            ),
          )
          .returning({ id: invitations.id });
        const tokens = emails.map(() => newInvitationToken());
        const rows = await tx
          .insert(invitations)
          .values(
            emails.map((email, i) => ({
              email,
              role,
              lang,
              tokenHash: tokens[i]!.tokenHash,
              invitedBy: auth.userId,
              expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
              lastSentAt: now,
            })),
          )
          .returning();
        for (const row of rows) {
          await audit(tx, request, {
            actorId: auth.userId,
            action: 'invitation.created',
            targetId: row.id,
            meta: { email: row.email, role: row.role, replaced: replaced.map((r) => r.id) },
          });
        }
        return rows.map((row, i) => ({ row, token: tokens[i]!.token }));
      });
      for (const { row, token } of created) await mailInvitation(request, row, token);
      const inviter = await nameOf(auth.userId);
      reply.status(201);
      return { invitations: created.map(({ row }) => view(row, inviter)) };
    },
  );

  app.post(
    INVITATIONS_API.resend.pattern,
    {
      config: { permission: 'invitations:manage' },
      schema: {
        operationId: 'resendInvitation',
        tags: ['invitations'],
        summary: `Mail a pending or expired invitation again: a new link, valid ${INVITATION_TTL_DAYS} days`,
        params: idParamsSchema,
        response: { 200: invitationAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { token, tokenHash } = newInvitationToken();
      const row = await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(invitations)
          .where(eq(invitations.id, request.params.id))
          .for('update');
        if (!before) throw notFound('Invitation');
        const state = invitationState(before);
        if (state === 'accepted' || state === 'revoked')
          throw conflict(`This invitation is ${state}`, [
            { field: 'id', code: `invitation_${state}`, message: `This invitation is ${state}` },
          ]);
        const now = new Date();
        const [updated] = await tx
          .update(invitations)
          .set({
            tokenHash,
            lastSentAt: now,
            expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
          })
          .where(eq(invitations.id, before.id))
          .returning();
        await audit(tx, request, {
          actorId: auth.userId,
          action: 'invitation.resent',
          targetId: before.id,
          meta: { email: before.email },
        });
        return updated!;
      });
      await mailInvitation(request, row, token);
      return { invitation: view(row, await nameOf(row.invitedBy)) };
    },
  );

  app.delete(
    INVITATIONS_API.one.pattern,
    {
      config: { permission: 'invitations:manage' },
      schema: {
        operationId: 'revokeInvitation',
        tags: ['invitations'],
        summary: 'Revoke an invitation: its link stops working',
        params: idParamsSchema,
        response: { 200: okSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(invitations)
          .where(eq(invitations.id, request.params.id))
          .for('update');
        if (!before) throw notFound('Invitation');
        if (before.acceptedAt)
          throw conflict('This invitation is accepted', [
            { field: 'id', code: 'invitation_accepted', message: 'This invitation is accepted' },
          ]);
        if (before.revokedAt) return;
        await tx
          .update(invitations)
          .set({ revokedAt: new Date() })
          .where(eq(invitations.id, before.id));
        await audit(tx, request, {
          actorId: auth.userId,
          action: 'invitation.revoked',
          targetId: before.id,
          meta: { email: before.email },
        });
      });
      return { ok: true as const };
    },
  );

  app.get(
    INVITATIONS_API.preview.pattern,
    {
      config: { public: true },
      schema: {
        operationId: 'getInvitationByToken',
        tags: ['invitations'],
        summary: 'What a mailed invitation link is for: the address, role, inviter and state',
        params: invitationTokenParamsSchema,
        response: { 200: invitationPreviewSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      const key = `invite:ip:${request.ip}`;
      await limiter.check([key], acceptWindow);
      const row = await findInvitationByToken(db, request.params.token);
      if (!row) {
        await limiter.hit(key, acceptWindow);
        throw notFound('Invitation');
      }
      return {
        invitation: {
          email: row.email,
          role: row.role,
          state: invitationState(row),
          invitedBy: await nameOf(row.invitedBy),
          expiresAt: row.expiresAt.toISOString(),
        },
      };
    },
  );

  app.post(
    INVITATIONS_API.accept,
    {
      config: { public: true },
      schema: {
        operationId: 'acceptInvitation',
        tags: ['invitations'],
        summary:
          'Accept an invitation: choose a password; answers as the sign-in does (signed in, verified, approved)',
        body: acceptInvitationBodySchema,
        response: { 200: loginSuccessSchema, ...errorResponses(400, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const { token, password, firstName, lastName } = request.body;
      const key = `invite:ip:${request.ip}`;
      await limiter.check([key], acceptWindow);
      const invitation = await findInvitationByToken(db, token);
      if (!invitation) {
        await limiter.hit(key, acceptWindow);
        throw new HttpError(404, ERROR_CODES.notFound, 'This invitation link is not valid', [
          {
            field: 'token',
            code: 'invitation_unknown',
            message: 'This invitation link is not valid',
          },
        ]);
      }
      checkPasswordPolicy(password, invitation.email, 'password', [firstName, lastName]);
      const passwordHash = await hashPassword(password);
      const user = await db.transaction((tx) =>
        acceptInvitation(tx, request, invitation.id, { firstName, lastName, passwordHash }),
      );
      await emitWebhookEvent(app, 'user.created', personData(user));
      const { accessToken } = await createSession(services, db, user.id, request);
      setFileCookie(request, reply, accessToken, config.jwtTtlSeconds);
      await audit(db, request, {
        actorId: user.id,
        action: 'auth.login',
        meta: { how: 'invitation' },
      });
      const access = effectivePermissions(
        config,
        { status: user.status, emailVerified: user.emailVerified, totpOn: false },
        await permissions.of(user.role),
      );
      return { accessToken, user: toAccountUser(user, access), msg: 'Login success' };
    },
  );
}
