import { generateKeyPairSync } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { files } from '../../db/schema/core.js';
import { call, createTestApp, login, registerUser, type TestApp } from '../../../test/helpers.js';

// The listener over real TCP, nodemailer on the sending side; DNS answers come from this table
// (the library's resolver option), as on a closed network.
let t: TestApp;
let bob: string;
let cat: string;
let catId: string;

const dnsTable = new Map<string, string[][]>();
let dnsDown = false;
async function resolver(name: string, type: string): Promise<string[][]> {
  if (dnsDown) throw Object.assign(new Error('DNS unreachable'), { code: 'ECONNREFUSED' });
  const found = dnsTable.get(`${type}:${name.toLowerCase()}`);
  if (!found) throw Object.assign(new Error(`${name} not found`), { code: 'ENOTFOUND' });
  return found;
}

/** A DKIM key pair: the private key for nodemailer, the DNS record of the public one. */
function dkimKey() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const p = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    record: [[`v=DKIM1; k=rsa; p=${p}`]],
  };
}
const partnerKey = dkimKey();
const ourKey = dkimKey();

beforeAll(async () => {
  t = await createTestApp({
    mailSmtp: { port: 0, host: '127.0.0.1' },
    mailDomains: ['test.local'],
    maxMailBytes: 8 * 1024 * 1024,
    storageQuotaBytes: 1024 * 1024,
    mailInbound: {
      perMinute: 100,
      perRecipientMinute: 1000,
      unknownDelayMs: 100,
      maxUnknown: 3,
      resolver,
    },
  });
  await login(t.app);
  const b = await registerUser(t.app, {
    email: 'bob@test.local',
    firstName: 'Bob',
    lastName: 'Ray',
  });
  const c = await registerUser(t.app, {
    email: 'cat@test.local',
    firstName: 'Cat',
    lastName: 'Su',
  });
  [bob, cat, catId] = [b.accessToken, c.accessToken, c.user.id];
  dnsTable.set('TXT:s1._domainkey.partner.example', partnerKey.record);
  dnsTable.set('TXT:_dmarc.partner.example', [['v=DMARC1; p=reject']]);
  dnsTable.set('TXT:s1._domainkey.test.local', ourKey.record);
  // What an attacker's DNS might say: everyone may send for these domains.
  dnsTable.set('TXT:attacker.example', [['v=spf1 +all']]);
  dnsTable.set('TXT:test.local', [['v=spf1 +all']]);
  dnsTable.set('TXT:_dmarc.test.local', [['v=DMARC1; p=none']]);
});
afterAll(async () => {
  await t.close();
});

