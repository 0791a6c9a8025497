import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  changePasswordBodySchema,
  loginAnswerSchema,
  loginBodySchema,
  msgAnswerSchema,
  myAccountAnswerSchema,
  newPasswordBodySchema,
  registerAnswerSchema,
  registerBodySchema,
  resendCodeBodySchema,
  resetPasswordBodySchema,
  sessionsAnswerSchema,
  verifyBodySchema,
} from '@bo/contract/account';
import { API } from '@bo/contract/api-paths';
import { ERROR_CODES } from '@bo/contract/errors';
import { idParamsSchema, okSchema } from '@bo/contract/common';
import { sessions, users } from '../../db/schema/core.js';
import { audit } from '../../lib/audit.js';
import { HttpError, fieldError, notFound, unauthorized } from '../../lib/http-error.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { requireAuth } from '../../plugins/auth.js';
import {
  checkPasswordPolicy,
  codeMail,
  consumeCode,
  createSession,
  issueCode,
  revokeSessions,
  uniqueUserSlug,
} from './service.js';
import { toAccountUser } from './user-view.js';

const WINDOW_SECONDS = 15 * 60;
const INVALID_CREDENTIALS = 'Invalid email or password';

export async function accountRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { services } = app;
  const { db, limiter, permissions, mailer } = services;
  const window = { limit: services.config.authRateLimit, seconds: WINDOW_SECONDS };

  /** Every code call (verify, resend, reset, new password) counts per address and per account. */
  async function limitCodeCall(ip: string, email: string) {
    const keys = [`code:ip:${ip}`, `code:email:${email}`];
    await limiter.check(keys, window);
    await Promise.all(keys.map((k) => limiter.hit(k, window)));
  }

  async function loadUser(id: string) {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    if (!row) throw unauthorized('Session ended, please sign in again');
    return row;
  }

  app.post(
    API.account.login,
    {
      config: { public: true },
      schema: {
        tags: ['account'],
        summary: 'Sign in with email and password',
        body: loginBodySchema,
        response: { 200: loginAnswerSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      const keys = [`login:ip:${request.ip}`, `login:email:${email}`];
      await limiter.check(keys, window);
      const [user] = await db.select().from(users).where(eq(users.email, email));
      const ok = user?.passwordHash
        ? await verifyPassword(user.passwordHash, password)
        : (await burnPasswordCheck(password), false);
      if (!user || !ok) {
        await Promise.all(
          keys.map((k) => limiter.hit(k, { limit: window.limit, seconds: WINDOW_SECONDS })),
        );
        await audit(db, request, {
          actorId: user?.id ?? null,
          action: 'auth.login_failed',
          meta: { email },
        });
        throw unauthorized(INVALID_CREDENTIALS, ERROR_CODES.invalidCredentials);
      }
      if (user.status === 'banned' || user.status === 'rejected') {
        await audit(db, request, {
          actorId: user.id,
          action: 'auth.login_refused',
          meta: { status: user.status },
        });
        throw new HttpError(403, 'ACCOUNT_SUSPENDED', 'This account is suspended');
      }
      const { accessToken } = await createSession(services, db, user.id, request);
      await limiter.clear(`login:email:${email}`);
      await audit(db, request, { actorId: user.id, action: 'auth.login' });
      return {
        accessToken,
        user: toAccountUser(user, await permissions.of(user.role)),
        msg: 'Login success',
      };
    },
  );

  app.post(
    API.account.register,
    {
      config: { public: true },
      schema: {
        tags: ['account'],
        summary: 'Create an account; a verification code is mailed',
        body: registerBodySchema,
        response: { 201: registerAnswerSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const key = `register:ip:${request.ip}`;
      await limiter.check([key], window);
      await limiter.hit(key, window);
      checkPasswordPolicy(body.password, body.email);
      const passwordHash = await hashPassword(body.password);
      const result = await db.transaction(async (tx) => {
        const [existing] = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, body.email));
        if (existing) {
          throw fieldError(
            'email',
            'email_taken',
            'An account with this email already exists',
            409,
          );
        }
        const [user] = await tx
          .insert(users)
          .values({
            email: body.email,
            passwordHash,
            firstName: body.firstName,
            lastName: body.lastName,
            displayName: `${body.firstName} ${body.lastName}`,
            slug: await uniqueUserSlug(tx, body.firstName, body.lastName),
            role: 'user',
            status: 'pending',
          })
          .returning();
        const session = await createSession(services, tx, user!.id, request);
        const code = await issueCode(services, tx, user!.id, 'verify');
        await audit(tx, request, { actorId: user!.id, action: 'auth.register' });
        return { user: user!, accessToken: session.accessToken, code };
      });
      await mailer.send({ to: result.user.email, ...codeMail('verify', result.code) });
      reply.status(201);
      return {
        accessToken: result.accessToken,
        user: toAccountUser(result.user, await permissions.of(result.user.role)),
      };
    },
  );

  app.get(
    API.account.myAccount,
    {
      config: { cache: { tables: ['users'], scope: 'user' } },
      schema: {
        tags: ['account'],
        summary: 'The signed-in person',
        response: { 200: myAccountAnswerSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const user = await loadUser(auth.userId);
      return { data: { user: toAccountUser(user, auth.permissions) } };
    },
  );

  app.post(
    API.account.logout,
    {
      schema: {
        tags: ['account'],
        summary: 'End this session',
        response: { 200: msgAnswerSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.id, auth.sessionId));
      await audit(db, request, { actorId: auth.userId, action: 'auth.logout' });
      return { msg: 'Signed out' };
    },
  );

  app.post(
    API.account.verify,
    {
      config: { public: true },
      schema: {
        tags: ['account'],
        summary: 'Confirm the email address with the mailed 6-digit code',
        body: verifyBodySchema,
        response: { 200: msgAnswerSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const { email, code } = request.body;
      await limitCodeCall(request.ip, email);
      const done = await db.transaction(async (tx) => {
        const [user] = await tx.select().from(users).where(eq(users.email, email));
        if (!user) return false;
        if (user.emailVerified) return true;
        if (!(await consumeCode(services, tx, user.id, 'verify', code))) return false;
        await tx
          .update(users)
          .set({
            emailVerified: true,
            status: user.status === 'pending' ? 'active' : user.status,
            updatedAt: new Date(),
          })
          .where(eq(users.id, user.id));
        await audit(tx, request, { actorId: user.id, action: 'auth.email_verified' });
        return true;
      });
      if (!done) throw fieldError('code', 'code_invalid', 'The code is wrong or has expired');
      return { msg: 'Email verified' };
    },
  );

  app.post(
    API.account.resendCode,
    {
      config: { public: true },
      schema: {
        tags: ['account'],
        summary: 'Mail a new verification code',
        body: resendCodeBodySchema,
        response: { 200: msgAnswerSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const { email } = request.body;
      await limitCodeCall(request.ip, email);
      const [user] = await db.select().from(users).where(eq(users.email, email));
      if (user && !user.emailVerified) {
        const code = await issueCode(services, db, user.id, 'verify');
        await mailer.send({ to: user.email, ...codeMail('verify', code) });
      }
      return { msg: 'If the address needs verifying, a new code has been sent' };
    },
  );

  app.post(
    API.account.resetPassword,
    {
      config: { public: true },
      schema: {
        tags: ['account'],
        summary: 'Mail a password reset code (never says whether the account exists)',
        body: resetPasswordBodySchema,
        response: { 200: msgAnswerSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const { email } = request.body;
      await limitCodeCall(request.ip, email);
      const [user] = await db.select().from(users).where(eq(users.email, email));
      if (user && user.status !== 'banned' && user.status !== 'rejected') {
        const code = await issueCode(services, db, user.id, 'reset');
        await mailer.send({ to: user.email, ...codeMail('reset', code) });
        await audit(db, request, { actorId: user.id, action: 'auth.reset_requested' });
      }
      return { msg: 'If an account exists for this address, a code has been sent' };
    },
  );

  app.post(
    API.account.newPassword,
    {
      config: { public: true },
      schema: {
        tags: ['account'],
        summary: 'Set a new password with the mailed code; ends every session',
        body: newPasswordBodySchema,
        response: { 200: msgAnswerSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const { email, code, password } = request.body;
      await limitCodeCall(request.ip, email);
      checkPasswordPolicy(password, email);
      const passwordHash = await hashPassword(password);
      const done = await db.transaction(async (tx) => {
        const [user] = await tx.select().from(users).where(eq(users.email, email));
        if (!user || !(await consumeCode(services, tx, user.id, 'reset', code))) return false;
        // The code came by mail, so the address is proven too.
        await tx
          .update(users)
          .set({
            passwordHash,
            emailVerified: true,
            status: user.status === 'pending' ? 'active' : user.status,
            updatedAt: new Date(),
          })
          .where(eq(users.id, user.id));
        await revokeSessions(tx, user.id);
        await audit(tx, request, { actorId: user.id, action: 'auth.password_reset' });
        return true;
      });
      if (!done) throw fieldError('code', 'code_invalid', 'The code is wrong or has expired');
      await limiter.clear(`login:email:${email}`);
      return { msg: 'Password changed; sign in with the new one' };
    },
  );

  app.post(
    API.account.changePassword,
    {
      config: { permission: 'account:self' },
      schema: {
        tags: ['account'],
        summary: 'Change the password (current one required); ends the other sessions',
        body: changePasswordBodySchema,
        response: { 200: msgAnswerSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { currentPassword, newPassword } = request.body;
      const user = await loadUser(auth.userId);
      if (!user.passwordHash || !(await verifyPassword(user.passwordHash, currentPassword))) {
        throw fieldError('currentPassword', 'password_wrong', 'The current password is wrong');
      }
      checkPasswordPolicy(newPassword, user.email, 'newPassword');
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash, updatedAt: new Date() })
          .where(eq(users.id, user.id));
        await revokeSessions(tx, user.id, auth.sessionId);
        await audit(tx, request, { actorId: user.id, action: 'auth.password_changed' });
      });
      return { msg: 'Password changed' };
    },
  );

  app.get(
    API.account.sessions,
    {
      schema: {
        tags: ['account'],
        summary: 'My active sessions',
        response: { 200: sessionsAnswerSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const rows = await db
        .select()
        .from(sessions)
        .where(
          and(
            eq(sessions.userId, auth.userId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, new Date()),
          ),
        )
        .orderBy(sessions.lastSeenAt);
      return {
        sessions: rows.reverse().map((s) => ({
          id: s.id,
          userAgent: s.userAgent,
          ip: s.ip,
          createdAt: s.createdAt.toISOString(),
          lastSeenAt: s.lastSeenAt.toISOString(),
          current: s.id === auth.sessionId,
        })),
      };
    },
  );

  app.delete(
    '/api/account/sessions/:id',
    {
      schema: {
        tags: ['account'],
        summary: 'End one of my sessions',
        params: idParamsSchema,
        response: { 200: okSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const ended = await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(sessions.id, request.params.id),
            eq(sessions.userId, auth.userId),
            isNull(sessions.revokedAt),
          ),
        )
        .returning({ id: sessions.id });
      if (!ended.length) throw notFound('Session');
      await audit(db, request, {
        actorId: auth.userId,
        action: 'auth.session_ended',
        targetId: request.params.id,
      });
      return { ok: true as const };
    },
  );
}
