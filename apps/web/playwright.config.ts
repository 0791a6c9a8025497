import { existsSync } from 'node:fs';
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
/**
 * Debian's Chromium, as its headless shell when installed (.ci/run installs it): the same engine
 * and version without the browser's own windows and UI renderers, which Playwright itself runs
 * for headless tests. The walk of 7 routes took 1.6 min against 2.4 min with the full browser
 * (docs/decisions/051). E2E_CHROMIUM names another binary (`/usr/bin/chromium` to watch the full one).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium =
  process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
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
      executablePath: chromium,
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
