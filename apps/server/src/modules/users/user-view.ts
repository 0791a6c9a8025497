import type { UserStatus } from '@bo/contract/account';
import type { MyProfile, User } from '@bo/contract/users';
import type { users } from '../../db/schema/core.js';
import type { UserSqlRow } from './queries.js';

type UserRow = typeof users.$inferSelect;

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** Raw SQL rows (snake_case) to the Drizzle row shape, so one view function serves both. */
export function fromSqlRow(r: UserSqlRow): UserRow {
  return {
    id: r.id,
    email: r.email,
    passwordHash: null,
    totpSecret: null,
    totpEnabledAt: null,
    totpLastStep: null,
    searchText: null,
    firstName: r.first_name,
    lastName: r.last_name,
    displayName: r.display_name,
    slug: r.slug,
    avatarUrl: r.avatar_url,
    coverUrl: r.cover_url,
    phone: r.phone,
    country: r.country,
    state: r.state,
    city: r.city,
    address: r.address,
    zipCode: r.zip_code,
    company: r.company,
    jobTitle: r.job_title,
    about: r.about,
    role: r.role,
    status: r.status,
    emailVerified: r.email_verified,
    isPublic: r.is_public,
    social: r.social ?? {},
    notificationPrefs: r.notification_prefs ?? {},
    followers: r.followers,
    following: r.following,
    posts: r.posts,
    pendingEmail: r.pending_email,
    createdAt: r.created_at instanceof Date ? r.created_at : new Date(r.created_at),
    updatedAt: r.updated_at instanceof Date ? r.updated_at : new Date(r.updated_at),
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

export function toMyProfile(row: UserRow): MyProfile {
  return {
    ...toUser(row, { userId: row.id, canManage: true }),
    notificationPrefs: row.notificationPrefs,
    pendingEmail: row.pendingEmail,
  };
}
