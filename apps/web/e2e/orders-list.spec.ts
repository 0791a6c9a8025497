import { readFileSync } from 'node:fs';

import AxeBuilder from '@axe-core/playwright';

import { expect, test } from './fixtures';
import { openVariant, shot, VARIANTS } from './variants';

/**
 * Saved views on the orders list (issue 44): the filters shown are saved under a name, picked
 * again after a reload, made the list's default, and deleted after a confirmation.
 */
test('save the orders filter as a view, reload, pick it, make it the default, delete it', async ({
  page,
  login,
  consoleErrors,
}) => {
  await login();
  const name = `Completed in November ${Date.now() % 100_000}`;
  await page.goto('/dashboard/e-commerce/orders?status=completed&from=2026-11-01');
  await expect(page.getByRole('tab', { name: 'Completed', selected: true })).toBeVisible();

  const views = page.getByTestId('saved-views-button');
  await views.click();
  await page.getByRole('menuitem', { name: 'Save these filters as a view…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save the view' });
  await dialog.getByLabel('Name of the view').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(views).toHaveText(name);

  // The same name again is refused next to the field.
  await views.click();
  await page.getByRole('menuitem', { name: 'Save these filters as a view…' }).click();
  await dialog.getByLabel('Name of the view').fill(name.toUpperCase());
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('You already have a view with this name')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  // That refusal is the one 409 the browser logs here, on purpose.
  const refused = consoleErrors.filter((e) => /status of 409/.test(e));
  expect(refused).toHaveLength(1);
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((e) => !refused.includes(e)),
  );

  // A fresh list, then the view, by keyboard: its filters come back.
  await page.goto('/dashboard/e-commerce/orders');
  await expect(page.getByRole('tab', { name: 'All', selected: true })).toBeVisible();
  await views.focus();
  await page.keyboard.press('Enter');
  const item = page.getByRole('menuitem', { name });
  await expect(item).toBeVisible();
  expect(await new AxeBuilder({ page }).include('[role="menu"]').analyze()).toMatchObject({
    violations: [],
  });
  await item.click();
  await expect(page).toHaveURL(/status=completed/);
  await expect(page).toHaveURL(/from=2026-11-01/);
  await expect(page.getByRole('tab', { name: 'Completed', selected: true })).toBeVisible();

  // Made the default, the list opens on it.
  await views.click();
  await page.getByRole('menuitem', { name: `Open the list on “${name}”` }).click();
  await expect(page.getByText(`The list now opens on “${name}”`)).toBeVisible();
  await page.goto('/dashboard/e-commerce/orders');
  await expect(page).toHaveURL(/status=completed/);
  await expect(views).toHaveText(name);

  // Deleted after asking, it leaves the menu.
  await views.click();
  await page.getByRole('menuitem', { name: `Delete “${name}”…` }).click();
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByText(`View “${name}” deleted`)).toBeVisible();
  await views.click();
  await expect(page.getByRole('menuitem', { name })).toHaveCount(0);
});

test('export the filtered orders as CSV and Excel: every page of the filter, as many rows as the API counts', async ({
  page,
  login,
  request,
}) => {
  const token = await login();
  const filter = 'status=completed&from=2025-01-01';
  const listed = await request.get(`/api/orders?limit=1&${filter}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const total = ((await listed.json()) as { total: number }).total;
  // More than a page, so the file is not just the page shown.
  expect(total).toBeGreaterThan(25);
  await page.goto(`/dashboard/e-commerce/orders?${filter}`);
  await expect(page.getByRole('tab', { name: 'Completed', selected: true })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export the filter' }).click();
  await page.getByRole('menuitem', { name: 'CSV (all pages)' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync((await file.path())!, 'utf8')
    .trim()
    .split('\r\n');
  // Headers in the person's language; values stay plain (ISO times, decimal points).
  expect(lines[0]).toMatch(/^Order,Date,Status,/);
  expect(lines).toHaveLength(total + 1);
  expect(lines.slice(1).every((l) => l.includes('"completed"'))).toBe(true);

  // The same filter as an Excel workbook (a zip: it starts with PK).
  const workbook = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export the filter' }).click();
  await page.getByRole('menuitem', { name: 'Excel workbook (all pages)' }).click();
  const xlsx = await workbook;
  expect(xlsx.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.xlsx$/);
  expect(
    readFileSync((await xlsx.path())!)
      .subarray(0, 2)
      .toString(),
  ).toBe('PK');
});

test('select three orders with Shift-click and complete them in one action', async ({
  page,
  login,
  request,
}) => {
  const token = await login();
  await page.goto('/dashboard/e-commerce/orders?status=pending');
  await expect(page.getByRole('tab', { name: 'Pending', selected: true })).toBeVisible();
  const rows = page.getByTestId('order-row');
  await expect(rows.nth(2)).toBeVisible();
  const numbers = (await rows.locator('a').allInnerTexts()).slice(0, 3);

  await rows.nth(0).getByRole('checkbox').click();
  await rows
    .nth(2)
    .getByRole('checkbox')
    .click({ modifiers: ['Shift'] });
  const bar = page.getByTestId('orders-bulk-bar');
  await expect(bar.getByRole('status')).toHaveText('3 orders selected');
  await expect(rows.nth(1).getByRole('checkbox')).toBeChecked();

  await bar.getByLabel('Change status to').click();
  await page.getByRole('option', { name: 'Completed' }).click();
  await bar.getByRole('button', { name: 'Change status' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change the status of these orders?' });
  await expect(dialog).toContainText('3 orders will become “Completed”');
  await dialog.getByRole('button', { name: 'Change status' }).click();
  await expect(page.getByText('3 orders are now “Completed”')).toBeVisible();
  await expect(bar).toBeHidden();

  // The three left the pending tab, and the API says they are completed.
  for (const label of numbers) {
    await expect(rows.locator('a', { hasText: new RegExp(`^${label}$`) })).toHaveCount(0);
    const found = await request.get(`/api/orders?q=${encodeURIComponent(label)}&limit=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const [order] = ((await found.json()) as { orders: Array<{ status: string }> }).orders;
    expect(order?.status, label).toBe('completed');
  }
});

