import type { Database } from '../db/client.js';
import { onPrimary } from '../db/replicas.js';

/** The channel the `bo_notify_change` triggers (migration 0006) name changed tables on. */
export const CHANGES_CHANNEL = 'bo_changes';

/** How long the change log (migration 0032) remembers a write. */
export const CHANGE_LOG_KEEP_MS = 10 * 60_000;
/** How long an instance may reuse an answer checked against the change log: well within it. */
export const CHECKED_ANSWER_MAX_AGE_MS = 5 * 60_000;

/**
 * A version number per table, bumped by the change notifications every committed write sends
 * (one per statement and table, at commit). Caches take a stamp of the tables an answer read
 * before reading them, and the answer is reusable for as long as the stamp is current.
 *
 * On the embedded store the notification of a write is delivered while its COMMIT returns, so a
 * request that wrote sees its own change at once. The stamp is taken before the reads, so a
 * write that commits while an answer is being computed always makes that answer stale.
 */
export class DataVersions {
  private readonly versions = new Map<string, number>();
  private readonly listeners = new Set<(table: string) => void>();
  private unlisten?: () => Promise<void>;

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(CHANGES_CHANNEL, (table) => this.bump(table));
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
  }

  bump(table: string): void {
    this.versions.set(table, (this.versions.get(table) ?? 0) + 1);
    for (const listener of this.listeners) listener(table);
  }

  /** Calls `listener` with the name of each table a committed write changed; returns the stop. */
  onChange(listener: (table: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Versions only grow, so their sum changes exactly when one of the tables changed. */
  stamp(tables: readonly string[]): number {
    let sum = 0;
    for (const t of tables) sum += this.versions.get(t) ?? 0;
    return sum;
  }

  /**
   * Whether a committed write to one of `tables` is not visible in `snapshot` (a
   * `pg_current_snapshot()` taken earlier, or null for none), and the snapshot of now. Exact
   * across instances: the change log's rows are written in the writing transaction (migration
   * 0032), so a write committed before this call is seen here, whatever the notifications do.
   * Always asked of the primary; `lsn` is the primary's WAL position with the snapshot (PostgreSQL):
   * what a read replica must have replayed to compute an answer stamped with it (decision 052).
   */
  async changedSince(
    tables: readonly string[],
    snapshot: string | null,
  ): Promise<{ changed: boolean; snapshot: string; lsn: string | null }> {
    const lsn = this.database.kind === 'postgres' ? 'pg_current_wal_lsn()::text' : 'NULL::text';
    const [row] = await onPrimary(() =>
      this.database.query<{ now: string; changed: boolean; lsn: string | null }>(
        `SELECT pg_current_snapshot()::text AS now, ${lsn} AS lsn,
              $2::text IS NULL OR EXISTS (
                SELECT 1 FROM bo_change_log
                 WHERE table_name = ANY($1::text[])
                   AND xid >= pg_snapshot_xmin($2::text::pg_snapshot)
                   AND NOT pg_visible_in_snapshot(xid, $2::text::pg_snapshot)) AS changed`,
        [[...tables], snapshot],
      ),
    );
    return { changed: row!.changed, snapshot: row!.now, lsn: row!.lsn };
  }

  /** Forgets changes older than CHANGE_LOG_KEEP_MS (answers are not reused that long). */
  async pruneChangeLog(): Promise<void> {
    await this.database.query(
      `DELETE FROM bo_change_log WHERE at < now() - make_interval(secs => $1)`,
      [CHANGE_LOG_KEEP_MS / 1000],
    );
  }

  /** Tables among `tables` that have no change trigger: a cache over them would never expire. */
  async untracked(tables: readonly string[]): Promise<string[]> {
    if (!tables.length) return [];
    const rows = await this.database.query<{ name: string }>(
      `SELECT t.name FROM unnest($1::text[]) AS t(name)
        WHERE NOT EXISTS (
          SELECT 1 FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
           WHERE c.relname = t.name AND g.tgname = t.name || '_notify_change')`,
      [[...tables]],
    );
    return rows.map((r) => r.name);
  }
}
