import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { roles, users } from './core.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * An administrator's invitation of one address with a role. The mailed link carries a random
 * token; only its sha256 is stored. Single use: `accepted_at` or `revoked_at` ends it, and so does
 * `expires_at` passing.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    role: text('role')
      .notNull()
      .references(() => roles.name, { onUpdate: 'cascade' }),
    /** The mail's language. */
    lang: text('lang').notNull().default('en'),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    lastSentAt: ts('last_sent_at').notNull().defaultNow(),
    acceptedAt: ts('accepted_at'),
    revokedAt: ts('revoked_at'),
    acceptedUserId: uuid('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('invitations_email_idx').on(t.email),
    index('invitations_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.acceptedAt} IS NULL AND ${t.revokedAt} IS NULL`),
  ],
);
