import { ADMIN, expect, test } from './fixtures';
import { axeViolations, expectNoSideScroll, openVariant, shot, VARIANTS } from './variants';

/**
 * Everyone's home is "Today": signing in lands there, `/` and `/dashboard` lead there, and the
 * administrator (who holds every area's permission) sees each card. Then the page in light
 * English, dark Arabic and at phone width, axe clean.
 */

const CARDS = ['mail', 'chat', 'kanban', 'calendar', 'notifications', 'app'] as const;

test('signing in lands on Today, with a card per area the person may open', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('Email address').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dashboard\/today$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    /Good (morning|afternoon|evening)/,
  );
  for (const card of CARDS) await expect(page.getByTestId(`today-${card}`)).toBeVisible();
  await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
  // Each card leads to its screen.
  await page.getByTestId('today-kanban').getByRole('link', { name: 'Open the board' }).click();
  await expect(page).toHaveURL(/\/dashboard\/kanban$/);

  // The app's root and the dashboard's lead home too.
  for (const entry of ['/', '/dashboard']) {
    await page.goto(entry);
    await expect(page).toHaveURL(/\/dashboard\/today$/);
    await expect(page.getByTestId('today-notifications')).toBeVisible();
  }
  // The menu's first item is the home.
  await expect(page.getByRole('link', { name: 'Today', exact: true }).first()).toBeVisible();
});

test('Today in light, dark Arabic and at 390 px is axe clean', async ({ browser, login }) => {
  const token = await login();
  const found: string[] = [];
  for (const v of VARIANTS) {
    const { context, page } = await openVariant(browser, v, token);
    await page.goto('/dashboard/today');
    await expect(page.getByTestId('today-notifications')).toBeVisible();
    await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
    if (v.name === 'phone') await expectNoSideScroll(page, `today at ${v.width} px`);
    if (v.lng === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await shot(page, `today-${v.name}`, { fullPage: true });
    found.push(...(await axeViolations(page)).map((line) => `today ${v.name} ${line}`));
    await context.close();
  }
  expect(found).toEqual([]);
});
