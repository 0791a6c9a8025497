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
 * What a bulk action did: the items it changed (those already as asked count as changed), and
 * those refused, each with why (`code`, from the area's list of refusals), the reason said in
 * English (`message`) and what names the item in that area (`extra`: a name, a number, a title).
 */
export const bulkAnswerWith = <T extends z.ZodRawShape>(extra: T) =>
  z.object({
    changed: z.array(z.string().uuid()),
    refused: z.array(
      z.object({ id: z.string().uuid(), ...extra, code: z.string(), message: z.string() }),
    ),
  });

/** The lists whose items have a name (null when the caller may not see it). */
export const bulkAnswerSchema = bulkAnswerWith({ name: z.string().nullable() });
export type BulkAnswer = z.infer<typeof bulkAnswerSchema>;

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

/** YYYY-MM-DD, or an ISO date-time beginning with it (seconds, fraction and offset optional). */
const DAY_OR_DATE_TIME =
  /^\d{4}-\d{2}-\d{2}(?:T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?)?$/;

/**
 * A calendar day, YYYY-MM-DD, that exists (no 2024-13-45, no 31 February). An ISO date-time is
 * taken too, as clients of the template family send a date picker's value
 * (`2026-12-27T00:00:00.000Z`): the day is the one written in the string, its first ten
 * characters, whatever the time and offset — converting to UTC would make
 * `2026-12-27T00:00:00+02:00` the 26th, a day its writer never chose. Either way the value read
 * is the plain day.
 */
export const isoDay = z
  .string()
  .regex(DAY_OR_DATE_TIME)
  .overwrite((v) => v.slice(0, 10))
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
  // Iterative, with the path kept beside each value: a hostile body nested thousands deep must
  // not exhaust the stack of the guard meant to refuse it.
  const stack: Array<[unknown, string]> = [[value, path]];
  while (stack.length) {
    const [current, at] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000') || LONE_SURROGATE.test(current)) return at;
      continue;
    }
    const next: Array<[unknown, string]> = [];
    if (Array.isArray(current)) {
      current.forEach((inner, i) => next.push([inner, at ? `${at}.${i}` : String(i)]));
    } else if (current && typeof current === 'object') {
      for (const [key, inner] of Object.entries(current)) {
        const keyPath = at ? `${at}.${key}` : key;
        if (key.includes('\u0000') || LONE_SURROGATE.test(key)) return keyPath;
        next.push([inner, keyPath]);
      }
    }
    // Reversed onto the stack, so the first bad string in reading order is the one named.
    for (let i = next.length - 1; i >= 0; i--) stack.push(next[i]!);
  }
  return null;
}

/** How deeply a JSON body may nest objects and arrays; deeper is refused before it is parsed. */
export const JSON_MAX_DEPTH = 64;

/** Whether JSON text nests objects and arrays deeper than `limit` (brackets inside strings aside). */
export function jsonNestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \\ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}

/**
 * What a template-family client reads of an attachment besides our `url`: `path` (where the file
 * is) and `preview` (the picture it shows as a thumbnail). Both are the stored file's
 * `/uploads/<key>`, which every answer signs for its reader (decision 038), so an <img> of a page
 * on another origin loads it with no cookie and no token; our `url` needs the session. The family
 * shows an icon for a file that is no picture (from its name) and opens `preview` only as the file.
 */
export const familyAttachmentFields = {
  preview: z
    .string()
    .describe(
      'Template family: the thumbnail picture (the file itself for any other kind), a capability URL that loads without a cookie or a token',
    ),
  path: z.string().describe('Template family: where the file is, a capability URL as preview'),
};

/** The family's fields of an attachment stored under `key` (see familyAttachmentFields). */
export const familyAttachmentOf = (key: string) => {
  const url = `/uploads/${key}`;
  return { preview: url, path: url };
};
