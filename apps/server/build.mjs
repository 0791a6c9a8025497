// Bundles the server (and the contract it imports as TypeScript) into dist/; npm packages stay external.
import { build } from 'esbuild';
import { cp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@bo/'));

// The commit built, for the system page (GIT_COMMIT at run time overrides it); none outside git.
let commit = '';
try {
  commit = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8', stdio: 'pipe' }).trim();
} catch {
  // Not a checkout, or no git: the page shows the commit as unknown.
}

await rm('dist', { recursive: true, force: true });
await build({
  entryPoints: [
    'src/main.ts',
    'src/seed-cli.ts',
    'src/backup-cli.ts',
    // The invoice renderers' worker thread, beside main.js (see modules/invoices/renderer.ts).
    { in: 'src/modules/invoices/render-worker.ts', out: 'render-worker' },
  ],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
  define: { 'process.env.BO_BUILD_COMMIT': JSON.stringify(commit) },
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
});
// The database functions' files, applied by every migrate() (src/db/functions.ts finds them beside
// main.js). The numbered migrations are read from ../drizzle, beside dist.
await cp('src/db/functions', 'dist/functions', { recursive: true });
