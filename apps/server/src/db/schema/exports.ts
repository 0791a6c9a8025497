import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './core.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Exports made as a background job (docs/decisions/044): what was asked (list, format, filter,
 * whose rows, in which language), how far it went, and where its file is stored. A person's
 * deletion keeps the row without an owner until it expires, so the prune job still removes its
 * file.
 */
export const exportFiles = pgTable(
  'exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    list: text('list').notNull(),
    format: text('format').notNull(),
    filter: jsonb('filter').$type<Record<string, string>>().notNull(),
    /** `all`: every row of the filter (the owner manages the list); `own`: the owner's rows only. */
    scope: text('scope').notNull(),
    /** The language of the header (the owner's, when asked). */
    lang: text('lang').notNull().default('en'),
    /** Where it was asked from, for the audit entry written when it is done. */
    origin: jsonb('origin').$type<{
      ip: string;
      userAgent: string | null;
      tokenId: string | null;
    }>(),
    status: text('status').notNull().default('queued'),
    rows: integer('rows'),
    bytes: bigint('bytes', { mode: 'number' }),
    storageKey: text('storage_key'),
    error: text('error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    index('exports_owner_created_idx').on(t.ownerId, t.createdAt),
    index('exports_expires_idx').on(t.expiresAt),
  ],
);
