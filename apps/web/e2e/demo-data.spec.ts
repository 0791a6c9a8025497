import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { ADMIN, expect, plainTest, test, watchConsole } from './fixtures';

/**
 * Administration → System → Remove demo data. Asking and cancelling runs on this worker's server;
 * the removal itself runs on a server of its own, since every other spec of the worker relies on
 * the demo data.
 */

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const PORT = 3196; // outside the workers’ 3100… range and start.spec’s 3190
const OWN = `http://127.0.0.1:${PORT}`;
const SYSTEM = '/dashboard/admin/system';

test('the confirmation says what goes and what stays, and cancelling keeps the demo', async ({
  page,
  login,
}) => {
  await login();
  await page.goto(SYSTEM);
  await expect(page.getByTestId('system-demo')).toHaveText('Yes');
  await page.getByRole('button', { name: 'Remove demo data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove the demo data?' });
  await expect(dialog).toContainText('Goes: the demo people');
  await expect(dialog).toContainText('Stays: the administrators');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('system-demo')).toHaveText('Yes');
});

plainTest(
  'the administrator removes the demo data; the page then says there is none',
  async ({ page, request }) => {
    plainTest.setTimeout(240_000);
    const server: ChildProcess = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
      cwd: repoRoot,
      env: { ...process.env, E2E_PORT: String(PORT) },
      stdio: 'ignore',
    });
    try {
      await expect
        .poll(
          async () => (await request.get(`${OWN}/api/health`).catch(() => null))?.status() ?? 0,
          { timeout: 180_000, intervals: [1_000] },
        )
        .toBe(200);
      const errors = watchConsole(page);
      const answer = await request.post(`${OWN}/api/account/login`, {
        data: { email: ADMIN.email, password: ADMIN.password },
      });
      expect(answer.status()).toBe(200);
      const { accessToken } = (await answer.json()) as { accessToken: string };
      await page.addInitScript(
        (token) => window.localStorage.setItem('accessToken', token),
        accessToken,
      );

      await page.goto(`${OWN}${SYSTEM}`);
      await expect(page.getByTestId('system-demo')).toHaveText('Yes');
      await page.getByRole('button', { name: 'Remove demo data' }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove the demo data?' });
      await dialog.getByRole('button', { name: 'Remove for good' }).click();
      await expect(
        page.getByText(/^Demo data removed: [\d,]+ records, of which 240 people/),
      ).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('system-demo')).toHaveText('No');
      await expect(page.getByRole('button', { name: 'Remove demo data' })).toHaveCount(0);
      // Read again from the server, not only from the page's cache.
      await page.reload();
      await expect(page.getByTestId('system-demo')).toHaveText('No');
      expect(errors, errors.join('\n')).toEqual([]);
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
  },
);
