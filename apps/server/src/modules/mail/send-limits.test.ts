import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { outbox } from '../../db/schema/core.js';
import { call, createTestApp, login, registerUser, type TestApp } from '../../../test/helpers.js';

/**
 * A person is not a spam cannon: outside recipients are counted per hour and per day
 * (MAIL_SEND_LIMIT_HOUR / _DAY, here 5 and 8); colleagues do not count. Over a limit the send
 * answers 429 with Retry-After, nothing is delivered and the mail is kept as a draft.
 */

let t: TestApp;
let ann: string;
let bob: string;

beforeAll(async () => {
  t = await createTestApp({ mailDomains: ['test.local'], mailSendLimits: { hour: 5, day: 8 } });
  ann = (await registerUser(t.app, { email: 'ann@test.local', firstName: 'Ann', lastName: 'Lee' }))
    .accessToken;
  bob = (await registerUser(t.app, { email: 'bob@test.local', firstName: 'Bob', lastName: 'Ray' }))
    .accessToken;
});
afterAll(async () => {
  await t.close();
});

const send = (token: string, body: object) =>
  call(t.app, token, { method: 'POST', url: '/api/mail/send', payload: body });
const drafts = async (token: string) =>
  (await call(t.app, token, { method: 'GET', url: '/api/mail/mails?systemLabel=drafts' })).json()
    .mails as Array<{ id: string; subject: string }>;
const outside = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => `reader${from + i}@outside.example`);
const queuedTo = async (address: string) =>
  (await t.database.db.select().from(outbox).where(eq(outbox.to, address))).length;

describe('outbound limits per person', () => {
  it('counts outside recipients per hour; over it 429, nothing sent, the mail kept as a draft', async () => {
    // Colleagues do not count.
    expect((await send(ann, { to: ['bob@test.local'], subject: 'Inside' })).statusCode).toBe(201);
    const first = await send(ann, { to: outside(2), bcc: outside(2, 2), subject: 'Four' });
    expect(first.statusCode).toBe(201);

    const over = await send(ann, { to: outside(2, 10), subject: 'Two more' });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(3600);
    const details = over.json().details as Array<{ field: string; code: string; message: string }>;
    expect(details[0]).toMatchObject({ field: 'to', code: 'send_limit_hour' });
    expect(details[1]).toMatchObject({ field: 'draftId', code: 'kept_as_draft' });
    const kept = await drafts(ann);
    expect(kept.find((d) => d.id === details[1]!.message)?.subject).toBe('Two more');

    // The send from that draft is refused the same way and the draft stays.
    const again = await send(ann, {
      to: outside(2, 10),
      subject: 'Two more',
      draftId: details[1]!.message,
    });
    expect(again.statusCode).toBe(429);
    expect((await drafts(ann)).filter((d) => d.subject === 'Two more')).toHaveLength(1);

    // What still fits goes; nothing refused reached the outbox.
    expect((await send(ann, { to: outside(1, 20), subject: 'One' })).statusCode).toBe(201);
    expect(await queuedTo('reader10@outside.example')).toBe(0);
    // Another person has their own window.
    expect((await send(bob, { to: outside(5, 30), subject: 'Five' })).statusCode).toBe(201);

    // Administrators see who reached the limit, in the audit log.
    const audit = await call(t.app, (await login(t.app)).accessToken, {
      method: 'GET',
      url: '/api/admin/audit?action=mail.send_limited',
    });
    const entries = audit.json().entries as Array<{ action: string; meta: { reason: string } }>;
    expect(entries).toHaveLength(2);
    expect(entries[0]!.meta).toMatchObject({ reason: 'send_limit_hour', limit: 5 });
  });

  it('counts the day across hours', async () => {
    const carol = (
      await registerUser(t.app, { email: 'carol@test.local', firstName: 'Carol', lastName: 'Mo' })
    ).accessToken;
    expect((await send(carol, { to: outside(5, 40), subject: 'Five' })).statusCode).toBe(201);
    // A new hour: the hour's window is spent, the day's is not.
    await t.database.query(
      `UPDATE rate_limits SET reset_at = now() - interval '1 second' WHERE key LIKE 'mail-send:hour:%'`,
    );
    const over = await send(carol, { to: outside(4, 50), subject: 'Four' });
    expect(over.statusCode).toBe(429);
    expect(over.json().details[0]).toMatchObject({ code: 'send_limit_day' });
    // Refused by the day: the hour gave back what it had counted, three still fit.
    expect((await send(carol, { to: outside(3, 60), subject: 'Three' })).statusCode).toBe(201);
  });
});
