// `npm test`: lint, type-check, unit tests, server integration tests on the embedded store (and on
// PostgreSQL when TEST_DATABASE_URL is set), the production build with its bundle budgets, and
// the browser tests. Stops at the first failing stage and says which. Each stage's time goes to
// test-results/timings.json and a table at the end, so the next cut is measured, not guessed.
// `npm test -- server browser` runs the stages whose names start with the words given.
//
// Lint, format and types run side by side (each uses one core), and so do the two server suites
// and the build: neither suite keeps both cores busy on its own (the PostgreSQL one waits on the
// database), so together they take about the time of the longest instead of the sum. Output of
// stages side by side is printed whole as each ends.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';

const stage = (name, cmd, args, env = {}) => ({ name, cmd, args, env });
const groups = [
  // Each of these keeps one core busy: three side by side take the time of the longest.
  [
    stage('lint', 'npx', ['eslint', '.']),
    stage('format', 'npx', ['prettier', '--check', '.']),
    stage('types', 'npm', ['run', 'typecheck']),
  ],
  [stage('unit', 'npx', ['vitest', 'run', '--project', 'contract', '--project', 'web'])],
  [
    stage('server (embedded PGlite)', 'npx', ['vitest', 'run', '--project', 'server'], {
      TEST_DATABASE_URL: '',
    }),
    ...(process.env.TEST_DATABASE_URL
      ? [stage('server (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'server'])]
      : []),
    stage('build', 'npm', ['run', 'build']),
  ],
  [stage('bundle budgets', 'npx', ['vitest', 'run', '--project', 'web', 'bundle-budget'])],
  [stage('browser', 'npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts'])],
];
if (!process.env.TEST_DATABASE_URL) {
  console.info('TEST_DATABASE_URL is not set: the server suite runs on the embedded store only.');
}

const only = process.argv.slice(2);
const timings = [];
const began = Date.now();

function report(failed) {
  const total = (Date.now() - began) / 1000;
  mkdirSync('test-results', { recursive: true });
  writeFileSync(
    'test-results/timings.json',
    JSON.stringify(
      { at: new Date().toISOString(), totalSeconds: total, failed, stages: timings },
      null,
      2,
    ),
  );
  const width = Math.max(...timings.map((t) => t.stage.length), 5);
  console.info(`\n${'stage'.padEnd(width)}  seconds  result`);
  for (const t of timings) {
    const note = t.parallel ? '  (side by side)' : '';
    console.info(
      `${t.stage.padEnd(width)}  ${t.seconds.toFixed(1).padStart(7)}  ${t.ok ? 'ok' : 'FAILED'}${note}`,
    );
  }
  console.info(`${'total'.padEnd(width)}  ${total.toFixed(1).padStart(7)}`);
}

/** The failing lines of a stage's output (test names, assertions), repeated where a log ends. */
function digest(stage, text) {
  // eslint-disable-next-line no-control-regex
  const plain = text.replace(/\x1b\[[0-9;]*m/g, '');
  const lines = plain
    .split('\n')
    .filter((l) => /(FAIL|×|✗|AssertionError|Error:|expected|Timed out|timed out)/.test(l));
  if (!lines.length) return;
  console.info(`\n✖ ${stage}: what failed`);
  for (const l of lines.slice(0, 60)) console.info(l.slice(0, 300));
}

/** Runs one stage; alone it prints as it goes, beside others its output is kept until it ends. */
function run({ name, cmd, args, env }, alone) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, {
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    const chunks = [];
    child.stdout?.on('data', (chunk) => chunks.push(chunk));
    child.stderr?.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      const ok = code === 0;
      const output = Buffer.concat(chunks);
      // A failing stage beside others is printed after them (below), so the end of the log,
      // which is what a CI page shows, holds the failure and not a neighbour's passing tests.
      if (!alone && ok) {
        console.info(`\n▶ ${name} (output)`);
        process.stdout.write(output);
      }
      console.info(`${ok ? '✔' : '✖'} ${name} (${seconds.toFixed(1)} s)`);
      resolve({ stage: name, seconds, ok, parallel: !alone, output: alone ? null : output });
    });
  });
}

for (const group of groups) {
  const chosen = group.filter((s) => !only.length || only.some((o) => s.name.startsWith(o)));
  if (!chosen.length) continue;
  console.info(`\n▶ ${chosen.map((s) => s.name).join(' + ')}`);
  const results = await Promise.all(chosen.map((s) => run(s, chosen.length === 1)));
  timings.push(...results.map(({ output: _output, ...timing }) => timing));
  for (const r of results.filter((r) => !r.ok && r.output)) {
    console.info(`\n▶ ${r.stage} (output)`);
    process.stdout.write(r.output);
    digest(r.stage, r.output.toString('utf8'));
  }
  const failed = results.find((r) => !r.ok);
  if (failed) {
    console.error(`\n✖ ${failed.stage} failed`);
    report(failed.stage);
    process.exit(1);
  }
}
report(null);
