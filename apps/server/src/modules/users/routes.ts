/**
 * The users module is people as others see and manage them: the directory (users:read), roles,
 * and administrators creating, editing, suspending and deleting people. A person acting on their
 * own record (sign-in, sessions, 2FA, own profile and email) is the account module, even where
 * its paths are named in the users contract (USERS_API.profile, myAccount, confirmEmail, …).
 * What both do to a person's record lies below both, in lib/ (people, user-view, auth-codes,
 * sessions, password-strength).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inArray } from 'drizzle-orm';
import { bulkIdsSchema, okSchema } from '@bo/contract/common';
import {
  USERS_API,
  bulkDeleteAnswerSchema,
  createUserBodySchema,
  updateUserBodySchema,
  userAnswerSchema,
  userBulkAnswerSchema,
  userBulkBodySchema,
  userParamsSchema,
  usersAnswerSchema,
  usersQuerySchema,
} from '@bo/contract/users';
import { users } from '../../db/schema/core.js';
import { audit } from '../../lib/audit.js';
import { approvedMail, mailLang, webBase } from '../../lib/account-mails.js';
import { hashPassword } from '../../lib/passwords.js';
import { errorResponses, withExample } from '../../lib/route-schemas.js';
import { fieldError, forbidden } from '../../lib/http-error.js';
import { requireAuth, type AuthContext } from '../../plugins/auth.js';
import { isUniqueViolation } from '../../db/errors.js';
import { codeMail, issueCode } from '../../lib/auth-codes.js';
import { checkPasswordPolicy } from '../../lib/password-strength.js';
import { emailTaken, findUser } from '../../lib/people.js';
import { toUser, type Viewer } from '../../lib/user-view.js';
import { fromSqlRow, listUsers } from './queries.js';
import { assertAdminsRemain, assertRoleExists, insertPerson, updatePerson } from './service.js';
import { emitWebhookEvent, personData } from '../../lib/webhooks.js';
import { assertRoleManagersRemain, lockRoleManagers } from '../../lib/role-managers.js';
import { userTransferRoutes } from './transfer-routes.js';
import { bulkUsers } from './bulk.js';

/** The mail of a person an administrator created without a password (and of an invite again). */
const invitedMail = (email: string, code: string) => {
  const mail = codeMail('reset', code);
  return {
    to: email,
    subject: 'Your back-office account',
    text:
      `An administrator created an account for you (${email}).\n` +
      `To choose your password, open "Forgot password" on the sign-in page and use this code.\n\n${mail.text}`,
  };
};

const viewerOf = (auth: AuthContext): Viewer => ({
  userId: auth.userId,
  canManage: auth.permissions.has('users:write'),
});

/** Managers see every field of everyone; others see public profiles and their own in full. */
const seesAll = (auth: AuthContext) => (auth.permissions.has('users:write') ? 'role' : 'user');

