import { z } from 'zod';
import { BLOG_EVENTS } from './blog';
import { CALENDAR_EVENTS } from './calendar';
import { CHAT_EVENTS } from './chat';
import { DASHBOARD_EVENTS } from './dashboards';
import { KANBAN_EVENTS } from './kanban';
import { MAIL_EVENTS } from './mail';
import { NOTIFICATION_EVENTS } from './notifications';
import type { Permission } from './roles';

/** The one WebSocket of a tab. */
export { REALTIME_AUTH_TIMEOUT_MS, REALTIME_CLOSE, REALTIME_PATH } from './realtime-constants';

/** Client → server. */
export const realtimeClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(4096) }),
  z.object({ type: z.literal('ping') }),
  /** The person used the tab (input, focus): keeps their presence "online" rather than "away". */
  z.object({ type: z.literal('activity') }),
]);
export type RealtimeClientMessage = z.infer<typeof realtimeClientMessageSchema>;

/** Server → client: `ready` once signed in, then one `event` per domain event. */
export type RealtimeServerMessage =
  | { type: 'ready'; userId: string }
  | { type: 'pong' }
  | { type: 'event'; event: { type: string; payload: unknown; actorId?: string } };

/** What every area's `*_EVENTS` declares, plus events named where they are published. */
type ValueOf<T> = T[keyof T];
type DeclaredEventType =
  | ValueOf<typeof BLOG_EVENTS>
  | ValueOf<typeof CALENDAR_EVENTS>
  | ValueOf<typeof CHAT_EVENTS>
  | ValueOf<typeof DASHBOARD_EVENTS>
  | ValueOf<typeof KANBAN_EVENTS>
  | ValueOf<typeof MAIL_EVENTS>
  | ValueOf<typeof NOTIFICATION_EVENTS>
  /** Someone shared a file with the listed person: `{ fileId, by }`. */
  | 'files.shared';

/**
 * Who may receive each event type on the socket: a person holding any one of the listed
 * permissions (the same the event's screens need), and only if the event's audience names them.
 * There is no default: a type missing here fails type-checking where it is published, and an
 * event of a type not listed here (from the bus) reaches no one.
 */
export const REALTIME_EVENT_ACCESS = {
  // An open post page (GET /api/blog/post) refetches its comments.
  [BLOG_EVENTS.commentsChanged]: ['blog:read'],
  [CALENDAR_EVENTS.created]: ['calendar:read'],
  [CALENDAR_EVENTS.updated]: ['calendar:read'],
  [CALENDAR_EVENTS.deleted]: ['calendar:read'],
  [CHAT_EVENTS.message]: ['chat:read'],
  [CHAT_EVENTS.seen]: ['chat:read'],
  [CHAT_EVENTS.conversation]: ['chat:read'],
  [CHAT_EVENTS.typing]: ['chat:read'],
  [CHAT_EVENTS.presence]: ['chat:read'],
  // The dashboards that refetch on it (dashboards-api): e-commerce, analytics and app.
  [DASHBOARD_EVENTS.ordersChanged]: [
    'dashboards:ecommerce',
    'dashboards:analytics',
    'dashboards:app',
  ],
  // The banking dashboard and its ledger (GET /api/banking/transactions).
  [DASHBOARD_EVENTS.bankingChanged]: ['dashboards:banking'],
  // The booking dashboard and its list (GET /api/booking/bookings).
  [DASHBOARD_EVENTS.bookingChanged]: ['dashboards:booking'],
  [DASHBOARD_EVENTS.filesChanged]: ['files:read'],
  'files.shared': ['files:read'],
  [KANBAN_EVENTS.cardMoved]: ['kanban:read'],
  [KANBAN_EVENTS.columnMoved]: ['kanban:read'],
  [KANBAN_EVENTS.changed]: ['kanban:read'],
  [MAIL_EVENTS.changed]: ['mail:read'],
  // One's own notifications (GET /api/notifications).
  [NOTIFICATION_EVENTS.created]: ['account:self'],
  [NOTIFICATION_EVENTS.changed]: ['account:self'],
} as const satisfies Record<DeclaredEventType, readonly [Permission, ...Permission[]]>;

export type RealtimeEventType = keyof typeof REALTIME_EVENT_ACCESS;

/** The permissions that may receive an event of `type` (any one of them); none for a type not declared. */
export function realtimeEventAccess(type: string): readonly Permission[] | undefined {
  return Object.hasOwn(REALTIME_EVENT_ACCESS, type)
    ? REALTIME_EVENT_ACCESS[type as RealtimeEventType]
    : undefined;
}
