import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';

import { expect, test } from './fixtures';
import { openVariant, shot, VARIANTS } from './variants';

/**
 * The people list on the shared data table (issue 44): a Shift-click range, one bulk action for
 * the range after a confirmation naming how many, the outcome and its undo; the grid by keyboard
 * alone; axe clean. Screens in light English, dark Arabic and at 390 px.
 */

async function makePeople(request: APIRequestContext, token: string, tag: string, n = 3) {
  const ids: string[] = [];
  for (let i = 1; i <= n; i++) {
    const res = await request.post('/api/users', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        firstName: `Bulk${i}`,
        lastName: `Row${tag}`,
        email: `bulk${i}-${tag}@example.com`,
        password: 'a-long-unusual-password',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { user: { id: string } }).user.id);
  }
  return ids;
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test('select three people with Shift-click and suspend them in one action, then undo', async ({
  page,
  login,
  request,
  consoleErrors,
}) => {
  const token = await login();
  const tag = unique();
  await makePeople(request, token, tag);
  await page.goto(`/dashboard/user/list?q=${tag}&sort=name&order=asc`);
  const rows = page.getByTestId('user-row');
  await expect(rows).toHaveCount(3);

  await rows.nth(0).getByRole('checkbox').click();
  await rows
    .nth(2)
    .getByRole('checkbox')
    .click({ modifiers: ['Shift'] });
  const bar = page.getByTestId('users-bulk-bar');
  await expect(bar.getByRole('status')).toHaveText('3 selected');
  await expect(rows.nth(1).getByRole('checkbox')).toBeChecked();
  expect(
    await new AxeBuilder({ page }).include('[data-testid="users-bulk-bar"]').analyze(),
  ).toMatchObject({ violations: [] });

  await bar.getByRole('button', { name: 'Suspend' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suspend' });
  await expect(dialog).toContainText('Suspend 3 people?');
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  const outcome = page.getByTestId('users-bulk-outcome');
  await expect(outcome).toContainText('3 people suspended');
  await expect(bar).toBeHidden();
  await expect(rows.getByText('Banned', { exact: true })).toHaveCount(3);

  // Undo: a second call reopens the three.
  await outcome.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Undone: the people are as they were')).toBeVisible();
  await expect(rows.getByText('Active', { exact: true })).toHaveCount(3);
  expect(consoleErrors).toEqual([]);
});

test('a bulk role change names the role, and those left out are named with why', async ({
  page,
  login,
  request,
}) => {
  const token = await login();
  const tag = unique();
  const [, second] = await makePeople(request, token, tag, 2);
  // Someone with a password is left out of "invite again".
  const fresh = await request.post('/api/users', {
    headers: { authorization: `Bearer ${token}` },
    data: { firstName: 'Bulk0', lastName: `Row${tag}`, email: `bulk0-${tag}@example.com` },
  });
  expect(fresh.status()).toBe(201);
  await page.goto(`/dashboard/user/list?q=${tag}&sort=name&order=asc`);
  const rows = page.getByTestId('user-row');
  await expect(rows).toHaveCount(3);
  await page.getByRole('checkbox', { name: 'Select every row of this page' }).check();
  const bar = page.getByTestId('users-bulk-bar');
  await expect(bar.getByRole('status')).toHaveText('3 selected');

  await bar.getByRole('button', { name: 'Invite again' }).click();
  await page.getByTestId('users-bulk-confirm').click();
  const outcome = page.getByTestId('users-bulk-outcome');
  await expect(outcome).toContainText('1 person invited again');
  await expect(outcome).toContainText('2 people left out');
  await expect(outcome).toContainText(`Bulk2 Row${tag} — they have already chosen a password`);
  // The refused stay selected: give them the editor role.
  await expect(bar.getByRole('status')).toHaveText('2 selected');
  await bar.getByLabel('New role').click();
  await page.getByRole('option', { name: 'Editor' }).click();
  await bar.getByRole('button', { name: 'Change role' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change role' });
  await expect(dialog).toContainText('Give the role Editor to 2 people?');
  await dialog.getByRole('button', { name: 'Change role' }).click();
  await expect(outcome).toContainText('2 people now have the role Editor');
  await expect(rows.getByText('Editor', { exact: true })).toHaveCount(2);
  const one = await request.get(`/api/users/${second}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(((await one.json()) as { user: { role: string } }).user.role).toBe('editor');
});

test('the people grid by keyboard alone: arrows, Space and Shift+Space choose, Enter opens', async ({
  page,
  login,
  request,
}) => {
  const token = await login();
  const tag = unique();
  await makePeople(request, token, tag, 4);
  await page.goto(`/dashboard/user/list?q=${tag}&sort=name&order=asc`);
  const rows = page.getByTestId('user-row');
  await expect(rows).toHaveCount(4);

  await page.getByTestId('table-layout').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('checkbox', { name: 'Select every row of this page' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(0).getByRole('checkbox')).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Shift+Space');
  await expect(page.getByTestId('users-bulk-bar').getByRole('status')).toHaveText('3 selected');
  await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(rows.nth(3)).toHaveAttribute('aria-selected', 'false');

  // Across the row: the name's link, then plain cells; End reaches the actions.
  await page.keyboard.press('ArrowRight');
  await expect(rows.nth(2).getByRole('link', { name: `Bulk3 Row${tag}` })).toBeFocused();
  await page.keyboard.press('End');
  await expect(rows.nth(2).getByRole('gridcell').last()).toBeFocused();
  // Enter goes into the cell of two buttons; Escape back to the grid.
  await page.keyboard.press('Enter');
  await expect(
    rows.nth(2).getByRole('button', { name: `Quick edit Bulk3 Row${tag}` }),
  ).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(rows.nth(2).getByRole('gridcell').last()).toBeFocused();

  expect(await new AxeBuilder({ page }).include('[role="grid"]').analyze()).toMatchObject({
    violations: [],
  });

  // Sorting by a header: the address keeps it (the server sorts).
  await page.getByRole('columnheader', { name: 'Name' }).getByRole('button').click();
  await expect(page).toHaveURL(/sort=name&order=desc|order=desc.*sort=name/);
  await expect(rows.nth(0)).toContainText(`Bulk4 Row${tag}`);

  // Enter on a plain cell opens the person.
  await rows.nth(0).getByRole('gridcell').nth(3).click();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/user\/[0-9a-f-]{36}\/edit$/);
});

test('the people list with its bulk bar in light/en, dark/ar right-to-left and at phone width', async ({
  browser,
  login,
  request,
}) => {
  test.skip(process.env.E2E_SHOTS !== '1', 'screenshots only');
  const token = await login();
  const tag = unique();
  await makePeople(request, token, tag);
  for (const v of VARIANTS) {
    const { context, page } = await openVariant(browser, v, token);
    await page.goto(`/dashboard/user/list?q=${tag}&sort=name&order=asc`);
    const rows = page.getByTestId('user-row');
    await expect(rows).toHaveCount(3);
    await rows.nth(0).getByRole('checkbox').click();
    await rows
      .nth(1)
      .getByRole('checkbox')
      .click({ modifiers: ['Shift'] });
    await expect(page.getByTestId('users-bulk-bar')).toBeVisible();
    await shot(page, `users-bulk-${v.name}`);
    await context.close();
  }
});
