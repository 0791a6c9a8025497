import { z } from 'zod';

/** The one WebSocket of a tab. */
export const REALTIME_PATH = '/api/realtime';

/** Close codes the client acts on: 4401 means sign in again (do not reconnect with this token). */
export const REALTIME_CLOSE = {
  unauthorized: 4401,
  authTimeout: 4408,
  shuttingDown: 1001,
} as const;

/** Milliseconds the server waits for the `auth` message when no `?token=` was given. */
export const REALTIME_AUTH_TIMEOUT_MS = 10_000;

/** Client → server. */
export const realtimeClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(4096) }),
  z.object({ type: z.literal('ping') }),
]);
export type RealtimeClientMessage = z.infer<typeof realtimeClientMessageSchema>;

/** Server → client: `ready` once signed in, then one `event` per domain event. */
export type RealtimeServerMessage =
  | { type: 'ready'; userId: string }
  | { type: 'pong' }
  | { type: 'event'; event: { type: string; payload: unknown; actorId?: string } };
