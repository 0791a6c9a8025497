import { BUILTIN_ROLES } from '@bo/contract/roles';
import type { Database } from '../db/client.js';
import type { DataVersions } from './data-versions.js';
import { roles } from '../db/schema/core.js';

const TTL_MS = 30_000;

/**
 * Role → permissions, read from the `roles` table and cached: reloaded as soon as a change of
 * `roles` is notified (when versions are given), and at least every 30 s.
 */
export class PermissionService {
  private cache = new Map<string, Set<string>>();
  private loadedAt = 0;
  private loading?: Promise<void>;
  private stamp = -1;

  constructor(
    private readonly database: Database,
    private readonly versions?: DataVersions,
  ) {}

  /** Inserts the shipped roles that are missing; never overwrites an edited role. */
  async ensureBuiltinRoles(): Promise<void> {
    await this.database.db
      .insert(roles)
      .values(
        Object.entries(BUILTIN_ROLES).map(([name, permissions]) => ({
          name,
          permissions,
          builtIn: true,
        })),
      )
      .onConflictDoNothing();
    this.loadedAt = 0;
  }

  private async refresh(): Promise<void> {
    this.stamp = this.versions?.stamp(['roles']) ?? -1;
    const rows = await this.database.db.select().from(roles);
    this.cache = new Map(rows.map((r) => [r.name, new Set(r.permissions)]));
    this.loadedAt = Date.now();
  }

  async of(role: string): Promise<Set<string>> {
    const changed = this.versions !== undefined && this.versions.stamp(['roles']) !== this.stamp;
    if (changed || Date.now() - this.loadedAt > TTL_MS) {
      this.loading ??= this.refresh().finally(() => (this.loading = undefined));
      await this.loading;
    }
    return this.cache.get(role) ?? new Set();
  }

  invalidate(): void {
    this.loadedAt = 0;
  }
}
