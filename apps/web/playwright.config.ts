import { fileURLToPath } from 'node:url';

import { defineConfig } from '@playwright/test';

/**
 * Browser tests drive the system Chromium (never a downloaded browser) against the built server
 * started by scripts/e2e-server.mjs, one per worker (ports 3100, 3101…), each with its own fresh
 * data directory, demo data and known admin: a test never sees another worker's writes
 * (e2e/fixtures.ts points each worker at its own). Set E2E_BASE_URL to run against a server that
 * is already up (one worker then).
 */
const external = process.env.E2E_BASE_URL;
const workers = external ? 1 : Number(process.env.E2E_WORKERS ?? 2);
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const port = (index: number) => 3100 + index;

export default defineConfig({
  testDir: './e2e',
  outputDir: '../../test-results',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: external ?? `http://127.0.0.1:${port(0)}`,
    headless: true,
    // As e2e/fixtures.ts does for the contexts tests open themselves.
    reducedMotion: 'reduce',
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: external
    ? undefined
    : Array.from({ length: workers }, (_, index) => ({
        command: 'node scripts/e2e-server.mjs',
        cwd: repoRoot,
        env: { E2E_PORT: String(port(index)) },
        url: `http://127.0.0.1:${port(index)}/api/health`,
        reuseExistingServer: !process.env.CI,
        timeout: 180_000,
        stdout: 'ignore' as const,
        stderr: 'pipe' as const,
      })),
});
