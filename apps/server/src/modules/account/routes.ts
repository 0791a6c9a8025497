/**
 * The account module is the signed-in person acting on themselves: registering, signing in and
 * out, codes, passwords, sessions and two-factor sign-in (here), and their own profile, email,
 * preferences and activity (profile-routes.ts). Administrators acting on other people are the
 * users module. What both do to a person's record lies below both, in lib/ (people, user-view,
 * auth-codes, sessions, password-strength).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  changePasswordBodySchema,
  loginAnswerSchema,
  loginBodySchema,
  loginMfaBodySchema,
  loginSuccessSchema,
  msgAnswerSchema,
  passwordConfirmBodySchema,
  recoveryCodesAnswerSchema,
  twoFactorEnableBodySchema,
  twoFactorSetupAnswerSchema,
  twoFactorStatusSchema,
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
import { recoveryCodes, sessions, users } from '../../db/schema/core.js';
import { effectivePermissions } from '../../lib/access.js';
import { langFromHeader } from '../../lib/account-mails.js';
import { audit } from '../../lib/audit.js';
import { HttpError, conflict, fieldError, notFound, unauthorized } from '../../lib/http-error.js';
import { notify } from '../../lib/notify.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { errorResponses, withExample } from '../../lib/route-schemas.js';
import { bearer, requireAuth } from '../../plugins/auth.js';
import { codeMail, consumeCode, issueCode } from '../../lib/auth-codes.js';
import { checkPasswordPolicy } from '../../lib/password-strength.js';
import { uniqueUserSlug } from '../../lib/people.js';
import { createSession, revokeSessions } from '../../lib/sessions.js';
import { toAccountUser } from '../../lib/user-view.js';
import { emitWebhookEvent, personData } from '../../lib/webhooks.js';
import { accountProfileRoutes } from './profile-routes.js';
import {
  consumeRecoveryCode,
  consumeTotp,
  enrolment,
  looksLikeRecoveryCode,
  newTotpSecret,
  recoveryCodesLeft,
  replaceRecoveryCodes,
} from './two-factor.js';
import { clearFileCookie, setFileCookie } from '../../lib/file-cookie.js';

const WINDOW_SECONDS = 15 * 60;
const INVALID_CREDENTIALS = 'Invalid email or password';
/** Sign-in throttling (docs/security.md): per account and address pair, growing delays. */
const PAIR_FREE_FAILURES = 5;
const MAX_DELAY_SECONDS = 15 * 60;

