import { readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder, type Database } from './client.js';

interface JournalEntry {
  when: number;
  tag: string;
}

let journal: JournalEntry[] | undefined;

/** The migrations this code ships (drizzle/meta/_journal.json), read once. */
export function knownMigrations(): JournalEntry[] {
  journal ??= (
    JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as {
      entries: JournalEntry[];
    }
  ).entries;
  return journal;
}

export interface MigrationState {
  applied: number;
  known: number;
  /** The newest applied migration's tag, when this code knows it. */
  last: string | null;
}

/**
 * What drizzle's migrator recorded (`drizzle.__drizzle_migrations`, one row per migration with
 * the journal's `when` as `created_at`) against what this code ships. A database that has never
 * been migrated has no such table: zero applied.
 */
export async function migrationState(database: Database): Promise<MigrationState> {
  const known = knownMigrations();
  const [table] = await database.query<{ present: boolean }>(
    `SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`,
  );
  if (!table?.present) return { applied: 0, known: known.length, last: null };
  const [row] = await database.query<{ applied: number; newest: string | null }>(
    `SELECT count(*)::int AS applied, max(created_at)::text AS newest
       FROM drizzle.__drizzle_migrations`,
  );
  const newest = row?.newest ? Number(row.newest) : null;
  return {
    applied: row?.applied ?? 0,
    known: known.length,
    last: known.find((m) => m.when === newest)?.tag ?? null,
  };
}
