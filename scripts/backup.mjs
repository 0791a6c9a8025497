// `npm run backup -- --to FILE` and `npm run restore -- FILE` (docs/backup.md): builds the server
// when it is not built yet (never under a running one otherwise), then runs its backup command.
import { existsSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';

const cli = 'apps/server/dist/backup-cli.js';
if (!existsSync(cli)) {
  const r = spawnSync('npm', ['--silent', 'run', 'build', '-w', '@bo/server'], {
    encoding: 'utf8',
  });
  if (r.status !== 0) {
    process.stdout.write(r.stdout ?? '');
    process.stderr.write(r.stderr ?? '');
    process.exit(r.status ?? 1);
  }
}
const child = spawn(process.execPath, ['--enable-source-maps', cli, ...process.argv.slice(2)], {
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 1));
