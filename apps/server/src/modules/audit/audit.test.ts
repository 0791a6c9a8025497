import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, registerUser, type TestApp } from '../../../test/helpers.js';

/** The calls behind the administrators' audit screen: paging, filters, and who may read them. */
let t: TestApp;
let admin: string;
let user: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).accessToken;
  // Three people registered and approved: a verification mail and an approval mail each, three
  // `auth.register` entries.
  for (const name of ['ana', 'ben', 'cleo']) {
    const registered = await registerUser(t.app, { email: `${name}@outbox.test` });
    if (name === 'ana') user = registered.accessToken;
  }
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/admin/outbox', () => {
  it('lists the mail newest first with its total, and pages', async () => {
    const first = await call(t.app, admin, { method: 'GET', url: '/api/admin/outbox?limit=2' });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.total).toBe(6);
    expect(body.messages).toHaveLength(2);
    expect(body.messages.map((m: { to: string; subject: string }) => [m.to, m.subject])).toEqual([
      ['cleo@outbox.test', 'Your account is approved'],
      ['cleo@outbox.test', 'Your verification code'],
    ]);
    expect(body.messages[1]).toMatchObject({
      sentAt: null,
      error: null,
      status: 'kept',
      deliveries: [],
    });
    expect(body.messages[1].text).toMatch(/\b\d{6}\b/);
    const last = await call(t.app, admin, {
      method: 'GET',
      url: '/api/admin/outbox?limit=2&page=3',
    });
    expect(last.json().messages.map((m: { to: string }) => m.to)).toEqual([
      'ana@outbox.test',
      'ana@outbox.test',
    ]);
  });

  it('filters by recipient, whatever the case', async () => {
    const res = await call(t.app, admin, {
      method: 'GET',
      url: '/api/admin/outbox?to=BEN@Outbox.test',
    });
    expect(res.json().total).toBe(2);
    expect(res.json().messages[1]).toMatchObject({
      to: 'ben@outbox.test',
      subject: 'Your verification code',
    });
  });

  it('refuses a person without audit:read (403) and a stranger (401)', async () => {
    const denied = await call(t.app, user, { method: 'GET', url: '/api/admin/outbox' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/outbox' })).statusCode).toBe(401);
  });

  it('names the failing field of a bad query', async () => {
    const res = await call(t.app, admin, { method: 'GET', url: '/api/admin/outbox?limit=1000' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0]).toMatchObject({ field: 'limit', code: 'too_big' });
  });
});

describe('GET /api/admin/audit', () => {
  it('filters by action, pages and names the actor', async () => {
    const res = await call(t.app, admin, {
      method: 'GET',
      url: '/api/admin/audit?action=auth.register&limit=2',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(3);
    expect(body.entries).toHaveLength(2);
    expect(body.entries[0]).toMatchObject({ action: 'auth.register', actorName: 'Test Person' });
    expect(body.entries[0].id).toBeGreaterThan(body.entries[1].id);
  });

  it('records a failed sign-in with the address tried, and refuses plain users', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { email: 'nobody@outbox.test', password: 'wrong-password' },
    });
    const res = await call(t.app, admin, {
      method: 'GET',
      url: '/api/admin/audit?action=auth.login_failed',
    });
    expect(res.json().entries[0]).toMatchObject({
      actorId: null,
      actorName: null,
      meta: { email: 'nobody@outbox.test' },
    });
    expect((await call(t.app, user, { method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(
      403,
    );
  });
});
