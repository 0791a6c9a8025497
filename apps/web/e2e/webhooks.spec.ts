import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from '@playwright/test';

import { expect, test } from './fixtures';
import {
  axeViolations,
  expectNoSideScroll,
  openVariant,
  shot,
  VARIANTS,
  type Variant,
} from './variants';

/**
 * Administration → Webhooks: the administrator adds a webhook pointing at a receiver this test runs
 * on 127.0.0.1 (the e2e server has WEBHOOK_ALLOW_PRIVATE=true), copies the secret shown once,
 * sends a test event, sees it delivered in the log, redelivers it, edits and deletes the webhook,
 * all from the keyboard where it matters. Then the screen in light English, dark Arabic and at
 * phone width, axe clean.
 */

async function judge(browser: Browser, bearer: string, v: Variant) {
  const { context, page } = await openVariant(browser, v, bearer);
  await page.goto('/dashboard/admin/webhooks');
  await expect(page.getByTestId('webhook-row').first()).toBeVisible();
  await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
  if (v.name === 'phone') await expectNoSideScroll(page, `webhooks at ${v.width} px`);
  await shot(page, `webhooks-${v.name}`, { fullPage: true });
  const found = (await axeViolations(page)).map((line) => `webhooks ${v.name} ${line}`);
  // The deliveries dialog too.
  await page.getByTestId('webhook-row').first().getByRole('button').nth(1).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByTestId('delivery-row').first()).toBeVisible();
  found.push(...(await axeViolations(page)).map((line) => `webhook deliveries ${v.name} ${line}`));
  await context.close();
  return found;
}

test('a webhook gets a test event, shows it delivered, redelivers it; edit and delete', async ({
  page,
  login,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString() });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  try {
    const bearer = await login();
    // A server kept between runs (E2E_BASE_URL) may hold an earlier run's webhooks.
    const headers = { authorization: `Bearer ${bearer}` };
    const earlier = (await (await request.get('/api/admin/webhooks', { headers })).json()) as {
      webhooks: { id: string }[];
    };
    for (const w of earlier.webhooks)
      await request.delete(`/api/admin/webhooks/${w.id}`, { headers });
    await page.goto('/dashboard/admin/webhooks');
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
    await expect(page.getByText('No webhooks yet')).toBeVisible();

    // Add, from the keyboard: the address, one event, submit.
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook' });
    await expect(dialog.getByLabel('Address (URL)')).toBeFocused();
    await page.keyboard.type(url);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog.getByText('Choose at least one event')).toBeVisible();
    await dialog.getByRole('checkbox', { name: 'Order placed' }).focus();
    await page.keyboard.press('Space');
    await expect(dialog.getByRole('checkbox', { name: 'Order placed' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    const secret = page.getByTestId('webhook-secret');
    await expect(secret).toHaveValue(/^whsec_/);
    await page.getByRole('button', { name: 'Done' }).click();

    const row = page.locator(`[data-testid="webhook-row"][data-url="${url}"]`);
    await expect(row).toContainText(url);
    await expect(row).toContainText('Order placed');
    await expect(row).toContainText('Never sent');

    // A test event: delivered, signed.
    await row.getByRole('button', { name: `Send test event to ${url}` }).click();
    await expect(page.getByText('Test event queued')).toBeVisible();
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);
    expect(received[0]!.headers['x-webhook-event']).toBe('ping');
    expect(received[0]!.headers['x-webhook-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);

    await row.getByRole('button', { name: `Deliveries of ${url}` }).click();
    const log = page.getByRole('dialog', { name: /Deliveries/ });
    const delivered = log.locator('[data-testid="delivery-row"][data-status="delivered"]');
    await expect(delivered).toHaveCount(1, { timeout: 30_000 });
    await expect(delivered).toContainText('200');
    await log.getByRole('button', { name: /^Redeliver ping/ }).click();
    await expect(page.getByText('Delivery queued again')).toBeVisible();
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(2);
    expect(JSON.parse(received[1]!.body).id).toBe(JSON.parse(received[0]!.body).id);
    await expect(log.locator('[data-testid="delivery-row"][data-status="delivered"]')).toHaveCount(
      2,
      { timeout: 30_000 },
    );
    await page.keyboard.press('Escape');
    await expect(log).toBeHidden();

    // Edit: pause it.
    await row.getByRole('button', { name: `Edit ${url}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit webhook' });
    await edit.getByRole('switch', { name: 'Active (events are sent)' }).click();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Webhook saved')).toBeVisible();
    await expect(row).toContainText('Paused');

    const found: string[] = [];
    for (const v of VARIANTS) found.push(...(await judge(browser, bearer, v)));
    expect(found, found.join('\n')).toEqual([]);

    // Delete, after confirming.
    await row.getByRole('button', { name: `Delete ${url}` }).click();
    await expect(page.getByRole('dialog', { name: 'Delete this webhook?' })).toBeVisible();
    await page.getByTestId('confirm-delete').click();
    await expect(page.getByText('Webhook deleted')).toBeVisible();
    await expect(page.getByText('No webhooks yet')).toBeVisible();
  } finally {
    await new Promise((resolve) => server.close(() => resolve(undefined)));
  }
});
