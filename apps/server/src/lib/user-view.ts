/**
 * A person as the answers show them, one home for every view of a users row: the signed-in
 * person's own account (`AccountUser`, login and my-account), a person in the users area
 * (`User`, with a private profile's contact details hidden from others), and one's own full
 * record (`MyProfile`). Each contract shape is built here once, never next to a route.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AccountUser, UserStatus } from '@bo/contract/account';
import type { MyProfile, User } from '@bo/contract/users';
import { users } from '../db/schema/core.js';
import type { Limitation } from './access.js';

type UserRow = typeof users.$inferSelect;

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** The account answer's `user`: never the hash, always the fields the contract names. */
export function toAccountUser(
  row: UserRow,
  access: { permissions: Iterable<string>; limited: Limitation },
): AccountUser {
  const { permissions } = access;
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    firstName: row.firstName,
    lastName: row.lastName,
    photoURL: row.avatarUrl,
    role: row.role,
    permissions: [...permissions].sort(),
    status: row.status as AccountUser['status'],
    emailVerified: row.emailVerified,
    phoneNumber: row.phone,
    country: row.country,
    address: row.address,
    state: row.state,
    city: row.city,
    zipCode: row.zipCode,
    about: row.about,
    isPublic: row.isPublic,
    twoFactorEnabled: row.totpEnabledAt !== null,
    limited: access.limited,
  };
}

export interface Viewer {
  userId: string;
  /** Administrators (users:write) see every field of everyone. */
  canManage: boolean;
}

/**
 * One person for the users area. A private profile (isPublic off) shows its email, contact details
 * and social links only to its owner and to people who manage users; others get its name, role
 * and work details, and an empty email (the answer keeps its shape for every client).
 */
export function toUser(row: UserRow, viewer: Viewer): User {
  const full = viewer.canManage || row.isPublic || row.id === viewer.userId;
  const hidden = <T>(v: T) => (full ? v : null);
  return {
    id: row.id,
    slug: row.slug,
    email: full ? row.email : '',
    firstName: row.firstName,
    lastName: row.lastName,
    name: row.displayName,
    avatarUrl: row.avatarUrl,
    coverUrl: row.coverUrl,
    phone: hidden(row.phone),
    country: row.country,
    state: hidden(row.state),
    city: hidden(row.city),
    address: hidden(row.address),
    zipCode: hidden(row.zipCode),
    company: row.company,
    jobTitle: row.jobTitle,
    about: hidden(row.about),
    role: row.role,
    status: row.status as UserStatus,
    emailVerified: row.emailVerified,
    isPublic: row.isPublic,
    social: full ? row.social : {},
    followers: row.followers,
    following: row.following,
    posts: row.posts,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** toUser's rule for the email, in SQL over `users`: true where the viewer sees the address. */
export function emailVisibleSql(viewer: Viewer): SQL {
  return viewer.canManage ? sql`true` : sql`(${users.isPublic} OR ${users.id} = ${viewer.userId})`;
}

/**
 * People matching a search (`patterns`, lower-case LIKE patterns, any of them) through what the
 * viewer may see of them: name and company always, the email only where toUser shows it. The
 * stored search text (name, email and company; its trigram index) finds the candidates, and one
 * whose email the viewer may not see must also match by name and company alone: a hidden address
 * is no yes/no oracle.
 */
export function searchTextMatches(patterns: string | string[], viewer: Viewer): SQL {
  const list = Array.isArray(patterns) ? patterns : [patterns];
  const any = (column: SQL) =>
    sql.join(
      list.map((p) => sql`${column} LIKE ${p}`),
      sql` OR `,
    );
  const found = any(sql`${users.searchText}`);
  if (viewer.canManage) return sql`(${found})`;
  const named = any(sql`lower(${users.displayName} || ' ' || coalesce(${users.company}, ''))`);
  return sql`((${found}) AND (${emailVisibleSql(viewer)} OR ${named}))`;
}

export function toMyProfile(row: UserRow): MyProfile {
  return {
    ...toUser(row, { userId: row.id, canManage: true }),
    notificationPrefs: row.notificationPrefs,
    pendingEmail: row.pendingEmail,
  };
}
