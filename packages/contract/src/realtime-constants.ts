// Kept apart from the zod schemas so the web app can import them without bundling zod.

export const REALTIME_PATH = '/api/realtime';

/** Close codes the client acts on: 4401 means sign in again (do not reconnect with this token). */
export const REALTIME_CLOSE = {
  unauthorized: 4401,
  authTimeout: 4408,
  shuttingDown: 1001,
} as const;

/** Milliseconds the server waits for the `auth` message when no `?token=` was given. */
export const REALTIME_AUTH_TIMEOUT_MS = 10_000;
