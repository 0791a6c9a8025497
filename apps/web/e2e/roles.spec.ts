import type { Browser } from '@playwright/test';

import { expect, test } from './fixtures';
import {
  axeViolations,
  expectNoSideScroll,
  openVariant,
  shot,
  VARIANTS,
  type Variant,
} from './variants';

/**
 * Administration → Roles: the administrator reaches it from the side bar and from Ctrl+K,
 * duplicates a built-in role with the keyboard, unticks a permission, renames and deletes the
 * copy. Then the screen (and its dialog) in light English, dark Arabic and at phone width, axe
 * clean.
 */

async function judge(browser: Browser, bearer: string, v: Variant) {
  const { context, page } = await openVariant(browser, v, bearer);
  await page.goto('/dashboard/admin/roles');
  await expect(page.getByTestId('role-admin')).toBeVisible();
  await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
  if (v.name === 'phone') await expectNoSideScroll(page, `roles at ${v.width} px`);
  await shot(page, `roles-${v.name}`, { fullPage: true });
  const found = (await axeViolations(page)).map((line) => `roles ${v.name} ${line}`);
  await page.getByTestId('role-editor').getByRole('button').first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('checkbox').first()).toBeVisible();
  await expect(dialog.locator('.MuiSkeleton-root')).toHaveCount(0);
  if (v.name === 'phone') await expectNoSideScroll(page, `role dialog at ${v.width} px`);
  found.push(...(await axeViolations(page)).map((line) => `role dialog ${v.name} ${line}`));
  await context.close();
  return found;
}

test('roles are listed, duplicated, changed and deleted from Administration → Roles', async ({
  page,
  login,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const bearer = await login();

  // In the side bar, with the audit log and the outbox.
  await page.goto('/dashboard/admin/jobs');
  const nav = page.getByRole('navigation').first();
  await expect(nav.getByRole('link', { name: 'Audit log' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Mail outbox' })).toBeVisible();
  await nav.getByRole('link', { name: 'Roles' }).click();
  await expect(page).toHaveURL(/\/dashboard\/admin\/roles$/);
  await expect(page.getByRole('heading', { name: 'Roles', level: 1 })).toBeVisible();

  // And in Ctrl+K.
  await page.keyboard.press('Control+k');
  const search = page.getByRole('dialog');
  await search.getByRole('combobox').or(search.getByRole('textbox')).first().fill('outbox');
  await expect(search.getByText('Mail outbox').first()).toBeVisible();
  await page.keyboard.press('Escape');

  // Duplicate the editor role with the keyboard.
  const editorRow = page.getByTestId('role-editor');
  await expect(editorRow).toContainText('Built-in');
  await editorRow.getByRole('button', { name: /^Duplicate/ }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: /Duplicate the role/ })).toBeVisible();
  const name = dialog.getByRole('textbox', { name: 'Name' });
  await expect(name).toHaveValue(/\(copy\)/);
  await name.fill('Writers');
  const manageBlog = dialog.getByRole('checkbox', {
    name: /Edit, publish and delete anyone’s posts/,
  });
  await expect(manageBlog).toBeChecked();
  await manageBlog.focus();
  await page.keyboard.press('Space');
  await expect(manageBlog).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Create role' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('role-Writers');
  await expect(row).toBeVisible();

  // The built-in administrator role keeps every permission.
  await page.getByTestId('role-admin').getByRole('button', { name: /^Edit/ }).click();
  await expect(dialog.getByText('The administrator role keeps every permission.')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // A name another role has is refused on the field.
  await row.getByRole('button', { name: /^Edit/ }).click();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Editor');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('A role with this name exists already.')).toBeVisible();
  // The browser logs the refused call (409): expected here, and the only one.
  const refusals = consoleErrors.filter((e) => / 409 /.test(e));
  expect(refusals).toHaveLength(1);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/ 409 /.test(e)));
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Authors');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('role-Authors')).toBeVisible();

  // Deleting asks first.
  await page
    .getByTestId('role-Authors')
    .getByRole('button', { name: /^Delete/ })
    .click();
  await expect(dialog.getByText(/Nobody has this role/)).toBeVisible();
  await dialog.getByTestId('confirm-delete').click();
  await expect(page.getByTestId('role-Authors')).toHaveCount(0);

  const found: string[] = [];
  for (const v of VARIANTS) found.push(...(await judge(browser, bearer, v)));
  expect(found, found.join('\n')).toEqual([]);
});
