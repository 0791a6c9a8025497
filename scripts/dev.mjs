// `npm run dev`: the API with reload (tsx watch) on :3000 and Vite with hot reload on :5173,
// which proxies /api to the API.
import { spawn } from 'node:child_process';

const procs = [
  spawn('npm', ['run', 'dev', '-w', '@bo/server'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development' },
  }),
  spawn('npm', ['run', 'dev', '-w', '@bo/web'], { stdio: 'inherit' }),
];
const stop = (sig) => procs.forEach((p) => p.kill(sig));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
procs.forEach((p) =>
  p.on('exit', (code) => {
    stop('SIGTERM');
    process.exit(code ?? 0);
  }),
);
