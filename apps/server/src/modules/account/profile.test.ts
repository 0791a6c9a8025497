import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { outbox } from '../../db/schema/core.js';
import {
  ADMIN,
  call,
  createTestApp,
  login,
  registerUser,
  type TestApp,
} from '../../../test/helpers.js';

let t: TestApp;
let token: string;
const EMAIL = 'self@test.local';
const PASSWORD = 'a-long-unusual-password';

beforeAll(async () => {
  t = await createTestApp();
  token = (await registerUser(t.app, { email: EMAIL, firstName: 'Self', lastName: 'Service' }))
    .accessToken;
});
afterAll(async () => {
  await t.close();
});

async function lastCodeTo(email: string): Promise<string> {
  const [mail] = await t.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, email))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

describe('GET /api/account/profile', () => {
  it('answers my full record, with preferences and no hash', async () => {
    const res = await call(t.app, token, { method: 'GET', url: '/api/account/profile' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      email: EMAIL,
      name: 'Self Service',
      notificationPrefs: {},
      pendingEmail: null,
    });
    expect(res.json().user).not.toHaveProperty('passwordHash');
    expect((await t.app.inject({ method: 'GET', url: '/api/account/profile' })).statusCode).toBe(
      401,
    );
  });
});

describe('PATCH /api/account/my-account/', () => {
  it('changes my profile fields, links and preferences', async () => {
    const res = await call(t.app, token, {
      method: 'PATCH',
      url: '/api/account/my-account/',
      payload: {
        firstName: 'Selma',
        phone: '+84 90 123 4567',
        city: 'Hanoi',
        about: 'Hello there',
        isPublic: false,
        social: { linkedin: 'https://linkedin.example/in/selma', twitter: '' },
        notificationPrefs: { applicationNews: false },
        avatarUrl: '/uploads/aa-bb.webp',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      name: 'Selma Service',
      slug: 'selma-service',
      phone: '+84 90 123 4567',
      city: 'Hanoi',
      about: 'Hello there',
      isPublic: false,
      social: { linkedin: 'https://linkedin.example/in/selma' },
      notificationPrefs: { applicationNews: false },
      // Signed for the reader (decision 038).
      avatarUrl: expect.stringMatching(/^\/uploads\/aa-bb\.webp\?exp=\d+&u=/),
    });
    // Preferences merge; a cleared field becomes null.
    const more = await call(t.app, token, {
      method: 'PATCH',
      url: '/api/account/my-account/',
      payload: { notificationPrefs: { activityFollows: true }, city: '' },
    });
    expect(more.json().user.notificationPrefs).toEqual({
      applicationNews: false,
      activityFollows: true,
    });
    expect(more.json().user.city).toBeNull();
    const me = await call(t.app, token, { method: 'GET', url: '/api/account/my-account/' });
    expect(me.json().data.user).toMatchObject({
      firstName: 'Selma',
      phoneNumber: '+84 90 123 4567',
    });
  });

  it('names each invalid field', async () => {
    for (const [payload, field] of [
      [{ firstName: '' }, 'firstName'],
      [{ phone: 'no digits' }, 'phone'],
      [{ social: { linkedin: 'not a url' } }, 'social.linkedin'],
      [{ social: { myspace: 'https://x.example' } }, 'social'],
      [{ notificationPrefs: { applicationNews: 'no' } }, 'notificationPrefs.applicationNews'],
      [{ avatarUrl: 'javascript:alert(1)' }, 'avatarUrl'],
      [{ email: 'nope' }, 'email'],
    ] as const) {
      const res = await call(t.app, token, {
        method: 'PATCH',
        url: '/api/account/my-account/',
        payload,
      });
      expect(res.statusCode, field).toBe(400);
      expect(
        res.json().details.map((d: { field: string }) => d.field),
        field,
      ).toContain(field);
    }
    const empty = await call(t.app, token, {
      method: 'PATCH',
      url: '/api/account/my-account/',
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
  });

  it('answers a taken address as a free one, mails its owner instead of a code', async () => {
    const sentBefore = await t.database.db.select().from(outbox).where(eq(outbox.to, ADMIN.email));
    const res = await call(t.app, token, {
      method: 'PATCH',
      url: '/api/account/my-account/',
      payload: { email: ADMIN.email },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: EMAIL, pendingEmail: ADMIN.email });
    const sent = await t.database.db.select().from(outbox).where(eq(outbox.to, ADMIN.email));
    expect(sent).toHaveLength(sentBefore.length + 1);
    const notice = sent.find((m) => !sentBefore.some((b) => b.id === m.id))!;
    expect(notice.subject).toBe('Someone tried to use your email address');
    expect(notice.text).not.toMatch(/\b\d{6}\b/);
    // No code can take it: the address stays its owner's.
    const taken = await call(t.app, token, {
      method: 'POST',
      url: '/api/account/confirm-email',
      payload: { code: '123456' },
    });
    expect(taken.statusCode).toBe(400);
    await call(t.app, token, { method: 'POST', url: '/api/account/cancel-email' });
  });

  it('slows down an account trying many addresses (429 past AUTH_RATE_LIMIT)', async () => {
    const prober = await registerUser(t.app, {
      email: 'prober@test.local',
      firstName: 'Pro',
      lastName: 'Ber',
    });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await call(t.app, prober.accessToken, {
        method: 'PATCH',
        url: '/api/account/my-account/',
        payload: { email: `probe${i}@outside.example` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses.slice(10)).toEqual([429, 429]);
    const mailed = await t.database.db.select().from(outbox);
    expect(mailed.filter((m) => m.to.endsWith('@outside.example'))).toHaveLength(10);
  });

  it('is closed to an account not yet verified', async () => {
    const pending = await registerUser(
      t.app,
      { email: 'not.yet@test.local', firstName: 'Not', lastName: 'Yet' },
      { pending: true },
    );
    const res = await call(t.app, pending.accessToken, {
      method: 'PATCH',
      url: '/api/account/my-account/',
      payload: { email: 'outside@elsewhere.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().details[0]).toMatchObject({
      field: 'email',
      code: 'email_change_not_allowed',
    });
    const mailed = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, 'outside@elsewhere.example'));
    expect(mailed).toHaveLength(0);
  });

  it('changes my email only once the code mailed to the new address is confirmed', async () => {
    const NEW = 'self.new@test.local';
    const res = await call(t.app, token, {
      method: 'PATCH',
      url: '/api/account/my-account/',
      payload: { email: NEW },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: EMAIL, pendingEmail: NEW });
    const code = await lastCodeTo(NEW);

    const wrong = await call(t.app, token, {
      method: 'POST',
      url: '/api/account/confirm-email',
      payload: { code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0]).toMatchObject({ field: 'code', code: 'code_invalid' });
    const malformed = await call(t.app, token, {
      method: 'POST',
      url: '/api/account/confirm-email',
      payload: { code: '12' },
    });
    expect(malformed.statusCode).toBe(400);

    const ok = await call(t.app, token, {
      method: 'POST',
      url: '/api/account/confirm-email',
      payload: { code },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ email: NEW, pendingEmail: null, emailVerified: true });
    await login(t.app, NEW, PASSWORD);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { email: EMAIL, password: PASSWORD },
    });
    expect(old.statusCode).toBe(401);

    const again = await call(t.app, token, {
      method: 'POST',
      url: '/api/account/confirm-email',
      payload: { code },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().details[0].code).toBe('no_pending_email');
  });

  it('can cancel a pending email change', async () => {
    await call(t.app, token, {
      method: 'PATCH',
      url: '/api/account/my-account/',
      payload: { email: 'other.self@test.local' },
    });
    const res = await call(t.app, token, { method: 'POST', url: '/api/account/cancel-email' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.pendingEmail).toBeNull();
  });

  it('is refused without a session', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/account/my-account/',
      payload: { firstName: 'X' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/account/activity', () => {
  it('lists my own recent actions, newest first, and nobody else’s', async () => {
    const res = await call(t.app, token, { method: 'GET', url: '/api/account/activity?limit=5' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.activities.length).toBeGreaterThan(0);
    expect(body.activities.length).toBeLessThanOrEqual(5);
    expect(body.activities[0].action).toBe('account.email_change_requested');
    expect(body.total).toBeGreaterThanOrEqual(body.activities.length);
    const actions = body.activities.map((a: { action: string }) => a.action);
    expect(actions).not.toContain('auth.login_failed');
    const bad = await call(t.app, token, { method: 'GET', url: '/api/account/activity?limit=500' });
    expect(bad.statusCode).toBe(400);
  });
});