export async function accountRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { services } = app;
  const { db, limiter, permissions, mailer, config, tasks, tokens } = services;
  const window = { limit: config.authRateLimit, seconds: WINDOW_SECONDS };
  /** One address failing across many accounts (password spraying) is stopped by a wider window. */
  const addressWindow = { limit: config.authRateLimit * 10, seconds: WINDOW_SECONDS };
  const throttle = {
    free: PAIR_FREE_FAILURES,
    maxDelaySeconds: MAX_DELAY_SECONDS,
    windowSeconds: WINDOW_SECONDS,
  };

  /**
   * Every code call (verify, resend, reset, new password) counts per address and per account and
   * address pair: someone else's failures never lock an account's owner out.
   */
  async function limitCodeCall(ip: string, email: string) {
    const pair = `code:pair:${email}|${ip}`;
    const address = `code:ip:${ip}`;
    await limiter.check([pair], window);
    await limiter.check([address], addressWindow);
    await limiter.hit(pair, window);
    await limiter.hit(address, addressWindow);
  }

  async function loadUser(id: string) {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    if (!row) throw unauthorized('Session ended, please sign in again');
    return row;
  }

  type UserRow = typeof users.$inferSelect;
  async function accessOf(user: UserRow) {
    return effectivePermissions(
      config,
      {
        status: user.status,
        emailVerified: user.emailVerified,
        totpOn: user.totpEnabledAt !== null,
      },
      await permissions.of(user.role),
    );
  }

  async function signedIn(
    user: UserRow,
    request: FastifyRequest,
    reply: FastifyReply,
    how: string,
  ) {
    const { accessToken } = await createSession(services, db, user.id, request);
    setFileCookie(request, reply, accessToken, config.jwtTtlSeconds);
    await audit(db, request, { actorId: user.id, action: 'auth.login', meta: { how } });
    return {
      accessToken,
      user: toAccountUser(user, await accessOf(user)),
      msg: 'Login success',
    };
  }

  app.post(
    API.account.login,
    {
      config: { public: true },
      schema: {
        operationId: 'signIn',
        tags: ['account'],
        summary: 'Sign in with email and password (then a code, with two-factor sign-in)',
        body: withExample(loginBodySchema, {
          email: 'admin@backoffice.local',
          password: 'correct-horse-battery',
        }),
        response: { 200: loginAnswerSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      // OIDC_ONLY: single sign-on for everyone but the break-glass administrator (decision 029).
      if (config.sso?.only && email.toLowerCase() !== config.sso.breakGlassEmail) {
        throw new HttpError(
          403,
          'PASSWORD_SIGNIN_OFF',
          'Password sign-in is turned off: sign in with your organisation’s provider',
        );
      }
      const pair = `login:pair:${email}|${request.ip}`;
      const address = `login:ip:${request.ip}`;
      await limiter.checkBlocked([pair]);
      await limiter.check([address], addressWindow);
      const [user] = await db.select().from(users).where(eq(users.email, email));
      const ok = user?.passwordHash
        ? await verifyPassword(user.passwordHash, password)
        : (await burnPasswordCheck(password), false);
      if (!user || !ok) {
        await limiter.fail(pair, throttle);
        await limiter.hit(address, addressWindow);
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
      await limiter.clear(pair);
      if (user.totpEnabledAt && user.totpSecret) {
        await audit(db, request, { actorId: user.id, action: 'auth.login_password_ok' });
        return {
          mfaRequired: true as const,
          mfaToken: await tokens.signMfa(user.id),
          msg: 'Enter the code from your authenticator app',
        };
      }
      return signedIn(user, request, reply, 'password');
    },
  );

  app.post(
    API.account.login2fa,
    {
      config: { public: true },
      schema: {
        operationId: 'signInWithTwoFactorCode',
        tags: ['account'],
        summary: 'Second sign-in step: a code from the authenticator app, or a recovery code',
        body: loginMfaBodySchema,
        response: { 200: loginSuccessSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { mfaToken, code } = request.body;
      const userId = await tokens.verifyMfa(mfaToken);
      if (!userId)
        throw unauthorized('The sign-in took too long; start again', ERROR_CODES.tokenExpired);
      // Six digits are guessable without a limit: the same growing delays as passwords.
      const key = `mfa:${userId}`;
      await limiter.checkBlocked([key]);
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user || !user.totpEnabledAt || !user.totpSecret) throw unauthorized('Start again');
      if (user.status === 'banned' || user.status === 'rejected') {
        throw new HttpError(403, 'ACCOUNT_SUSPENDED', 'This account is suspended');
      }
      const byApp = /^\d{6}$/.test(code);
      const accepted = byApp
        ? await consumeTotp(db, user.id, user.totpSecret, code)
        : looksLikeRecoveryCode(code) &&
          (await consumeRecoveryCode(db, config.jwtSecret, user.id, code));
      if (!accepted) {
        await limiter.fail(key, throttle);
        await audit(db, request, { actorId: user.id, action: 'auth.login_2fa_failed' });
        throw fieldError('code', 'code_invalid', 'The code is wrong or has expired');
      }
      await limiter.clear(key);
      return signedIn(user, request, reply, byApp ? 'totp' : 'recovery_code');
    },
  );

  app.post(
    API.account.register,
    {
      config: { public: true },
      schema: {
        operationId: 'registerAccount',
        tags: ['account'],
        summary: 'Create an account; a verification code is mailed',
        body: registerBodySchema,
        response: { 201: registerAnswerSchema, ...errorResponses(400, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (config.registration === 'closed' || config.sso?.only) {
        throw new HttpError(403, 'REGISTRATION_CLOSED', 'Accounts are created by an administrator');
      }
      // Per client address and per email address, so probing which addresses exist is slow too.
      const keys = [`register:ip:${request.ip}`, `register:email:${body.email}`];
      // An answer that an address is taken is a failure, slowed as failed sign-ins are (growing
      // delays after a few, whatever AUTH_RATE_LIMIT is): per email address, and per source.
      const takenKeys = [`register:taken:email:${body.email}`, `register:taken:ip:${request.ip}`];
      await limiter.checkBlocked(takenKeys);
      await limiter.check(keys, window);
      await Promise.all(keys.map((k) => limiter.hit(k, window)));
      checkPasswordPolicy(body.password, body.email, 'password', [body.firstName, body.lastName]);
      const passwordHash = await hashPassword(body.password);
      const result = await db.transaction(async (tx) => {
        const [existing] = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, body.email));
        if (existing) return null;
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
            // The language of the mails the account gets later (its approval).
            locale: langFromHeader(request.headers['accept-language']),
          })
          .returning();
        const session = await createSession(services, tx, user!.id, request);
        const code = await issueCode(services, tx, user!.id, 'verify');
        await audit(tx, request, {
          actorId: user!.id,
          action: 'auth.register',
          meta: { registration: config.registration },
        });
        return { user: user!, accessToken: session.accessToken, code };
      });
      if (!result) {
        // Still a 409 (the family's clients show it on the field), counted once the work is done.
        for (const key of takenKeys) await limiter.fail(key, throttle);
        throw fieldError('email', 'email_taken', 'An account with this email already exists', 409);
      }
      await mailer.send({ to: result.user.email, ...codeMail('verify', result.code) });
      await emitWebhookEvent(app, 'user.created', personData(result.user));
      setFileCookie(request, reply, result.accessToken, config.jwtTtlSeconds);
      reply.status(201);
      return {
        accessToken: result.accessToken,
        user: toAccountUser(result.user, await accessOf(result.user)),
      };
    },
  );

  app.get(
    API.account.myAccount,
    {
      config: { cache: { tables: ['users'], scope: 'user' } },
      // The app loads the signed-in person first thing, also with a token kept from an earlier
      // visit: that is when the uploads cookie is set again, so pictures load (runs on cached
      // answers too).
      onSend: async (request, reply, payload) => {
        const token = bearer(request);
        if (reply.statusCode === 200 && token)
          setFileCookie(request, reply, token, config.jwtTtlSeconds);
        return payload;
      },
      schema: {
        operationId: 'getMyAccount',
        tags: ['account'],
        summary: 'The signed-in person',
        response: { 200: myAccountAnswerSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const user = toAccountUser(await loadUser(auth.userId), {
        permissions: auth.permissions,
        limited: auth.limited,
      });
      return { data: { user }, user };
    },
  );

  app.post(
    API.account.logout,
    {
      schema: {
        operationId: 'signOut',
        tags: ['account'],
        summary: 'End this session',
        response: { 200: msgAnswerSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.id, auth.sessionId));
      clearFileCookie(reply);
      await audit(db, request, { actorId: auth.userId, action: 'auth.logout' });
      return { msg: 'Signed out' };
    },
  );

  app.post(
    API.account.verify,
    {
      config: { public: true },
      schema: {
        operationId: 'verifyEmail',
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
        // Unknown and already verified addresses get the same answer as a wrong code: this call
        // must not tell which addresses have accounts.
        if (!user || user.emailVerified) return false;
        if (!(await consumeCode(services, tx, user.id, 'verify', code))) return false;
        await tx
          .update(users)
          .set({
            emailVerified: true,
            // Open registration: verified is enough. Approval: still pending until approved.
            status:
              user.status === 'pending' && config.registration === 'open' ? 'active' : user.status,
            updatedAt: new Date(),
          })
          .where(eq(users.id, user.id));
        if (user.status === 'pending' && config.registration !== 'open') {
          // Verified and waiting for approval: the people who approve accounts hear of it.
          await notify(tx, {
            type: 'registration.pending',
            to: { permission: 'users:write' },
            title: user.displayName,
            body: user.email,
            link: '/dashboard/user/list?status=pending',
            recordId: user.id,
            actorId: user.id,
          });
        }
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
        operationId: 'resendVerificationCode',
        tags: ['account'],
        summary: 'Mail a new verification code',
        body: resendCodeBodySchema,
        response: { 200: msgAnswerSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const { email } = request.body;
      await limitCodeCall(request.ip, email);
      // After the answer, so its timing does not tell whether the address has an account.
      tasks.run('resend verification code', async () => {
        const [user] = await db.select().from(users).where(eq(users.email, email));
        if (user && !user.emailVerified) {
          const code = await issueCode(services, db, user.id, 'verify');
          await mailer.send({ to: user.email, ...codeMail('verify', code) });
        }
      });
      return { msg: 'If the address needs verifying, a new code has been sent' };
    },
  );

  app.post(
    API.account.resetPassword,
    {
      config: { public: true },
      schema: {
        operationId: 'requestPasswordReset',
        tags: ['account'],
        summary: 'Mail a password reset code (never says whether the account exists)',
        body: resetPasswordBodySchema,
        response: { 200: msgAnswerSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const { email } = request.body;
      await limitCodeCall(request.ip, email);
      const who = { ip: request.ip, headers: request.headers };
      // After the answer: a known address (code, mail, audit) would otherwise answer slower.
      tasks.run('mail reset code', async () => {
        const [user] = await db.select().from(users).where(eq(users.email, email));
        if (user && user.status !== 'banned' && user.status !== 'rejected') {
          const code = await issueCode(services, db, user.id, 'reset');
          await mailer.send({ to: user.email, ...codeMail('reset', code) });
          await audit(db, who, { actorId: user.id, action: 'auth.reset_requested' });
        }
      });
      return { msg: 'If an account exists for this address, a code has been sent' };
    },
  );

  app.post(
    API.account.newPassword,
    {
      config: { public: true },
      schema: {
        operationId: 'setNewPassword',
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
            status:
              user.status === 'pending' && config.registration === 'open' ? 'active' : user.status,
            updatedAt: new Date(),
          })
          .where(eq(users.id, user.id));
        await revokeSessions(tx, user.id);
        await audit(tx, request, { actorId: user.id, action: 'auth.password_reset' });
        return true;
      });
      if (!done) throw fieldError('code', 'code_invalid', 'The code is wrong or has expired');
      return { msg: 'Password changed; sign in with the new one' };
    },
  );

  app.post(
    API.account.changePassword,
    {
      config: { permission: 'account:self' },
      schema: {
        operationId: 'changePassword',
        tags: ['account'],
        summary: 'Change the password (current one required); ends the other sessions',
        body: changePasswordBodySchema,
        response: { 200: msgAnswerSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { currentPassword, newPassword } = request.body;
      const user = await loadUser(auth.userId);
      // A stolen session must not be a free password-guessing oracle.
      const key = `password:${user.id}`;
      await limiter.checkBlocked([key]);
      if (!user.passwordHash || !(await verifyPassword(user.passwordHash, currentPassword))) {
        const wait = await limiter.fail(key, throttle);
        await audit(db, request, { actorId: user.id, action: 'auth.password_change_failed' });
        if (wait > 0) await limiter.checkBlocked([key]);
        throw fieldError('currentPassword', 'password_wrong', 'The current password is wrong');
      }
      await limiter.clear(key);
      checkPasswordPolicy(newPassword, user.email, 'newPassword', [user.firstName, user.lastName]);
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
        operationId: 'listMySessions',
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
    API.account.session.pattern,
    {
      schema: {
        operationId: 'endMySession',
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

  // ---- two-factor sign-in ----

  /** The password again before changing how one signs in: a borrowed session is not enough. */
  async function confirmPassword(userId: string, password: string) {
    const user = await loadUser(userId);
    const key = `password:${user.id}`;
    await limiter.checkBlocked([key]);
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, password))) {
      await limiter.fail(key, throttle);
      throw fieldError('password', 'password_wrong', 'The password is wrong');
    }
    await limiter.clear(key);
    return user;
  }

  app.get(
    API.account.twoFactor,
    {
      schema: {
        operationId: 'getTwoFactorStatus',
        tags: ['account'],
        summary: 'Whether two-factor sign-in is on, and recovery codes left',
        response: { 200: twoFactorStatusSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const user = await loadUser(auth.userId);
      const granted = await permissions.of(user.role);
      return {
        twoFactor: {
          enabled: user.totpEnabledAt !== null,
          recoveryCodesLeft: await recoveryCodesLeft(db, user.id),
          required: config.require2faForAdmins && granted.has('admin:area'),
        },
      };
    },
  );

  app.post(
    API.account.twoFactorSetup,
    {
      schema: {
        operationId: 'setUpTwoFactor',
        tags: ['account'],
        summary: 'Start turning on two-factor sign-in: a new secret and its QR code',
        body: passwordConfirmBodySchema,
        response: { 200: twoFactorSetupAnswerSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const user = await confirmPassword(auth.userId, request.body.password);
      if (user.totpEnabledAt) throw conflict('Two-factor sign-in is already on');
      const secret = newTotpSecret();
      await db
        .update(users)
        .set({ totpSecret: secret, totpLastStep: null, updatedAt: new Date() })
        .where(eq(users.id, user.id));
      return enrolment(secret, user.email);
    },
  );

  app.post(
    API.account.twoFactorEnable,
    {
      schema: {
        operationId: 'enableTwoFactor',
        tags: ['account'],
        summary: 'Prove a code from the app: two-factor sign-in is on; ten recovery codes, once',
        body: twoFactorEnableBodySchema,
        response: { 200: recoveryCodesAnswerSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const user = await loadUser(auth.userId);
      if (user.totpEnabledAt) throw conflict('Two-factor sign-in is already on');
      if (!user.totpSecret) throw conflict('Start the set-up first');
      const key = `mfa:${user.id}`;
      await limiter.checkBlocked([key]);
      const codes = await db.transaction(async (tx) => {
        if (!(await consumeTotp(tx, user.id, user.totpSecret!, request.body.code))) return null;
        await tx
          .update(users)
          .set({ totpEnabledAt: new Date(), updatedAt: new Date() })
          .where(eq(users.id, user.id));
        const recovery = await replaceRecoveryCodes(tx, config.jwtSecret, user.id);
        await audit(tx, request, { actorId: user.id, action: 'auth.2fa_enabled' });
        return recovery;
      });
      if (!codes) {
        await limiter.fail(key, throttle);
        throw fieldError('code', 'code_invalid', 'The code is wrong or has expired');
      }
      return { recoveryCodes: codes };
    },
  );

  app.post(
    API.account.twoFactorDisable,
    {
      schema: {
        operationId: 'disableTwoFactor',
        tags: ['account'],
        summary: 'Turn two-factor sign-in off (password required)',
        body: passwordConfirmBodySchema,
        response: { 200: msgAnswerSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const user = await confirmPassword(auth.userId, request.body.password);
      const granted = await permissions.of(user.role);
      if (config.require2faForAdmins && granted.has('admin:area')) {
        throw new HttpError(
          403,
          'TWO_FACTOR_REQUIRED',
          'Administrators must keep two-factor sign-in',
        );
      }
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: new Date() })
          .where(eq(users.id, user.id));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
        await audit(tx, request, { actorId: user.id, action: 'auth.2fa_disabled' });
      });
      return { msg: 'Two-factor sign-in is off' };
    },
  );

  app.post(
    API.account.recoveryCodes,
    {
      schema: {
        operationId: 'renewRecoveryCodes',
        tags: ['account'],
        summary: 'Ten new recovery codes (the old ones stop working; password required)',
        body: passwordConfirmBodySchema,
        response: { 200: recoveryCodesAnswerSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const user = await confirmPassword(auth.userId, request.body.password);
      if (!user.totpEnabledAt) throw conflict('Two-factor sign-in is off');
      const codes = await db.transaction(async (tx) => {
        const recovery = await replaceRecoveryCodes(tx, config.jwtSecret, user.id);
        await audit(tx, request, { actorId: user.id, action: 'auth.recovery_codes_replaced' });
        return recovery;
      });
      return { recoveryCodes: codes };
    },
  );

  await app.register(accountProfileRoutes);
}
