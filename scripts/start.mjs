// `npm start`: builds what is not built yet, then runs the server (migrations, first admin and
// demo data happen at start-up). Rebuild after changing the code with `npm run build`.
import { existsSync } from 'node:fs';
import { spawnSync, spawn } from 'node:child_process';
import { SERVER_MALLOC_ENV, SERVER_NODE_ARGS } from './server-memory.mjs';

// Builds quietly: its output is shown only when it fails, so the sign-in banner stays the last
// thing on screen.
const run = (args) => {
  const r = spawnSync('npm', ['--silent', ...args], { encoding: 'utf8' });
  if (r.status !== 0) {
    process.stdout.write(r.stdout ?? '');
    process.stderr.write(r.stderr ?? '');
    process.exit(r.status ?? 1);
  }
};
if (!existsSync('apps/web/dist/index.html') || !existsSync('apps/server/dist/main.js')) {
  console.info('Building the app (first start only, about a minute)…');
}
if (!existsSync('apps/web/dist/index.html')) run(['run', 'build', '-w', '@bo/web']);
if (!existsSync('apps/server/dist/main.js')) run(['run', 'build', '-w', '@bo/server']);

const args = ['--enable-source-maps', ...SERVER_NODE_ARGS, 'apps/server/dist/main.js'];
const child = spawn(process.execPath, args, {
  stdio: 'inherit',
  env: { ...SERVER_MALLOC_ENV, ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
