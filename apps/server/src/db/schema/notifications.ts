import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './core.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One row per recipient and event, inserted in the event's own transaction; a row trigger
 * (migration 0028) sends `notification.created` on the events channel, and NOTIFY is delivered
 * only when that transaction commits: a rolled-back order notifies nobody, and a committed one is
 * in the table whatever happens to the process afterwards.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A dotted name from NOTIFICATION_TYPES. */
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link').notNull(),
    recordId: text('record_id').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    readAt: ts('read_at'),
    archivedAt: ts('archived_at'),
    /** When it went out in a digest mail (each notification is mailed once at most). */
    mailedAt: ts('mailed_at'),
  },
  (t) => [
    // Each tab reads one person's rows newest first: (recipient, created_at, id) keyset pages.
    index('notifications_recipient_idx').on(t.recipientId, t.createdAt, t.id),
    // The bell's count: only unread, unarchived rows are in this index.
    index('notifications_unread_idx')
      .on(t.recipientId)
      .where(sql`${t.readAt} IS NULL AND ${t.archivedAt} IS NULL`),
  ],
);
