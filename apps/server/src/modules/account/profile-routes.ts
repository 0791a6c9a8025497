import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq } from 'drizzle-orm';
import {
  USERS_API,
  activityAnswerSchema,
  activityQuerySchema,
  confirmEmailBodySchema,
  myProfileAnswerSchema,
  updateMyAccountBodySchema,
} from '@bo/contract/users';
import { isUniqueViolation } from '../../db/errors.js';
import { auditLog, users } from '../../db/schema/core.js';
import { audit } from '../../lib/audit.js';
import { fieldError } from '../../lib/http-error.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { requireAuth } from '../../plugins/auth.js';
import { CODE_TTL_MINUTES, consumeCode, issueCode } from '../../lib/auth-codes.js';
import {
  assertEmailFree,
  emailOwner,
  emailTaken,
  findUser,
  profileColumns,
  uniqueUserSlug,
} from '../../lib/people.js';
import { toMyProfile } from '../../lib/user-view.js';

const WINDOW_SECONDS = 15 * 60;

/** What the signed-in person changes about themselves: profile, preferences, links, email. */
export async function accountProfileRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { services } = app;
  const { db, mailer, limiter } = services;
  const window = { limit: services.config.authRateLimit, seconds: WINDOW_SECONDS };

  app.get(
    USERS_API.profile,
    {
      config: { permission: 'account:self' },
      schema: {
        operationId: 'getMyProfile',
        tags: ['account'],
        summary: 'My full record (preferences, social links, pending email)',
        response: { 200: myProfileAnswerSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return { user: toMyProfile(await findUser(db, auth.userId)) };
    },
  );

  app.patch(
    USERS_API.myAccount,
    {
      config: { permission: 'account:self' },
      schema: {
        operationId: 'updateMyAccount',
        tags: ['account'],
        summary:
          'Change my profile; a new email is applied only after its mailed code is confirmed',
        body: updateMyAccountBodySchema,
        response: { 200: myProfileAnswerSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const body = request.body;
      if (body.email !== undefined && body.email !== auth.email) {
        // Not a way to probe or mail outside addresses from an account nobody vouched for.
        if (auth.limited === 'unverified' || auth.limited === 'unapproved') {
          throw fieldError(
            'email',
            'email_change_not_allowed',
            'Your address can be changed once it is verified and your account approved',
            403,
          );
        }
        const keys = [`email-change:user:${auth.userId}`, `email-change:to:${body.email}`];
        await limiter.check(keys, window);
        await Promise.all(keys.map((key) => limiter.hit(key, window)));
      }
      const result = await db.transaction(async (tx) => {
        const before = await findUser(tx, auth.userId, true);
        const firstName = body.firstName ?? before.firstName;
        const lastName = body.lastName ?? before.lastName;
        const nameChanged = firstName !== before.firstName || lastName !== before.lastName;
        const newEmail =
          body.email !== undefined && body.email !== before.email ? body.email : undefined;
        // A taken address is answered exactly as a free one (no oracle): it waits for a code
        // that is never mailed, and its owner is told someone tried.
        const owner = newEmail ? await emailOwner(tx, newEmail, before.id) : undefined;
        // Links left empty are removed; preferences not sent keep their value.
        const social =
          body.social === undefined
            ? undefined
            : Object.fromEntries(
                Object.entries(body.social).filter(([, v]) => typeof v === 'string' && v !== ''),
              );
        const notificationPrefs =
          body.notificationPrefs === undefined
            ? undefined
            : { ...before.notificationPrefs, ...body.notificationPrefs };
        const [row] = await tx
          .update(users)
          .set({
            firstName,
            lastName,
            ...(nameChanged
              ? {
                  displayName: `${firstName} ${lastName}`,
                  slug: await uniqueUserSlug(tx, firstName, lastName),
                }
              : {}),
            // Sending back the current address cancels a pending change.
            pendingEmail: newEmail ?? (body.email !== undefined ? null : undefined),
            ...profileColumns(body),
            isPublic: body.isPublic,
            social,
            notificationPrefs: notificationPrefs as Record<string, boolean> | undefined,
            updatedAt: new Date(),
          })
          .where(eq(users.id, before.id))
          .returning();
        const code = newEmail ? await issueCode(services, tx, before.id, 'email') : null;
        await audit(tx, request, {
          actorId: auth.userId,
          action: 'account.profile_updated',
          targetId: auth.userId,
          meta: {
            fields: Object.keys(body)
              .filter((k) => k !== 'email' || newEmail)
              .sort(),
          },
        });
        if (newEmail) {
          await audit(tx, request, {
            actorId: auth.userId,
            action: 'account.email_change_requested',
            targetId: auth.userId,
            meta: { to: newEmail },
          });
        }
        return { row: row!, code, newEmail, owner };
      });
      if (result.owner) {
        await mailer.send({
          to: result.owner,
          subject: 'Someone tried to use your email address',
          text:
            `Someone signed in to another back-office account asked to change its address to ${result.owner}.\n` +
            'Nothing changes for your account. If it was you, you already have an account with this address.',
        });
      } else if (result.code && result.newEmail) {
        await mailer.send({
          to: result.newEmail,
          subject: 'Confirm your new email address',
          text:
            `Your code to confirm ${result.newEmail} is ${result.code}. It expires in ${CODE_TTL_MINUTES} minutes.\n` +
            'Until you enter it, you keep signing in with your current address.',
        });
      }
      return { user: toMyProfile(result.row) };
    },
  );

  app.post(
    USERS_API.confirmEmail,
    {
      config: { permission: 'account:self' },
      schema: {
        operationId: 'confirmEmailChange',
        tags: ['account'],
        summary: 'Apply my pending email with the code mailed to it',
        body: confirmEmailBodySchema,
        response: { 200: myProfileAnswerSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const key = `code:user:${auth.userId}`;
      await limiter.check([key], window);
      await limiter.hit(key, window);
      const row = await db
        .transaction(async (tx) => {
          const user = await findUser(tx, auth.userId, true);
          if (!user.pendingEmail)
            throw fieldError('code', 'no_pending_email', 'There is no email change to confirm');
          if (!(await consumeCode(services, tx, user.id, 'email', request.body.code))) return null;
          await assertEmailFree(tx, user.pendingEmail, user.id);
          const [updated] = await tx
            .update(users)
            .set({
              email: user.pendingEmail,
              pendingEmail: null,
              emailVerified: true,
              updatedAt: new Date(),
            })
            .where(eq(users.id, user.id))
            .returning();
          await audit(tx, request, {
            actorId: user.id,
            action: 'account.email_changed',
            targetId: user.id,
            meta: { from: user.email, to: user.pendingEmail },
          });
          return updated!;
        })
        .catch((err: unknown) => {
          if (isUniqueViolation(err, 'users_email_key')) throw emailTaken('');
          throw err;
        });
      // Outside the transaction: the wrong try must stay counted.
      if (!row) throw fieldError('code', 'code_invalid', 'The code is wrong or has expired');
      await limiter.clear(key);
      return { user: toMyProfile(row) };
    },
  );

  app.post(
    USERS_API.cancelEmail,
    {
      config: { permission: 'account:self' },
      schema: {
        operationId: 'cancelEmailChange',
        tags: ['account'],
        summary: 'Drop my pending email change',
        response: { 200: myProfileAnswerSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const [row] = await db
        .update(users)
        .set({ pendingEmail: null, updatedAt: new Date() })
        .where(eq(users.id, auth.userId))
        .returning();
      return { user: toMyProfile(row!) };
    },
  );

  app.get(
    USERS_API.activity,
    {
      config: { permission: 'account:self' },
      schema: {
        operationId: 'listMyActivity',
        tags: ['account'],
        summary: 'My recent actions, from the audit log',
        querystring: activityQuerySchema,
        response: { 200: activityAnswerSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const mine = and(eq(auditLog.actorId, auth.userId));
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(mine)
          .orderBy(desc(auditLog.id))
          .limit(request.query.limit),
        db.select({ n: count() }).from(auditLog).where(mine),
      ]);
      return {
        total: Number(totals[0]?.n ?? 0),
        activities: rows.map((r) => ({
          id: r.id,
          action: r.action,
          targetId: r.targetId,
          meta: r.meta,
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },
  );
}
