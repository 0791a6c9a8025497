import type { APIRequestContext, Browser } from '@playwright/test';

import { ADMIN, expect, test } from './fixtures';
import {
  axeViolations,
  expectNoSideScroll,
  openVariant,
  settle,
  shot,
  VARIANTS,
  type Variant,
} from './variants';

/**
 * Notifications and the search: a second person places an order, the first person's bell count
 * rises live and its popover opens the order; Ctrl+K finds an order by its number and opens it.
 * Then the popover, the full page and the search in light English, dark Arabic and at phone width.
 */

const unique = () => Math.random().toString(36).slice(2, 8);

async function tokenOf(request: APIRequestContext, email = ADMIN.email, password = ADMIN.password) {
  const answer = await request.post('/api/account/login', { data: { email, password } });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { accessToken: string }).accessToken;
}

/** A colleague with the plain user role, who may place orders. */
async function colleague(request: APIRequestContext) {
  const tag = unique();
  const email = `buyer-${tag}@e2e.local`;
  const password = 'Buyer-pass-4242!';
  const created = await request.post('/api/users', {
    headers: { authorization: `Bearer ${await tokenOf(request)}` },
    data: {
      firstName: 'Nora',
      lastName: `Buyer${tag}`,
      email,
      password,
      role: 'user',
      status: 'active',
      emailVerified: true,
      isPublic: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return tokenOf(request, email, password);
}

async function placeOrder(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const listed = await request.get('/api/products?limit=20', { headers });
  const { products } = (await listed.json()) as {
    products: Array<{ id: string; quantity: number }>;
  };
  const product = products.find((p) => p.quantity > 5)!;
  const answer = await request.post('/api/orders', {
    headers,
    data: {
      items: [{ productId: product.id, quantity: 1 }],
      billing: { name: 'Nora Buyer', phone: '+1 555 0100', address: '1 Main St' },
      delivery: 'standard',
      payment: 'card',
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { order: { id: string; number: number } }).order;
}

test('a colleague places an order: my bell counts it live and its notification opens the order', async ({
  page,
  login,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await login();
  // Start from nothing unread, so the count we see is the new order's.
  await request.post('/api/notifications/read-all', {
    headers: { authorization: `Bearer ${admin}` },
  });
  await page.goto('/dashboard');
  const bell = page.getByTestId('notifications-bell');
  await expect(bell).toHaveAccessibleName('Notifications');

  const buyer = await colleague(request);
  const order = await placeOrder(request, buyer);
  // No reload: the socket's push refetches the count.
  await expect(bell).toHaveAccessibleName('Notifications (1)', { timeout: 10_000 });
  await expect(page.getByTestId('notifications-count')).toContainText('1');

  await bell.click();
  const popover = page.getByRole('dialog', { name: 'Notifications' });
  await expect(popover.getByText('You have 1 unread message', { exact: true })).toBeVisible();
  const item = popover.getByRole('button', { name: new RegExp(`New order #${order.number} Nora`) });
  await expect(item).toBeVisible();
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/e-commerce/orders/${order.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(String(order.number));
  // Opening it read it.
  await expect(bell).toHaveAccessibleName('Notifications', { timeout: 10_000 });

  // Archived from the full page, it leaves "All" and shows under "Archived".
  await page.goto('/dashboard/notifications');
  await page
    .getByRole('button', { name: new RegExp(`^Actions: New order #${order.number}`) })
    .click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await expect(page.getByText(`New order #${order.number}`)).toHaveCount(0);
  await page.getByRole('tab', { name: 'Archived' }).click();
  await expect(page).toHaveURL(/tab=archived/);
  await expect(page.getByText(`New order #${order.number}`)).toBeVisible();
});

test('Ctrl+K finds an order by its number and opens it; the pick is offered again next time', async ({
  page,
  login,
  request,
}) => {
  test.setTimeout(60_000);
  const admin = await login();
  const order = await placeOrder(request, admin);
  await page.goto('/dashboard');
  await expect(page.getByTestId('notifications-bell')).toBeVisible();
  await page.keyboard.press('Control+k');
  const box = page.getByRole('combobox', { name: 'Search records and the menu…' });
  await expect(box).toBeFocused();
  await box.fill(`#${order.number}`);
  const option = page.getByRole('option', { name: new RegExp(`#${order.number}`) });
  await expect(option).toBeVisible();
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/dashboard/e-commerce/orders/${order.id}$`));

  // "/" opens it too, with the last pick first.
  await expect(page.getByRole('heading', { level: 1 })).toContainText(String(order.number));
  await page.keyboard.press('/');
  await expect(page.getByRole('option').first()).toContainText(`#${order.number}`);

  // Screens by the words people use: "new invoice" is the invoice form, first; Enter opens it.
  await page.getByRole('combobox').fill('new invoice');
  await expect(page.getByRole('option').first()).toContainText('Create');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/invoice\/new$/);
});

/** The full page, the popover and the search in one variant: their serious axe violations. */
async function judge(browser: Browser, bearer: string, v: Variant) {
  const { context, page } = await openVariant(browser, v, bearer);
  const found: string[] = [];
  const judged = async (name: string) => {
    await shot(page, `${name}-${v.name}`);
    found.push(...(await axeViolations(page)).map((line) => `${name} ${v.name} ${line}`));
  };

  await page.goto('/dashboard/notifications');
  await expect(page.getByRole('tab').first()).toBeVisible();
  await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
  if (v.name === 'phone') await expectNoSideScroll(page, `notifications at ${v.width} px`);
  await judged('notifications');

  await page.getByTestId('notifications-bell').click();
  await expect(page.locator('.MuiPopover-paper [role="tab"]').first()).toBeVisible();
  await expect(page.locator('.MuiPopover-paper .MuiSkeleton-root')).toHaveCount(0);
  // The popover still growing in would be judged on half-faded colours.
  await settle(page);
  await judged('notifications-popover');
  await page.keyboard.press('Escape');

  await page.keyboard.press('Control+k');
  await page.getByRole('combobox').fill('nora');
  await expect(page.locator('[role="option"][data-type="user"]').first()).toBeVisible({
    timeout: 10_000,
  });
  await judged('search');
  await context.close();
  return found;
}

test('notifications and search in light/en, dark/ar right-to-left and at phone width, axe-clean', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  // Something to show: a few orders from a colleague.
  const buyer = await colleague(request);
  for (let i = 0; i < 3; i++) await placeOrder(request, buyer);
  const bearer = await tokenOf(request);
  const found: string[] = [];
  for (const v of VARIANTS) found.push(...(await judge(browser, bearer, v)));
  expect(found, found.join('\n')).toEqual([]);
});
