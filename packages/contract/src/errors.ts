import { z } from 'zod';

/** One failing field of a request, named by its dotted path (e.g. `billing.phone`). */
export const fieldErrorSchema = z.object({
  field: z.string(),
  code: z.string(),
  message: z.string(),
  /** Values the message needs (e.g. `minimum`), so the client can translate it. */
  params: z.record(z.string(), z.unknown()).optional(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The one error shape every non-2xx answer carries. */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  code: z.string(),
  details: z.array(fieldErrorSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

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
