// Kept apart from the zod schemas so the web app can import them without bundling zod.

/** Stable machine codes; the web app translates them, the server's message is the English fallback. */
export const ERROR_CODES = {
  validation: 'VALIDATION_FAILED',
  unauthorized: 'UNAUTHORIZED',
  invalidCredentials: 'INVALID_CREDENTIALS',
  tokenExpired: 'TOKEN_EXPIRED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  rateLimited: 'RATE_LIMITED',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMedia: 'UNSUPPORTED_MEDIA_TYPE',
  internal: 'INTERNAL_ERROR',
  /** A statement ran past DATABASE_STATEMENT_TIMEOUT_MS and was cancelled; retrying may work. */
  databaseTimeout: 'DATABASE_TIMEOUT',
} as const;
