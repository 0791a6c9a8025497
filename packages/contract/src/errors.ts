import { z } from 'zod';

import { ERROR_CODES } from './error-codes';

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

export { ERROR_CODES };
