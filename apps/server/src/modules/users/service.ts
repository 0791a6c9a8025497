import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { roles, users } from '../../db/schema/core.js';
import { fieldError, notFound } from '../../lib/http-error.js';

type UserRow = typeof users.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `/api/users/:id` takes the uuid or the readable slug of the edit route. */
export async function findUser(
  db: Executor,
  idOrSlug: string,
  forUpdate = false,
): Promise<UserRow> {
  const where = UUID.test(idOrSlug)
    ? eq(users.id, idOrSlug.toLowerCase())
    : eq(users.slug, idOrSlug.toLowerCase());
  const query = db.select().from(users).where(where);
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound('User');
  return row;
}

export async function assertRoleExists(db: Executor, role: string): Promise<void> {
  const [row] = await db.select({ name: roles.name }).from(roles).where(eq(roles.name, role));
  if (!row) throw fieldError('role', 'role_unknown', `Unknown role: ${role}`, 400, { role });
}

export async function isAdminRole(db: Executor, role: string): Promise<boolean> {
  const [row] = await db
    .select({ name: roles.name })
    .from(roles)
    .where(and(eq(roles.name, role), sql`'admin:area' = ANY(${roles.permissions})`));
  return !!row;
}

/**
 * Refuses a change that would leave no active administrator. The active administrators are
 * locked first, so two admins demoting each other at the same moment cannot both succeed.
 */
export async function assertAdminsRemain(
  db: Executor,
  losingIds: string[],
  field: string,
): Promise<void> {
  const admins = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        inArray(
          users.role,
          db
            .select({ name: roles.name })
            .from(roles)
            .where(sql`'admin:area' = ANY(${roles.permissions})`),
        ),
      ),
    )
    .for('update');
  const losing = new Set(losingIds);
  const touched = admins.some((a) => losing.has(a.id));
  if (touched && admins.every((a) => losing.has(a.id))) {
    throw fieldError(
      field,
      'last_admin',
      'This is the last administrator: make someone else an administrator first',
      409,
    );
  }
}

export async function assertEmailFree(
  db: Executor,
  email: string,
  exceptId?: string,
): Promise<void> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), exceptId ? sql`${users.id} <> ${exceptId}` : undefined));
  if (row) throw emailTaken(email);
}

export const emailTaken = (email: string) =>
  fieldError('email', 'email_taken', `The email ${email} is already in use`, 409, { email });

/** A unique-violation from the database (a race past the checks above). */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  const e = err as {
    code?: string;
    constraint?: string;
    cause?: { code?: string; constraint?: string };
  };
  const c = e.cause ?? e;
  return c.code === '23505' && (c.constraint === constraint || !c.constraint);
}

/** Optional text from a form: '' clears the field. */
export const blankToNull = (v: string | null | undefined): string | null | undefined =>
  v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim();

type ProfileText =
  'phone' | 'country' | 'state' | 'city' | 'address' | 'zipCode' | 'company' | 'jobTitle' | 'about';

/**
 * The profile columns both edits write (a person's own and an administrator's): blank text becomes
 * NULL, absent fields stay untouched.
 */
export function profileColumns(
  body: Partial<Record<ProfileText, string | null>> & {
    avatarUrl?: string | null;
    coverUrl?: string | null;
  },
) {
  return {
    phone: blankToNull(body.phone),
    country: blankToNull(body.country),
    state: blankToNull(body.state),
    city: blankToNull(body.city),
    address: blankToNull(body.address),
    zipCode: blankToNull(body.zipCode),
    company: blankToNull(body.company),
    jobTitle: blankToNull(body.jobTitle),
    about: blankToNull(body.about),
    avatarUrl: body.avatarUrl,
    coverUrl: body.coverUrl,
  };
}
