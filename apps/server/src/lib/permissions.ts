import { BUILTIN_ROLES } from '@bo/contract/roles';
import type { Database } from '../db/client.js';
import { roles } from '../db/schema/core.js';

const TTL_MS = 30_000;

/** Role → permissions, read from the `roles` table and cached briefly. */
export class PermissionService {
  private cache = new Map<string, Set<string>>();
  private loadedAt = 0;
  private loading?: Promise<void>;

  constructor(private readonly database: Database) {}

  /** Inserts the shipped roles that are missing; never overwrites an edited role. */
  async ensureBuiltinRoles(): Promise<void> {
    await this.database.db
      .insert(roles)
      .values(Object.entries(BUILTIN_ROLES).map(([name, permissions]) => ({ name, permissions })))
      .onConflictDoNothing();
    this.loadedAt = 0;
  }

  private async refresh(): Promise<void> {
    const rows = await this.database.db.select().from(roles);
    this.cache = new Map(rows.map((r) => [r.name, new Set(r.permissions)]));
    this.loadedAt = Date.now();
  }

  async of(role: string): Promise<Set<string>> {
    if (Date.now() - this.loadedAt > TTL_MS) {
      this.loading ??= this.refresh().finally(() => (this.loading = undefined));
      await this.loading;
    }
    return this.cache.get(role) ?? new Set();
  }

  invalidate(): void {
    this.loadedAt = 0;
  }
}
