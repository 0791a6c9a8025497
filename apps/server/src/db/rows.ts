import type { SQL } from 'drizzle-orm';
import type { Executor } from './client.js';

/** The rows of a raw statement, the same on PGlite and node-postgres. */
export async function rows<T = Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * A uuid[] (or any array of plain words) column as a list, whether the driver parsed it or gave
 * PostgreSQL's text form (`{a,b}`; `{}` is empty).
 */
export const pgArray = (v: unknown): string[] =>
  Array.isArray(v)
    ? (v as string[])
    : typeof v === 'string'
      ? v
          .replace(/^\{|\}$/g, '')
          .split(',')
          .filter(Boolean)
      : [];

/** A timestamp column as ISO 8601, whether the driver gave a Date or text. */
export const isoInstant = (v: unknown): string =>
  (v instanceof Date ? v : new Date(String(v))).toISOString();
