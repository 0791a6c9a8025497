#!/usr/bin/env node
// `npm run bench -- [--store pglite|postgres] [--scale demo|10k|100k|large|1m] [--quick] [--growth|--no-growth] [--no-cache] [--only <name>]`
// Runs bench/run.ts under tsx, so the areas' TypeScript scenario files can be imported as they are.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const child = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'bench/run.ts'), ...args],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