type Listed = {
  id: string;
  subject: string;
  folder: string;
  auth?: Record<string, unknown> & { verdict: string; external: boolean };
};
const mails = async (token: string, query = '') => {
  const res = await call(t.app, token, { method: 'GET', url: `/api/mail/mails${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().mails as Listed[];
};
const transport = (extra: object = {}) =>
  nodemailer.createTransport({
    host: '127.0.0.1',
    port: t.app.mailSmtpPort!,
    secure: false,
    ignoreTLS: true,
    ...extra,
  });

/** A bare SMTP session: one command, one (possibly multi-line) reply code; 0 once closed. */
async function session(localAddress?: string) {
  const socket = connect({ port: t.app.mailSmtpPort!, host: '127.0.0.1', localAddress });
  let buffer = '';
  let closed = false;
  const waiting: Array<(code: number) => void> = [];
  const flush = () => {
    while (waiting.length) {
      const m = /^(?:\d{3}-[^\r\n]*\r\n)*(\d{3})[ \r][^\r\n]*\r\n/.exec(buffer);
      if (m) {
        buffer = buffer.slice(m[0].length);
        waiting.shift()!(Number(m[1]));
      } else if (closed) waiting.shift()!(0);
      else break;
    }
  };
  socket.on('data', (d) => {
    buffer += d.toString('latin1');
    flush();
  });
  socket.on('close', () => {
    closed = true;
    flush();
  });
  socket.on('error', () => undefined);
  const reply = () =>
    new Promise<number>((resolve) => {
      waiting.push(resolve);
      flush();
    });
  await reply();
  return {
    cmd(line: string | Buffer) {
      if (!closed) socket.write(typeof line === 'string' ? `${line}\r\n` : line);
      return reply();
    },
    end: () => socket.destroy(),
  };
}

describe('sender authentication', () => {
  it('marks a DKIM-signed message of an allowed domain verified and external; internal mail has no auth', async () => {
    const mailer = transport({
      dkim: { domainName: 'partner.example', keySelector: 's1', privateKey: partnerKey.privateKey },
    });
    await mailer.sendMail({
      from: '"Pat Partner" <pat@partner.example>',
      to: 'bob@test.local',
      subject: 'Signed by the partner',
      text: 'Hello Bob',
    });
    mailer.close();
    const got = (await mails(bob)).find((m) => m.subject === 'Signed by the partner')!;
    expect(got.folder).toBe('inbox');
    expect(got.auth).toMatchObject({
      external: true,
      verdict: 'pass',
      dkim: 'pass',
      dmarc: 'pass',
      signedBy: ['partner.example'],
    });
    const full = await call(t.app, bob, { method: 'GET', url: `/api/mail/mail?mailId=${got.id}` });
    expect(full.json().mail.auth.details).toMatch(/dkim=pass/);

    const internal = await call(t.app, cat, {
      method: 'POST',
      url: '/api/mail/send',
      payload: { to: ['bob@test.local'], subject: 'From a colleague', message: '<p>Hi</p>' },
    });
    expect(internal.statusCode, internal.body).toBe(201);
    const colleague = (await mails(bob)).find((m) => m.subject === 'From a colleague')!;
    expect(colleague).not.toHaveProperty('auth');
  });

  it('files the spoofed administrator in spam, whatever DNS says and when DNS cannot be reached; our own signature passes', async () => {
    const mailer = transport();
    await mailer.sendMail({
      envelope: { from: 'bounce@attacker.example', to: ['bob@test.local'] },
      from: 'Administrator <admin@test.local>',
      to: 'bob@test.local',
      subject: 'Reset your password now',
      text: 'Click here',
    });
    dnsDown = true;
    try {
      await mailer.sendMail({
        envelope: { from: 'bounce@attacker.example', to: ['bob@test.local'] },
        from: 'Administrator <admin@test.local>',
        to: 'bob@test.local',
        subject: 'Reset it on a closed network',
        text: 'Click here',
      });
    } finally {
      dnsDown = false;
      mailer.close();
    }
    const inbox = await mails(bob);
    expect(inbox.some((m) => m.subject.startsWith('Reset'))).toBe(false);
    const spam = await mails(bob, '?systemLabel=spam');
    for (const subject of ['Reset your password now', 'Reset it on a closed network']) {
      const got = spam.find((m) => m.subject === subject)!;
      expect(got, subject).toBeTruthy();
      expect(got.auth).toMatchObject({ external: true, verdict: 'spoofed' });
    }

    const signed = transport({
      dkim: { domainName: 'test.local', keySelector: 's1', privateKey: ourKey.privateKey },
    });
    await signed.sendMail({
      from: 'Administrator <admin@test.local>',
      to: 'bob@test.local',
      subject: 'Signed by us',
      text: 'Relayed from our own server',
    });
    signed.close();
    const ours = (await mails(bob)).find((m) => m.subject === 'Signed by us')!;
    expect(ours.auth).toMatchObject({ verdict: 'pass', signedBy: ['test.local'] });
  });
});

describe('listener limits', () => {
  it('answers unknown recipients after a growing delay and ends the session; VRFY and EXPN are off', async () => {
    const known = await session();
    expect(await known.cmd('EHLO probe.example')).toBe(250);
    expect(await known.cmd('VRFY bob@test.local')).not.toBe(252);
    expect(await known.cmd('EXPN staff')).not.toBe(250);
    expect(await known.cmd('MAIL FROM:<probe@elsewhere.example>')).toBe(250);
    let started = Date.now();
    const knownCodes: number[] = [];
    for (let i = 0; i < 20; i++) knownCodes.push(await known.cmd('RCPT TO:<bob@test.local>'));
    const knownMs = Date.now() - started;
    expect(knownCodes.every((c) => c === 250)).toBe(true);
    known.end();

    const unknown = await session();
    expect(await unknown.cmd('EHLO probe.example')).toBe(250);
    expect(await unknown.cmd('MAIL FROM:<probe@elsewhere.example>')).toBe(250);
    started = Date.now();
    const codes: number[] = [];
    for (let i = 0; i < 20; i++) codes.push(await unknown.cmd(`RCPT TO:<nobody${i}@test.local>`));
    const unknownMs = Date.now() - started;
    unknown.end();
    expect(codes.slice(0, 4)).toEqual([550, 550, 550, 421]);
    expect(codes.slice(4).every((c) => c === 0)).toBe(true); // the session was ended
    expect(unknownMs).toBeGreaterThan(knownMs);
    expect(unknownMs).toBeGreaterThanOrEqual(900); // 100 + 200 + 300 + 400 ms
  });

  it('refuses an attachment over the recipient’s quota with 552 and stores nothing', async () => {
    const owned = () => t.app.services.db.select().from(files).where(eq(files.ownerId, catId));
    const before = (await owned()).length;
    const mailer = transport();
    await expect(
      mailer.sendMail({
        from: 'olga@elsewhere.example',
        to: 'cat@test.local',
        subject: 'Four megabytes',
        text: 'see attached',
        attachments: [{ filename: 'big.bin', content: Buffer.alloc(4 * 1024 * 1024, 7) }],
      }),
    ).rejects.toMatchObject({ responseCode: 552 });
    mailer.close();
    expect((await mails(cat)).some((m) => m.subject === 'Four megabytes')).toBe(false);
    expect((await owned()).length).toBe(before);
  });

  it('refuses the 101st message a minute from one address with 451, after storing the 100 before it', async () => {
    const mailer = transport({
      pool: true,
      maxConnections: 1,
      maxMessages: Infinity,
      localAddress: '127.0.0.9',
    });
    for (let i = 1; i <= 100; i++)
      await mailer.sendMail({
        from: 'busy@elsewhere.example',
        to: 'cat@test.local',
        subject: `Burst ${i}`,
        text: `message ${i}`,
      });
    await expect(
      mailer.sendMail({
        from: 'busy@elsewhere.example',
        to: 'cat@test.local',
        subject: 'Burst 101',
        text: 'one too many',
      }),
    ).rejects.toMatchObject({ responseCode: 451 });
    mailer.close();
    const got = await mails(cat, '?q=burst&limit=100');
    const all = [...got];
    expect(all.length).toBe(100);
    expect(all.some((m) => m.subject === 'Burst 101')).toBe(false);
    // Another address is not held up by it.
    const other = transport();
    await other.sendMail({
      from: 'calm@elsewhere.example',
      to: 'cat@test.local',
      subject: 'Calm',
      text: 'x',
    });
    other.close();
    expect((await mails(cat, '?q=calm')).length).toBe(1);
  });

  it('refuses a message with a NUL for good (554), never “try again”', async () => {
    const s = await session();
    expect(await s.cmd('EHLO probe.example')).toBe(250);
    expect(await s.cmd('MAIL FROM:<nul@elsewhere.example>')).toBe(250);
    expect(await s.cmd('RCPT TO:<bob@test.local>')).toBe(250);
    expect(await s.cmd('DATA')).toBe(354);
    const code = await s.cmd(
      Buffer.concat([
        Buffer.from(
          'From: nul@elsewhere.example\r\nTo: bob@test.local\r\nSubject: Has a NUL\r\n\r\nbad ',
        ),
        Buffer.from([0]),
        Buffer.from(' byte\r\n.\r\n'),
      ]),
    );
    s.end();
    expect(code).toBe(554);
    expect((await mails(bob)).some((m) => m.subject === 'Has a NUL')).toBe(false);
  });
});
