import { sql, type SQL } from 'drizzle-orm';
import { fieldError } from './http-error.js';

/**
 * The cursor of a newest-first list ordered by (time, id): the last row's instant and id, so a
 * page never skips or repeats rows while new ones arrive. Opaque to clients.
 */
export const encodeTimeCursor = (iso: string, id: string) =>
  Buffer.from(`${iso}|${id}`).toString('base64url');

const ID_SHAPES = { uuid: /^[0-9a-f-]{36}$/, serial: /^[1-9][0-9]{0,17}$/ } as const;

/**
 * The (instant, id) of a cursor; a cursor this list did not make is a 400 naming `cursor`. Ids are
 * uuids, or `serial` for a table numbered by a sequence.
 */
export function decodeTimeCursor(
  cursor: string,
  idShape: keyof typeof ID_SHAPES = 'uuid',
): [string, string] {
  const [t, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!t || !id || Number.isNaN(Date.parse(t)) || !ID_SHAPES[idShape].test(id)) {
    throw fieldError('cursor', 'invalid_cursor', 'Not a cursor of this list');
  }
  return [t, id];
}

/**
 * A row's instant to the microsecond, as PostgreSQL keeps it (select it `AS cursor_at` and encode
 * the cursor from it). A JavaScript date cuts it to the millisecond, and a cursor built from that
 * skips the rows written later in the same millisecond as a page's last one.
 */
export const exactInstant = (column: SQL) =>
  sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
