import { z } from 'zod';
import { apiPath } from './api-path';

/**
 * Notifications: one row per recipient, written in the same transaction as the event that causes
 * it and pushed live (`NOTIFICATION_EVENTS.created`) when that transaction commits.
 */
export const NOTIFICATIONS_API = {
  list: '/api/notifications',
  one: apiPath('/api/notifications/:id'),
  readAll: '/api/notifications/read-all',
} as const;

/**
 * What notifies whom:
 * - `order.created`: a new order, to people who manage orders (`orders:write`);
 * - `order.status`: an order's status changed, to its customer;
 * - `kanban.assigned`: a card assigned to me;
 * - `kanban.comment`: a comment on a card I reported or am assigned to;
 * - `mention`: `@handle` in a card comment, a blog comment or a chat message;
 * - `invoice.paid`, `invoice.overdue`: to people who read invoices (`invoices:read`);
 * - `registration.pending`: a new account waiting for approval, to administrators;
 * - `signin.new_device`: a sign-in from a browser or device not seen before, to me;
 * - `mail.received`: a new mail in my inbox, from a colleague or from outside (off unless I turn
 *   it on: NOTIFICATION_TYPES_OFF_BY_DEFAULT);
 * - `files.shared`: a file or folder shared with me;
 * - `chat.added`: I was put in a chat group (its creation, or added to it);
 * - `blog.reply`: a reply to my comment on a blog post;
 * - `account.approved`: an administrator approved my pending account;
 * - `export.ready`: an export I asked for (too large to answer at once) is ready in My exports;
 * - `import.done`: an import I ran is finished; its title is the file's name and its body the
 *   counts as JSON (`{"created":3,"updated":1,"unchanged":0,"skipped":0,"refused":2}`), which
 *   the reader's screen puts in their language.
 */
export const NOTIFICATION_TYPES = [
  'order.created',
  'order.status',
  'kanban.assigned',
  'kanban.comment',
  'calendar.invited',
  'calendar.starting',
  'calendar.response',
  'chat.reopened',
  'mention',
  'invoice.paid',
  'invoice.overdue',
  'registration.pending',
  'signin.new_device',
  'mail.received',
  'files.shared',
  'chat.added',
  'blog.reply',
  'account.approved',
  'export.ready',
  'import.done',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * Types a person hears of only once they turn them on in their settings (every other type is on
 * until turned off): a mail already shows in the mailbox and its count.
 */
export const NOTIFICATION_TYPES_OFF_BY_DEFAULT: ReadonlySet<NotificationType> = new Set([
  'mail.received',
]);

export const NOTIFICATION_TABS = ['all', 'unread', 'archived'] as const;
export type NotificationTab = (typeof NOTIFICATION_TABS)[number];

export const NOTIFICATION_EVENTS = {
  /** A notification was stored for the listed person (payload `{ id, type }`). */
  created: 'notification.created',
  /** The person read or archived some of theirs (another tab or device refreshes). */
  changed: 'notification.changed',
} as const;

export const NOTIFICATIONS_PAGE = 20;

export const notificationActorSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
});

export const notificationSchema = z.object({
  id: z.uuid(),
  type: z.enum(NOTIFICATION_TYPES),
  /** The record's own name: an order number, a card's title, an invoice number, a person. */
  title: z.string(),
  /** A short excerpt or detail (a comment's first words, the new status, the amount). */
  body: z.string(),
  /** Where the record opens in the app. */
  link: z.string(),
  /** The record's id (order, card, invoice, post, conversation, person or session). */
  recordId: z.string(),
  actor: notificationActorSchema.nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  archivedAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  tab: z.enum(NOTIFICATION_TABS).default('all'),
  /** The `nextCursor` of the previous page. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(NOTIFICATIONS_PAGE),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

export const notificationListAnswerSchema = z.object({
  notifications: z.array(notificationSchema),
  /** How many the tab holds. */
  total: z.number().int(),
  /** Unread and not archived: the bell's count. */
  unreadCount: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type NotificationListAnswer = z.infer<typeof notificationListAnswerSchema>;

export const notificationPatchSchema = z
  .strictObject({ read: z.boolean().optional(), archived: z.boolean().optional() })
  .refine((b) => b.read !== undefined || b.archived !== undefined, {
    message: 'Say read or archived',
    path: ['read'],
  });
export type NotificationPatch = z.infer<typeof notificationPatchSchema>;

export const notificationAnswerSchema = z.object({ notification: notificationSchema });
export const readAllAnswerSchema = z.object({
  updated: z.number().int(),
  unreadCount: z.number().int(),
});

/** The handles a text mentions (`@jane.doe`), lower-cased, each once. */
export function mentionedHandles(text: string): string[] {
  const found = text.match(/(?<![\w@.])@([a-z0-9][a-z0-9._-]{0,62}[a-z0-9])/gi) ?? [];
  return [...new Set(found.map((m) => m.slice(1).toLowerCase()))];
}

/**
 * Search over records: people, products, orders, invoices, posts, files, mail subjects. The answer
 * is grouped by kind, the kinds in the order of their best result's rank (SEARCH_RANKS), each
 * kind's results best first: the record the words name comes before those they merely touch.
 */
export const SEARCH_API = { search: '/api/search' } as const;
export const SEARCH_TYPES = [
  'user',
  'product',
  'order',
  'invoice',
  'post',
  'file',
  'mail',
] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const searchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Type something to search').max(100),
  /** At most this many a type. */
  limit: z.coerce.number().int().min(1).max(20).default(5),
});
/**
 * Which of a record's fields the words were found in: `title` (the name, subject or number the
 * result is titled with, or an invoice's or order's customer name when that is how it is named),
 * or a secondary field, whose value the subtitle then holds, for the reader to see why it came up:
 * `email`, `company`, `customer` (an order's or invoice's customer), `sender` (a mail's), `text`
 * (a mail's body; the subtitle is its sender).
 */
export const SEARCH_MATCHES = ['title', 'customer', 'email', 'company', 'sender', 'text'] as const;
export type SearchMatch = (typeof SEARCH_MATCHES)[number];

/**
 * How well a result matches, best first (the answer's order): the words are the record's whole
 * name (or its number), the name begins with them, a word of the name does, the name holds them,
 * or only a secondary field (email, company, a mail's sender or text) does. An invoice and an
 * order are named by their number and their customer.
 */
export const SEARCH_RANKS = ['exact', 'prefix', 'word', 'inside', 'secondary'] as const;

export const searchResultSchema = z.object({
  type: z.enum(SEARCH_TYPES),
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  link: z.string(),
  /** Where the words were found; when not `title`, `subtitle` is that field's value. */
  matched: z.enum(SEARCH_MATCHES),
  /** How well it matches: an index of SEARCH_RANKS (0 is the whole name). */
  rank: z
    .number()
    .int()
    .min(0)
    .max(SEARCH_RANKS.length - 1),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
export const searchAnswerSchema = z.object({ results: z.array(searchResultSchema) });
