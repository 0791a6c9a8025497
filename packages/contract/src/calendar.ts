import { z } from 'zod';

import { isoDateTime } from './common';

export const CALENDAR_API = {
  events: '/api/calendar/events',
  create: '/api/calendar/events/new',
  update: '/api/calendar/events/update',
  remove: '/api/calendar/events/delete',
  /** A guest answers the invitation (the owner hears of it: `calendar.response`). */
  respond: '/api/calendar/events/respond',
  /** People an event can invite (active accounts), by name, email or company. */
  guests: '/api/calendar/guests',
} as const;

/** The palette the event dialog offers; any #rrggbb is accepted by the server. */
export const CALENDAR_COLORS = [
  '#00A76F',
  '#8E33FF',
  '#00B8D9',
  '#003768',
  '#22C55E',
  '#FFAB00',
  '#FF5630',
  '#7A0916',
] as const;

export const CALENDAR_TITLE_MAX = 200;
export const CALENDAR_DESCRIPTION_MAX = 2000;
/** A range query may not span more than this (a year view plus margins). */
export const CALENDAR_RANGE_MAX_DAYS = 400;
/** Hard cap of one answer, so a crowded calendar never loads a whole table. */
export const CALENDAR_EVENTS_MAX = 2000;
/** People one event may invite besides its owner. */
export const CALENDAR_GUESTS_MAX = 50;
/** How long before a timed event its owner and guests hear that it starts soon. */
export const CALENDAR_REMINDER_MINUTES = 15;

export const hexColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #00A76F');

export const calendarOwnerSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
});

export type CalendarOwner = z.infer<typeof calendarOwnerSchema>;

/** What a guest can answer; `needsAction` (not answered yet) is only ever read, never written. */
export const CALENDAR_ANSWERS = ['accepted', 'tentative', 'declined'] as const;
export const CALENDAR_RESPONSES = ['needsAction', ...CALENDAR_ANSWERS] as const;
export type CalendarAnswer = (typeof CALENDAR_ANSWERS)[number];
export type CalendarResponse = (typeof CALENDAR_RESPONSES)[number];

/** A guest: the person, and their answer to the invitation. */
export const calendarGuestSchema = calendarOwnerSchema.extend({
  response: z.enum(CALENDAR_RESPONSES),
});
export type CalendarGuest = z.infer<typeof calendarGuestSchema>;

export const calendarEventSchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  description: z.string(),
  color: z.string(),
  allDay: z.boolean(),
  start: z.string(),
  end: z.string(),
  owner: calendarOwnerSchema.nullable(),
  /**
   * Invited people besides the owner, by name (an account deleted since drops out), each with
   * their answer.
   */
  guests: z.array(calendarGuestSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

/** What a person writes; end ≥ start is checked by the server (and by the form schema below). */
export const calendarEventInputSchema = z.object({
  title: z.string().trim().min(1).max(CALENDAR_TITLE_MAX),
  description: z.string().max(CALENDAR_DESCRIPTION_MAX).default(''),
  color: hexColorSchema.default(CALENDAR_COLORS[0]),
  allDay: z.boolean().default(false),
  start: isoDateTime,
  /** Family: `null` (an event whose end equals its start) means the same instant as `start`. */
  end: isoDateTime
    .nullable()
    .describe('The end; null (as the template family sends) means the same instant as start'),
  /** Active people to invite; each newly invited one is notified (`calendar.invited`). */
  guestIds: z.array(z.string().uuid()).max(CALENDAR_GUESTS_MAX).default([]),
});
export type CalendarEventInput = z.input<typeof calendarEventInputSchema>;

/** Update takes any subset: a drag sends only start and end. */
export const calendarEventPatchSchema = z.object({
  title: z.string().trim().min(1).max(CALENDAR_TITLE_MAX).optional(),
  description: z.string().max(CALENDAR_DESCRIPTION_MAX).optional(),
  color: hexColorSchema.optional(),
  allDay: z.boolean().optional(),
  start: isoDateTime.optional(),
  /**
   * Family: `null` means the same instant as the start — the one in this body, or else the
   * stored one (the family's drag of an event whose end equals its start sends `end: null`).
   */
  end: isoDateTime
    .nullable()
    .optional()
    .describe('The end; null (as the template family sends) means the same instant as the start'),
  /** The whole guest list (replaces it); people added are notified. */
  guestIds: z.array(z.string().uuid()).max(CALENDAR_GUESTS_MAX).optional(),
});
export type CalendarEventPatch = z.infer<typeof calendarEventPatchSchema>;

export const calendarEventsQuerySchema = z.object({
  start: isoDateTime.optional(),
  end: isoDateTime.optional(),
});
export type CalendarEventsQuery = z.infer<typeof calendarEventsQuerySchema>;

export const calendarEventsAnswerSchema = z.object({
  events: z.array(calendarEventSchema),
  total: z.number().int(),
});
export const calendarEventAnswerSchema = z.object({ event: calendarEventSchema });

export const calendarUpdateBodySchema = z.object({
  eventId: z.string().uuid(),
  event: calendarEventPatchSchema,
});
export const calendarGuestsQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const calendarGuestsAnswerSchema = z.object({ people: z.array(calendarOwnerSchema) });

/** A guest's answer; the event's owner answers nothing (409 `owner_cannot_respond`). */
export const calendarRespondBodySchema = z.object({
  eventId: z.string().uuid(),
  response: z.enum(CALENDAR_ANSWERS),
});
export type CalendarRespondBody = z.infer<typeof calendarRespondBodySchema>;

export const calendarDeleteBodySchema = z.object({ eventId: z.string().uuid() });
export const calendarDeleteAnswerSchema = z.object({ eventId: z.string().uuid() });

/** Stable codes of the calendar's field errors (the web translates them). */
export const CALENDAR_ERRORS = {
  endBeforeStart: 'end_before_start',
  rangeTooLong: 'range_too_long',
  unknownGuest: 'unknown_user',
  /** The owner of an event is no guest of it, so has no invitation to answer. */
  ownerCannotRespond: 'owner_cannot_respond',
  /** Only the people invited to an event answer it. */
  notAGuest: 'not_a_guest',
} as const;

/** The event dialog's schema: the same fields, with the end-after-start rule on `end`. */
export const calendarEventFormSchema = z
  .object({
    title: z.string().trim().min(1).max(CALENDAR_TITLE_MAX),
    description: z.string().max(CALENDAR_DESCRIPTION_MAX),
    color: hexColorSchema,
    allDay: z.boolean(),
    start: z.string().min(1),
    end: z.string().min(1),
  })
  .refine((v) => !v.start || !v.end || new Date(v.end).getTime() >= new Date(v.start).getTime(), {
    path: ['end'],
    message: CALENDAR_ERRORS.endBeforeStart,
  });
export type CalendarEventForm = z.infer<typeof calendarEventFormSchema>;

/** Realtime event types of the calendar (payload `{ eventId }`). */
export const CALENDAR_EVENTS = {
  created: 'calendar.event.created',
  updated: 'calendar.event.updated',
  deleted: 'calendar.event.deleted',
} as const;
