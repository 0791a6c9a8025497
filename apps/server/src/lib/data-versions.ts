import type { Database } from '../db/client.js';

/** The channel the `bo_notify_change` triggers (migration 0006) name changed tables on. */
export const CHANGES_CHANNEL = 'bo_changes';

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
