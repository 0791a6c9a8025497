import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
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
/** What the inbound listener found about the sender (the contract's `MailAuth`). */
export interface StoredMailAuth {
  external: true;
  verdict: 'pass' | 'none' | 'fail' | 'spoofed';
  spf: string;
  dkim: string;
  dmarc: string;
  arc: string;
  /** Domains whose DKIM signatures verified. */
  signedBy: string[];
  /** The Authentication-Results lines, for the reader's details. */
  details: string;
}

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
    /** Sender authentication of mail received over SMTP (SPF, DKIM, DMARC, ARC); null = internal. */
    auth: jsonb('auth').$type<StoredMailAuth>(),
    /** Lower-cased subject, names, addresses and body text: what the trigram search reads. */
    searchText: text('search_text').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  // Ascending (owner, …, created_at, id) indexes: read backwards, they give the newest first in
  // exactly the list's ORDER BY created_at DESC, id DESC (a DESC NULLS LAST index would not).
  (t) => [
    index('mail_folder_idx').on(t.ownerId, t.folder, t.createdAt, t.id),
    index('mail_all_idx')
      .on(t.ownerId, t.createdAt, t.id)
      .where(sql`folder NOT IN ('trash', 'spam')`),
    index('mail_starred_idx')
      .on(t.ownerId, t.createdAt, t.id)
      .where(sql`is_starred AND folder NOT IN ('trash', 'spam')`),
    index('mail_important_idx')
      .on(t.ownerId, t.createdAt, t.id)
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
    index('mail_message_labels_list_idx').on(t.labelId, t.createdAt, t.mailId),
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

/**
 * Chat: a conversation between two people (one per pair, `pair_key`) or a named group. Members
 * are `chat_participants` (with their unread count and last seen message, kept in the sending
 * and reading transactions); messages carry the sender's `client_id` (a retry is the same
 * message) and `seq`, a change number from one sequence, renewed on edit and delete: a client
 * that reconnects asks for the changes after the last `seq` it saw.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    name: text('name'),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** The two members' ids, sorted and joined, for a one-to-one conversation. */
    pairKey: text('pair_key'),
    lastMessageId: uuid('last_message_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chat_conversations_pair_idx').on(t.pairKey)],
);

export const chatParticipants = pgTable(
  'chat_participants',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    unread: integer('unread').notNull().default(0),
    lastReadMessageId: uuid('last_read_message_id'),
    muted: boolean('muted').notNull().default(false),
    /** The member closed it: out of their list until someone writes in it again. */
    closedAt: ts('closed_at'),
    joinedAt: ts('joined_at').notNull().defaultNow(),
    leftAt: ts('left_at'),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('chat_participants_user_idx').on(t.userId),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    clientId: text('client_id').notNull(),
    body: text('body').notNull().default(''),
    contentType: text('content_type').notNull().default('text'),
    seq: bigint('seq', { mode: 'number' })
      .notNull()
      .default(sql`nextval('chat_seq')`),
    createdAt: ts('created_at').notNull().defaultNow(),
    editedAt: ts('edited_at'),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('chat_messages_client_idx').on(t.senderId, t.clientId),
    index('chat_messages_page_idx').on(t.conversationId, t.createdAt, t.id),
    index('chat_messages_seq_idx').on(t.seq),
  ],
);

export const chatAttachments = pgTable(
  'chat_attachments',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.fileId] }),
    index('chat_attachments_file_idx').on(t.fileId),
  ],
);

/**
 * Who has a realtime socket open, per server instance: `sockets` open there, `active_at` the
 * person's last reported use, `seen_at` the instance's last heartbeat (a row whose instance
 * stopped beating is ignored, then swept). Presence is read from here on every instance.
 */
export const presence = pgTable(
  'presence',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    instanceId: text('instance_id').notNull(),
    sockets: integer('sockets').notNull(),
    activeAt: ts('active_at').notNull(),
    seenAt: ts('seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.instanceId] })],
);
