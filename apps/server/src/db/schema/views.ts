import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ViewState } from '@bo/contract/views';
import { roles, users } from './core.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Saved views of the lists: a person's named filters, sort and columns for one list. At most one
 * default per person and list (a partial unique index); a view shared with a role is seen, not
 * changed, by that role's people. Deleting the person deletes their views; deleting the role
 * unshares them.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    name: text('name').notNull(),
    state: jsonb('state').$type<ViewState>().notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    sharedRoleId: uuid('shared_role_id').references(() => roles.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_views_owner_list_name').on(t.ownerId, t.list, sql`lower(${t.name})`),
    uniqueIndex('saved_views_one_default')
      .on(t.ownerId, t.list)
      .where(sql`${t.isDefault}`),
    index('saved_views_shared_idx').on(t.sharedRoleId, t.list),
  ],
);
