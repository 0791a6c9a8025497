import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API } from '@bo/contract/admin';
import { INVITATIONS_API } from '@bo/contract/invitations';
import {
  ADMIN,
  call,
  createTestApp,
  login,
  mailedCode,
  registerPending,
  registerUser,
  type TestApp,
} from '../../../test/helpers.js';
import { acceptInvitation, findPendingInvitation } from './queries.js';

const PASSWORD = 'a-long-unusual-password';

describe('invitations', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://bo.example.test/' });
    admin = (await login(t.app)).accessToken;
  });
  afterAll(async () => {
    await t?.close();
  });

  const api = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
    token = admin,
  ) => call(t.app, token, { method, url, ...(payload === undefined ? {} : { payload }) });

  /** The newest message to `to`, read as an administrator reads it: the outbox API. */
  async function lastMail(to: string) {
    const res = await api('GET', `${ADMIN_API.outbox}?to=${encodeURIComponent(to)}`);
    expect(res.statusCode).toBe(200);
    const message = (res.json() as { messages: Array<{ subject: string; text: string }> })
      .messages[0];
    if (!message) throw new Error(`no mail to ${to}`);
    return message;
  }
  const tokenOf = (text: string) => /\/auth\/invite\/([\w-]+)/.exec(text)?.[1];

  async function auditActions(): Promise<string[]> {
    const rows = await t.database.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE action LIKE 'invitation.%' ORDER BY created_at`,
    );
    return rows.map((r) => r.action);
  }

  it('invites several addresses, mails each a link, and accepting one signs the person in, verified and approved with the role', async () => {
    const res = await api('POST', INVITATIONS_API.list, {
      emails: ['Ana@Example.test', 'ben@example.test', 'ana@example.test'],
      role: 'user',
      lang: 'fr',
    });
    expect(res.statusCode).toBe(201);
    const { invitations } = res.json() as {
      invitations: Array<{ id: string; email: string; state: string; role: string }>;
    };
    expect(invitations.map((i) => i.email)).toEqual(['ana@example.test', 'ben@example.test']);
    expect(invitations.every((i) => i.state === 'pending' && i.role === 'user')).toBe(true);

    const mail = await lastMail('ana@example.test');
    expect(mail.subject).toBe('Vous êtes invité(e) sur le back-office');
    expect(mail.text).toContain('https://bo.example.test/auth/invite/');
    const token = tokenOf(mail.text)!;
    expect(token).toBeTruthy();
    expect(tokenOf((await lastMail('ben@example.test')).text)).not.toBe(token);

    const listed = await api('GET', INVITATIONS_API.list);
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as { invitations: unknown[] }).invitations).toHaveLength(2);

    const preview = await t.app.inject({ method: 'GET', url: INVITATIONS_API.preview(token) });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      invitation: { email: 'ana@example.test', role: 'user', state: 'pending' },
    });

    const accepted = await t.app.inject({
      method: 'POST',
      url: INVITATIONS_API.accept,
      payload: { token, password: PASSWORD, firstName: 'Ana', lastName: 'Lima' },
    });
    expect(accepted.statusCode).toBe(200);
    const answer = accepted.json() as {
      accessToken: string;
      user: { email: string; role: string; status: string; emailVerified: boolean; limited: null };
      msg: string;
    };
    expect(answer.user).toMatchObject({
      email: 'ana@example.test',
      role: 'user',
      status: 'active',
      emailVerified: true,
      limited: null,
    });
    // The answer is a session: a following authenticated request succeeds.
    const me = await call(t.app, answer.accessToken, {
      method: 'GET',
      url: '/api/account/my-account/',
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe('ana@example.test');
    // And the password works for the next sign-in.
    expect((await login(t.app, 'ana@example.test', PASSWORD)).user.role).toBe('user');

    // Single use.
    const again = await t.app.inject({
      method: 'POST',
      url: INVITATIONS_API.accept,
      payload: { token, password: PASSWORD, firstName: 'Ana', lastName: 'Lima' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().details[0]).toMatchObject({ field: 'token', code: 'invitation_accepted' });
    const list = (await api('GET', INVITATIONS_API.list)).json() as {
      invitations: Array<{ email: string }>;
    };
    expect(list.invitations.map((i) => i.email)).toEqual(['ben@example.test']);
    expect(await auditActions()).toEqual([
      'invitation.created',
      'invitation.created',
      'invitation.accepted',
    ]);
  });

  it('refuses an address that has an account (naming emails and the address) and an unknown role (naming role)', async () => {
    const taken = await api('POST', INVITATIONS_API.list, {
      emails: ['new@example.test', ADMIN.email],
      role: 'user',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details[0]).toMatchObject({
      field: 'emails',
      code: 'email_taken',
      params: { email: ADMIN.email, index: 1 },
    });
    const role = await api('POST', INVITATIONS_API.list, {
      emails: ['new@example.test'],
      role: 'wizard',
    });
    expect(role.statusCode).toBe(400);
    expect(role.json().details[0]).toMatchObject({ field: 'role' });
    const bad = await api('POST', INVITATIONS_API.list, {
      emails: ['not-an-address'],
      role: 'user',
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().details)).toContain('emails');
    // Nothing was invited.
    expect(await findPendingInvitation(t.database.db, 'new@example.test')).toBeNull();
  });

  it('a revoked link and an expired link create no account; resend gives a new link', async () => {
    const res = await api('POST', INVITATIONS_API.list, {
      emails: ['gone@example.test', 'late@example.test'],
      role: 'user',
    });
    const [gone, late] = (res.json() as { invitations: Array<{ id: string }> }).invitations;
    const goneToken = tokenOf((await lastMail('gone@example.test')).text)!;
    const lateToken = tokenOf((await lastMail('late@example.test')).text)!;

    expect((await api('DELETE', INVITATIONS_API.one(gone!.id))).statusCode).toBe(200);
    const preview = await t.app.inject({ method: 'GET', url: INVITATIONS_API.preview(goneToken) });
    expect(preview.json().invitation.state).toBe('revoked');
    const refused = await t.app.inject({
      method: 'POST',
      url: INVITATIONS_API.accept,
      payload: { token: goneToken, password: PASSWORD, firstName: 'G', lastName: 'One' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0]).toMatchObject({ field: 'token', code: 'invitation_revoked' });

    await t.database.query(
      `UPDATE invitations SET expires_at = now() - interval '1 minute' WHERE id = $1`,
      [late!.id],
    );
    expect(
      (await t.app.inject({ method: 'GET', url: INVITATIONS_API.preview(lateToken) })).json()
        .invitation.state,
    ).toBe('expired');
    const expired = await t.app.inject({
      method: 'POST',
      url: INVITATIONS_API.accept,
      payload: { token: lateToken, password: PASSWORD, firstName: 'La', lastName: 'Te' },
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().details[0].code).toBe('invitation_expired');
    const unknown = await t.app.inject({
      method: 'GET',
      url: INVITATIONS_API.preview('no-such-token'),
    });
    expect(unknown.statusCode).toBe(404);
    const people = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE email IN ('gone@example.test', 'late@example.test')`,
    );
    expect(people[0]!.n).toBe(0);

    // Resending the expired one: a new link that works, the old one still does not.
    const resent = await api('POST', INVITATIONS_API.resend(late!.id));
    expect(resent.statusCode).toBe(200);
    expect(resent.json().invitation.state).toBe('pending');
    const newToken = tokenOf((await lastMail('late@example.test')).text)!;
    expect(newToken).not.toBe(lateToken);
    expect(
      (await t.app.inject({ method: 'GET', url: INVITATIONS_API.preview(lateToken) })).statusCode,
    ).toBe(404);
    const ok = await t.app.inject({
      method: 'POST',
      url: INVITATIONS_API.accept,
      payload: { token: newToken, password: PASSWORD, firstName: 'La', lastName: 'Te' },
    });
    expect(ok.statusCode).toBe(200);
    // A revoked invitation cannot be resent; an accepted one cannot be revoked.
    expect((await api('POST', INVITATIONS_API.resend(gone!.id))).statusCode).toBe(409);
    expect((await api('DELETE', INVITATIONS_API.one(late!.id))).statusCode).toBe(409);
    expect(await auditActions()).toEqual(
      expect.arrayContaining(['invitation.revoked', 'invitation.resent']),
    );
  });

  it('is for administrators only', async () => {
    const user = await registerUser(t.app, { email: 'plain@example.test' });
    const res = await api('GET', INVITATIONS_API.list, undefined, user.accessToken);
    expect(res.statusCode).toBe(403);
  });

  it('the SSO side can find and accept a pending invitation without a password', async () => {
    await api('POST', INVITATIONS_API.list, { emails: ['sso@example.test'], role: 'user' });
    const pending = await findPendingInvitation(t.database.db, 'SSO@example.test');
    expect(pending?.email).toBe('sso@example.test');
    const user = await t.database.db.transaction((tx) =>
      acceptInvitation(tx, { ip: '127.0.0.1', headers: {} }, pending!.id, {
        firstName: 'Sam',
        lastName: 'Sso',
        passwordHash: null,
      }),
    );
    expect(user).toMatchObject({ status: 'active', emailVerified: true, role: 'user' });
    expect(await findPendingInvitation(t.database.db, 'sso@example.test')).toBeNull();
  });

  it('approving a pending account mails the person, in their language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      headers: { 'accept-language': 'vi-VN,vi;q=0.9,en;q=0.5' },
      payload: {
        email: 'waiting@example.test',
        password: PASSWORD,
        firstName: 'Wai',
        lastName: 'Ting',
      },
    });
    expect(res.statusCode).toBe(201);
    const id = (res.json() as { user: { id: string } }).user.id;
    await t.app.inject({
      method: 'POST',
      url: '/api/account/verify',
      payload: {
        email: 'waiting@example.test',
        code: await mailedCode(t.app, 'waiting@example.test'),
      },
    });
    const approved = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/users/${id}`,
      payload: { status: 'active' },
    });
    expect(approved.statusCode).toBe(200);
    const mail = await lastMail('waiting@example.test');
    expect(mail.subject).toBe('Tài khoản của bạn đã được duyệt');
    expect(mail.text).toContain('https://bo.example.test/dashboard');

    // English without a language.
    const other = await registerPending(t.app, { email: 'plainlang@example.test' });
    await t.app.inject({
      method: 'POST',
      url: '/api/account/verify',
      payload: {
        email: 'plainlang@example.test',
        code: await mailedCode(t.app, 'plainlang@example.test'),
      },
    });
    await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/users/${other.user.id}`,
      payload: { status: 'active' },
    });
    expect((await lastMail('plainlang@example.test')).subject).toBe('Your account is approved');
  });
});
