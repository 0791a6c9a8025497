import { API } from './api-paths';

// Kept apart from the zod schemas so the web app can import them without bundling zod.

export const REALTIME_PATH = API.realtime;

/** Close codes the client acts on: 4401 means sign in again (do not reconnect with this token). */
export const REALTIME_CLOSE = {
  unauthorized: 4401,
  authTimeout: 4408,
  shuttingDown: 1001,
} as const;

/** Milliseconds the server waits for the `auth` message when no `?token=` was given. */
export const REALTIME_AUTH_TIMEOUT_MS = 10_000;

/**
 * Presence: online while a socket of the person is open and they used it lately, away when the
 * socket is open but idle this long, offline when their last socket closes. A client reports
 * activity (`{ type: 'activity' }` on the socket) at most every `reportEveryMs`.
 */
export const PRESENCE = {
  awayAfterMs: 5 * 60_000,
  reportEveryMs: 60_000,
} as const;
