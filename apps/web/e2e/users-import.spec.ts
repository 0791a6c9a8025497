import { readFileSync } from 'node:fs';

import AxeBuilder from '@axe-core/playwright';

import { expect, test } from './fixtures';
import { openVariant, shot, VARIANTS } from './variants';

/**
 * People export and import (issue "Lists staff live in"): the list exports as CSV, a small CSV
 * with one bad row is previewed (the bad row named with its field), imported, its report read,
 * and the new person is in the list.
 */
test('export people as CSV, then import a CSV with one bad row: preview, import, report, list', async ({
  page,
  login,
}) => {
  await login();
  await page.goto('/dashboard/user/list');
  await expect(page.getByRole('heading', { name: 'User list' })).toBeVisible();

  // Export: the header in English, one line per person of the list.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('users-export').click();
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^people-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = readFileSync((await file.path())!, 'utf8').split('\r\n');
  expect(exported[0]).toMatch(/^First name,Last name,Email,/);
  expect(exported.some((l) => l.includes('admin@e2e.local'))).toBe(true);

  const stamp = Date.now() % 1_000_000;
  const email = `imported.${stamp}@e2e-import.test`;
  const csv = [
    'First name,Last name,Email,Role',
    `Ines,Import${stamp},${email},user`,
    `Bad,Row${stamp},not-an-email,user`,
  ].join('\r\n');

  await page.getByTestId('users-import').click();
  const dialog = page.getByRole('dialog', { name: 'Import people' });
  await expect(dialog).toBeVisible();
  // The drop zone answers the keyboard: Enter opens the file chooser.
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose a file' }).first().focus();
  await page.keyboard.press('Enter');
  await (
    await chooser
  ).setFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  // The mapping is suggested from the header.
  await expect(dialog.getByText('Rows in people.csv: 2.')).toBeVisible();
  await expect(dialog.getByTestId('map-email')).toHaveText('Email');
  await expect(dialog.getByTestId('map-firstName')).toHaveText('First name');
  expect(await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).toMatchObject({
    violations: [],
  });
  await dialog.getByRole('button', { name: 'Preview' }).click();

  // The preview names the bad row (row 3 of the file) and its field.
  await expect(dialog.getByTestId('import-count-create')).toHaveText('To create: 1');
  await expect(dialog.getByTestId('import-count-error')).toHaveText('Refused: 1');
  const errors = dialog.getByTestId('import-error-row');
  await expect(errors).toHaveCount(1);
  await expect(errors.first()).toContainText('3');
  await expect(errors.first()).toContainText('Email address');
  await expect(errors.first()).toContainText('This is not a valid email address');
  expect(await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).toMatchObject({
    violations: [],
  });

  await dialog.getByTestId('import-run').click();
  await expect(dialog.getByText('The import is finished.')).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByTestId('import-count-create')).toHaveText('To create: 1');
  await expect(dialog.getByTestId('import-count-error')).toHaveText('Refused: 1');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // The new person is in the list.
  await page.getByTestId('user-search').fill(`Import${stamp}`);
  await expect(page.getByText(`Ines Import${stamp}`)).toBeVisible();
});

test('the import dialog in light/en, dark/ar right-to-left and at phone width', async ({
  browser,
  login,
}) => {
  test.skip(process.env.E2E_SHOTS !== '1', 'screenshots only');
  const token = await login();
  const csv = [
    'First name,Last name,Email,Role,Status',
    'Shot,Person,shot.person@e2e-import.test,user,active',
    'Bad,Row,not-an-email,astronaut,active',
  ].join('\r\n');
  for (const v of VARIANTS) {
    const { context, page } = await openVariant(browser, v, token);
    await page.goto('/dashboard/user/list');
    await expect(page.getByTestId('users-export')).toBeVisible();
    await shot(page, `users-list-transfer-${v.name}`);
    await page.getByTestId('users-import').click();
    const dialog = page.getByRole('dialog');
    await shot(page, `users-import-file-${v.name}`);
    await dialog
      .getByTestId('import-file')
      .setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(dialog.getByTestId('map-email')).toHaveText('Email');
    await shot(page, `users-import-mapping-${v.name}`);
    await dialog.getByRole('button').last().click();
    await expect(dialog.getByTestId('import-error-row').first()).toBeVisible();
    await shot(page, `users-import-preview-${v.name}`);
    await context.close();
  }
});
