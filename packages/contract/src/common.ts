import { z } from 'zod';

/** Query of every paged list: `page` starts at 1. Areas extend it with their typed filters. */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  order: z.enum(['asc', 'desc']).default('asc'),
  q: z.string().trim().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const idParamsSchema = z.object({ id: z.string().uuid() });

export const bulkIdsSchema = z.object({ ids: z.array(z.string().uuid()).min(1).max(500) });

export const okSchema = z.object({ ok: z.literal(true) });

/**
 * Dates a back-office deals in: years 1900–2199. Anything else (year 0000, 9999, 13th months,
 * 31 February) is a 400 naming the field, never a value the database refuses with a 500.
 */
export const DATE_YEAR_MIN = 1900;
export const DATE_YEAR_MAX = 2199;
const yearInRange = (d: Date) =>
  !Number.isNaN(d.getTime()) &&
  d.getUTCFullYear() >= DATE_YEAR_MIN &&
  d.getUTCFullYear() <= DATE_YEAR_MAX;

export const isoDateTime = z
  .string()
  .datetime({ offset: true })
  .refine((v) => yearInRange(new Date(v)), {
    message: `Must be a real date between ${DATE_YEAR_MIN} and ${DATE_YEAR_MAX}`,
  });

/** A calendar day, YYYY-MM-DD, that exists (no 2024-13-45, no 31 February). */
export const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(
    (v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return yearInRange(d) && d.toISOString().slice(0, 10) === v;
    },
    { message: `Must be a real day between ${DATE_YEAR_MIN} and ${DATE_YEAR_MAX}` },
  );

/** Amounts a query may filter on: finite and below what a price column can hold. */
export const AMOUNT_MAX = 9_999_999_999;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The one rule for strings, on every route: no NUL (PostgreSQL cannot store it in text) and no
 * unpaired UTF-16 surrogate (not valid Unicode, so not valid UTF-8 either). Answers the dotted
 * path of the first bad string in a parsed query, body or path, or null.
 */
export function findUnsafeString(value: unknown, path = ''): string | null {
  if (typeof value === 'string') {
    return value.includes('\u0000') || LONE_SURROGATE.test(value) ? path : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafeString(value[i], path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const keyPath = path ? `${path}.${key}` : key;
      if (findUnsafeString(key, keyPath) !== null) return keyPath;
      const found = findUnsafeString(inner, keyPath);
      if (found !== null) return found;
    }
  }
  return null;
}
