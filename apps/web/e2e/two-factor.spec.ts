import type { APIRequestContext, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { Secret, TOTP } from 'otpauth';

import { ADMIN, expect, test } from './fixtures';
import { openVariant, shot, VARIANTS } from './variants';

/** What an authenticator app would show for this secret, `offset` seconds from now. */
const totp = (secret: string, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + offset * 1000,
  });

/** A registered person, approved by an administrator (REGISTRATION=approval). */
async function approvedPerson(request: APIRequestContext, email: string, password: string) {
  const created = await request.post('/api/account/register', {
    data: { email, password, firstName: 'Tess', lastName: 'Totp' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { user: { id: string } }).user.id;
  const admin = await request.post('/api/account/login', {
    data: { email: ADMIN.email, password: ADMIN.password },
  });
  const { accessToken } = (await admin.json()) as { accessToken: string };
  const approved = await request.patch(`/api/users/${id}`, {
    data: { status: 'active' },
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(approved.status()).toBe(200);
}

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByTestId('login-submit').click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
}

test('turn on two-factor sign-in, sign in with a code, and with a recovery code once only', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  const email = `e2e-totp-${Date.now().toString(36)}@example.com`;
  const password = 'silver-canyon-lantern-8';
  await approvedPerson(request, email, password);

  await passwordStep(page, email, password);
  await expect(page).toHaveURL(/\/dashboard\//);
  await page.goto('/dashboard/user/account?tab=security');
  const card = page.getByTestId('two-factor-card');
  await expect(card).toContainText('Off');
  await card.getByRole('button', { name: 'Turn on' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('The current password is wrong')).toBeVisible();
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await dialog.getByTestId('two-factor-secret').textContent())!.trim();
  await dialog.getByLabel('6-digit code').fill(totp(secret));
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  const items = dialog.getByTestId('recovery-codes').locator('li');
  await expect(items).toHaveCount(10);
  const codes = (await items.allTextContents()).map((c) => c.trim());
  await dialog.getByRole('button', { name: 'I have saved them' }).click();
  await expect(card).toContainText('On');
  await expect(card).toContainText('10 recovery codes left');
  await signOut(page);

  // Password, then the app's code (the next 30-second step: the one used above is spent).
  await passwordStep(page, email, password);
  const step = page.getByTestId('two-factor-step');
  await expect(step).toBeVisible();
  await step.getByLabel('Authentication code').fill(totp(secret, 30));
  await step.getByTestId('two-factor-submit').click();
  await expect(page).toHaveURL(/\/dashboard\//);
  await signOut(page);

  // A recovery code works once…
  await passwordStep(page, email, password);
  await page.getByLabel('Authentication code').fill(codes[0]!);
  await page.getByTestId('two-factor-submit').click();
  await expect(page).toHaveURL(/\/dashboard\//);
  await signOut(page);

  // …and not twice.
  await passwordStep(page, email, password);
  await page.getByLabel('Authentication code').fill(codes[0]!);
  await page.getByTestId('two-factor-submit').click();
  await expect(page.getByText('The code is wrong or has expired')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);

  // The refusals above are the point of this test.
  const refusal = /Failed to load resource: the server responded with a status of (400|401)/;
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !refusal.test(e)));
});

/** No axe violation of WCAG 2.1 A/AA in `scope` (a selector) of what is on screen now. */
async function expectAccessible(page: Page, scope?: string) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (scope) builder = builder.include(scope);
  const { violations } = await builder.analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test('security screens in light/en, dark/ar and at 390 px, accessible', async ({
  browser,
  request,
}) => {
  test.setTimeout(420_000);
  // One person waiting for verification, one with two-factor sign-in on (set up through the API).
  const stamp = Date.now().toString(36);
  const pending = `e2e-pending-${stamp}@example.com`;
  const password = 'copper-harbour-violet-3';
  const registered = await request.post('/api/account/register', {
    data: { email: pending, password, firstName: 'Pat', lastName: 'Pending' },
  });
  expect(registered.status()).toBe(201);
  const pendingToken = ((await registered.json()) as { accessToken: string }).accessToken;

  const guarded = `e2e-guarded-${stamp}@example.com`;
  await approvedPerson(request, guarded, password);
  const signedIn = await request.post('/api/account/login', { data: { email: guarded, password } });
  const guardedToken = ((await signedIn.json()) as { accessToken: string }).accessToken;
  const auth = { Authorization: `Bearer ${guardedToken}` };
  const setup = await request.post('/api/account/2fa/setup', { data: { password }, headers: auth });
  expect(setup.status(), await setup.text()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const enabled = await request.post('/api/account/2fa/enable', {
    data: { code: totp(secret) },
    headers: auth,
  });
  expect(enabled.status(), await enabled.text()).toBe(200);

  for (const v of VARIANTS) {
    const { context, page } = await openVariant(browser, v);
    const photo = (name: string) => shot(page, `security-${name}-${v.name}`);

    // The password step, then the code step.
    await page.goto('/auth/login');
    await page.locator('input[name="email"]').fill(guarded);
    await page.locator('input[name="password"]').fill(password);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('two-factor-step')).toBeVisible();
    await photo('login-code');
    await expectAccessible(page);

    // The security card, on for this person (the session of the API sign-in above).
    await page.evaluate((token) => window.localStorage.setItem('accessToken', token), guardedToken);
    await page.goto('/dashboard/user/account?tab=security');
    await expect(page.getByTestId('two-factor-card')).toBeVisible();
    await page.getByTestId('two-factor-card').scrollIntoViewIfNeeded();
    await photo('account-card');
    await expectAccessible(page, '[data-testid="two-factor-card"]');

    // What an account waiting for its address sees instead of the dashboard.
    await page.evaluate((token) => window.localStorage.setItem('accessToken', token), pendingToken);
    await page.goto('/dashboard/user/list');
    await expect(page.getByTestId('limited-account')).toBeVisible();
    await photo('limited');
    await expectAccessible(page, '[data-testid="limited-account"]');
    await context.close();
  }
});
