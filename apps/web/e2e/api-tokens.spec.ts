import type { Browser } from '@playwright/test';

import { expect, test, workerBaseURL } from './fixtures';
import { axeViolations, expectNoSideScroll, openVariant, shot, VARIANTS } from './variants';

/**
 * Account → API tokens: a token made on the screen (its secret shown once) calls the API as its
 * permissions allow; revoked on the screen, it is refused at once. Then Administration → Tokens
 * and a person's sessions on the edit screen, in light English, dark Arabic and at phone width.
 */

const api = (path: string, secret: string, init: RequestInit = {}) =>
  fetch(`${workerBaseURL()}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${secret}`,
      'content-type': 'application/json',
      ...init.headers,
    },
  });

async function judge(browser: Browser, bearer: string, userId: string) {
  const found: string[] = [];
  for (const v of VARIANTS) {
    const { context, page } = await openVariant(browser, v, bearer);
    for (const [name, path, ready] of [
      ['account-tokens', '/dashboard/user/account?tab=tokens', 'token-row'],
      ['admin-tokens', '/dashboard/admin/tokens', 'token-row'],
      ['user-sessions', `/dashboard/user/${userId}/edit`, 'session-row'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId(ready).first()).toBeVisible();
      await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
      if (v.name === 'phone') await expectNoSideScroll(page, `${name} at ${v.width} px`);
      await shot(page, `${name}-${v.name}`, { fullPage: true });
      found.push(...(await axeViolations(page)).map((line) => `${name} ${v.name} ${line}`));
    }
    await context.close();
  }
  return found;
}

test('a token made on the screen reads orders, cannot write products, and stops when revoked', async ({
  page,
  login,
  browser,
}) => {
  test.setTimeout(180_000);
  const bearer = await login();
  const me = (await (await api('/api/account/my-account/', bearer)).json()) as {
    user: { id: string };
  };

  await page.goto('/dashboard/user/account?tab=tokens');
  await expect(page.getByRole('heading', { name: 'My API tokens' })).toBeVisible();
  await page.getByRole('button', { name: 'New token' }).click();
  const dialog = page.getByRole('dialog');
  // Asked for nothing: the form says what is missing.
  await dialog.getByRole('button', { name: 'Create token' }).click();
  await expect(dialog.getByText('Give the token a name')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Nightly export');
  await dialog.getByRole('checkbox', { name: 'orders:read' }).check();
  // Keyboard: the form submits with Enter from the name field.
  await dialog.getByRole('textbox', { name: 'Name' }).press('Enter');
  const secretBox = dialog.getByTestId('token-secret');
  await expect(secretBox).toBeVisible();
  const secret = await secretBox.inputValue();
  expect(secret).toMatch(/^bo_/);
  await expect(dialog.getByRole('button', { name: 'Copy' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  expect((await api('/api/orders', secret)).status).toBe(200);
  const write = await api('/api/products', secret, { method: 'POST', body: '{}' });
  expect(write.status).toBe(403);

  const row = page.getByTestId('token-row').filter({ hasText: 'Nightly export' });
  await expect(row).toContainText(secret.slice(0, 7));
  await row.getByRole('button', { name: 'Revoke Nightly export' }).click();
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByText('Token revoked')).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await api('/api/orders', secret)).status).toBe(401);

  // A token for the admin screens' lists to show, and the screens in each variant.
  const kept = await api('/api/admin/tokens', bearer, {
    method: 'POST',
    body: JSON.stringify({ name: 'Shop sync', permissions: ['products:read'], expiresAt: null }),
  });
  expect(kept.status).toBe(201);
  await api('/api/account/tokens', bearer, {
    method: 'POST',
    body: JSON.stringify({ name: 'Reports', permissions: ['orders:read'], expiresAt: null }),
  });
  await page.goto('/dashboard/admin/tokens');
  await expect(page.getByTestId('token-row').filter({ hasText: 'Shop sync' })).toContainText(
    'Service',
  );
  await page.goto(`/dashboard/user/${me.user.id}/edit`);
  await expect(page.getByRole('heading', { name: 'Active sessions' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'End session' }).first()).toBeVisible();

  const found = await judge(browser, bearer, me.user.id);
  expect(found, found.join('\n')).toEqual([]);
});
