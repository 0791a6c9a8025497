// Bundles the server (and the contract it imports as TypeScript) into dist/; npm packages stay external.
import { build } from 'esbuild';
import { rm } from 'node:fs/promises';
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
