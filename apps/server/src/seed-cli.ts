import { parseArgs } from 'node:util';
import { configFromEnv } from './config-from-env.js';
import { openDatabase } from './db/client.js';
import { PermissionService } from './lib/permissions.js';
import { SCALES, SCALE_COUNTS, isScale, seedDatabase } from './seed/index.js';
import { bootstrap } from './bootstrap.js';

/**
 * `npm run seed -- --scale demo|10k|100k|large|1m [--seed N]`: fills a new database (DATA_DIR or
 * DATABASE_URL) and records what it loaded in `meta` under the key `seed`. `--only files` adds
 * the steps named to a database seeded by an earlier release (same scale and seed).
 */
async function main() {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: 'demo' },
      seed: { type: 'string', default: '20261122' },
      /** Comma-separated steps to add to a database seeded before they existed (e.g. files). */
      only: { type: 'string' },
    },
  });
  const scale = values.scale ?? 'demo';
  if (!isScale(scale)) throw new Error(`--scale must be one of ${SCALES.join(', ')}`);
  const config = configFromEnv(process.env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    await new PermissionService(database).ensureBuiltinRoles();
    // The first administrator comes first, so a seeded database can be signed in to.
    await bootstrap({ ...config, demoData: false }, database, console.info);
    const only = values.only
      ?.split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    const [{ n }] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    if (n > 1 && !only) {
      throw new Error(
        'This database already holds people; seed a new one (another DATA_DIR or database).',
      );
    }
    const report = await seedDatabase(database, scale, console.info, {
      seed: Number(values.seed),
      dataDir: config.dataDir,
      only,
    });
    if (!only)
      await database.query(
        `INSERT INTO meta (key, value) VALUES ('seed', $1::jsonb)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
        [
          JSON.stringify({
            scale,
            seed: Number(values.seed),
            counts: SCALE_COUNTS[scale],
            report,
            at: new Date().toISOString(),
          }),
        ],
      );
  } finally {
    await database.close();
  }
}

void main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
