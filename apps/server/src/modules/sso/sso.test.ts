import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  call,
  createTestApp,
  login,
  registerUser,
  type TestApp,
} from '../../../test/helpers.js';
import {
  CookieJar,
  signInAtProvider,
  startTestProvider,
  step,
  type TestProvider,
} from '../../../test/oidc-provider.js';

const ACCOUNTS = {
  jane: {
    email: 'Jane.Doe@acme.test',
    email_verified: true,
    given_name: 'Jane',
    family_name: 'Doe',
    name: 'Jane Doe',
    groups: ['staff', 'bo-editors'],
  },
  plain: { email: 'plain@acme.test', email_verified: true, name: 'Plain Person', groups: [] },
  outsider: { email: 'mallory@elsewhere.test', email_verified: true, name: 'Mallory' },
  unverified: { email: 'late@acme.test', email_verified: false, name: 'Late' },
  admin: { email: ADMIN.email, email_verified: true, name: 'The Admin' },
};

describe('single sign-on (OpenID Connect)', () => {
  let provider: TestProvider;
  let t: TestApp;
  let base: string;
  let adminToken: string;

  beforeAll(async () => {
    provider = await startTestProvider(ACCOUNTS);
    t = await createTestApp({
      sso: {
        providers: [
          {
            name: 'corp',
            label: 'Acme ID',
            issuer: provider.issuer,
            clientId: provider.clientId,
            clientSecret: provider.clientSecret,
            roleClaim: 'groups',
            scopes: 'openid email profile',
          },
        ],
        allowedDomains: ['acme.test'],
        defaultRole: 'user',
        only: false,
        breakGlassEmail: ADMIN.email,
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    provider.allowRedirect(`${base}/api/auth/sso/corp/callback`);
    adminToken = (await login(t.app)).accessToken;
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  const countPeople = async (email: string) =>
    (
      await t.database.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM users WHERE email = $1',
        [email.toLowerCase()],
      )
    )[0]!.n;

  /** Start → the provider's login → back to the callback URL (not yet opened). */
  async function roundTrip(jar: CookieJar, login: string, returnTo?: string) {
    const start = await step(
      jar,
      `${base}/api/auth/sso/corp/start${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`,
    );
    expect(start.status).toBe(302);
    const to = new URL(start.headers.get('location')!);
    expect(to.origin).toBe(provider.issuer);
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('state')).toBeTruthy();
    expect(to.searchParams.get('nonce')).toBeTruthy();
    return signInAtProvider(jar, to.href, login, (u) => u.origin === base);
  }

  async function callback(jar: CookieJar, url: URL) {
    const answer = await step(jar, url.href);
    expect(answer.status).toBe(302);
    return new URL(answer.headers.get('location')!, base);
  }

  async function exchange(code: string) {
    const res = await fetch(`${base}/api/auth/sso/exchange`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    return {
      status: res.status,
      body: (await res.json()) as {
        accessToken: string;
        msg: string;
        user: { id: string; email: string; role: string };
      },
    };
  }

  it('lists the configured providers for the sign-in page, publicly', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/sso' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ providers: [{ name: 'corp', label: 'Acme ID' }], ssoOnly: false });
  });

  it('lets the administrator edit the claim → role table (validated, audited)', async () => {
    const bad = await call(t.app, adminToken, {
      method: 'PUT',
      url: '/api/admin/sso/mappings',
      payload: { mappings: [{ provider: 'corp', claimValue: 'x', role: 'no-such-role' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('mappings.0.role');
    const unknown = await call(t.app, adminToken, {
      method: 'PUT',
      url: '/api/admin/sso/mappings',
      payload: { mappings: [{ provider: 'other', claimValue: 'x', role: 'user' }] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details[0].field).toBe('mappings.0.provider');
    const ok = await call(t.app, adminToken, {
      method: 'PUT',
      url: '/api/admin/sso/mappings',
      payload: {
        mappings: [
          { provider: 'corp', claimValue: 'bo-editors', role: 'editor' },
          { provider: 'corp', claimValue: 'staff', role: 'user' },
        ],
      },
    });
    expect(ok.statusCode).toBe(200);
    const got = await call(t.app, adminToken, { method: 'GET', url: '/api/admin/sso/mappings' });
    expect(got.json()).toEqual({
      providers: [{ name: 'corp', label: 'Acme ID', claim: 'groups' }],
      mappings: [
        { provider: 'corp', claimValue: 'bo-editors', role: 'editor' },
        { provider: 'corp', claimValue: 'staff', role: 'user' },
      ],
      defaultRole: 'user',
    });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/sso/mappings' });
    expect(anonymous.statusCode).toBe(401);
    const person = await registerUser(t.app, { email: 'someone@test.local' });
    const denied = await call(t.app, person.accessToken, {
      method: 'PUT',
      url: '/api/admin/sso/mappings',
      payload: { mappings: [] },
    });
    expect(denied.statusCode).toBe(403);
    const audited = await t.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'sso.mappings_replaced'",
    );
    expect(audited[0]!.n).toBe(1);
  });

  it('first sign-in creates the person, verified and approved, with the mapped role', async () => {
    const jar = new CookieJar();
    const back = await roundTrip(jar, 'jane', '/dashboard/user/account');
    const done = await callback(jar, back);
    expect(done.pathname).toBe('/auth/sso/done');
    const fragment = new URLSearchParams(done.hash.slice(1));
    expect(fragment.get('returnTo')).toBe('/dashboard/user/account');
    const code = fragment.get('code')!;
    expect(code.length).toBeGreaterThan(20);
    // The state cookie is gone once used.
    expect(jar.get(base, 'bo_sso_state')).toBeUndefined();

    const signedIn = await exchange(code);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.msg).toBe('Login success');
    expect(signedIn.body.user).toMatchObject({
      email: 'jane.doe@acme.test',
      firstName: 'Jane',
      lastName: 'Doe',
      role: 'editor',
    });
    const me = await fetch(`${base}/api/account/my-account/`, {
      headers: { authorization: `Bearer ${signedIn.body.accessToken}` },
    });
    expect(me.status).toBe(200);
    const [row] = await t.database.query<{
      status: string;
      email_verified: boolean;
      password_hash: string | null;
    }>('SELECT status, email_verified, password_hash FROM users WHERE email = $1', [
      'jane.doe@acme.test',
    ]);
    expect(row).toEqual({ status: 'active', email_verified: true, password_hash: null });

    // The code works once.
    expect((await exchange(code)).status).toBe(400);

    // Next time the same person, not a second one.
    const again = new CookieJar();
    const second = await exchange(
      new URLSearchParams(
        (await callback(again, await roundTrip(again, 'jane'))).hash.slice(1),
      ).get('code')!,
    );
    expect(second.status).toBe(200);
    expect(second.body.user.id).toBe(signedIn.body.user.id);
    expect(await countPeople('jane.doe@acme.test')).toBe(1);

    // No password to change, nor two-factor sign-in to set up with one.
    const change = await fetch(`${base}/api/account/change-password`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${signedIn.body.accessToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        currentPassword: 'anything-at-all',
        newPassword: 'x-long-new-pass-91',
      }),
    });
    expect(change.status).toBe(400);
  });

  it('gives the default role when no mapping matches', async () => {
    const jar = new CookieJar();
    const done = await callback(jar, await roundTrip(jar, 'plain'));
    const signedIn = await exchange(new URLSearchParams(done.hash.slice(1)).get('code')!);
    expect(signedIn.body.user.role).toBe('user');
  });

  it('signs an existing person in by their address (no new account)', async () => {
    const jar = new CookieJar();
    const done = await callback(jar, await roundTrip(jar, 'admin'));
    const signedIn = await exchange(new URLSearchParams(done.hash.slice(1)).get('code')!);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.email).toBe(ADMIN.email);
    expect(signedIn.body.user.role).toBe('admin');
    expect(await countPeople(ADMIN.email)).toBe(1);
  });

  it('refuses a wrong state: a clear page, no person created', async () => {
    await t.database.query('DELETE FROM users WHERE email = $1', ['plain@acme.test']);
    const jar = new CookieJar();
    const back = await roundTrip(jar, 'plain');
    const forged = new URL(back);
    forged.searchParams.set('state', 'not-the-state-we-sent');
    const done = await callback(jar, forged);
    expect(done.pathname).toBe('/auth/sso/done');
    expect(done.searchParams.get('error')).toBe('state_invalid');
    expect(done.hash).toBe('');
    expect(await countPeople('plain@acme.test')).toBe(0);

    // Another browser (without the state cookie) cannot finish someone's round trip either.
    const jar2 = new CookieJar();
    const back2 = await roundTrip(jar2, 'plain');
    const elsewhere = await callback(new CookieJar(), back2);
    expect(elsewhere.searchParams.get('error')).toBe('state_invalid');
    expect(await countPeople('plain@acme.test')).toBe(0);
  });

  it('refuses a replayed code', async () => {
    const jar = new CookieJar();
    const back = await roundTrip(jar, 'plain');
    const first = await callback(jar, back);
    expect(first.searchParams.get('error')).toBeNull();
    await t.database.query('DELETE FROM users WHERE email = $1', ['plain@acme.test']);

    // The same callback again: its state was used.
    jar.set(base, 'bo_sso_state', back.searchParams.get('state')!);
    const replay = await callback(jar, back);
    expect(replay.searchParams.get('error')).toBe('state_invalid');

    // The code under a fresh state of this browser: the provider refuses it (used, other PKCE).
    const fresh = new CookieJar();
    const start = await step(fresh, `${base}/api/auth/sso/corp/start`);
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const replayed = new URL(back);
    replayed.searchParams.set('state', state);
    const refused = await callback(fresh, replayed);
    expect(refused.searchParams.get('error')).toBe('code_invalid');
    expect(await countPeople('plain@acme.test')).toBe(0);
  });

  it('refuses a domain that is not allowed, and an unverified address', async () => {
    const jar = new CookieJar();
    const done = await callback(jar, await roundTrip(jar, 'outsider'));
    expect(done.pathname).toBe('/auth/sso/done');
    expect(done.searchParams.get('error')).toBe('not_allowed');
    expect(await countPeople('mallory@elsewhere.test')).toBe(0);
    const refused = await t.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'auth.sso_refused' AND meta->>'reason' = 'not_allowed'",
    );
    expect(refused[0]!.n).toBe(1);

    const jar2 = new CookieJar();
    const late = await callback(jar2, await roundTrip(jar2, 'unverified'));
    expect(late.searchParams.get('error')).toBe('email_unverified');
    expect(await countPeople('late@acme.test')).toBe(0);
  });

  it('lets in an invited address of another domain, with the invited role, and closes the invitation', async () => {
    const invited = await call(t.app, adminToken, {
      method: 'POST',
      url: '/api/invitations',
      payload: { emails: ['mallory@elsewhere.test'], role: 'admin' },
    });
    expect(invited.statusCode).toBe(201);
    const jar = new CookieJar();
    const done = await callback(jar, await roundTrip(jar, 'outsider'));
    expect(done.searchParams.get('error')).toBeNull();
    const signedIn = await exchange(new URLSearchParams(done.hash.slice(1)).get('code')!);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.email).toBe('mallory@elsewhere.test');
    expect(signedIn.body.user.role).toBe('admin');
    const list = await call(t.app, adminToken, {
      method: 'GET',
      url: '/api/invitations?state=all',
    });
    const row = (list.json().invitations as Array<{ email: string; state: string }>).find(
      (i) => i.email === 'mallory@elsewhere.test',
    );
    expect(row?.state).toBe('accepted');
  });

  it('answers 404 for a provider that is not configured, 400 for a bad return path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/sso/nope/start' });
    expect(res.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/auth/sso/corp/start?returnTo=//evil.test/',
    });
    expect(bad.statusCode).toBe(400);
    const ex = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sso/exchange',
      payload: { code: 'x'.repeat(43) },
    });
    expect(ex.statusCode).toBe(400);
    expect(ex.json().details[0].field).toBe('code');
  });
});

