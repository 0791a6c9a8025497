import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';

import { ADMIN, expect, test } from './fixtures';

/**
 * The general dashboards as a manager uses them: figures from the data, the period in the URL,
 * an order placed by someone else moving the figure live, and the screen in light, dark,
 * Arabic right-to-left and at phone width, each checked with axe.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const digits = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

async function token(request: APIRequestContext) {
  const answer = await request.post('/api/account/login', { data: ADMIN });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { accessToken: string }).accessToken;
}

async function axeSerious(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('e-commerce dashboard: figures of the period, an order placed elsewhere counts at once', async ({
  page,
  login,
  request,
}) => {
  test.setTimeout(120_000);
  await login();
  await page.goto('/dashboard/ecommerce');
  const orders = page.getByTestId('value-orders');
  await expect(orders).toHaveText(/\d/);
  await expect(page.getByRole('heading', { name: 'Orders by status' })).toBeVisible();
  // The series chart is drawn (lazy-loaded) and every table row links to its record.
  await expect(page.getByRole('img', { name: 'Revenue over time' })).toBeVisible();
  await expect(page.getByTestId('table-latestOrders').getByRole('link').first()).toHaveAttribute(
    'href',
    /\/dashboard\/e-commerce\/orders\//,
  );
  const before = digits(await orders.textContent());

  // Someone else places an order through the API; the open dashboard follows by itself.
  const bearer = await token(request);
  const headers = { Authorization: `Bearer ${bearer}` };
  const product = await request.post('/api/products', {
    headers,
    data: { name: `Dashboard Tee ${unique()}`, price: 25, category: 'apparel', quantity: 20 },
  });
  expect(product.status(), await product.text()).toBe(201);
  const { id } = ((await product.json()) as { product: { id: string } }).product;
  const placed = await request.post('/api/orders', {
    headers,
    data: {
      items: [{ productId: id, quantity: 1 }],
      billing: { name: 'Live Viewer', phone: '+1 555 0100', address: '1 Main St' },
      delivery: 'standard',
      payment: 'card',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  await expect
    .poll(async () => digits(await orders.textContent()), { timeout: 10_000 })
    .toBe(before + 1);

  // The period lives in the URL: 7 days survives a reload.
  await page.getByRole('button', { name: '7 days' }).click();
  await expect(page).toHaveURL(/period=7d/);
  await page.reload();
  await expect(page.getByRole('button', { name: '7 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // A custom period with its end before its start is refused next to the field.
  await page.getByRole('button', { name: 'Custom' }).click();
  await page.getByLabel('From').fill('2026-03-10');
  await page.getByLabel('To').fill('2026-03-01');
  await expect(page.getByText('The end is before the start')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await page.getByLabel('To').fill('2026-03-31');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/from=2026-03-10&to=2026-03-31/);
  expect(await axeSerious(page)).toEqual([]);
});

async function shot(
  browser: Browser,
  name: string,
  options: { dark?: boolean; arabic?: boolean; width?: number },
) {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1440, height: 900 },
  });
  const bearer = await token(context.request);
  const baseURL = test.info().project.use.baseURL!;
  const cookies = [];
  if (options.dark) cookies.push({ name: 'themeMode', value: 'dark', url: baseURL });
  if (options.arabic) cookies.push({ name: 'themeDirection', value: 'rtl', url: baseURL });
  if (cookies.length) await context.addCookies(cookies);
  await context.addInitScript(
    ([value, arabic]) => {
      window.localStorage.setItem('accessToken', value as string);
      if (arabic) window.localStorage.setItem('i18nextLng', 'ar');
    },
    [bearer, !!options.arabic] as const,
  );
  const page = await context.newPage();
  await page.goto('/dashboard/ecommerce');
  await expect(page.getByTestId('value-revenue')).toHaveText(/\d/);
  await expect(page.locator('.MuiChartsSurface-root').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  if (options.arabic) {
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('التجارة الإلكترونية');
  }
  if (options.width) {
    // Nothing runs off the side of a phone: the tables scroll inside their cards.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  }
  await page.screenshot({ path: `apps/web/e2e/screenshots/${name}.png`, fullPage: true });
  const violations = await axeSerious(page);
  await context.close();
  return violations;
}

test('e-commerce dashboard in light, dark, Arabic right-to-left and at phone width, axe-clean', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const found: Record<string, string[]> = {};
  found.light = await shot(browser, 'dashboard-ecommerce-light', {});
  found.dark = await shot(browser, 'dashboard-ecommerce-dark', { dark: true });
  found.rtl = await shot(browser, 'dashboard-ecommerce-rtl', { arabic: true, dark: true });
  found.phone = await shot(browser, 'dashboard-ecommerce-390', { width: 390 });
  expect(found).toEqual({ light: [], dark: [], rtl: [], phone: [] });
});
