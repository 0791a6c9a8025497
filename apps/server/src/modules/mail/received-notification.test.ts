import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Notification } from '@bo/contract/notifications';
import { call, createTestApp, login, registerUser, type TestApp } from '../../../test/helpers.js';
import { receiveMail } from './smtp.js';

/**
 * Mail from outside, as the SMTP listener stores it: a `mail.received` notification for each
 * recipient who turned that type on (it is off by default), none for mail filed as spam. Mail
 * between colleagues is covered in notifications/more-types.test.ts.
 */

let t: TestApp;
let bob: { token: string; id: string };
let cat: { token: string; id: string };

async function person(email: string, firstName: string) {
  const { user } = await registerUser(t.app, { email, firstName, lastName: 'Test' });
  return { token: (await login(t.app, email, 'a-long-unusual-password')).accessToken, id: user.id };
}

const notified = async (subject: string) =>
  (
    (await t.database.db.execute(
      sql`SELECT recipient_id AS id FROM notifications
           WHERE type = 'mail.received' AND title = ${subject}`,
    )) as unknown as { rows: Array<{ id: string }> }
  ).rows.map((r) => r.id);

beforeAll(async () => {
  t = await createTestApp({ mailDomains: ['test.local'] });
  bob = await person('bob@test.local', 'Bob');
  cat = await person('cat@test.local', 'Cat');
}, 180_000);
afterAll(async () => {
  await t.close();
});

describe('mail from outside', () => {
  it('notifies who turned it on, not the others, and never for spam', async () => {
    const on = await call(t.app, cat.token, {
      method: 'PATCH',
      url: '/api/account/my-account/',
      payload: { notificationPrefs: { 'mail.received': true } },
    });
    expect(on.statusCode, on.body).toBe(200);
    const inbound = {
      from: { name: 'Partner', email: 'someone@partner.example' },
      to: [{ name: '', email: 'cat@test.local' }],
      cc: [],
      subject: 'From outside',
      text: 'Hello Cat',
      references: [],
      attachments: [],
    };
    const ids = await receiveMail(t.app, inbound, [
      { id: cat.id, email: 'cat@test.local' },
      { id: bob.id, email: 'bob@test.local' },
    ]);
    expect(ids).toHaveLength(2);
    expect(await notified('From outside')).toEqual([cat.id]);
    const res = await call(t.app, cat.token, { method: 'GET', url: '/api/notifications' });
    const [item] = (res.json().notifications as Notification[]).filter(
      (n) => n.title === 'From outside',
    );
    expect(item).toMatchObject({ type: 'mail.received', body: 'Partner', actor: null });
    expect(item!.link).toMatch(/^\/dashboard\/mail\?mailId=/);

    await receiveMail(t.app, { ...inbound, subject: 'Junk', folder: 'spam' }, [
      { id: cat.id, email: 'cat@test.local' },
    ]);
    expect(await notified('Junk')).toEqual([]);
  });
});
