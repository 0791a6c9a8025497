import { z } from 'zod';
import { errorBodySchema } from '@bo/contract/errors';

/** Error answers a route documents, e.g. `...errorResponses(400, 401, 409)`. */
export function errorResponses(...statuses: number[]): Record<number, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((s) => [s, errorBodySchema]));
}

/** Where mediaAnswer keeps the media type; lib/openapi.ts turns it into the answer's content. */
export const MEDIA_TYPE_KEY = 'contentMediaType';

/**
 * An answer that is not JSON (a PDF, a CSV, a file's bytes), documented with its media type:
 * `response: { 200: mediaAnswer('application/pdf', 'The invoice as a PDF') }`. The route sends a
 * Buffer, a stream or a string with its content-type, so nothing is serialised by it.
 */
export function mediaAnswer(mediaType: string, description: string) {
  return z.any().meta({ [MEDIA_TYPE_KEY]: mediaType, description });
}

/**
 * A request or answer schema with its example, shown by the reference and checked against the
 * schema by the lint: `body: withExample(createInvoiceBodySchema, { … })`.
 */
export function withExample<T extends z.ZodType>(schema: T, example: z.input<T>): T {
  const shown = schema.meta({ examples: [example] });
  // zod leaves an object's metadata out of its input JSON Schema when a field transforms (a
  // currency upper-cased): lib/openapi.ts reads the example from here as well.
  EXAMPLES.set(shown, example);
  return shown;
}

/** The example of each schema made by withExample. */
export const EXAMPLES = new WeakMap<z.ZodType, unknown>();
