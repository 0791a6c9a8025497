// After `vite build`: a .br and a .gz beside each text asset of dist/, which the server sends as
// they are (@fastify/static `preCompressed`), so no request spends its CPU compressing the same
// bytes again and browsers get Brotli, which the server does not compress on the fly. Files under
// 1 KiB and already-compressed formats are left alone, as is index.html (the server fills in its
// nonce per load).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const dist = fileURLToPath(new URL('../dist', import.meta.url));
const TEXT = /\.(js|mjs|css|svg|json|txt|webmanifest|xml)$/;
const MIN_BYTES = 1024;

async function files(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)])),
  );
  return nested.flat();
}

const chosen = [];
for (const file of await files(dist)) {
  const name = relative(dist, file);
  if (!TEXT.test(name) || name.startsWith('.vite')) continue;
  if ((await stat(file)).size < MIN_BYTES) continue;
  chosen.push(file);
}

const started = Date.now();
let before = 0;
let after = 0;
// zlib runs in the thread pool: a few files at a time keep both cores busy.
for (let i = 0; i < chosen.length; i += 8) {
  await Promise.all(
    chosen.slice(i, i + 8).map(async (file) => {
      const bytes = await readFile(file);
      const [br, gzipped] = await Promise.all([
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gz(bytes, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
      before += bytes.length;
      after += br.length;
    }),
  );
}
console.info(
  `precompressed ${chosen.length} files: ${(before / 1024).toFixed(0)} KiB → ${(after / 1024).toFixed(0)} KiB brotli in ${Date.now() - started} ms`,
);
