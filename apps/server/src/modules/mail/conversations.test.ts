import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, registerUser, type TestApp } from '../../../test/helpers.js';

// The mailbox by conversation (`group=conversations`): one row per conversation of a folder, its
// newest message there, unread while any of its messages there is; a row's action (with
// `conversations: true`) moves or marks the conversation's messages of that folder only.

let t: TestApp;
let ann: string;
let cat: string;

beforeAll(async () => {
  t = await createTestApp();
  ann = (await registerUser(t.app, { email: 'ann@test.local', firstName: 'Ann', lastName: 'Lee' }))
    .accessToken;
  cat = (await registerUser(t.app, { email: 'cat@test.local', firstName: 'Cat', lastName: 'Su' }))
    .accessToken;
});
afterAll(async () => {
  await t.close();
});

type Row = { id: string; subject: string; isUnread: boolean; threadCount: number; folder: string };
const api = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  call(t.app, token, { method, url, ...(payload ? { payload } : {}) });
const list = async (token: string, query: string) => {
  const res = await api(token, 'GET', `/api/mail/mails${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().mails as Row[];
};
const send = async (token: string, body: object) => {
  const res = await api(token, 'POST', '/api/mail/send', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().mail as { id: string };
};

describe('the mailbox by conversation', () => {
  it('shows a conversation once, its newest message, unread while any of it is', async () => {
    // Ann writes, Cat answers, Ann answers again: two messages in Cat's inbox, one in her Sent.
    await send(ann, { to: ['cat@test.local'], subject: 'Plan', message: 'First' });
    const [first] = await list(cat, '?systemLabel=inbox');
    const reply = await send(cat, {
      to: ['ann@test.local'],
      subject: 'Re: Plan',
      message: 'Answer',
      inReplyTo: first!.id,
    });
    const [annsCopy] = (await list(ann, '?systemLabel=inbox')).filter(
      (m) => m.subject === 'Re: Plan',
    );
    expect(annsCopy).toBeDefined();
    await send(ann, {
      to: ['cat@test.local'],
      subject: 'Re: Plan',
      message: 'Second',
      inReplyTo: annsCopy!.id,
    });
    await send(ann, { to: ['cat@test.local'], subject: 'Other', message: 'Apart' });

    // By message: three rows; by conversation: two, the newest of each.
    expect((await list(cat, '?systemLabel=inbox')).map((m) => m.subject)).toEqual([
      'Other',
      'Re: Plan',
      'Plan',
    ]);
    const rows = await list(cat, '?systemLabel=inbox&group=conversations');
    expect(rows.map((m) => [m.subject, m.threadCount])).toEqual([
      ['Other', 1],
      ['Re: Plan', 3],
    ]);

    // The newest read, the first not: the row is still unread.
    await api(cat, 'POST', '/api/mail/update', {
      mailIds: [rows[1]!.id],
      changes: { isUnread: false },
    });
    expect((await list(cat, '?systemLabel=inbox&group=conversations'))[1]!.isUnread).toBe(true);
    // Marked read as a conversation: read.
    await api(cat, 'POST', '/api/mail/update', {
      mailIds: [rows[1]!.id],
      changes: { isUnread: false },
      conversations: true,
    });
    expect((await list(cat, '?systemLabel=inbox&group=conversations'))[1]!.isUnread).toBe(false);

    // Archived as a conversation: both inbox messages leave the inbox; Cat's answer stays in Sent.
    const archived = await api(cat, 'POST', '/api/mail/update', {
      mailIds: [rows[1]!.id],
      changes: { folder: 'archive' },
      conversations: true,
    });
    expect(archived.statusCode, archived.body).toBe(200);
    expect((await list(cat, '?systemLabel=inbox')).map((m) => m.subject)).toEqual(['Other']);
    expect((await list(cat, '?systemLabel=sent')).map((m) => m.id)).toEqual([reply.id]);
    const all = await list(cat, '?systemLabel=all&group=conversations');
    expect(all.map((m) => [m.subject, m.folder])).toEqual([
      ['Other', 'inbox'],
      ['Re: Plan', 'archive'],
    ]);
  });

  it('lists searches message by message, whatever is asked', async () => {
    const found = await list(cat, `?systemLabel=all&group=conversations&q=plan`);
    expect(found.length).toBe(3);
  });
});
