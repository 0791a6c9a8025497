// Starts the built server for the browser tests: port 3100, a fresh temporary data directory,
// demo data and known administrator credentials. Playwright starts and stops it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-e2e-'));
const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? '3100',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL ?? 'admin@e2e.local',
    ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD ?? 'e2e-Admin-pass-42',
    DEMO_DATA: 'true',
    AUTH_RATE_LIMIT: '1000',
    LOG_LEVEL: 'warn',
    // Outbound mail goes to this worker's SMTP port, where nothing listens unless a test starts a
    // mail server (e2e/jobs.spec.ts): a delivery fails at once, and is failed for good.
    SMTP_URL: `smtp://127.0.0.1:${Number(process.env.E2E_PORT ?? '3100') - 3100 + 2600}`,
    MAIL_RETRIES: '0',
    JOB_POLL_SECONDS: '1',
    // Exports above 1,500 orders are made as a job (e2e/exports.spec.ts exports all 2,400 demo
    // orders); every completed order of the demo (about 1,450) still downloads at once, as
    // e2e/orders-list.spec.ts expects.
    EXPORT_SYNC_MAX: process.env.EXPORT_SYNC_MAX ?? '1500',
    // e2e/webhooks.spec.ts posts to a receiver it runs on 127.0.0.1.
    WEBHOOK_ALLOW_PRIVATE: 'true',
  },
});
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => {
  cleanup();
  process.exit(code ?? 0);
});
