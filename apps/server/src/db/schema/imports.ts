import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ImportOptions, ImportReport } from '@bo/contract/imports';
import { users } from './core.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Imports of a list from a file (`list`: 'users'…): the uploaded file (in the storage layer),
 * its header, then the options of its run, its progress and its report. The person who uploaded
 * it alone reads and runs it; deleting them deletes their imports.
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    fileName: text('file_name').notNull(),
    format: text('format').$type<'csv' | 'xlsx'>().notNull(),
    storageKey: text('storage_key').notNull(),
    columns: jsonb('columns').$type<string[]>().notNull(),
    rowCount: integer('row_count').notNull(),
    status: text('status').notNull().default('uploaded'),
    options: jsonb('options').$type<ImportOptions>(),
    processed: integer('processed').notNull().default(0),
    total: integer('total').notNull().default(0),
    report: jsonb('report').$type<ImportReport>(),
    error: text('error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('imports_owner_idx').on(t.ownerId, t.createdAt)],
);
