import { z } from 'zod';

import { isoDateTime } from './common';
import { notificationSchema } from './notifications';

/** The "Today" home: one call gathers what waits for the signed-in person. */
export const TODAY_API = {
  today: '/api/today',
} as const;

/** How many rows each card lists (its count covers them all). */
export const TODAY_LIST_LIMIT = 5;
/** Kanban cards are "due" when overdue or due within this many days. */
export const TODAY_DUE_DAYS = 7;
/** The longest `from`–`to` window a day may be (a day with a clock change is 25 hours). */
export const TODAY_MAX_HOURS = 48;

export const TODAY_ERRORS = {
  toBeforeFrom: 'today_to_before_from',
  rangeTooLong: 'today_range_too_long',
} as const;

/**
 * The person's own day, as their browser sees it: local midnight to the next, as instants. The
 * server knows no time zone of the person, so the client sends the bounds.
 */
export const todayQuerySchema = z.object({
  from: isoDateTime,
  to: isoDateTime,
});
export type TodayQuery = z.infer<typeof todayQuerySchema>;

export const todayMailSchema = z.object({
  /** Unread messages in the inbox. */
  unread: z.number().int(),
  /** The newest unread ones of the inbox. */
  messages: z.array(
    z.object({
      id: z.string().uuid(),
      fromName: z.string(),
      fromEmail: z.string(),
      subject: z.string(),
      createdAt: z.string(),
    }),
  ),
});

export const todayChatSchema = z.object({
  /** Unread messages over the person's conversations (muted ones apart), as the menu counts. */
  unread: z.number().int(),
  /** Conversations with unread messages, the most recently active first. */
  conversations: z.array(
    z.object({
      id: z.string().uuid(),
      /** A group's name, or the other person's for a one-to-one conversation. */
      title: z.string(),
      avatarUrl: z.string().nullable(),
      unread: z.number().int(),
      /** The last message's text (empty for an attachment or a deleted message). */
      preview: z.string(),
      lastAt: z.string(),
    }),
  ),
});

export const todayKanbanSchema = z.object({
  /** Cards assigned to the person, not completed, overdue or due within TODAY_DUE_DAYS. */
  total: z.number().int(),
  cards: z.array(
    z.object({
      id: z.string().uuid(),
      name: z.string(),
      priority: z.string(),
      column: z.string(),
      dueAt: z.string(),
      overdue: z.boolean(),
    }),
  ),
});

export const todayCalendarSchema = z.object({
  /** Events the person owns or is a guest of that overlap `from`–`to`. */
  total: z.number().int(),
  events: z.array(
    z.object({
      id: z.string().uuid(),
      title: z.string(),
      color: z.string(),
      allDay: z.boolean(),
      start: z.string(),
      end: z.string(),
    }),
  ),
});

export const todayNotificationsSchema = z.object({
  unread: z.number().int(),
  /** The newest ones (archived apart). */
  notifications: z.array(notificationSchema),
});

/** Each section is null when the person's role does not grant its permission. */
export const todayAnswerSchema = z.object({
  mail: todayMailSchema.nullable(),
  chat: todayChatSchema.nullable(),
  kanban: todayKanbanSchema.nullable(),
  calendar: todayCalendarSchema.nullable(),
  notifications: todayNotificationsSchema,
});
export type TodayAnswer = z.infer<typeof todayAnswerSchema>;