test('the orders list with its selection bar in light/en, dark/ar right-to-left and at phone width', async ({
  browser,
  login,
}) => {
  test.skip(process.env.E2E_SHOTS !== '1', 'screenshots only');
  const token = await login();
  for (const v of VARIANTS) {
    const { context, page } = await openVariant(browser, v, token);
    await page.goto('/dashboard/e-commerce/orders?status=pending');
    const rows = page.getByTestId('order-row');
    await rows.nth(0).getByRole('checkbox').click();
    await rows
      .nth(1)
      .getByRole('checkbox')
      .click({ modifiers: ['Shift'] });
    await expect(page.getByTestId('orders-bulk-bar')).toBeVisible();
    await shot(page, `orders-bulk-${v.name}`);
    await context.close();
  }
});

test('the orders grid by keyboard alone: arrows, Home/End, Space chooses, Enter opens; its layout kept', async ({
  page,
  login,
}) => {
  await login();
  await page.goto('/dashboard/e-commerce/orders?status=pending');
  const grid = page.getByRole('grid', { name: 'Orders' });
  const rows = page.getByTestId('order-row');
  await expect(rows.nth(3)).toBeVisible();

  // One Tab stop: from the layout button into the grid's first cell (the page's box).
  await page.getByTestId('table-layout').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('checkbox', { name: 'Select every row of this page' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(0).getByRole('checkbox')).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Shift+Space');
  const bar = page.getByTestId('orders-bulk-bar');
  await expect(bar.getByRole('status')).toHaveText('3 orders selected');
  await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'true');

  // Across the row: the number's link, then plain cells; End and Home jump to the ends.
  await page.keyboard.press('ArrowRight');
  await expect(rows.nth(2).getByRole('link')).toBeFocused();
  await page.keyboard.press('End');
  await expect(rows.nth(2).getByRole('gridcell').last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(rows.nth(2).getByRole('checkbox')).toBeFocused();
  // Tab leaves the grid at once (one stop), and comes back to the same cell.
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByTestId('table-layout')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(rows.nth(2).getByRole('checkbox')).toBeFocused();

  expect(await new AxeBuilder({ page }).include('[role="grid"]').analyze()).toMatchObject({
    violations: [],
  });

  // The layout: hide the date column by keyboard; it stays hidden after a reload, until reset.
  await page.getByTestId('table-layout').click();
  const layout = page.getByRole('dialog', { name: 'Columns and density' });
  await layout.getByRole('checkbox', { name: 'Date' }).uncheck();
  await layout.getByRole('button', { name: 'Compact' }).click();
  await page.keyboard.press('Escape');
  await expect(grid.getByRole('columnheader', { name: 'Date' })).toHaveCount(0);
  await page.reload();
  await expect(rows.nth(0)).toBeVisible();
  await expect(grid.getByRole('columnheader', { name: 'Date' })).toHaveCount(0);
  await expect(grid).toHaveAttribute('data-density', 'compact');
  await page.getByTestId('table-layout').click();
  await layout.getByRole('button', { name: 'Reset the layout' }).click();
  await page.keyboard.press('Escape');
  await expect(grid.getByRole('columnheader', { name: 'Date' })).toBeVisible();

  // Enter on a plain cell opens the order.
  await rows.nth(0).getByRole('gridcell').nth(2).click();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/e-commerce\/orders\/[0-9a-f-]{36}$/);
});
