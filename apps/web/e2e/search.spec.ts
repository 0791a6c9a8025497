import type { Page } from '@playwright/test';

import { expect, test, workerBaseURL } from './fixtures';
import { openVariant, shot, VARIANTS } from './variants';

/**
 * Ctrl+K over the demo data (issue 46): "Northwind" opens with the invoice for Northwind Traders,
 * the people who only work there come after it and say so; the screens and commands are found by
 * the words people use, in each of the five languages.
 */

async function openSearch(page: Page, words: string) {
  await page.keyboard.press('Control+k');
  const box = page.getByRole('combobox');
  await expect(box).toBeFocused();
  await box.fill(words);
  return box;
}

test('Ctrl+K: "Northwind" lists the invoice for Northwind Traders first, the people say why, Enter opens it', async ({
  page,
  login,
  request,
}) => {
  const token = await login();
  // The demo's invoices go to a dozen customers; its people include Northwind Traders' staff.
  const made = await request.post('/api/invoices', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      status: 'sent',
      to: {
        name: 'Northwind Traders',
        email: 'ap@northwind.example',
        address: '1 Harbour Rd, Seattle',
        country: 'US',
      },
      items: [{ title: 'Consulting', quantity: 2, price: 45000 }],
      dueDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { invoice } = (await made.json()) as { invoice: { id: string; invoiceNumber: string } };

  await page.goto('/dashboard');
  await expect(page.getByTestId('notifications-bell')).toBeVisible();
  await openSearch(page, 'Northwind');

  const first = page.getByRole('option').first();
  await expect(first).toHaveAttribute('data-type', 'invoice');
  await expect(first).toContainText(invoice.invoiceNumber);
  await expect(first).toContainText('Customer: Northwind Traders');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  // The people come after, each saying which of their fields holds the word.
  const people = page.locator('[role="option"][data-type="user"]');
  await expect(people.first()).toContainText('Company: Northwind Traders');
  const options = await page
    .getByRole('option')
    .evaluateAll((list) => list.map((o) => o.getAttribute('data-type')));
  expect(options.indexOf('invoice')).toBeLessThan(options.indexOf('user'));
  await shot(page, 'search-northwind-light-en');

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/dashboard/invoice/${invoice.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(invoice.invoiceNumber);
});

/** What a person types in each language, and an option it must find ('first': the first one). */
const WORDS: Record<string, Array<[string, string, 'first' | 'any']>> = {
  en: [
    ['new invoice', 'Invoice / Create', 'first'],
    ['invoices', 'Invoice / List', 'first'],
    ['settings', 'User / Account', 'any'],
    ['settings', 'Settings', 'any'],
    ['audit', 'Audit log', 'first'],
    ['notifications', 'Notifications', 'first'],
    ['dark mode', 'Switch to dark mode', 'first'],
  ],
  fr: [
    ['nouvelle facture', 'Facture / Créer', 'first'],
    ['factures', 'Facture / Liste', 'first'],
    ['parametres', 'Utilisateur / Compte', 'any'],
    ['paramètres', 'Paramètres', 'any'],
    ['audit', 'Journal d’audit', 'first'],
  ],
  vi: [
    ['hóa đơn mới', 'Hóa đơn / Tạo mới', 'first'],
    ['danh sách hóa đơn', 'Hóa đơn / Danh sách', 'first'],
    ['cài đặt', 'Người dùng / Tài khoản', 'any'],
    ['cài đặt', 'Cài đặt', 'any'],
    ['kiểm tra', 'Nhật ký kiểm tra', 'first'],
  ],
  cn: [
    ['新建发票', '发票 / 创建', 'first'],
    ['发票列表', '发票 / 列表', 'first'],
    ['设置', '用户 / 账户', 'any'],
    ['设置', '设置', 'any'],
    ['审计', '审计日志', 'first'],
  ],
  ar: [
    ['فاتورة جديدة', 'الفاتورة / إنشاء', 'first'],
    ['الفواتير', 'الفاتورة / القائمة', 'first'],
    ['إعدادات', 'المستخدم / الحساب', 'any'],
    ['إعدادات', 'الإعدادات', 'any'],
    ['التدقيق', 'سجل التدقيق', 'first'],
  ],
};

test('Ctrl+K finds the screens and commands by their names in all five languages', async ({
  page,
  login,
}) => {
  // Five languages, five page loads: the blank screen, since only the shell's search is tried.
  test.setTimeout(180_000);
  await login();
  for (const [lng, cases] of Object.entries(WORDS)) {
    await page.context().addCookies([{ name: 'i18next', value: lng, url: workerBaseURL() }]);
    await page.goto('/dashboard/blank');
    await expect(page.getByTestId('notifications-bell')).toBeVisible();
    for (const [words, expected, where] of cases) {
      await openSearch(page, words);
      const options = page.getByRole('option');
      if (where === 'first')
        await expect(options.first(), `${lng} "${words}"`).toContainText(expected);
      else
        await expect(
          options.filter({ hasText: expected }).first(),
          `${lng} "${words}"`,
        ).toBeVisible();
      await page.keyboard.press('Escape');
    }
  }

  // A command runs: "settings" opens the settings drawer.
  await page.context().addCookies([{ name: 'i18next', value: 'en', url: workerBaseURL() }]);
  await page.goto('/dashboard/blank');
  await expect(page.getByTestId('notifications-bell')).toBeVisible();
  await openSearch(page, 'settings');
  await page.locator('[role="option"][data-type="command"]', { hasText: 'Settings' }).click();
  await expect(page.getByTestId('settings-mode-dark')).toBeVisible();
});

test('the search with its reasons in light/en, dark/ar right-to-left and at phone width', async ({
  browser,
  login,
}) => {
  test.skip(process.env.E2E_SHOTS !== '1', 'screenshots only');
  const token = await login();
  for (const v of VARIANTS) {
    const { context, page } = await openVariant(browser, v, token);
    await page.goto('/dashboard');
    await expect(page.getByTestId('notifications-bell')).toBeVisible();
    await openSearch(page, 'Northwind');
    const person = page.locator('[role="option"][data-type="user"]').first();
    await expect(person).toBeAttached();
    await shot(page, `search-northwind-${v.name}`);
    // Further down, the people and the reason each came up.
    await person.scrollIntoViewIfNeeded();
    await shot(page, `search-northwind-people-${v.name}`);
    await context.close();
  }
});

test("a post's status under its title reads in the person's language", async ({
  page,
  request,
  login,
}) => {
  const token = await login();
  const title = `Glacier ledger notes ${Date.now()}`;
  const made = await request.post('/api/blog/posts', {
    headers: { authorization: `Bearer ${token}` },
    data: { title, status: 'draft' },
  });
  expect(made.status(), await made.text()).toBe(201);
  for (const [lng, draft] of [
    ['fr', 'Brouillon'],
    ['ar', 'مسودة'],
  ]) {
    await page.context().addCookies([{ name: 'i18next', value: lng, url: workerBaseURL() }]);
    await page.goto('/dashboard');
    await expect(page.getByTestId('notifications-bell')).toBeVisible();
    await openSearch(page, title);
    const post = page.locator('[role="option"][data-type="post"]', { hasText: title });
    await expect(post, lng).toContainText(draft);
    await expect(post, lng).not.toContainText(/\bdraft\b/);
    await page.keyboard.press('Escape');
  }
});