/** People management: listing for everyone who may read, changes for administrators only. */
export async function userRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { services } = app;
  const { db, database, mailer } = services;

  await userTransferRoutes(appBase);

  app.get(
    USERS_API.list,
    {
      config: {
        permission: 'users:read',
        cache: { tables: ['users', 'user_counts'], scope: seesAll },
      },
      schema: {
        operationId: 'listUsers',
        tags: ['users'],
        summary: 'People, paged, sorted and filtered; counts per status for the tabs',
        querystring: usersQuerySchema,
        response: { 200: usersAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const viewer = viewerOf(requireAuth(request));
      // The order by email would place a hidden address between the shown ones.
      if (request.query.sort === 'email' && !viewer.canManage)
        throw fieldError('sort', 'not_allowed', 'Sorting by email is for people who manage users');
      const { rows, total, counts, totalCapped } = await listUsers(database, {
        ...request.query,
        viewer,
      });
      return { users: rows.map((r) => toUser(fromSqlRow(r), viewer)), total, counts, totalCapped };
    },
  );

  app.get(
    USERS_API.one.pattern,
    {
      config: { permission: 'users:read', cache: { tables: ['users'], scope: seesAll } },
      schema: {
        operationId: 'getUser',
        tags: ['users'],
        summary: 'One person, by uuid or slug',
        params: userParamsSchema,
        response: { 200: userAnswerSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = viewerOf(requireAuth(request));
      return { user: toUser(await findUser(db, request.params.id), viewer) };
    },
  );

  app.post(
    USERS_API.list,
    {
      config: { permission: 'users:write' },
      schema: {
        operationId: 'createUser',
        tags: ['users'],
        summary: 'Create a person; without a password they get a mailed code to choose one',
        body: withExample(createUserBodySchema, {
          firstName: 'Deja',
          lastName: 'Brady',
          email: 'deja.brady@acme.test',
          role: 'user',
          status: 'active',
        }),
        response: { 201: userAnswerSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const body = request.body;
      const password = body.password || undefined;
      if (password) checkPasswordPolicy(password, body.email);
      await assertRoleExists(db, body.role);
      const passwordHash = password ? await hashPassword(password) : null;
      const created = await db
        .transaction((tx) =>
          insertPerson(tx, request, auth.userId, body, {
            passwordHash,
            issueResetCode: (id) => issueCode(services, tx, id, 'reset'),
          }),
        )
        .catch((err: unknown) => {
          if (isUniqueViolation(err, 'users_email_key')) throw emailTaken(body.email);
          throw err;
        });
      if (created.code) await mailer.send(invitedMail(created.row.email, created.code));
      await emitWebhookEvent(app, 'user.created', personData(created.row));
      reply.status(201);
      return { user: toUser(created.row, viewerOf(auth)) };
    },
  );

  app.patch(
    USERS_API.one.pattern,
    {
      config: { permission: 'users:write' },
      schema: {
        operationId: 'updateUser',
        tags: ['users'],
        summary: 'Change a person (administrators); suspending ends their sessions',
        params: userParamsSchema,
        body: updateUserBodySchema,
        response: { 200: userAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const body = request.body;
      if (body.role !== undefined) await assertRoleExists(db, body.role);
      const updated = await db
        .transaction((tx) => updatePerson(tx, request, auth.userId, request.params.id, body))
        .catch((err: unknown) => {
          if (body.email && isUniqueViolation(err, 'users_email_key')) throw emailTaken(body.email);
          throw err;
        });
      if (updated.approved) {
        // An administrator approved a pending account: the person hears of it, in their language.
        await mailer.send({
          to: updated.row.email,
          ...approvedMail(
            mailLang(updated.row.locale),
            updated.row.displayName,
            `${webBase(services.config.publicUrl, request)}/dashboard`,
          ),
        });
      }
      return { user: toUser(updated.row, viewerOf(auth)) };
    },
  );

  app.delete(
    USERS_API.one.pattern,
    {
      config: { permission: 'users:delete' },
      schema: {
        operationId: 'deleteUser',
        tags: ['users'],
        summary: 'Delete a person (never the last administrator)',
        params: userParamsSchema,
        response: { 200: okSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await db.transaction(async (tx) => {
        const managers = await lockRoleManagers(tx);
        const target = await findUser(tx, request.params.id, true);
        await assertAdminsRemain(tx, [target.id], 'id');
        await tx.delete(users).where(inArray(users.id, [target.id]));
        await assertRoleManagersRemain(tx, managers, 'id');
        await audit(tx, request, {
          actorId: auth.userId === target.id ? null : auth.userId,
          action: 'user.deleted',
          targetId: target.id,
          meta: { email: target.email, name: target.displayName },
        });
      });
      return { ok: true as const };
    },
  );

  app.post(
    USERS_API.bulkDelete,
    {
      config: { permission: 'users:delete' },
      schema: {
        operationId: 'deleteUsers',
        tags: ['users'],
        summary: 'Delete several people at once, all or none',
        body: bulkIdsSchema,
        response: { 200: bulkDeleteAnswerSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const ids = [...new Set(request.body.ids.map((id) => id.toLowerCase()))];
      const deleted = await db.transaction(async (tx) => {
        const managers = await lockRoleManagers(tx);
        await assertAdminsRemain(tx, ids, 'ids');
        const rows = await tx
          .delete(users)
          .where(inArray(users.id, ids))
          .returning({ id: users.id, email: users.email });
        await assertRoleManagersRemain(tx, managers, 'ids');
        await audit(tx, request, {
          actorId: ids.includes(auth.userId) ? null : auth.userId,
          action: 'user.bulk_deleted',
          meta: { ids: rows.map((r) => r.id), emails: rows.map((r) => r.email) },
        });
        return rows.length;
      });
      return { deleted };
    },
  );

  app.post(
    USERS_API.bulk,
    {
      // Deleting needs users:delete too, checked below: one route for the list's one bar.
      config: { permission: 'users:write' },
      schema: {
        operationId: 'bulkUsers',
        tags: ['users'],
        summary:
          'One action on several people in one transaction: change role, suspend, approve, invite again or delete; those it cannot apply to are named with the reason',
        body: withExample(userBulkBodySchema, {
          ids: ['00000000-0000-4000-8000-000000000001'],
          action: 'role',
          role: 'editor',
        }),
        response: { 200: userBulkAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { action } = request.body;
      if (action === 'delete' && !auth.permissions.has('users:delete'))
        throw forbidden('Deleting people needs the permission users:delete');
      const outcome = await db.transaction((tx) =>
        bulkUsers(services, tx, request, auth, request.body),
      );
      // Mails once the changes are kept, each in the person's language where there is one.
      for (const row of outcome.approved)
        await mailer.send({
          to: row.email,
          ...approvedMail(
            mailLang(row.locale),
            row.displayName,
            `${webBase(services.config.publicUrl, request)}/dashboard`,
          ),
        });
      for (const { row, code } of outcome.invited) await mailer.send(invitedMail(row.email, code));
      return { changed: outcome.changed, refused: outcome.refused };
    },
  );
}
