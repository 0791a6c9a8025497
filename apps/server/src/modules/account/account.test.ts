import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { and, desc, eq } from 'drizzle-orm';
import { outbox, sessions } from '../../db/schema/core.js';
import { codeMail } from '../../lib/auth-codes.js';
import {
  ADMIN,
  bearer,
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

/** The newest code mailed for one purpose: registration mails a verification code in the same
 * millisecond as a reset may, so the subject, not the clock, tells them apart. The reset mail is
 * sent after the answer (a background task, so timing reveals nothing): wait for it a moment. */
async function lastCode(email: string, purpose: 'verify' | 'reset' = 'verify'): Promise<string> {
  const { subject } = codeMail(purpose, '000000');
  for (let attempt = 0; attempt < 50; attempt++) {
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, email), eq(outbox.subject, subject)))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code mailed to ${email}`);
}

describe('login', () => {
  it('answers accessToken, user and msg, and the token opens my-account', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/account/login', payload: ADMIN });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.msg).toBeTypeOf('string');
    expect(body.user).toMatchObject({
      email: ADMIN.email,
      role: 'admin',
      displayName: 'Administrator',
    });
    expect(body.user).not.toHaveProperty('passwordHash');
    for (const key of [
      'photoURL',
      'phoneNumber',
      'country',
      'address',
      'state',
      'city',
      'zipCode',
      'about',
      'isPublic',
    ]) {
      expect(body.user).toHaveProperty(key);
    }
    const payload = JSON.parse(Buffer.from(body.accessToken.split('.')[1], 'base64url').toString());
    expect(payload.exp).toBeGreaterThan(Date.now() / 1000);
    expect(payload.exp).toBeLessThan(Date.now() / 1000 + 24 * 3600);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/account/my-account/',
      headers: bearer(body.accessToken),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.user.email).toBe(ADMIN.email);
  });

  it('gives the same 401 message for a wrong password and an unknown email', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { ...ADMIN, password: 'nope-nope-nope' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { email: 'ghost@test.local', password: 'nope-nope-nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
    expect(wrong.json()).toMatchObject({
      statusCode: 401,
      error: 'Unauthorized',
      code: 'INVALID_CREDENTIALS',
    });
  });

  it('names the failing field on bad input', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { email: 'not-an-email', password: '' },
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().details.map((d: { field: string }) => d.field);
    expect(fields).toContain('email');
    expect(fields).toContain('password');
  });
});

describe('tokens', () => {
  it('refuses a missing, forged, altered or expired token', async () => {
    const { accessToken } = await login(t.app);
    const noToken = await t.app.inject({ method: 'GET', url: '/api/account/my-account/' });
    expect(noToken.statusCode).toBe(401);

    const [h, p, s] = accessToken.split('.');
    const altered = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), sub: '00000000-0000-0000-0000-000000000000' })).toString('base64url')}.${s}`;
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/account/my-account/',
          headers: bearer(altered),
        })
      ).statusCode,
    ).toBe(401);

    const forged = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('x')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/account/my-account/',
          headers: bearer(forged),
        })
      ).statusCode,
    ).toBe(401);

    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${p}.`;
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/account/my-account/',
          headers: bearer(none),
        })
      ).statusCode,
    ).toBe(401);

    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const expired = await new SignJWT({ sid: payload.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(payload.sub)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/account/my-account/',
      headers: bearer(expired),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'TOKEN_EXPIRED', message: 'Token expired' });
  });

  it('signing out ends the session before the token expires', async () => {
    const { accessToken } = await login(t.app);
    const out = await call(t.app, accessToken, { method: 'POST', url: '/api/account/logout' });
    expect(out.statusCode).toBe(200);
    const after = await call(t.app, accessToken, {
      method: 'GET',
      url: '/api/account/my-account/',
    });
    expect(after.statusCode).toBe(401);
  });
});

describe('register and verify', () => {
  it('creates a pending person, mails a code, and the code verifies the address once', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: {
        email: 'New.Person@Test.local',
        password: 'purple-elephant-42',
        firstName: 'New',
        lastName: 'Person',
      },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.accessToken).toBeTypeOf('string');
    expect(body.user).toMatchObject({
      email: 'new.person@test.local',
      role: 'user',
      status: 'pending',
      emailVerified: false,
    });

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/account/verify',
      payload: {
        email: 'new.person@test.local',
        code: '000000' === (await lastCode('new.person@test.local')) ? '111111' : '000000',
      },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0].field).toBe('code');

    const code = await lastCode('new.person@test.local');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/account/verify',
      payload: { email: 'new.person@test.local', code },
    });
    expect(ok.statusCode).toBe(200);
    const me = await call(t.app, body.accessToken, {
      method: 'GET',
      url: '/api/account/my-account/',
    });
    // REGISTRATION=approval (the default): verified, and waiting for an administrator.
    expect(me.json().data.user).toMatchObject({
      emailVerified: true,
      status: 'pending',
      limited: 'unapproved',
      permissions: ['account:self'],
    });
    // The same code again, or any code for a verified address, is the same refusal as a wrong
    // code: this call does not tell which addresses exist or are verified.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/account/verify',
      payload: { email: 'new.person@test.local', code },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().details[0]).toMatchObject({ field: 'code', code: 'code_invalid' });
  });

  it('answers 409 on a duplicate email and 400 naming the field on a weak password', async () => {
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: {
        email: ADMIN.email,
        password: 'purple-elephant-42',
        firstName: 'A',
        lastName: 'B',
      },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().details[0]).toMatchObject({ field: 'email', code: 'email_taken' });

    const common = await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: { email: 'c@test.local', password: 'password123', firstName: 'A', lastName: 'B' },
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().details[0]).toMatchObject({ field: 'password', code: 'password_common' });

    const short = await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: { email: 'c@test.local', password: 'short', firstName: '', lastName: 'B' },
    });
    expect(short.statusCode).toBe(400);
    const fields = short.json().details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['password', 'firstName']));
    expect(
      short.json().details.find((d: { field: string }) => d.field === 'password').params,
    ).toMatchObject({ minimum: 8 });

    const asEmail = await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: {
        email: 'longname@test.local',
        password: 'longname@test.local',
        firstName: 'A',
        lastName: 'B',
      },
    });
    expect(asEmail.json().details[0]).toMatchObject({
      field: 'password',
      code: 'password_is_email',
    });
  });
});

describe('password reset', () => {
  it('never reveals whether an account exists, and a mailed code sets a new password once', async () => {
    const { accessToken } = await registerUser(t.app, { email: 'reset.me@test.local' });
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/account/reset-password',
      payload: { email: 'reset.me@test.local' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/account/reset-password',
      payload: { email: 'nobody@test.local' },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());

    const code = await lastCode('reset.me@test.local', 'reset');
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/account/new-password',
      payload: { email: 'reset.me@test.local', code, password: 'brand-new-secret-77' },
    });
    expect(set.statusCode).toBe(200);
    // Old sessions are over; the new password works; the code cannot be used twice.
    expect(
      (await call(t.app, accessToken, { method: 'GET', url: '/api/account/my-account/' }))
        .statusCode,
    ).toBe(401);
    await login(t.app, 'reset.me@test.local', 'brand-new-secret-77');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/account/new-password',
      payload: { email: 'reset.me@test.local', code, password: 'another-new-secret-88' },
    });
    expect(again.statusCode).toBe(400);
  });
});

describe('sessions and password change', () => {
  it('lists my sessions, ends one, and a password change ends the others', async () => {
    const { accessToken: a } = await registerUser(t.app, {
      email: 'multi@test.local',
      password: 'first-password-one',
    });
    const { accessToken: b } = await login(t.app, 'multi@test.local', 'first-password-one');
    const { accessToken: c } = await login(t.app, 'multi@test.local', 'first-password-one');
    const list = await call(t.app, a, { method: 'GET', url: '/api/account/sessions' });
    expect(list.json().sessions).toHaveLength(3);
    expect(list.json().sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);

    const bId = (
      await t.database.db.select().from(sessions).orderBy(desc(sessions.createdAt)).limit(2)
    )[1]!.id;
    expect(
      (await call(t.app, a, { method: 'DELETE', url: `/api/account/sessions/${bId}` })).statusCode,
    ).toBe(200);
    expect(
      (await call(t.app, b, { method: 'GET', url: '/api/account/my-account/' })).statusCode,
    ).toBe(401);

    const wrong = await call(t.app, a, {
      method: 'POST',
      url: '/api/account/change-password',
      payload: { currentPassword: 'nope', newPassword: 'second-password-two' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0].field).toBe('currentPassword');
    const ok = await call(t.app, a, {
      method: 'POST',
      url: '/api/account/change-password',
      payload: { currentPassword: 'first-password-one', newPassword: 'second-password-two' },
    });
    expect(ok.statusCode).toBe(200);
    expect(
      (await call(t.app, a, { method: 'GET', url: '/api/account/my-account/' })).statusCode,
    ).toBe(200);
    expect(
      (await call(t.app, c, { method: 'GET', url: '/api/account/my-account/' })).statusCode,
    ).toBe(401);
  });
});

describe('roles', () => {
  it('refuses an admin-only call to a plain user with 403 and allows it to an admin', async () => {
    const { accessToken: user } = await registerUser(t.app, { email: 'plain@test.local' });
    const denied = await call(t.app, user, { method: 'GET', url: '/api/admin/audit' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'FORBIDDEN' });
    const { accessToken: admin } = await login(t.app);
    const allowed = await call(t.app, admin, {
      method: 'GET',
      url: '/api/admin/audit?action=auth.login',
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().entries.length).toBeGreaterThan(0);
    expect(allowed.json().entries[0]).toMatchObject({ action: 'auth.login' });
  });

  it('a role added as data gets its permissions without code changes', async () => {
    await t.database.query(
      `INSERT INTO roles (name, permissions) VALUES ('auditor', ARRAY['account:self','audit:read'])`,
    );
    const { user } = await registerUser(t.app, {
      email: 'auditor@test.local',
      password: 'auditor-password-1',
    });
    await t.database.query(`UPDATE users SET role = 'auditor' WHERE id = $1`, [user.id]);
    t.app.services.permissions.invalidate();
    const { accessToken } = await login(t.app, 'auditor@test.local', 'auditor-password-1');
    expect(
      (await call(t.app, accessToken, { method: 'GET', url: '/api/admin/audit' })).statusCode,
    ).toBe(200);
  });
});

describe('sign-in throttling', () => {
  it('slows the failing account and address pair with 429 and Retry-After within ten tries, while the owner signs in from elsewhere', async () => {
    await t.database.query('DELETE FROM rate_limits');
    const email = 'target@test.local';
    await registerUser(t.app, { email, password: 'target-password-1' });
    const attacker = { remoteAddress: '203.0.113.7' };
    const statuses: number[] = [];
    let retryAfter = 0;
    for (let i = 0; i < 10; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: { email, password: `wrong-${i}-password` },
        ...attacker,
      });
      statuses.push(r.statusCode);
      if (r.statusCode === 429) {
        retryAfter = Number(r.headers['retry-after']);
        expect(r.json().code).toBe('RATE_LIMITED');
      }
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses).toContain(429);
    expect(retryAfter).toBeGreaterThan(0);
    // Even the right password waits while the pair is slowed down…
    const slowed = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { email, password: 'target-password-1' },
      ...attacker,
    });
    expect(slowed.statusCode).toBe(429);
    // …but the owner, from a clean address, is not locked out.
    const owner = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { email, password: 'target-password-1' },
      remoteAddress: '198.51.100.20',
    });
    expect(owner.statusCode).toBe(200);
    await t.database.query('DELETE FROM rate_limits');
  });

  it('takes the client address from X-Forwarded-For only with TRUST_PROXY', async () => {
    await t.database.query('DELETE FROM rate_limits');
    const email = 'spoofer@test.local';
    await registerUser(t.app, { email, password: 'spoofer-password-9' });
    // Without TRUST_PROXY a forged header changes nothing: the pair stays the socket's address.
    let limited = false;
    for (let i = 0; i < 10 && !limited; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: { email, password: `wrong-${i}-password` },
        headers: { 'x-forwarded-for': `192.0.2.${i}` },
      });
      limited = r.statusCode === 429;
    }
    expect(limited).toBe(true);
    await t.database.query('DELETE FROM rate_limits');
  });
});
