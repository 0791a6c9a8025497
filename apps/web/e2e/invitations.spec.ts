import type { Browser, Page } from '@playwright/test';

import { expect, test, watchConsole } from './fixtures';
import { axeViolations, expectNoSideScroll, openVariant, VARIANTS } from './variants';

/**
 * Administration → Invitations: an administrator pastes a CSV, two invitations go out; the link
 * read from the outbox opens the accept page in a fresh browser (nobody signed in), where a name
 * and a password, typed with the keyboard only, land the person signed in on the dashboard. A
 * revoked link shows a clear page and creates no account. The screens are axe clean in light
 * English, dark Arabic and at phone width.
 */

const CSV =
  'name,email,team\n"Ana Lima",ana.invite@example.test,sales\nBen Ode,ben.invite@example.test,ops\n';

/** The path of the link in the newest mail to `to`, as an administrator reads the outbox. */
async function mailedLink(page: Page, bearer: string, to: string): Promise<string> {
  const res = await page.request.get(`/api/admin/outbox?to=${encodeURIComponent(to)}`, {
    headers: { authorization: `Bearer ${bearer}` },
  });
  expect(res.status()).toBe(200);
  const { messages } = (await res.json()) as { messages: Array<{ text: string }> };
  const link = /https?:\/\/\S+\/auth\/invite\/[\w-]+/.exec(messages[0]?.text ?? '')?.[0];
  expect(link, `no invitation link mailed to ${to}`).toBeTruthy();
  return new URL(link!).pathname;
}

async function judgeAdmin(browser: Browser, bearer: string) {
  const found: string[] = [];
  for (const v of VARIANTS) {
    const { context, page } = await openVariant(browser, v, bearer);
    await page.goto('/dashboard/admin/invitations');
    await expect(page.getByTestId('invitation-row').first()).toBeVisible();
    await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
    if (v.name === 'phone') await expectNoSideScroll(page, `invitations at ${v.width} px`);
    found.push(...(await axeViolations(page)).map((line) => `invitations ${v.name} ${line}`));
    await context.close();
  }
  return found;
}

test('an administrator invites a pasted CSV; the mailed link signs the person in; a revoked link does not', async ({
  page,
  login,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  const bearer = await login();

  await page.goto('/dashboard/admin/invitations');
  await expect(page.getByRole('heading', { name: 'Invitations', level: 1 })).toBeVisible();
  await page.getByLabel('Email addresses').fill(CSV);
  await expect(page.getByText('2 addresses found')).toBeVisible();
  await page.getByRole('button', { name: 'Send 2 invitations', exact: true }).click();
  await expect(page.getByText('2 invitations sent')).toBeVisible();
  const rows = page.getByTestId('invitation-row');
  await expect(rows.filter({ hasText: 'ana.invite@example.test' })).toBeVisible();
  await expect(rows.filter({ hasText: 'ben.invite@example.test' })).toBeVisible();

  // Inviting an address that has an account names it.
  await page.getByLabel('Email addresses').fill('admin@e2e.local');
  await page.getByRole('button', { name: 'Send the invitation', exact: true }).click();
  await expect(page.getByText('An account already exists for admin@e2e.local')).toBeVisible();
  // The browser logs that refusal (409) as a failed resource: expected here, and only that one.
  const refusals = consoleErrors.filter((e) => /status of 409/.test(e));
  expect(refusals).toHaveLength(1);
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((e) => !refusals.includes(e)),
  );

  const violations = await judgeAdmin(browser, bearer);

  // The invited person, in a browser where nobody is signed in.
  const anaLink = await mailedLink(page, bearer, 'ana.invite@example.test');
  const guest = await browser.newContext();
  const invited = await guest.newPage();
  const errors = watchConsole(invited);
  await invited.goto(anaLink);
  await expect(
    invited.getByRole('heading', { name: 'Join the back office', level: 1 }),
  ).toBeVisible();
  await expect(invited.getByText(/with the role User/)).toBeVisible();
  violations.push(...(await axeViolations(invited)).map((l) => `accept page ${l}`));
  // Keyboard only: the first name has the focus; Tab moves on; Enter sends.
  await expect(invited.getByLabel('First name')).toBeFocused();
  await invited.keyboard.type('Ana');
  await invited.keyboard.press('Tab');
  await invited.keyboard.type('Lima');
  await invited.keyboard.press('Tab');
  await invited.keyboard.type('a-long-unusual-password');
  await invited.getByLabel('Confirm new password').focus();
  await invited.keyboard.type('a-long-unusual-password');
  await invited.keyboard.press('Enter');
  await expect(invited).toHaveURL(/\/dashboard(\/|$)/);
  const token = await invited.evaluate(
    () =>
      window.localStorage.getItem('accessToken') ?? window.sessionStorage.getItem('accessToken'),
  );
  expect(token).toBeTruthy();
  const me = await invited.request.get('/api/account/my-account/', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(me.status()).toBe(200);
  expect(((await me.json()) as { user: { email: string; limited: unknown } }).user).toMatchObject({
    email: 'ana.invite@example.test',
    limited: null,
  });
  expect(errors).toEqual([]);
  await guest.close();

  // Ana's invitation left the pending list; Ben's is revoked after a confirmation.
  await page.reload();
  await expect(rows.filter({ hasText: 'ana.invite@example.test' })).toHaveCount(0);
  const benLink = await mailedLink(page, bearer, 'ben.invite@example.test');
  await page
    .getByRole('button', { name: 'Revoke the invitation of ben.invite@example.test' })
    .click();
  await expect(page.getByRole('dialog')).toContainText('ben.invite@example.test');
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Invitation revoked')).toBeVisible();
  await expect(rows.filter({ hasText: 'ben.invite@example.test' })).toHaveCount(0);

  const other = await browser.newContext();
  const revoked = await other.newPage();
  await revoked.goto(benLink);
  await expect(revoked.getByTestId('invitation-gone')).toHaveAttribute('data-reason', 'revoked');
  await expect(
    revoked.getByRole('heading', { name: 'This invitation was revoked', level: 1 }),
  ).toBeVisible();
  violations.push(...(await axeViolations(revoked)).map((l) => `revoked page ${l}`));
  await other.close();

  expect(violations).toEqual([]);
});
