import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { files, users } from './core.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export interface StoredAddress {
  name: string;
  email: string;
}

/** A person's own labels (the system ones are folders and flags of the message). */
export const mailLabels = pgTable(
  'mail_labels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('mail_labels_owner_idx').on(t.ownerId)],
);

/**
 * One message in one person's mailbox: a message sent to three colleagues is four rows (the
 * sender's sent copy and one per recipient), sharing `message_id` (the RFC Message-ID) and each
 * mailbox's own `thread_id`. `label_ids` is the truth; `mail_message_labels` is its index for
 * listing a label, and `mail_counts` the per-folder and per-label counts, both kept by a trigger
 * in the same transaction.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    folder: text('folder').notNull(),
    /** Where it was before the trash or spam, for "restore". */
    previousFolder: text('previous_folder'),
    threadId: uuid('thread_id').notNull(),
    messageId: text('message_id').notNull(),
    inReplyTo: text('in_reply_to'),
    refs: text('refs')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    subject: text('subject').notNull().default(''),
    /** Sanitised HTML, remote images held back as `data-remote-src`. */
    bodyHtml: text('body_html').notNull().default(''),
    snippet: text('snippet').notNull().default(''),
    fromName: text('from_name').notNull().default(''),
    fromEmail: text('from_email').notNull().default(''),
    to: jsonb('to').$type<StoredAddress[]>().notNull().default([]),
    cc: jsonb('cc').$type<StoredAddress[]>().notNull().default([]),
    /** Kept on the sender's copy (and drafts) only. */
    bcc: jsonb('bcc').$type<StoredAddress[]>().notNull().default([]),
    labelIds: uuid('label_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    isUnread: boolean('is_unread').notNull().default(false),
    isStarred: boolean('is_starred').notNull().default(false),
    isImportant: boolean('is_important').notNull().default(false),
    hasAttachments: boolean('has_attachments').notNull().default(false),
    hasRemoteImages: boolean('has_remote_images').notNull().default(false),
    /** Lower-cased subject, names, addresses and body text: what the trigram search reads. */
    searchText: text('search_text').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('mail_folder_idx').on(t.ownerId, t.folder, t.createdAt.desc(), t.id.desc()),
    index('mail_all_idx')
      .on(t.ownerId, t.createdAt.desc(), t.id.desc())
      .where(sql`folder NOT IN ('trash', 'spam')`),
    index('mail_starred_idx')
      .on(t.ownerId, t.createdAt.desc(), t.id.desc())
      .where(sql`is_starred AND folder NOT IN ('trash', 'spam')`),
    index('mail_important_idx')
      .on(t.ownerId, t.createdAt.desc(), t.id.desc())
      .where(sql`is_important AND folder NOT IN ('trash', 'spam')`),
    index('mail_thread_idx').on(t.ownerId, t.threadId, t.createdAt),
    index('mail_message_id_idx').on(t.ownerId, t.messageId),
  ],
);

/** Which messages carry a label, in date order: a label's page is a range scan. */
export const mailMessageLabels = pgTable(
  'mail_message_labels',
  {
    labelId: uuid('label_id')
      .notNull()
      .references(() => mailLabels.id, { onDelete: 'cascade' }),
    mailId: uuid('mail_id')
      .notNull()
      .references(() => mailMessages.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.labelId, t.mailId] }),
    index('mail_message_labels_list_idx').on(t.labelId, t.createdAt.desc(), t.mailId.desc()),
    index('mail_message_labels_mail_idx').on(t.mailId),
  ],
);

/** Files of a message (several mailboxes' copies may share one stored file). */
export const mailAttachments = pgTable(
  'mail_attachments',
  {
    mailId: uuid('mail_id')
      .notNull()
      .references(() => mailMessages.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.mailId, t.fileId] }),
    index('mail_attachments_file_idx').on(t.fileId),
  ],
);

/**
 * Messages and unread messages per person and key: a folder (`inbox`…), `all`, `starred`,
 * `important` or `label:<id>`. Kept by the trigger on mail_messages; the navigation reads it.
 */
export const mailCounts = pgTable(
  'mail_counts',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    total: integer('total').notNull().default(0),
    unread: integer('unread').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.key] })],
);
