import { readFileSync } from 'node:fs';

import ExcelJS from 'exceljs';

import { expect, test } from './fixtures';
import { axeViolations, expectNoSideScroll, openVariant, shot, VARIANTS } from './variants';

/**
 * An export too large to download at once (the e2e server answers at most 1,500 orders at once,
 * EXPORT_SYNC_MAX): the list says it is being prepared, the job writes it, the person is notified,
 * and My exports downloads it (a workbook exceljs reads back) and deletes it after a confirmation.
 */
test('export every order as a job: the message, the notice, My exports downloads and deletes it', async ({
  page,
  login,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const token = await login();
  const headers = { authorization: `Bearer ${token}` };
  const total = (
    (await (await request.get('/api/orders?limit=1', { headers })).json()) as {
      total: number;
    }
  ).total;
  expect(total).toBeGreaterThan(1500);
  const before = (
    (await (await request.get('/api/exports', { headers })).json()) as {
      total: number;
    }
  ).total;

  await page.goto('/dashboard/e-commerce/orders');
  await expect(page.getByTestId('order-row').first()).toBeVisible();
  await page.getByRole('button', { name: 'Export the filter' }).click();
  await page.getByRole('menuitem', { name: 'Excel workbook (all pages)' }).click();
  await expect(
    page.getByText('Your export is being prepared — you will be notified'),
  ).toBeVisible();

  // The notice comes when the job is done; it opens My exports.
  await page.goto('/dashboard/notifications');
  const notice = page.getByText(/^Your export orders-\d{4}-\d{2}-\d{2}\.xlsx is ready$/).first();
  await expect(async () => {
    await page.reload();
    await expect(notice).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 120_000 });
  await notice.click();
  await expect(page).toHaveURL(/\/dashboard\/exports$/);
  await expect(page.getByRole('heading', { name: 'My exports' })).toBeVisible();
  const rows = page.getByTestId('export-row');
  await expect(rows).toHaveCount(before + 1);
  const row = rows.first();
  await expect(row.getByText('Ready')).toBeVisible();
  await expect(row).toContainText(total.toLocaleString('en-US'));

  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: /^Download orders-/ }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync((await file.path())!) as unknown as ArrayBuffer);
  const sheet = book.getWorksheet('Orders')!;
  expect(sheet.getRow(1).getCell(1).value).toBe('Order');
  expect(sheet.rowCount).toBe(total + 1);

  // Judged in light English, dark Arabic and at phone width.
  for (const v of VARIANTS) {
    const { context, page: p } = await openVariant(browser, v, token);
    await p.goto('/dashboard/exports');
    await expect(p.getByTestId('export-row').first()).toBeVisible();
    await expect(p.locator('.MuiSkeleton-root')).toHaveCount(0);
    if (v.name === 'phone') await expectNoSideScroll(p, `my exports at ${v.width} px`);
    await shot(p, `my-exports-${v.name}`, { fullPage: true });
    expect(await axeViolations(p), v.name).toEqual([]);
    await context.close();
  }

  // Deleted after a confirmation; the keyboard reaches the button.
  await row.getByRole('button', { name: /^Delete orders-/ }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Delete this export?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Export deleted')).toBeVisible();
  await expect(rows).toHaveCount(before);
  if (before === 0) await expect(page.getByText('No exports yet')).toBeVisible();
});
