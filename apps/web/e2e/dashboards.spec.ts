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
    data: { name: `Dashboard Tee ${unique()}`, price: 25, category: 'apparel', quantity: 900 },
  });
  expect(product.status(), await product.text()).toBe(201);
  const { id } = ((await product.json()) as { product: { id: string } }).product;
  const placed = await request.post('/api/orders', {
    headers,
    data: {
      // More than any product sells in a month of the demo data: it tops the best sellers.
      items: [{ productId: id, quantity: 800 }],
      billing: { name: 'Live Viewer', phone: '+1 555 0100', address: '1 Main St' },
      delivery: 'standard',
      payment: 'card',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  await expect
    .poll(async () => digits(await orders.textContent()), { timeout: 10_000 })
    .toBe(before + 1);
  // The period's best sellers follow too, the new tee first, linking to its page.
  const best = page.getByTestId('table-bestSellers');
  await expect(best.getByRole('row').nth(1)).toContainText('Dashboard Tee');
  // Its 800 sold (tests running beside this one may buy a few more of the newest product).
  await expect
    .poll(async () =>
      digits(await best.getByRole('row').nth(1).getByRole('cell').nth(1).textContent()),
    )
    .toBeGreaterThanOrEqual(800);
  await expect(best.getByRole('row').nth(1).getByRole('link').first()).toHaveAttribute(
    'href',
    /\/dashboard\/e-commerce\/product\//,
  );

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

type Screen = { path: string; ready: string; arabicTitle: string };
const ECOMMERCE: Screen = {
  path: '/dashboard/ecommerce',
  ready: 'value-revenue',
  arabicTitle: 'التجارة الإلكترونية',
};
const ANALYTICS: Screen = {
  path: '/dashboard/analytics',
  ready: 'value-views',
  arabicTitle: 'التحليلات',
};
const BOOKING: Screen = {
  path: '/dashboard/booking',
  ready: 'value-bookings',
  arabicTitle: 'الحجوزات',
};
const APP: Screen = { path: '/dashboard/app', ready: 'value-users', arabicTitle: 'التطبيق' };
const FILE: Screen = {
  path: '/dashboard/file',
  ready: 'value-storageUsed',
  arabicTitle: 'الملفات',
};
const BANKING: Screen = {
  path: '/dashboard/banking',
  ready: 'value-balance',
  arabicTitle: 'المصرفية',
};

async function shot(
  browser: Browser,
  name: string,
  options: { dark?: boolean; arabic?: boolean; width?: number },
  screen: Screen = ECOMMERCE,
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
  await page.goto(screen.path);
  await expect(page.getByTestId(screen.ready)).toHaveText(/\d/);
  await expect(page.locator('.MuiChartsSurface-root').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  if (options.arabic) {
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen.arabicTitle);
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

test('banking dashboard: a quick transfer moves the balance once, the figures open the ledger', async ({
  page,
  login,
}) => {
  test.setTimeout(120_000);
  await login();
  await page.goto('/dashboard/banking');
  const balance = page.getByTestId('value-balance');
  await expect(balance).toHaveText(/\d/);
  await expect(page.getByRole('heading', { name: 'Expenses by category' })).toBeVisible();
  const before = digits(await balance.textContent());

  const form = page.getByTestId('quick-transfer');
  // More than the account holds is refused next to the amount, before anything is sent.
  await form.getByRole('button', { name: /^Pay / }).first().click();
  await form.getByLabel(/^Amount/).fill('999999999');
  await form.getByRole('button', { name: 'Transfer' }).click();
  await expect(form.getByText(/Not enough money in the account|At most/)).toBeVisible();

  await form.getByLabel(/^Amount/).fill('12.34');
  await form.getByLabel('Note (optional)').fill('Team lunch');
  await form.getByRole('button', { name: 'Transfer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send this transfer?' });
  await expect(dialog).toContainText('$12.34');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(/\$12\.34 sent to /)).toBeVisible();
  await expect.poll(async () => digits(await balance.textContent())).toBe(before - 1234);
  // The newest transaction is the transfer.
  await expect(page.getByTestId('table-recentTransactions').getByRole('row').nth(1)).toContainText(
    '-$12.34',
  );

  // A figure opens the ledger behind it, filtered the same way.
  await page.getByRole('link', { name: 'Expenses', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/banking\/transactions\?.*kind=expense/);
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  const rows = page.getByRole('table', { name: 'Transactions' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('Expense');
  // The next page joins the first, by keyboard: 25 rows, then 50 (and the heading row).
  await expect(rows).toHaveCount(26);
  await page.getByRole('button', { name: 'Show more' }).focus();
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(51);
  expect(await axeSerious(page)).toEqual([]);
});

test('banking dashboard in light, dark, Arabic right-to-left and at phone width, axe-clean', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const found: Record<string, string[]> = {};
  found.light = await shot(browser, 'dashboard-banking-light', {}, BANKING);
  found.dark = await shot(browser, 'dashboard-banking-dark', { dark: true }, BANKING);
  found.rtl = await shot(browser, 'dashboard-banking-rtl', { arabic: true }, BANKING);
  found.phone = await shot(browser, 'dashboard-banking-390', { width: 390 }, BANKING);
  expect(found).toEqual({ light: [], dark: [], rtl: [], phone: [] });
});

test('analytics dashboard: the pages one opens are counted by the app itself', async ({
  page,
  login,
}) => {
  test.setTimeout(120_000);
  await login();
  await page.goto('/dashboard/analytics?period=today');
  const views = page.getByTestId('value-views');
  await expect(views).toHaveText(/\d/);
  const before = digits(await views.textContent());
  // Two pages more: a public one and back (each change of page sends one beacon).
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/dashboard/analytics?period=today');
  await expect
    .poll(async () => {
      await page.reload();
      await expect(views).toHaveText(/\d/);
      return digits(await views.textContent());
    })
    .toBeGreaterThanOrEqual(before + 2);
  await expect(page.getByTestId('table-topPages')).toContainText('/dashboard');
  expect(await axeSerious(page)).toEqual([]);

  // The card leads to the views it counts: today's, newest first, the public page among them.
  await page.getByTestId('card-views').getByRole('link', { name: 'Page views' }).click();
  await expect(page).toHaveURL(/\/dashboard\/analytics\/views\?from=\d{4}-\d{2}-\d{2}&to=/);
  const log = page.getByRole('table', { name: 'Page views' });
  await expect(log.getByRole('row').nth(1)).toBeVisible();
  await expect(log).toContainText('/pricing');
  // One page, typed by keyboard: only its views; a path without its slash is refused beside it.
  const field = page.getByRole('textbox', { name: 'Page' });
  await field.fill('pricing');
  await field.press('Enter');
  await expect(page.getByText('A path starting with /')).toBeVisible();
  await field.fill('/pricing');
  await field.press('Enter');
  await expect(page).toHaveURL(/path=%2Fpricing/);
  await expect(log.getByRole('row').nth(1)).toContainText('/pricing');
  const cells = await log.getByRole('row').locator('td:nth-child(2)').allTextContents();
  expect(cells.length).toBeGreaterThan(0);
  expect(cells.every((c) => c === '/pricing')).toBe(true);
  // A device, chosen from its menu: the filter joins the address (a view can be shared).
  await page.getByRole('combobox', { name: 'Device' }).click();
  await page.getByRole('option', { name: 'Desktop' }).click();
  await expect(page).toHaveURL(/device=desktop/);
  await expect(log.getByRole('row').nth(1)).toContainText('/pricing');
  // A page no one opened: the empty state says so.
  await field.fill(`/never-opened-${unique()}`);
  await field.press('Enter');
  await expect(page.getByText('No page views match these filters.')).toBeVisible();
  expect(await axeSerious(page)).toEqual([]);
});

test('page views log in light, dark, Arabic right-to-left and at phone width, axe-clean', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const found: Record<string, string[]> = {};
  for (const [name, options] of [
    ['light', {}],
    ['dark', { dark: true }],
    ['rtl', { arabic: true }],
    ['phone', { width: 390 }],
  ] as const) {
    const o = options as { dark?: boolean; arabic?: boolean; width?: number };
    const context = await browser.newContext({ viewport: { width: o.width ?? 1440, height: 900 } });
    const bearer = await token(context.request);
    const baseURL = test.info().project.use.baseURL!;
    const cookies = [];
    if (o.dark) cookies.push({ name: 'themeMode', value: 'dark', url: baseURL });
    if (o.arabic) cookies.push({ name: 'themeDirection', value: 'rtl', url: baseURL });
    if (cookies.length) await context.addCookies(cookies);
    await context.addInitScript(
      ([value, arabic]) => {
        window.localStorage.setItem('accessToken', value as string);
        if (arabic) window.localStorage.setItem('i18nextLng', 'ar');
      },
      [bearer, !!o.arabic] as const,
    );
    const page = await context.newPage();
    await page.goto('/dashboard/analytics/views');
    await expect(page.getByRole('table').getByRole('row').nth(2)).toBeVisible();
    await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
    if (o.arabic) {
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('مشاهدات الصفحات');
    }
    if (o.width) {
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    }
    await page.screenshot({ path: `apps/web/e2e/screenshots/page-views-${name}.png` });
    found[name] = await axeSerious(page);
    await context.close();
  }
  expect(found).toEqual({ light: [], dark: [], rtl: [], phone: [] });
});

test('analytics dashboard in light, dark, Arabic right-to-left and at phone width, axe-clean', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const found: Record<string, string[]> = {};
  found.light = await shot(browser, 'dashboard-analytics-light', {}, ANALYTICS);
  found.dark = await shot(browser, 'dashboard-analytics-dark', { dark: true }, ANALYTICS);
  found.rtl = await shot(browser, 'dashboard-analytics-rtl', { arabic: true }, ANALYTICS);
  found.phone = await shot(browser, 'dashboard-analytics-390', { width: 390 }, ANALYTICS);
  expect(found).toEqual({ light: [], dark: [], rtl: [], phone: [] });
});

test('booking dashboard: a booking is confirmed and a review accepted from the tables', async ({
  page,
  login,
}) => {
  test.setTimeout(120_000);
  await login();
  await page.goto('/dashboard/booking');
  await expect(page.getByTestId('value-bookings')).toHaveText(/\d/);
  const newest = page.getByTestId('table-newestBookings');
  const pending = newest.getByRole('row').filter({ hasText: 'Pending' }).first();
  const guest = (await pending.getByRole('cell').first().textContent())!;
  await pending.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Confirm' }).click();
  await expect(page.getByText('Booking now Confirmed')).toBeVisible();
  await expect(newest.getByRole('row').filter({ hasText: guest }).first()).toContainText(
    'Confirmed',
  );
  // The details open from the same menu, by keyboard.
  const row = newest.getByRole('row').filter({ hasText: guest }).first();
  await row.getByRole('button', { name: 'Actions' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Booking details' }).press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Booking details' });
  await expect(dialog).toContainText(guest.trim());
  await expect(page).toHaveURL(/booking=/);
  await dialog.getByRole('button', { name: 'Close' }).click();

  const reviews = page.getByTestId('table-reviews');
  const first = reviews.getByRole('row').nth(1);
  const text = (await first.textContent())!;
  await first.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Review accepted')).toBeVisible();
  await expect(reviews).not.toContainText(text);
  expect(await axeSerious(page)).toEqual([]);

  // A figure opens the bookings behind it: the cancelled ones of the period.
  const cancelled = digits(await page.getByTestId('value-cancelled').textContent());
  await page.getByTestId('card-cancelled').getByRole('link').click();
  await expect(page).toHaveURL(/\/dashboard\/booking\/list\?.*status=cancelled/);
  const list = page.getByRole('table', { name: 'Bookings' });
  await expect(list.getByRole('row').nth(1)).toContainText('Cancelled');
  if (cancelled <= 25) await expect(list.getByRole('row')).toHaveCount(cancelled + 1);
  expect(await axeSerious(page)).toEqual([]);
});

test('booking dashboard in light, dark, Arabic right-to-left and at phone width, axe-clean', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const found: Record<string, string[]> = {};
  found.light = await shot(browser, 'dashboard-booking-light', {}, BOOKING);
  found.dark = await shot(browser, 'dashboard-booking-dark', { dark: true }, BOOKING);
  found.rtl = await shot(browser, 'dashboard-booking-rtl', { arabic: true }, BOOKING);
  found.phone = await shot(browser, 'dashboard-booking-390', { width: 390 }, BOOKING);
  expect(found).toEqual({ light: [], dark: [], rtl: [], phone: [] });
});

test('app dashboard counts a new sign-in; the file dashboard counts a file uploaded from it', async ({
  page,
  login,
}) => {
  test.setTimeout(120_000);
  await login();
  await page.goto('/dashboard/app?period=today');
  const signins = page.getByTestId('value-signins');
  await expect(signins).toHaveText(/\d/);
  await expect(page.getByTestId('table-newestPeople').getByRole('link').first()).toHaveAttribute(
    'href',
    /\/dashboard\/user\/.+\/edit/,
  );
  expect(await axeSerious(page)).toEqual([]);

  await page.goto('/dashboard/file?period=today');
  const uploads = page.getByTestId('value-uploads');
  await expect(uploads).toHaveText(/\d/);
  const before = digits(await uploads.textContent());
  await page.getByTestId('dashboard-file-input').setInputFiles({
    name: `dashboard-${unique()}.txt`,
    mimeType: 'text/plain',
    buffer: Buffer.from('uploaded from the file dashboard'),
  });
  await expect.poll(async () => digits(await uploads.textContent())).toBe(before + 1);
  await expect(page.getByTestId('table-recentFiles')).toContainText('dashboard-');
  expect(await axeSerious(page)).toEqual([]);
});

test('app and file dashboards in Arabic right-to-left and at phone width, axe-clean', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const found: Record<string, string[]> = {};
  found.appLight = await shot(browser, 'dashboard-app-light', {}, APP);
  found.appRtl = await shot(browser, 'dashboard-app-rtl', { arabic: true, dark: true }, APP);
  found.appPhone = await shot(browser, 'dashboard-app-390', { width: 390 }, APP);
  found.fileLight = await shot(browser, 'dashboard-file-light', {}, FILE);
  found.fileRtl = await shot(browser, 'dashboard-file-rtl', { arabic: true }, FILE);
  found.filePhone = await shot(browser, 'dashboard-file-390', { width: 390, dark: true }, FILE);
  expect(found).toEqual({
    appLight: [],
    appRtl: [],
    appPhone: [],
    fileLight: [],
    fileRtl: [],
    filePhone: [],
  });
});
