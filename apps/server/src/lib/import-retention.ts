import { lt } from 'drizzle-orm';
import { IMPORT_KEEP_DAYS_DEFAULT } from '../config.js';
import type { Executor } from '../db/client.js';
import { imports } from '../db/schema/index.js';
import type { Storage } from './storage/index.js';

/**
 * Imports untouched for `keepDays` (IMPORT_KEEP_DAYS, default 7) go with their uploaded files:
 * the record (its mapping, progress and report) and the stored file. "Untouched" is the record's
 * `updated_at`, which a running import moves after each batch, so a job still writing is never
 * swept. Deleted in one statement that answers the keys, so two runs at once remove each once; a
 * file already gone is no error. Answers how many went.
 */
export async function pruneImports(
  db: Executor,
  storage: Storage,
  keepDays = IMPORT_KEEP_DAYS_DEFAULT,
  now = new Date(),
): Promise<{ removed: number }> {
  const before = new Date(now.getTime() - keepDays * 24 * 60 * 60 * 1000);
  const gone = await db
    .delete(imports)
    .where(lt(imports.updatedAt, before))
    .returning({ storageKey: imports.storageKey });
  for (const g of gone) await storage.remove(g.storageKey).catch(() => undefined);
  return { removed: gone.length };
}
