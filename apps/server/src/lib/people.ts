/**
 * A person's record as both sides write it: the person themselves (account: own profile, own
 * email) and administrators (users). What one side checks or fills in, the other does the same
 * way: a free email, a unique slug, blank text stored as NULL.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { users } from '../db/schema/core.js';
import { fieldError, notFound } from './http-error.js';

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

/** The address of the account other than `exceptId` that holds `email`, if one does. */
export async function emailOwner(
  db: Executor,
  email: string,
  exceptId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.email, email), sql`${users.id} <> ${exceptId}`));
  return row?.email;
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

/** A unique readable handle from a name: `jane-doe`, `jane-doe-2`, … */
/** Words of the users area's own paths, which a slug must not be. */
const RESERVED_SLUGS = new Set(['export', 'imports', 'bulk-delete']);

export async function uniqueUserSlug(db: Executor, first: string, last: string): Promise<string> {
  let base =
    `${first} ${last}`
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'user';
  // The users area's fixed paths (`/api/users/export`) are never a person's slug.
  if (RESERVED_SLUGS.has(base)) base = `${base}-user`;
  const rows = await db
    .select({ slug: users.slug })
    .from(users)
    .where(sql`${users.slug} = ${base} OR ${users.slug} LIKE ${base + '-%'}`);
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}
