import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { expect, plainTest as test } from './fixtures';
import { startTestProvider, type TestProvider } from './oidc-provider';
import { axeViolations } from './variants';

/**
 * Single sign-on, in the browser: a real OpenID provider (oidc-provider) runs in this worker on a
 * loopback port, and a server of this spec's own starts with OIDC_* pointing at it (the shared
 * e2e servers have no provider). Chromium clicks "Sign in with Acme ID", signs in at the
 * provider's page and lands signed in with the role the administrator mapped; an address of a
 * domain that is not allowed gets the clear refusal page.
 */

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const ADMIN = { email: 'admin@sso-e2e.local', password: 'e2e-Admin-pass-42' };
const ACCOUNTS = {
  jane: {
    email: 'jane@acme.test',
    email_verified: true,
    given_name: 'Jane',
    family_name: 'Doe',
    name: 'Jane Doe',
    groups: ['bo-editors'],
  },
  mallory: { email: 'mallory@elsewhere.test', email_verified: true, name: 'Mallory' },
};

let provider: TestProvider;
let server: ChildProcess | undefined;
let dataDir = '';
let base = '';

// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, workerInfo) => {
  // A fresh store migrates first: minutes on a busy machine.
  test.setTimeout(300_000);
  provider = await startTestProvider(ACCOUNTS);
  const port = 3180 + workerInfo.parallelIndex;
  base = `http://127.0.0.1:${port}`;
  provider.allowRedirect(`${base}/api/auth/sso/oidc/callback`);
  dataDir = mkdtempSync(path.join(tmpdir(), 'bo-e2e-sso-'));
  server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: repoRoot,
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_DATA: 'false',
      AUTH_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_NAME: 'Acme ID',
      OIDC_ALLOWED_DOMAINS: 'acme.test',
    },
  });
  for (let i = 0; ; i++) {
    const up = await fetch(`${base}/api/health/ready`).catch(() => null);
    if (up?.ok) break;
    if (i > 270) throw new Error('the SSO server did not start');
    await new Promise((r) => setTimeout(r, 1000));
  }
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await provider?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('Sign in with the provider creates the person with the mapped role', async ({ page }) => {
  test.setTimeout(120_000);
  // The app's own console stays clean (the provider's development page loads a web font and
  // has no favicon: its errors are not ours).
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && m.location().url.startsWith(base)) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  // The administrator maps the provider's group to a role.
  const signIn = await fetch(`${base}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const mapped = await fetch(`${base}/api/admin/sso/mappings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({
      mappings: [{ provider: 'oidc', claimValue: 'bo-editors', role: 'editor' }],
    }),
  });
  expect(mapped.status).toBe(200);

  await page.goto(`${base}/auth/login?returnTo=${encodeURIComponent('/dashboard/user/account')}`);
  const button = page.getByRole('link', { name: 'Sign in with Acme ID' });
  await expect(button).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await button.click();

  // The provider's own login page (development interactions: any password).
  await page.waitForURL(`${provider.issuer}/**`);
  await page.locator('input[name="login"]').fill('jane');
  await page.locator('input[name="password"]').fill('whatever');
  await page.getByRole('button', { name: 'Sign-in' }).click();

  await page.waitForURL(`${base}/dashboard/user/account**`);
  expect(page.url()).not.toContain('code=');
  const me = await page.evaluate(async () => {
    const token = window.localStorage.getItem('accessToken');
    const res = await fetch('/api/account/my-account/', {
      headers: { authorization: `Bearer ${token}` },
    });
    return (await res.json()) as { user: { email: string; role: string } };
  });
  expect(me.user).toMatchObject({ email: 'jane@acme.test', role: 'editor' });
  expect(errors).toEqual([]);
});

test('an address outside the allowed domains gets a clear refusal page', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${base}/auth/login`);
  await page.getByRole('link', { name: 'Sign in with Acme ID' }).click();
  await page.waitForURL(`${provider.issuer}/**`);
  await page.locator('input[name="login"]').fill('mallory');
  await page.locator('input[name="password"]').fill('whatever');
  await page.getByRole('button', { name: 'Sign-in' }).click();

  await page.waitForURL(`${base}/auth/sso/done?error=not_allowed`);
  await expect(page.getByRole('heading', { name: 'Sign-in refused' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Ask an administrator for an invitation');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(`${base}/auth/login`);
});

test('an invited address of another domain signs in with the provider from the invitation page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const signIn = await fetch(`${base}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const auth = { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` };
  const invited = await fetch(`${base}/api/invitations`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ emails: ['mallory@elsewhere.test'], role: 'editor' }),
  });
  expect(invited.status).toBe(201);
  const outbox = await fetch(`${base}/api/admin/outbox?to=mallory%40elsewhere.test`, {
    headers: auth,
  });
  const { messages } = (await outbox.json()) as { messages: Array<{ text: string }> };
  const link = /\/auth\/invite\/[\w-]+/.exec(messages[0]?.text ?? '')?.[0];
  expect(link).toBeTruthy();

  await page.goto(`${base}${link}`);
  await page.getByRole('link', { name: 'Sign in with Acme ID' }).click();
  await page.waitForURL(`${provider.issuer}/**`);
  await page.locator('input[name="login"]').fill('mallory');
  await page.locator('input[name="password"]').fill('whatever');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.waitForURL(`${base}/dashboard/**`);
  const me = await page.evaluate(async () => {
    const token = window.localStorage.getItem('accessToken');
    const res = await fetch('/api/account/my-account/', {
      headers: { authorization: `Bearer ${token}` },
    });
    return (await res.json()) as { user: { email: string; role: string } };
  });
  expect(me.user).toMatchObject({ email: 'mallory@elsewhere.test', role: 'editor' });
});
