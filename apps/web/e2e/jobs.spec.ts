import type { Browser } from '@playwright/test';
import { SMTPServer } from 'smtp-server';

import { ADMIN, expect, test } from './fixtures';
import {
  axeViolations,
  expectNoSideScroll,
  openVariant,
  shot,
  VARIANTS,
  type Variant,
} from './variants';

/**
 * Administration → Jobs: this worker's server sends mail to an SMTP port where nothing listens
 * (scripts/e2e-server.mjs, MAIL_RETRIES=0), so a reset code's delivery fails for good. The
 * administrator sees the failed job with its error, a mail server comes up, Retry delivers it and
 * the job shows done. Then the screen in light English, dark Arabic and at phone width.
 */

const smtpPort = () => 2600 + test.info().parallelIndex;

async function judge(browser: Browser, bearer: string, v: Variant) {
  const { context, page } = await openVariant(browser, v, bearer);
  await page.goto('/dashboard/admin/jobs');
  await expect(page.getByTestId('job-kind-row').first()).toBeVisible();
  await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
  if (v.name === 'phone') await expectNoSideScroll(page, `jobs at ${v.width} px`);
  await shot(page, `jobs-${v.name}`, { fullPage: true });
  const found = (await axeViolations(page)).map((line) => `jobs ${v.name} ${line}`);
  await context.close();
  return found;
}

test('a failed mail delivery shows on the Jobs screen, Retry delivers it and it is done', async ({
  page,
  login,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const asked = await request.post('/api/account/reset-password', { data: { email: ADMIN.email } });
  expect(asked.status()).toBe(200);
  const bearer = await login();

  await page.goto('/dashboard/admin/jobs?kind=mail-delivery');
  await expect(page.getByRole('heading', { name: 'Jobs', level: 1 })).toBeVisible();
  const failed = page.locator('[data-testid="job-row"][data-state="failed"]').first();
  // The list polls every five seconds; the delivery fails within one poll of the worker.
  await expect(failed).toBeVisible({ timeout: 30_000 });
  await expect(failed).toContainText('Mail delivery');
  await expect(failed).toContainText(/ECONNREFUSED|connect/i);
  await failed.getByRole('button', { name: 'Show attempts' }).click();
  await expect(page.getByRole('list', { name: 'Attempts' })).toContainText('Attempt 1');

  // A mail server comes up on the port the server sends to.
  const received: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort(), '127.0.0.1', () => resolve()));
  try {
    const rows = page.getByTestId('job-row');
    const count = await rows.count();
    const failedIndex = await rows.evaluateAll((els) =>
      els.findIndex((el) => el.getAttribute('data-state') === 'failed'),
    );
    await rows.nth(failedIndex).getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('The job is queued again')).toBeVisible();
    await expect(rows.nth(failedIndex)).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    expect(await rows.count()).toBe(count);
    expect(received.some((m) => m.includes(ADMIN.email))).toBe(true);
  } finally {
    await new Promise((resolve) => smtp.close(() => resolve(undefined)));
  }

  // The outbox shows the message sent, with both attempts.
  await page.goto('/dashboard/admin/audit?tab=outbox');
  const row = page.getByTestId('outbox-row').first();
  await expect(row).toContainText('Sent');
  await row.getByRole('button').first().click();
  await expect(page.getByTestId('outbox-deliveries').first().locator('li')).toHaveCount(2);

  const found: string[] = [];
  for (const v of VARIANTS) found.push(...(await judge(browser, bearer, v)));
  expect(found, found.join('\n')).toEqual([]);
});
