import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { outbox } from '../../db/schema/core.js';
import { call, createTestApp, registerUser, type TestApp } from '../../../test/helpers.js';

// Outside delivery through SMTP_URL, against a mail server started here that refuses as told:
// retries until it takes the message, a bounce in the sender's inbox when it never does, and a
// DKIM signature (MAIL_DKIM_*) that mailauth verifies with the DNS record of the test's key.

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const DKIM = {
  domain: 'test.local',
  selector: 'bo1',
  privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
};
const DKIM_RECORD = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;

/**
 * A receiving server: refuses the first `refusals` messages to partner.example with 451 (for
 * ever when Infinity); the product's own mail (the sign-up's code) goes through.
 */
async function receiver(refusals: number) {
  const received: Buffer[] = [];
  let tries = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      const partner = session.envelope.rcptTo.some((r) => r.address.endsWith('@partner.example'));
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (partner) tries++;
        if (partner && tries <= refusals) {
          callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
          return;
        }
        received.push(Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as { port: number }).port}`,
    received,
    tries: () => tries,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function until<T>(what: () => Promise<T | undefined | null | false>, ms = 20_000) {
  const end = Date.now() + ms;
  for (;;) {
    const found = await what();
    if (found) return found;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 150));
  }
}

const fast = { 'mail-delivery': { retryDelaySeconds: 1, backoff: false } };

describe('outside delivery', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof receiver>>;
  let ann: { accessToken: string };

  beforeAll(async () => {
    smtp = await receiver(2);
    t = await createTestApp({
      smtpUrl: smtp.url,
      mailDkim: DKIM,
      mailRetries: 3,
      jobs: { workers: true, pollSeconds: 0.5, overrides: fast },
    });
    ann = await registerUser(t.app, {
      email: 'ann@test.local',
      firstName: 'Ann',
      lastName: 'Lee',
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('is delivered on the third try when the server refuses two, each try on the outbox row', async () => {
    const sent = await call(t.app, ann.accessToken, {
      method: 'POST',
      url: '/api/mail/send',
      payload: { to: ['rita@partner.example'], subject: 'Quote', message: '<p>Here it is</p>' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const row = await until(async () => {
      const [r] = await t.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.to, 'rita@partner.example'));
      return r?.sentAt ? r : null;
    });
    expect(smtp.tries()).toBe(3);
    expect(row.deliveries.map((d) => d.error === null)).toEqual([false, false, true]);
    expect(row.deliveries[0]!.error).toContain('Mailbox busy');
    expect(row.failedAt).toBeNull();
  }, 30_000);

  it('signs it with DKIM, and the signature verifies with mailauth', async () => {
    const { authenticate } = await import('mailauth');
    const raw = smtp.received.at(-1)!;
    expect(raw.toString()).toMatch(/^DKIM-Signature:/im);
    const result = await authenticate(raw, {
      ip: '127.0.0.1',
      helo: 'localhost',
      sender: 'no-reply@test.local',
      mta: 'receiver.example',
      disableBimi: true,
      resolver: (async (name: string, type: string) => {
        if (type === 'TXT' && name.toLowerCase() === `${DKIM.selector}._domainkey.${DKIM.domain}`)
          return [[DKIM_RECORD]];
        throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      }) as never,
    });
    const passed = result.dkim.results.filter((r) => r.status?.result === 'pass');
    expect(passed.map((r) => r.signingDomain)).toEqual([DKIM.domain]);
  });
});

describe('outside delivery that never succeeds', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof receiver>>;
  let ann: { accessToken: string };

  beforeAll(async () => {
    smtp = await receiver(Infinity);
    t = await createTestApp({
      smtpUrl: smtp.url,
      mailRetries: 1,
      jobs: { workers: true, pollSeconds: 0.5, overrides: fast },
    });
    ann = await registerUser(t.app, {
      email: 'ann@test.local',
      firstName: 'Ann',
      lastName: 'Lee',
    });
    await t.database.query(`UPDATE users SET locale = 'fr' WHERE email = 'ann@test.local'`);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('marks the outbox row failed and puts one bounce, in the sender’s language, in their inbox', async () => {
    const sent = await call(t.app, ann.accessToken, {
      method: 'POST',
      url: '/api/mail/send',
      payload: { to: ['gone@partner.example'], subject: 'Quote', message: '<p>Hello</p>' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const row = await until(async () => {
      const [r] = await t.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.to, 'gone@partner.example'));
      return r?.failedAt ? r : null;
    });
    expect(row.sentAt).toBeNull();
    expect(row.deliveries).toHaveLength(2);
    const inbox = async () =>
      (
        await call(t.app, ann.accessToken, {
          method: 'GET',
          url: '/api/mail/mails?systemLabel=inbox',
        })
      ).json().mails as Array<{ id: string; subject: string; from: { email: string } }>;
    const bounces = await until(async () => {
      const found = (await inbox()).filter((m) => m.subject.startsWith('Non distribué'));
      return found.length ? found : null;
    });
    expect(bounces).toHaveLength(1);
    expect(bounces[0]!.subject).toBe('Non distribué : Quote');
    expect(bounces[0]!.from.email).toMatch(/^mailer-daemon@/);
    const opened = await call(t.app, ann.accessToken, {
      method: 'GET',
      url: `/api/mail/mail?mailId=${bounces[0]!.id}`,
    });
    expect(opened.json().mail.message).toContain('gone@partner.example');
    expect(opened.json().mail.message).toContain('451');
    // Nothing more arrives once the job has given up.
    await new Promise((r) => setTimeout(r, 1500));
    expect((await inbox()).filter((m) => m.subject.startsWith('Non distribué'))).toHaveLength(1);
  }, 30_000);
});
