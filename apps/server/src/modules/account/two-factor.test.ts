import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import {
  ADMIN,
  call,
  createTestApp,
  login,
  registerUser,
  type TestApp,
} from '../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const codeAt = (secret: string, offsetSeconds = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + offsetSeconds * 1000,
  });

async function signIn(email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/account/login', payload: { email, password } });
}

async function enable(token: string, password: string) {
  const setup = await call(t.app, token, {
    method: 'POST',
    url: '/api/account/2fa/setup',
    payload: { password },
  });
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUri, qrSvg } = setup.json();
  expect(otpauthUri).toMatch(/^otpauth:\/\/totp\//);
  expect(qrSvg).toMatch(/^<svg/);
  const enabled = await call(t.app, token, {
    method: 'POST',
    url: '/api/account/2fa/enable',
    payload: { code: codeAt(secret) },
  });
  expect(enabled.statusCode).toBe(200);
  return { secret: secret as string, recoveryCodes: enabled.json().recoveryCodes as string[] };
}

describe('two-factor sign-in', () => {
  it('asks for a code after the password; a code works once; recovery codes work once each', async () => {
    const email = 'twofa@test.local';
    const password = 'second-password-two';
    const { accessToken } = await registerUser(t.app, { email, password });
    const wrongPassword = await call(t.app, accessToken, {
      method: 'POST',
      url: '/api/account/2fa/setup',
      payload: { password: 'nope-nope-nope' },
    });
    expect(wrongPassword.statusCode).toBe(400);
    const { secret, recoveryCodes } = await enable(accessToken, password);
    expect(recoveryCodes).toHaveLength(10);

    const step1 = await signIn(email, password);
    expect(step1.statusCode).toBe(200);
    expect(step1.json()).toMatchObject({ mfaRequired: true });
    expect(step1.json().accessToken).toBeUndefined();
    const { mfaToken } = step1.json();

    // The mfa token is no access token.
    expect(
      (await call(t.app, mfaToken, { method: 'GET', url: '/api/account/my-account/' })).statusCode,
    ).toBe(401);

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/account/login/2fa',
      payload: { mfaToken, code: '000000' === codeAt(secret, 30) ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0].field).toBe('code');

    // The next step's code (the one used at enable time is spent).
    const next = codeAt(secret, 30);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/account/login/2fa',
      payload: { mfaToken, code: next },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ email, twoFactorEnabled: true });
    // Replayed, the same code is refused.
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/account/login/2fa',
      payload: { mfaToken: (await signIn(email, password)).json().mfaToken, code: next },
    });
    expect(replay.statusCode).toBe(400);

    const recovery = recoveryCodes[0]!;
    const byRecovery = await t.app.inject({
      method: 'POST',
      url: '/api/account/login/2fa',
      payload: { mfaToken: (await signIn(email, password)).json().mfaToken, code: recovery },
    });
    expect(byRecovery.statusCode).toBe(200);
    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/account/login/2fa',
      payload: {
        mfaToken: (await signIn(email, password)).json().mfaToken,
        code: recovery.toUpperCase().replace('-', ''),
      },
    });
    expect(twice.statusCode).toBe(400);

    const status = await call(t.app, ok.json().accessToken, {
      method: 'GET',
      url: '/api/account/2fa',
    });
    expect(status.json().twoFactor).toEqual({
      enabled: true,
      recoveryCodesLeft: 9,
      required: false,
    });

    // Turned off with the password, sign-in is one step again.
    const off = await call(t.app, ok.json().accessToken, {
      method: 'POST',
      url: '/api/account/2fa/disable',
      payload: { password },
    });
    expect(off.statusCode).toBe(200);
    expect((await signIn(email, password)).json().accessToken).toBeTypeOf('string');
  });

  it('slows down guessing of the six digits', async () => {
    const email = 'guessed@test.local';
    const password = 'first-password-one';
    const { accessToken } = await registerUser(t.app, { email, password });
    await enable(accessToken, password);
    const { mfaToken } = (await signIn(email, password)).json();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/login/2fa',
        payload: { mfaToken, code: String(100000 + i) },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toContain(429);
  });

  it('REQUIRE_2FA_FOR_ADMINS: an administrator without it keeps only their account', async () => {
    const strict = await createTestApp({ require2faForAdmins: true });
    try {
      const { accessToken, user } = await login(strict.app);
      expect(user).toMatchObject({ limited: 'needs_2fa' });
      const users = await call(strict.app, accessToken, { method: 'GET', url: '/api/users' });
      expect(users.statusCode).toBe(403);
      expect(users.json().code).toBe('ACCOUNT_NEEDS_2FA');
      const setup = await call(strict.app, accessToken, {
        method: 'POST',
        url: '/api/account/2fa/setup',
        payload: { password: ADMIN.password },
      });
      const { secret } = setup.json();
      await call(strict.app, accessToken, {
        method: 'POST',
        url: '/api/account/2fa/enable',
        payload: { code: codeAt(secret) },
      });
      expect(
        (await call(strict.app, accessToken, { method: 'GET', url: '/api/users' })).statusCode,
      ).toBe(200);
      const off = await call(strict.app, accessToken, {
        method: 'POST',
        url: '/api/account/2fa/disable',
        payload: { password: ADMIN.password },
      });
      expect(off.statusCode).toBe(403);
    } finally {
      await strict.close();
    }
  });
});
