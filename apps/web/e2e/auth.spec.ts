import type { APIRequestContext, Page } from '@playwright/test';

import { ADMIN, expect, test } from './fixtures';
import { applyVariant, expectNoSideScroll, shot, VARIANTS } from './variants';

/**
 * Sign-up to sign-in with real mail codes: the codes are read from the server's outbox (the e2e
 * server has no SMTP), through the administrators' outbox call.
 */

const escapeRe = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function apiToken(request: APIRequestContext, email: string, password: string) {
  const answer = await request.post('/api/account/login', { data: { email, password } });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { accessToken: string }).accessToken;
}

/** The newest code mailed to `to` whose subject matches, read as an administrator. */
async function mailedCode(request: APIRequestContext, to: string, subject: RegExp) {
  const token = await apiToken(request, ADMIN.email, ADMIN.password);
  let code = '';
  await expect
    .poll(async () => {
      const answer = await request.get('/api/admin/outbox', {
        params: { to, limit: 10 },
        headers: { Authorization: `Bearer ${token}` },
      });
      const body = (await answer.json()) as { messages: { subject: string; text: string }[] };
      const mail = body.messages.find((m) => subject.test(m.subject));
      code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/**
 * The browser logs the refusals these screens are built to handle (a wrong code, a taken email,
 * a common password, a wrong password): those leave the shared console-error check; any other
 * error still fails the test.
 */
const REFUSAL =
  /Failed to load resource: the server responded with a status of (400|401|403|409|429)/;
function allowRefusals(consoleErrors: string[]) {
  const others = consoleErrors.filter((e) => !REFUSAL.test(e));
  consoleErrors.splice(0, consoleErrors.length, ...others);
}

/** An administrator approves a registered person (REGISTRATION=approval). */
async function approve(request: APIRequestContext, email: string) {
  const token = await apiToken(request, ADMIN.email, ADMIN.password);
  const headers = { Authorization: `Bearer ${token}` };
  const found = await request.get('/api/users', { params: { q: email }, headers });
  const id = ((await found.json()) as { users: { id: string }[] }).users[0]!.id;
  const res = await request.patch(`/api/users/${id}`, { data: { status: 'active' }, headers });
  expect(res.status(), await res.text()).toBe(200);
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dashboard\//, { timeout: 15_000 });
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
}

test('register, verify with the mailed code, sign out and in, reset the password', async ({
  page,
  request,
  consoleErrors,
}) => {
  // A long journey (two mails, four sign-ins); the machine running it may be busy.
  test.setTimeout(180_000);
  const email = `e2e-${unique()}@example.com`;
  const password = 'violet-harbour-lantern-7';
  const newPassword = 'quiet-meadow-copper-42';

  // Register: a newcomer is welcomed (not "welcome back"); the policy is shown as you type, the
  // terms box is required.
  await page.goto('/auth/register');
  await expect(page.getByText('Welcome aboard')).toBeVisible();
  await expect(page.getByText('Hi, welcome back')).toHaveCount(0);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Tester');
  await page.getByLabel('Email address').fill(email);
  const passwordBox = page.getByLabel('Password', { exact: true });
  await passwordBox.fill('short');
  await expect(page.getByTestId('password-rule-length')).toHaveAttribute('data-state', 'failed');
  await passwordBox.fill(email);
  await expect(page.getByTestId('password-rule-notEmail')).toHaveAttribute('data-state', 'failed');
  // A common password is refused by the server and the checklist remembers it.
  await passwordBox.fill('password123');
  await page.getByRole('checkbox').check();
  await page.getByTestId('register-submit').click();
  await expect(
    page.getByText('This password is too easy to guess; choose another one'),
  ).toBeVisible();
  await expect(page.getByTestId('password-rule-notCommon')).toHaveAttribute('data-state', 'failed');

  await passwordBox.fill(password);
  await expect(page.getByTestId('password-rule-length')).toHaveAttribute('data-state', 'ok');
  await page.getByTestId('register-submit').click();
  await expect(page).toHaveURL(
    new RegExp(`/auth/verify\\?email=${escapeRe(encodeURIComponent(email))}`),
  );

  // A wrong code is refused next to the boxes; the right one submits itself once complete.
  const code = await mailedCode(request, email, /verification/i);
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByTestId('code-box-1').click();
  await page.keyboard.type(wrong);
  await expect(page.getByText('The code is wrong or has expired')).toBeVisible();
  await page.getByTestId('code-box-1').click();
  await page.keyboard.type(code);
  await expect(page).toHaveURL(/\/dashboard\//, { timeout: 15_000 });
  await expect(page.getByTestId('verify-email-banner')).toHaveCount(0);
  // REGISTRATION=approval (the default): verified, the account waits for an administrator and
  // can use nothing but itself; once approved, the screens open.
  await expect(page.getByTestId('limited-account')).toContainText('Waiting for approval');
  await approve(request, email);
  await page.reload();
  await expect(page.getByTestId('limited-account')).toHaveCount(0);

  await signOut(page);
  await signIn(page, email, password);
  await signOut(page);

  // Reset: the same neutral answer, then the code (pasted whole) and a new password.
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/auth\/reset-password/);
  await page.getByLabel('Email address').fill(email);
  await page.getByTestId('reset-submit').click();
  await expect(page).toHaveURL(
    new RegExp(`/auth/new-password\\?email=${escapeRe(encodeURIComponent(email))}`),
  );
  const resetCode = await mailedCode(request, email, /reset/i);
  await page.getByTestId('code-box-1').evaluate((input, value) => {
    const data = new DataTransfer();
    data.setData('text', value);
    input.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, resetCode);
  for (let i = 0; i < 6; i++) {
    await expect(page.getByTestId(`code-box-${i + 1}`)).toHaveValue(resetCode[i]!);
  }
  await expect(page.getByLabel('New password', { exact: true })).toBeFocused();
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(`${newPassword}x`);
  await page.getByTestId('new-password-submit').click();
  await expect(page.getByText('The passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByTestId('new-password-submit').click();
  await expect(page).toHaveURL(/\/auth\/login/);

  // The old password no longer works; the new one does.
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByTestId('login-submit').click();
  await expect(
    page.getByRole('alert').filter({ hasText: /wrong email or password/i }),
  ).toBeVisible();
  await signIn(page, email, newPassword);
  allowRefusals(consoleErrors);
});

test('a person without the admin role is refused the audit screen; an administrator reads it', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const email = `e2e-${unique()}@example.com`;
  const password = 'amber-orchard-window-5';
  const answer = await request.post('/api/account/register', {
    data: { email, password, firstName: 'Uma', lastName: 'User' },
  });
  expect(answer.status()).toBe(201);

  // The same address cannot register twice; the form says so next to the field.
  await page.goto('/auth/register');
  await page.getByLabel('First name').fill('Uma');
  await page.getByLabel('Last name').fill('Again');
  await page.getByLabel('Email address').fill(email.toUpperCase());
  await page.getByLabel('Password', { exact: true }).fill('another-long-passphrase');
  await page.getByRole('checkbox').check();
  await page.getByTestId('register-submit').click();
  await expect(page.getByText('An account with this email already exists')).toBeVisible();
  await expect(page.getByLabel('Email address')).toBeFocused();

  await signIn(page, email, password);
  // Unverified and not approved: every screen but the own account says so, with the way out.
  const limited = page.getByTestId('limited-account');
  await expect(limited).toContainText('Verify your email first');
  await expect(limited.getByRole('link', { name: 'Enter the code' })).toHaveAttribute(
    'href',
    `/auth/verify?email=${encodeURIComponent(email)}`,
  );
  // An administrator approves the account although the address is not verified yet: the
  // dashboard then offers to verify, and the offer can be dismissed.
  await approve(request, email);
  await page.reload();
  const banner = page.getByTestId('verify-email-banner');
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Verify now' })).toHaveAttribute(
    'href',
    `/auth/verify?email=${encodeURIComponent(email)}`,
  );
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toHaveCount(0);

  await page.goto('/dashboard/admin/audit');
  await expect(page).toHaveURL(/\/dashboard\/permission-denied/);
  await expect(page.getByTestId('permission-denied')).toBeVisible();
  await signOut(page);

  await signIn(page, ADMIN.email, ADMIN.password);
  // The dashboard has started (its account loaded) before this page is left for another.
  await expect(page.getByRole('button', { name: 'Account', exact: true })).toBeVisible();
  await page.goto('/dashboard/admin/audit');
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  await expect(page.getByTestId('audit-row').first()).toBeVisible({ timeout: 15_000 });
  // The filter is kept in the URL.
  const actionFilter = page.getByRole('combobox', { name: 'Action' });
  await actionFilter.fill('auth.register');
  await actionFilter.press('Enter');
  await expect(page).toHaveURL(/action=auth\.register/);
  await expect(page.getByTestId('audit-row').first()).toContainText('Registered');
  await page.getByRole('tab', { name: 'Mail outbox' }).click();
  await page.getByLabel('Recipient').fill(email);
  await expect(page).toHaveURL(new RegExp(`to=${escapeRe(encodeURIComponent(email))}`));
  // The code, then the notice that an administrator approved the account.
  await expect(page.getByTestId('outbox-row')).toHaveCount(2);
  await expect(page.getByTestId('outbox-row').first()).toContainText('Your account is approved');
  await page
    .getByTestId('outbox-row')
    .filter({ hasText: 'Your verification code' })
    .getByRole('button', { name: 'Show the message' })
    .click();
  await expect(page.getByTestId('outbox-text')).toContainText(/\d{6}/);
  allowRefusals(consoleErrors);
});

// Token expiry ('Token expired', then the login route) is covered by shell.spec.ts.

for (const v of VARIANTS) {
  test(`auth and audit screens in ${v.name}`, async ({ page, consoleErrors }) => {
    test.setTimeout(120_000);
    await applyVariant(page.context(), v);
    await page.setViewportSize({ width: v.width, height: v.height });
    // A phone shot is one screen high; a whole long list at 390 px is unreadable.
    const photo = (name: string) =>
      shot(page, `auth-${name}-${v.name}`, { fullPage: v.width >= 600 });
    const label = (name: string) => `${name} in ${v.name}`;

    await page.goto('/auth/register');
    await page.getByTestId('register-submit').click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    await page.locator('input[name="password"]').fill('short-pw');
    await photo('register');
    await expectNoSideScroll(page, label('register'));

    await page.goto('/auth/verify?email=someone%40example.com');
    await page.getByTestId('code-box-1').click();
    await page.keyboard.type('123');
    await photo('verify');
    await expectNoSideScroll(page, label('verify'));

    await page.goto('/auth/reset-password');
    await photo('reset-password');
    await expectNoSideScroll(page, label('reset-password'));

    await page.goto('/auth/new-password?email=someone%40example.com');
    await page.getByTestId('new-password-submit').click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    // The first wrong field in screen order takes the focus: the code, before the password.
    await expect(page.getByTestId('code-box-1')).toBeFocused();
    await photo('new-password');
    await expectNoSideScroll(page, label('new-password'));

    await page.goto('/auth/login');
    await page.locator('input[name="email"]').fill(ADMIN.email);
    await page.locator('input[name="password"]').fill(ADMIN.password);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/dashboard\//, { timeout: 15_000 });
    await page.goto('/dashboard/admin/audit');
    // Generous: the lazy screen, the session check and the list load one after the other.
    await expect(page.getByTestId('audit-row').first()).toBeVisible({ timeout: 15_000 });
    await photo('audit-log');
    await expectNoSideScroll(page, label('audit-log'));
    await page.goto('/dashboard/admin/audit?tab=outbox');
    await expect(page.getByTestId('outbox-row').first()).toBeVisible({ timeout: 15_000 });
    await page.getByTestId('outbox-row').first().getByRole('button').click();
    await photo('outbox');
    await expectNoSideScroll(page, label('outbox'));
    allowRefusals(consoleErrors);
  });
}

test('a server that is briefly away at start-up is waited out; one that stays away signs out', async ({
  page,
  request,
  consoleErrors,
}) => {
  const token = await apiToken(request, ADMIN.email, ADMIN.password);
  await page.addInitScript((value) => window.localStorage.setItem('accessToken', value), token);
  let unavailable = 2;
  let calls = 0;
  await page.route('**/api/account/my-account/', async (route) => {
    calls += 1;
    if (unavailable-- > 0) await route.fulfill({ status: 503, json: { message: 'Restarting' } });
    else await route.continue();
  });
  await page.goto('/dashboard/app');
  await expect(page.getByRole('button', { name: 'Account', exact: true })).toBeVisible({
    timeout: 10_000,
  });
  expect(calls).toBe(3);
  await expect(page).toHaveURL(/\/dashboard\/app/);

  // Still away after every try: the person is signed out, as the spec asks.
  unavailable = 100;
  await page.reload();
  await expect(page).toHaveURL(/\/auth\/login/, { timeout: 15_000 });
  const others = consoleErrors.filter((e) => !/status of 503/.test(e));
  consoleErrors.splice(0, consoleErrors.length, ...others);
});
