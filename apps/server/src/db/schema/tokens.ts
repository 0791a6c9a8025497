import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './core.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * API tokens (`Authorization: Bearer bo_…`). Only the secret's sha256 is stored. A person's token
 * (`user_id` set) holds at most its owner's permissions, and at use only those the owner still
 * has; a service token (`user_id` null) holds what the administrator who made it chose.
 * Revoking sets `revoked_at`; the row stays so the audit log's `token_id` keeps its name.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** The secret's first characters, shown to tell tokens apart. */
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at'),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId)],
);
