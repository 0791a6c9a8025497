import type { APIRequestContext } from '@playwright/test';

import { ADMIN, expect, test } from './fixtures';
import { axeViolations, openVariant, shot, variant } from './variants';

/**
 * The general dashboards as a manager uses them: figures from the data, the period in the URL,
 * an order placed by someone else moving the figure live, the screens' Arabic titles; each
 * dashboard's variants are judged by the route walk (a11y.spec.ts).
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const digits = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

async function token(request: APIRequestContext) {
  const answer = await request.post('/api/account/login', { data: ADMIN });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { accessToken: string }).accessToken;
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
  expect(await axeViolations(page)).toEqual([]);
});

type Screen = { name: string; path: string; ready: string; arabicTitle: string };
const ECOMMERCE: Screen = {
  name: 'ecommerce',
  path: '/dashboard/ecommerce',
  ready: 'value-revenue',
  arabicTitle: 'التجارة الإلكترونية',
};
const ANALYTICS: Screen = {
  name: 'analytics',
  path: '/dashboard/analytics',
  ready: 'value-views',
  arabicTitle: 'التحليلات',
};
const BOOKING: Screen = {
  name: 'booking',
  path: '/dashboard/booking',
  ready: 'value-bookings',
  arabicTitle: 'الحجوزات',
};
const APP: Screen = {
  name: 'app',
  path: '/dashboard/app',
  ready: 'value-users',
  arabicTitle: 'التطبيق',
};
const FILE: Screen = {
  name: 'file',
  path: '/dashboard/file',
  ready: 'value-storageUsed',
  arabicTitle: 'الملفات',
};
const BANKING: Screen = {
  name: 'banking',
  path: '/dashboard/banking',
  ready: 'value-balance',
  arabicTitle: 'المصرفية',
};

/**
 * The route walk (a11y.spec.ts) judges every dashboard in each variant; this checks what it
 * cannot know: each one draws its figures and first chart in Arabic, under its Arabic title.
 */
test('the six dashboards draw their figures under their Arabic titles, right to left', async ({
  browser,
  request,
}) => {
  const { context, page } = await openVariant(browser, variant('dark-ar'), await token(request));
  for (const screen of [ECOMMERCE, ANALYTICS, BOOKING, APP, FILE, BANKING]) {
    await page.goto(screen.path);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId(screen.ready)).toHaveText(/\d/);
    await expect(page.locator('.MuiChartsSurface-root').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen.arabicTitle);
    await shot(page, `dashboard-${screen.name}-dark-ar`, { fullPage: true });
  }
  await context.close();
});

/** True when `inner`'s box lies wholly inside `outer`'s (a pixel of rounding allowed). */
const inside = (
  inner: { x: number; y: number; width: number; height: number } | null,
  outer: { x: number; y: number; width: number; height: number } | null,
) =>
  !!inner &&
  !!outer &&
  inner.x >= outer.x - 1 &&
  inner.x + inner.width <= outer.x + outer.width + 1 &&
  inner.y >= outer.y - 1 &&
  inner.y + inner.height <= outer.y + outer.height + 1;

test('at 1440 px every column of the dashboard tables is in view, in English and Arabic', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const bearer = await token(request);
  const tables = [
    { screen: BANKING, ids: ['recentTransactions', 'cards', 'accounts', 'expenseCategories'] },
    { screen: APP, ids: ['newestPeople', 'latestInvoices'] },
  ];
  for (const v of [variant('light-en'), variant('dark-ar')]) {
    const { context, page } = await openVariant(browser, v, bearer);
    for (const { screen, ids } of tables) {
      await page.goto(screen.path);
      await expect(page.getByTestId(screen.ready)).toHaveText(/\d/);
      await expect(page.locator('.MuiChartsSurface-root').first()).toBeVisible();
      await shot(page, `dashboard-${screen.name}-${v.name}`, { fullPage: true });
      for (const id of ids) {
        const card = page.getByTestId(`table-${id}`);
        const region = page.getByTestId(`table-scroll-${id}`);
        const last = card.locator('thead th:visible').last();
        await card.scrollIntoViewIfNeeded();
        // Inside the card, and inside the part of the table one sees without scrolling it.
        const [box, cardBox, regionBox] = await Promise.all([
          last.boundingBox(),
          card.boundingBox(),
          region.boundingBox(),
        ]);
        expect(inside(box, cardBox), `${v.name} ${id}: last column inside its card`).toBe(true);
        expect(inside(box, regionBox), `${v.name} ${id}: last column not scrolled away`).toBe(true);
        // The whole table fits: nothing to scroll to.
        expect(
          await region.evaluate((el) => el.scrollWidth - el.clientWidth),
          `${v.name} ${id}: overflow`,
        ).toBeLessThanOrEqual(1);
      }
    }
    await context.close();
  }
});

test('at 390 px the period buttons wrap: "Custom" is whole and opens its dates', async ({
  browser,
  request,
}) => {
  const { context, page } = await openVariant(browser, variant('phone'), await token(request));
  for (const screen of [ECOMMERCE, BANKING]) {
    await page.goto(screen.path);
    await expect(page.getByTestId(screen.ready)).toHaveText(/\d/);
    const group = page.getByRole('group', { name: 'Period' });
    const custom = group.getByRole('button', { name: 'Custom' });
    await custom.scrollIntoViewIfNeeded();
    const [box, groupBox] = await Promise.all([custom.boundingBox(), group.boundingBox()]);
    expect(inside(box, groupBox)).toBe(true);
    expect(inside(box, { x: 0, y: box?.y ?? 0, width: 390, height: box?.height ?? 0 })).toBe(true);
    // Not cut by an ellipsis or a hidden overflow either.
    expect(await custom.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await shot(page, `dashboard-${screen.name}-phone`, { fullPage: true });
  }
  await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: 'Custom' }).click();
  await expect(page.getByRole('textbox', { name: 'From' })).toBeVisible();
  await context.close();
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
  const rows = page.getByRole('grid', { name: 'Transactions' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('Expense');
  // The next page joins the first, by keyboard: 25 rows, then more (the demo's two years of
  // history spread the period's expenses thin: the second page may be short).
  await expect(rows).toHaveCount(26);
  await page.getByRole('button', { name: 'Show more' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => rows.count()).toBeGreaterThan(26);
  expect(await axeViolations(page)).toEqual([]);
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
  expect(await axeViolations(page)).toEqual([]);

  // The card leads to the views it counts: today's, newest first, the public page among them.
  await page.getByTestId('card-views').getByRole('link', { name: 'Page views' }).click();
  await expect(page).toHaveURL(/\/dashboard\/analytics\/views\?from=\d{4}-\d{2}-\d{2}&to=/);
  const log = page.getByRole('grid', { name: 'Page views' });
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
  expect(await axeViolations(page)).toEqual([]);
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
  expect(await axeViolations(page)).toEqual([]);

  // A figure opens the bookings behind it: the cancelled ones of the period.
  const cancelled = digits(await page.getByTestId('value-cancelled').textContent());
  await page.getByTestId('card-cancelled').getByRole('link').click();
  await expect(page).toHaveURL(/\/dashboard\/booking\/list\?.*status=cancelled/);
  const list = page.getByRole('grid', { name: 'Bookings' });
  await expect(list.getByRole('row').nth(1)).toContainText('Cancelled');
  if (cancelled <= 25) await expect(list.getByRole('row')).toHaveCount(cancelled + 1);
  expect(await axeViolations(page)).toEqual([]);
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
  expect(await axeViolations(page)).toEqual([]);

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
  expect(await axeViolations(page)).toEqual([]);
});
