import { describe, expect, it } from 'vitest';

import { BUDGETS, bundleReport } from '../scripts/bundle-report.mjs';

// Reads dist/ as `npm test -w @bo/web` leaves it (the script builds first). Without a build
// there is nothing to measure, and the test says so instead of passing silently.
const report = bundleReport();
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

describe.skipIf(!report)('bundle budget (gzip JavaScript loaded before interactive)', () => {
  it('sign-in (/auth/login) stays within its budget (160 KiB)', () => {
    const login = report?.rows.find((r) => r.page === 'src/pages/auth/login-page.tsx');
    expect(login, 'login page missing from the manifest').toBeDefined();
    expect(login!.gzipBytes, `/auth/login loads ${kib(login!.gzipBytes)}`).toBeLessThanOrEqual(
      BUDGETS.login,
    );
  });

  it('every dashboard route stays within its budget (380 KiB)', () => {
    const over = (report?.rows ?? [])
      .filter((r) => r.group === 'dashboard' && r.gzipBytes > BUDGETS.dashboard)
      .map((r) => `${r.page}: ${kib(r.gzipBytes)}`);
    expect(over, `over ${kib(BUDGETS.dashboard)}:\n${over.join('\n')}`).toEqual([]);
  });
});

it.runIf(!report)(
  'bundle budget skipped: no dist/.vite/manifest.json — run the build first',
  () => {
    expect(report).toBeNull();
  },
);
