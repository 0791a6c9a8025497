import type { AccountUser } from '@bo/contract/account';
import type { users } from '../../db/schema/core.js';
import type { Limitation } from '../../lib/access.js';

type UserRow = typeof users.$inferSelect;

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
