// Bundles the server (and the contract it imports as TypeScript) into dist/; npm packages stay external.
import { build } from 'esbuild';
import { cp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@bo/'));

await rm('dist', { recursive: true, force: true });
await build({
  entryPoints: [
    'src/main.ts',
    'src/seed-cli.ts',
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
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
});
// The database functions' files, applied by every migrate() (src/db/functions.ts finds them beside
// main.js). The numbered migrations are read from ../drizzle, beside dist.
await cp('src/db/functions', 'dist/functions', { recursive: true });
