import { parseArgs } from 'node:util';
import { configFromEnv } from './config-from-env.js';
import { openDatabase } from './db/client.js';
import { PermissionService } from './lib/permissions.js';
import { seedDatabase, type Scale } from './seed/index.js';
import { bootstrap } from './bootstrap.js';

/** `npm run seed -- --scale demo|large`: fills a database (DATA_DIR or DATABASE_URL). */
async function main() {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: 'demo' },
      seed: { type: 'string', default: '20261122' },
    },
  });
  const scale = values.scale as Scale;
  if (scale !== 'demo' && scale !== 'large') throw new Error('--scale must be demo or large');
  const config = configFromEnv(process.env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    await new PermissionService(database).ensureBuiltinRoles();
    // The first administrator comes first, so a seeded database can be signed in to.
    await bootstrap({ ...config, demoData: false }, database, console.info);
    await seedDatabase(database, scale, console.info, Number(values.seed));
  } finally {
    await database.close();
  }
}

void main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
