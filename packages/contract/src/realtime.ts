import { z } from 'zod';

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
