import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { files, users } from './core.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    color: text('color').notNull(),
    allDay: boolean('all_day').notNull().default(false),
    start: ts('start_at').notNull(),
    end: ts('end_at').notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * People invited besides the owner. An array, not a table: an event has a handful, they are
     * read with the event, and a deleted account simply drops out when names are joined.
     */
    guestIds: uuid('guest_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** The start the "starts soon" notice was sent for: moving the event arms it again. */
    remindedStart: ts('reminded_start'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  // The views ask for the events overlapping a window: a GiST index on the event's period answers
  // `&&` with both bounds (a btree on (start, end) bounds one side and reads every older event).
  // The reminder job asks for timed events starting in the next minutes: a btree on the start.
  (t) => [
    index('calendar_events_period').using('gist', sql`tstzrange(${t.start}, ${t.end}, '[]')`),
    index('calendar_events_start').on(t.start),
  ],
);

/**
 * A guest's answer to an event's invitation, one row per (event, guest). No row means not
 * answered yet (`needsAction`). A table beside `guest_ids`, not a parallel array: an answer is
 * written by the guest alone, without rewriting (or locking against) the owner's edit of the event.
 * Removing someone from the guest list deletes their answer, so an invitation again starts afresh.
 */
export const calendarResponses = pgTable(
  'calendar_responses',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => calendarEvents.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    response: text('response').notNull(),
    respondedAt: ts('responded_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    // Deleting an account removes its answers: the cascade finds them by this index.
    index('calendar_responses_user').on(t.userId),
    check(
      'calendar_responses_response',
      sql`${t.response} in ('accepted', 'tentative', 'declined')`,
    ),
  ],
);

/** Order is a rank (fractional): a move rewrites one row, not the whole column. */
export const kanbanColumns = pgTable('kanban_columns', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  rank: doublePrecision('rank').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const kanbanCards = pgTable(
  'kanban_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    columnId: uuid('column_id')
      .notNull()
      .references(() => kanbanColumns.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    rank: doublePrecision('rank').notNull(),
    priority: text('priority').notNull().default('medium'),
    labels: text('labels').array().notNull().default([]),
    dueStart: ts('due_start'),
    dueEnd: ts('due_end'),
    completed: boolean('completed').notNull().default(false),
    likes: integer('likes').notNull().default(0),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('kanban_cards_column_rank').on(t.columnId, t.rank)],
);

export const kanbanCardAssignees = pgTable(
  'kanban_card_assignees',
  {
    cardId: uuid('card_id')
      .notNull()
      .references(() => kanbanCards.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.userId] })],
);

export const kanbanComments = pgTable(
  'kanban_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => kanbanCards.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('kanban_comments_card').on(t.cardId, t.createdAt)],
);

export const kanbanAttachments = pgTable(
  'kanban_attachments',
  {
    cardId: uuid('card_id')
      .notNull()
      .references(() => kanbanCards.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.fileId] })],
);

/** Who liked a card; `kanban_cards.likes` keeps the count so the board reads one number. */
export const kanbanCardLikes = pgTable(
  'kanban_card_likes',
  {
    cardId: uuid('card_id')
      .notNull()
      .references(() => kanbanCards.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.userId] })],
);