describe('OIDC_ONLY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      sso: {
        providers: [
          {
            name: 'oidc',
            label: 'Acme ID',
            issuer: 'http://127.0.0.1:9/',
            clientId: 'x',
            roleClaim: 'groups',
            scopes: 'openid',
          },
        ],
        allowedDomains: [],
        defaultRole: 'user',
        only: true,
        breakGlassEmail: ADMIN.email,
      },
    });
  }, 60_000);
  afterAll(async () => t?.close());

  it('turns password sign-in off for everyone but the break-glass administrator', async () => {
    // A person with a password, made by the administrator (break-glass sign-in still works).
    const admin = await login(t.app);
    const made = await call(t.app, admin.accessToken, {
      method: 'POST',
      url: '/api/users',
      payload: {
        email: 'someone@test.local',
        firstName: 'Some',
        lastName: 'One',
        emailVerified: true,
        password: 'a-long-unusual-password-7',
      },
    });
    expect(made.statusCode).toBe(201);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { email: 'someone@test.local', password: 'a-long-unusual-password-7' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PASSWORD_SIGNIN_OFF');
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: {
        email: 'new@test.local',
        password: 'a-long-unusual-password',
        firstName: 'N',
        lastName: 'P',
      },
    });
    expect(register.statusCode).toBe(403);
    const breakGlass = await login(t.app);
    expect(breakGlass.user.role).toBe('admin');
    const providers = await t.app.inject({ method: 'GET', url: '/api/auth/sso' });
    expect(providers.json()).toEqual({
      providers: [{ name: 'oidc', label: 'Acme ID' }],
      ssoOnly: true,
    });
  });
});
