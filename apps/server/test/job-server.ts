/**
 * A server process for tests that must kill one (SIGKILL) and start it again on the same data:
 * the real app with the configuration given as JSON in BO_TEST_CONFIG, on DATABASE_URL or on the
 * embedded store in its data directory. Prints `listening <url>` once it answers.
 */
import { openDatabase } from '../src/db/client.js';
import { bootstrap } from '../src/bootstrap.js';
import { buildApp } from '../src/app.js';
import { testConfig } from './config.js';

const config = testConfig(JSON.parse(process.env.BO_TEST_CONFIG ?? '{}'));
const database = await openDatabase(
  config.databaseUrl
    ? { databaseUrl: config.databaseUrl, poolSize: 3 }
    : { dataDir: config.dataDir },
);
await database.migrate();
await bootstrap(config, database, () => {});
const app = await buildApp({ config, database, logger: false });
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`listening ${url}\n`);
