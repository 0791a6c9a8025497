// `npm test`: lint, type-check, unit tests, server integration tests on the embedded store (and on
// PostgreSQL when TEST_DATABASE_URL is set), the production build with its bundle budgets, and
// the browser tests. Stops at the first failing stage and says which.
import { spawnSync } from 'node:child_process';

const stages = [
  ['lint', 'npx', ['eslint', '.']],
  ['format', 'npx', ['prettier', '--check', '.']],
  ['types', 'npm', ['run', 'typecheck']],
  ['unit', 'npx', ['vitest', 'run', '--project', 'contract', '--project', 'web']],
  [
    'server (embedded PGlite)',
    'npx',
    ['vitest', 'run', '--project', 'server'],
    { TEST_DATABASE_URL: '' },
  ],
];
if (process.env.TEST_DATABASE_URL) {
  stages.push(['server (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'server'], {}]);
} else {
  console.info('TEST_DATABASE_URL is not set: the server suite runs on the embedded store only.');
}
stages.push(['build', 'npm', ['run', 'build']]);
stages.push(['bundle budgets', 'npx', ['vitest', 'run', '--project', 'web', 'bundle-budget']]);
stages.push(['browser', 'npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts']]);

const only = process.argv.slice(2);
for (const [name, cmd, args, env] of stages) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  console.info(`\n▶ ${name}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(r.status ?? 1);
  }
  console.info(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
