import type { Database } from '../../db/client.js';

/** Bytes of the database (`pg_database_size`: tables, indexes, TOAST, the free space map). */
export async function databaseBytes(database: Database): Promise<number> {
  const [row] = await database.query<{ bytes: string }>(
    'SELECT pg_database_size(current_database())::text AS bytes',
  );
  return Number(row?.bytes ?? 0);
}

/** Stored files as the quotas count them (kept by triggers: a sum over people, not over files). */
export async function storedFiles(database: Database): Promise<{ bytes: number; files: number }> {
  const [row] = await database.query<{ bytes: string; files: string }>(
    `SELECT coalesce(sum(bytes), 0)::text AS bytes, coalesce(sum(count), 0)::text AS files
       FROM storage_usage`,
  );
  return { bytes: Number(row?.bytes ?? 0), files: Number(row?.files ?? 0) };
}

/** Messages not sent, and the newest delivery failure the mailer recorded in the outbox. */
export async function mailState(database: Database) {
  const [counts, failures] = await Promise.all([
    database.query<{ unsent: number }>(
      'SELECT count(*)::int AS unsent FROM outbox WHERE sent_at IS NULL',
    ),
    database.query<{ at: Date; to: string; error: string }>(
      `SELECT created_at AS at, "to", error FROM outbox
        WHERE error IS NOT NULL ORDER BY created_at DESC LIMIT 1`,
    ),
  ]);
  const failure = failures[0];
  return {
    unsent: counts[0]?.unsent ?? 0,
    lastError: failure
      ? { at: new Date(failure.at).toISOString(), to: failure.to, message: failure.error }
      : null,
  };
}

/** Whether the demo data was loaded when the database was first set up (bootstrap's marker). */
export async function hasDemoData(database: Database): Promise<boolean> {
  const [row] = await database.query<{ demo: boolean | null }>(
    `SELECT (value->>'demo')::boolean AS demo FROM meta WHERE key = 'initialised'`,
  );
  return row?.demo === true;
}
