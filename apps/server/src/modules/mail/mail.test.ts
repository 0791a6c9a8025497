import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { files, outbox } from '../../db/schema/core.js';
import type { DomainEvent } from '../../lib/events.js';
import { call, createTestApp, login, registerUser, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
let ann: string;
let annId: string;
let bob: string;
let bobId: string;
let cat: string;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  t = await createTestApp({
    mailSmtp: { port: 0, host: '127.0.0.1' },
    mailDomains: ['test.local'],
    maxMailBytes: 64 * 1024,
  });
  await login(t.app);
  const a = await registerUser(t.app, {
    email: 'ann@test.local',
    firstName: 'Ann',
    lastName: 'Lee',
  });
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
  [ann, annId, bob, bobId, cat] = [
    a.accessToken,
    a.user.id,
    b.accessToken,
    b.user.id,
    c.accessToken,
  ];
});
afterAll(async () => {
  await t.close();
});

const api = (token: string, method: string, url: string, payload?: object) =>
  call(t.app, token, { method: method as 'GET', url, ...(payload ? { payload } : {}) });
const fields = (res: { json(): { details?: Array<{ field: string }> } }) =>
  (res.json().details ?? []).map((d) => d.field);
const labels = async (token: string) =>
  Object.fromEntries(
    (
      (await api(token, 'GET', '/api/mail/labels')).json().labels as Array<{
        id: string;
        unreadCount: number;
        totalCount: number;
      }>
    ).map((l) => [l.id, l]),
  );
const mails = async (token: string, query = '') => {
  const res = await api(token, 'GET', `/api/mail/mails${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().mails as Array<
    Record<string, unknown> & {
      id: string;
      subject: string;
      labelIds: string[];
      attachments: Array<{ url: string }>;
    }
  >;
};
const send = async (token: string, body: object) => {
  const res = await api(token, 'POST', '/api/mail/send', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().mail as Record<string, unknown> & { id: string; threadId: string };
};

async function upload(token: string, name = 'plan.png', bytes = PNG, type = 'image/png') {
  const boundary = '----bo-mail';
  const res = await call(t.app, token, {
    method: 'POST',
    url: '/api/files?kind=any',
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().file.id as string;
}

/** Waits for the events published during `work`. */
async function eventsDuring(work: () => Promise<unknown>): Promise<DomainEvent[]> {
  const seen: DomainEvent[] = [];
  const stop = t.app.services.events.on((e) => seen.push(e));
  await work();
  await new Promise((r) => setTimeout(r, 150));
  stop();
  return seen;
}

describe('sending between colleagues', () => {
  it('puts one copy in the colleague’s inbox and one in the sender’s sent folder, with the spec’s keys, and tells the colleague live', async () => {
    const fileId = await upload(ann);
    const before = await labels(bob);
    let sent!: Awaited<ReturnType<typeof send>>;
    const seen = await eventsDuring(async () => {
      sent = await send(ann, {
        to: ['bob@test.local'],
        subject: 'Quarterly plan',
        message:
          '<p>Here is the <b>plan</b><script>alert(1)</script><img src=x onerror="alert(2)"></p>',
        attachmentIds: [fileId],
      });
    });
    expect(Object.keys(sent).sort()).toEqual(
      expect.arrayContaining([
        'id',
        'folder',
        'labelIds',
        'subject',
        'message',
        'from',
        'to',
        'cc',
        'bcc',
        'attachments',
        'isUnread',
        'isStarred',
        'isImportant',
        'createdAt',
        'threadId',
      ]),
    );
    expect(sent.folder).toBe('sent');
    expect(sent.message).toContain('<b>plan</b>');
    expect(sent.message).not.toMatch(/script|onerror|alert/);
    expect(sent.from).toMatchObject({ name: 'Ann Lee', email: 'ann@test.local' });
    expect(sent.to).toEqual([
      expect.objectContaining({ name: 'Bob Ray', email: 'bob@test.local' }),
    ]);

    const inbox = await mails(bob, '?systemLabel=inbox');
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({ subject: 'Quarterly plan', isUnread: true, folder: 'inbox' });
    expect(inbox[0]!.attachments).toEqual([
      expect.objectContaining({
        id: fileId,
        name: 'plan.png',
        type: 'image/png',
        size: PNG.length,
      }),
    ]);
    expect((await mails(ann, '?systemLabel=sent')).map((m) => m.id)).toEqual([sent.id]);
    expect(await mails(ann, '?systemLabel=inbox')).toHaveLength(0);

    const after = await labels(bob);
    expect(after.inbox!.unreadCount).toBe(before.inbox!.unreadCount + 1);
    expect(
      seen.some(
        (e) => e.type === 'mail.changed' && Array.isArray(e.audience) && e.audience.includes(bobId),
      ),
    ).toBe(true);
    // Only the mailboxes concerned hear of it.
    expect(seen.every((e) => e.audience !== 'all')).toBe(true);

    // The attachment: its recipients read it, pictures inline with nosniff; nobody else does.
    const file = await call(t.app, bob, { method: 'GET', url: `/api/mail/attachments/${fileId}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toMatch(/^inline/);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    const download = await call(t.app, bob, {
      method: 'GET',
      url: `/api/mail/attachments/${fileId}?download`,
    });
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="plan.png"/);
    expect(
      (await call(t.app, cat, { method: 'GET', url: `/api/mail/attachments/${fileId}` }))
        .statusCode,
    ).toBe(404);
    // Once sent, the file is no longer an open upload.
    const [row] = await t.database.db.select().from(files).where(eq(files.id, fileId));
    expect(
      (await call(t.app, cat, { method: 'GET', url: `/uploads/${row!.storageKey}` })).statusCode,
    ).toBe(404);
  });

  it('threads a reply with the message it answers, newest last, in both mailboxes', async () => {
    const first = await send(cat, {
      to: ['bob@test.local'],
      subject: 'Lunch?',
      message: 'At noon?',
    });
    const bobCopy = (await mails(bob)).find((m) => m.subject === 'Lunch?')!;
    const reply = await send(bob, {
      to: ['cat@test.local'],
      subject: 'Re: Lunch?',
      message: 'Yes!',
      inReplyTo: bobCopy.id,
    });
    expect(reply.threadId).toBe(bobCopy.threadId);
    // The list counts the conversation's messages in this mailbox: two, in each mailbox.
    expect(
      (await mails(cat, '?systemLabel=sent')).find((m) => m.id === first.id)!.threadCount,
    ).toBe(2);
    expect((await mails(bob)).find((m) => m.id === bobCopy.id)!.threadCount).toBe(2);
    expect(
      (await mails(bob, '?systemLabel=all')).find((m) => m.subject === 'Quarterly plan')!
        .threadCount,
    ).toBe(1);
    const opened = (await api(cat, 'GET', `/api/mail/mail?mailId=${first.id}`)).json().mail;
    expect(opened.threadId).toBe(first.threadId);
    expect(opened.thread.map((m: { subject: string }) => m.subject)).toEqual([
      'Lunch?',
      'Re: Lunch?',
    ]);
    expect(opened.thread[1].message).toContain('Yes!');
    // A reply to someone else's message is refused, naming the field.
    const foreign = await api(cat, 'POST', '/api/mail/send', {
      to: ['bob@test.local'],
      message: 'x',
      inReplyTo: bobCopy.id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(fields(foreign)).toEqual(['inReplyTo']);
  });

  it('keeps bcc on the sender’s copy only, and delivers to bcc colleagues', async () => {
    await send(ann, {
      to: ['bob@test.local'],
      bcc: ['cat@test.local'],
      subject: 'Secret copy',
      message: 'hi',
    });
    const bobs = (await mails(bob)).find((m) => m.subject === 'Secret copy')!;
    const cats = (await mails(cat)).find((m) => m.subject === 'Secret copy')!;
    expect(bobs.bcc).toEqual([]);
    expect(cats).toBeTruthy();
    const anns = (await mails(ann, '?systemLabel=sent')).find((m) => m.subject === 'Secret copy')!;
    expect(anns.bcc).toEqual([expect.objectContaining({ email: 'cat@test.local' })]);
  });

  it('refuses bad addresses, no recipient, foreign and oversize attachments with 4xx naming the field', async () => {
    const bad = await api(ann, 'POST', '/api/mail/send', { to: ['not-an-address'], message: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)[0]).toMatch(/^to/);
    const none = await api(ann, 'POST', '/api/mail/send', { to: [], message: 'x' });
    expect(none.statusCode).toBe(400);
    expect(fields(none)).toEqual(['to']);
    const bobsFile = await upload(bob);
    const foreign = await api(ann, 'POST', '/api/mail/send', {
      to: ['bob@test.local'],
      attachmentIds: [bobsFile],
    });
    expect(foreign.statusCode).toBe(400);
    expect(fields(foreign)).toEqual(['attachmentIds']);
    // 3 × 30 kB over a 64 kB message limit.
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(30_000, 0x20)]);
    const ids = [
      await upload(ann, 'a.pdf', big, 'application/pdf'),
      await upload(ann, 'b.pdf', big, 'application/pdf'),
      await upload(ann, 'c.pdf', big, 'application/pdf'),
    ];
    const tooBig = await api(ann, 'POST', '/api/mail/send', {
      to: ['bob@test.local'],
      attachmentIds: ids,
    });
    expect(tooBig.statusCode).toBe(413);
    expect(fields(tooBig)).toEqual(['attachmentIds']);
  });
});

describe('one’s own mailbox only', () => {
  it('never reads, changes, deletes or searches another person’s mail', async () => {
    const bobsMail = (await mails(bob))[0]!;
    expect((await api(cat, 'GET', `/api/mail/mail?mailId=${bobsMail.id}`)).statusCode).toBe(404);
    const change = await api(cat, 'POST', '/api/mail/update', {
      mailIds: [bobsMail.id],
      changes: { isStarred: true },
    });
    expect(change.statusCode).toBe(404);
    expect(fields(change)).toEqual(['mailIds']);
    expect(
      (await api(cat, 'POST', '/api/mail/delete', { mailIds: [bobsMail.id] })).statusCode,
    ).toBe(404);
    // Cat's search for Bob's subject finds nothing of Bob's.
    const found = await mails(cat, `?systemLabel=all&q=${encodeURIComponent('Quarterly')}`);
    expect(found).toEqual([]);
    // A label of someone else is a 404 too.
    const label = (
      await api(bob, 'POST', '/api/mail/labels', { name: 'Private', color: '#00A76F' })
    ).json().label;
    expect((await api(cat, 'GET', `/api/mail/mails?customLabel=${label.id}`)).statusCode).toBe(404);
    expect(
      (await api(cat, 'PATCH', `/api/mail/labels/${label.id}`, { name: 'Mine' })).statusCode,
    ).toBe(404);
    // Without a sign-in: 401.
    expect((await t.app.inject({ method: 'GET', url: '/api/mail/labels' })).statusCode).toBe(401);
  });
});

describe('flags, folders and labels', () => {
  it('marks read, stars, labels and moves a selection; counts follow; the trash restores to where it was', async () => {
    const label = (
      await api(bob, 'POST', '/api/mail/labels', { name: 'Projects', color: '#8E33FF' })
    ).json().label;
    expect(label).toMatchObject({ type: 'custom', name: 'Projects', unreadCount: 0 });
    const dup = await api(bob, 'POST', '/api/mail/labels', { name: 'projects', color: '#8E33FF' });
    expect(dup.statusCode).toBe(409);
    expect(fields(dup)).toEqual(['name']);
    const badColour = await api(bob, 'POST', '/api/mail/labels', { name: 'X', color: 'red' });
    expect(badColour.statusCode).toBe(400);
    expect(fields(badColour)).toEqual(['color']);

    const inbox = await mails(bob, '?systemLabel=inbox');
    const ids = inbox.map((m) => m.id);
    const unread = inbox.filter((m) => m.isUnread).length;
    expect((await labels(bob)).inbox!.unreadCount).toBe(unread);

    let res = await api(bob, 'POST', '/api/mail/update', {
      mailIds: ids,
      changes: { isUnread: false, isStarred: true, addLabelIds: [label.id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    let counts = await labels(bob);
    expect(counts.inbox!.unreadCount).toBe(0);
    expect(counts.starred!.totalCount).toBe(ids.length);
    expect(counts[label.id]!.totalCount).toBe(ids.length);
    expect((await mails(bob, `?customLabel=${label.id}`)).map((m) => m.id).sort()).toEqual(
      [...ids].sort(),
    );
    expect((await mails(bob, '?q=label:projects')).length).toBe(ids.length);

    // To the trash: out of inbox, starred and the label; back with "inbox".
    res = await api(bob, 'POST', '/api/mail/update', {
      mailIds: [ids[0]],
      changes: { folder: 'trash', isUnread: true },
    });
    expect(res.statusCode).toBe(200);
    counts = await labels(bob);
    expect(counts.trash!.totalCount).toBe(1);
    expect(counts.starred!.totalCount).toBe(ids.length - 1);
    expect(counts[label.id]!.totalCount).toBe(ids.length - 1);
    expect(counts.trash!.unreadCount).toBe(1);
    await api(bob, 'POST', '/api/mail/update', { mailIds: [ids[0]], changes: { folder: 'inbox' } });
    expect((await mails(bob, '?systemLabel=inbox')).map((m) => m.id)).toContain(ids[0]);

    // A sent message goes back to sent.
    const sentId = (await mails(ann, '?systemLabel=sent'))[0]!.id;
    await api(ann, 'POST', '/api/mail/update', { mailIds: [sentId], changes: { folder: 'trash' } });
    await api(ann, 'POST', '/api/mail/update', { mailIds: [sentId], changes: { folder: 'inbox' } });
    expect((await mails(ann, '?systemLabel=sent')).map((m) => m.id)).toContain(sentId);

    // Archive leaves the inbox but stays under all.
    await api(bob, 'POST', '/api/mail/update', {
      mailIds: [ids[0]],
      changes: { folder: 'archive' },
    });
    expect((await mails(bob, '?systemLabel=inbox')).map((m) => m.id)).not.toContain(ids[0]);
    expect((await mails(bob, '?systemLabel=all')).map((m) => m.id)).toContain(ids[0]);

    // Deleting the label takes it off its messages.
    expect((await api(bob, 'DELETE', `/api/mail/labels/${label.id}`)).statusCode).toBe(200);
    expect(
      (await mails(bob, '?systemLabel=all')).every((m) => !m.labelIds.includes(label.id)),
    ).toBe(true);
    const foreignLabel = await api(bob, 'POST', '/api/mail/update', {
      mailIds: [ids[0]],
      changes: { addLabelIds: [label.id] },
    });
    expect(foreignLabel.statusCode).toBe(404);
    expect(fields(foreignLabel)).toEqual(['changes.addLabelIds']);
  });

  it('keeps every count equal to a count of the rows', async () => {
    const { rows } = (await t.database.db.execute(sql`
      SELECT c.owner_id, c.key, c.total, c.unread, coalesce(r.total, 0) AS real_total, coalesce(r.unread, 0) AS real_unread
        FROM mail_counts c
        LEFT JOIN (
          SELECT m.owner_id, k, count(*)::int AS total, count(*) FILTER (WHERE m.is_unread)::int AS unread
            FROM mail_messages m, unnest(mail_count_keys(m.folder, m.is_starred, m.is_important, m.label_ids)) AS k
           GROUP BY m.owner_id, k) r ON r.owner_id = c.owner_id AND r.k = c.key`)) as unknown as {
      rows: Array<{ total: number; unread: number; real_total: number; real_unread: number }>;
    };
    expect(rows.length).toBeGreaterThan(5);
    for (const r of rows) {
      expect(Number(r.total)).toBe(Number(r.real_total));
      expect(Number(r.unread)).toBe(Number(r.real_unread));
    }
  });
});

describe('drafts and deleting for ever', () => {
  it('saves a draft without delivering it, updates it, then sends it (the draft goes away)', async () => {
    const before = (await mails(cat, '?systemLabel=inbox')).length;
    const created = await api(ann, 'POST', '/api/mail/drafts', {
      to: ['cat@test.local'],
      subject: 'Draft',
      message: '<p>first</p>',
    });
    expect(created.statusCode, created.body).toBe(201);
    const draft = created.json().mail;
    expect(draft.folder).toBe('drafts');
    const patched = await api(ann, 'PATCH', `/api/mail/drafts/${draft.id}`, {
      message: '<p>second</p>',
    });
    expect(patched.json().mail.message).toContain('second');
    expect((await mails(cat, '?systemLabel=inbox')).length).toBe(before);
    expect((await labels(ann)).drafts!.totalCount).toBe(1);
    // A bad address in a draft is still refused for its form.
    const bad = await api(ann, 'PATCH', `/api/mail/drafts/${draft.id}`, { cc: ['nope'] });
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)[0]).toMatch(/^cc/);
    // A draft moves only to the trash.
    const moved = await api(ann, 'POST', '/api/mail/update', {
      mailIds: [draft.id],
      changes: { folder: 'archive' },
    });
    expect(moved.statusCode).toBe(400);

    await send(ann, {
      to: ['cat@test.local'],
      subject: 'Draft',
      message: '<p>second</p>',
      draftId: draft.id,
    });
    expect((await labels(ann)).drafts!.totalCount).toBe(0);
    expect((await mails(cat, '?systemLabel=inbox')).length).toBe(before + 1);
    // A sent message is not a draft any more.
    const sentOne = (await mails(ann, '?systemLabel=sent'))[0]!;
    const notDraft = await api(ann, 'PATCH', `/api/mail/drafts/${sentOne.id}`, { subject: 'x' });
    expect(notDraft.statusCode).toBe(409);
  });

  it('deletes for ever only from the trash, and removes the attachment once nobody holds it', async () => {
    const fileId = await upload(cat, 'note.png');
    const sent = await send(cat, {
      to: ['ann@test.local'],
      subject: 'Pic',
      attachmentIds: [fileId],
    });
    const annCopy = (await mails(ann)).find((m) => m.subject === 'Pic')!;
    const notTrash = await api(cat, 'POST', '/api/mail/delete', { mailIds: [sent.id] });
    expect(notTrash.statusCode).toBe(409);
    expect(fields(notTrash)).toEqual(['mailIds']);

    for (const [token, id] of [
      [cat, sent.id],
      [ann, annCopy.id],
    ] as const) {
      await api(token, 'POST', '/api/mail/update', { mailIds: [id], changes: { folder: 'trash' } });
    }
    const [row] = await t.database.db.select().from(files).where(eq(files.id, fileId));
    // Cat deletes: Ann still holds the file.
    expect((await api(cat, 'POST', '/api/mail/delete', { mailIds: [sent.id] })).json()).toEqual({
      deleted: 1,
    });
    expect(
      (await call(t.app, ann, { method: 'GET', url: `/api/mail/attachments/${fileId}` }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(t.app, cat, { method: 'GET', url: `/api/mail/attachments/${fileId}` }))
        .statusCode,
    ).toBe(404);
    // Ann deletes: the file and its bytes are gone.
    await api(ann, 'POST', '/api/mail/delete', { mailIds: [annCopy.id] });
    expect(await t.database.db.select().from(files).where(eq(files.id, fileId))).toEqual([]);
    expect(await t.app.storage.stat(row!.storageKey)).toBeNull();
    expect((await api(ann, 'GET', `/api/mail/mail?mailId=${annCopy.id}`)).statusCode).toBe(404);
  });
});

describe('search', () => {
  it('matches words and the operators from:, to:, has:attachment, is:unread, before:, after:', async () => {
    const fileId = await upload(ann, 'budget.png');
    await send(ann, {
      to: ['cat@test.local'],
      subject: 'Budget review',
      message: 'The numbers for the harbour project',
      attachmentIds: [fileId],
    });
    await send(bob, { to: ['cat@test.local'], subject: 'Budget lunch', message: 'Pizza' });
    const q = (s: string) => mails(cat, `?systemLabel=all&q=${encodeURIComponent(s)}`);
    expect((await q('budget')).map((m) => m.subject).sort()).toEqual([
      'Budget lunch',
      'Budget review',
    ]);
    expect((await q('harbour')).map((m) => m.subject)).toEqual(['Budget review']);
    expect((await q('budget from:bob')).map((m) => m.subject)).toEqual(['Budget lunch']);
    expect((await q('from:"Ann Lee" budget')).map((m) => m.subject)).toEqual(['Budget review']);
    expect((await q('budget has:attachment')).map((m) => m.subject)).toEqual(['Budget review']);
    expect((await q('to:cat@test.local budget')).length).toBe(2);
    expect((await q('budget is:unread')).length).toBe(2);
    expect(await q('budget before:2000-01-01')).toEqual([]);
    expect((await q('budget after:2000-01-01')).length).toBe(2);
    // Operators' characters are text, not patterns.
    expect(await q('100%_')).toEqual([]);

    // From the inbox a search covers the whole mailbox (Ann's sent copy is found, with its
    // folder); `in:` narrows it; from the trash it stays in the trash.
    const fromInbox = (s: string) => mails(ann, `?systemLabel=inbox&q=${encodeURIComponent(s)}`);
    expect((await fromInbox('harbour')).map((m) => [m.subject, m.folder])).toEqual([
      ['Budget review', 'sent'],
    ]);
    expect(await fromInbox('harbour in:inbox')).toEqual([]);
    expect((await fromInbox('harbour in:sent')).length).toBe(1);
    expect(await mails(ann, `?systemLabel=trash&q=harbour`)).toEqual([]);
  });

  it('pages by cursor without gaps or repeats', async () => {
    for (let i = 0; i < 7; i++)
      await send(ann, { to: ['bob@test.local'], subject: `Page ${i}`, message: 'paging' });
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const res = await api(
        bob,
        'GET',
        `/api/mail/mails?systemLabel=inbox&q=paging&limit=3${after ? `&after=${after}` : ''}`,
      );
      const body = res.json();
      seen.push(...body.mails.map((m: { subject: string }) => m.subject));
      after = body.nextCursor;
    } while (after);
    expect(seen).toEqual([6, 5, 4, 3, 2, 1, 0].map((i) => `Page ${i}`));
    const bad = await api(bob, 'GET', '/api/mail/mails?after=garbage');
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)).toEqual(['after']);
  });

  it('pages through mail received within the same millisecond without skipping any', async () => {
    for (let i = 0; i < 5; i++)
      await send(ann, { to: ['bob@test.local'], subject: `Micro ${i}`, message: 'microsecond' });
    // A microsecond apart: a cursor cut to the millisecond would skip the ones after a page.
    await t.database.db.execute(sql`
      UPDATE mail_messages SET created_at = '2020-01-02T10:00:00.000100Z'::timestamptz
             + (substring(subject from 7)::int) * interval '1 microsecond'
       WHERE subject LIKE 'Micro %'`);
    await t.database.db.execute(sql`
      UPDATE mail_message_labels l SET created_at = m.created_at
        FROM mail_messages m WHERE m.id = l.mail_id AND m.subject LIKE 'Micro %'`);
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const res = await api(
        bob,
        'GET',
        `/api/mail/mails?systemLabel=inbox&q=microsecond&limit=2${after ? `&after=${after}` : ''}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      seen.push(...body.mails.map((m: { subject: string }) => m.subject));
      after = body.nextCursor;
    } while (after);
    expect(seen).toEqual([4, 3, 2, 1, 0].map((i) => `Micro ${i}`));
  });
});

describe('mail from and to outside', () => {
  it('receives a multipart message over SMTP into the right inbox, sanitised, with its attachment; refuses unknown recipients with 550', async () => {
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: t.app.mailSmtpPort!,
      secure: false,
      ignoreTLS: true,
    });
    const info = await transport.sendMail({
      from: '"Olga Outside" <olga@elsewhere.example>',
      to: 'bob@test.local',
      subject: 'Invoice from outside',
      text: 'plain',
      html: '<p>Hello <b>Bob</b></p><script>steal()</script><img src="x" onerror="steal()"><img src="https://tracker.example/p.gif">',
      attachments: [{ filename: 'scan.png', content: PNG, contentType: 'image/png' }],
    });
    expect(info.accepted).toEqual(['bob@test.local']);
    const got = (await mails(bob)).find((m) => m.subject === 'Invoice from outside')!;
    expect(got).toBeTruthy();
    expect(got.from).toMatchObject({ name: 'Olga Outside', email: 'olga@elsewhere.example' });
    expect(got.isUnread).toBe(true);
    expect(got.attachments).toEqual([
      expect.objectContaining({ name: 'scan.png', type: 'image/png' }),
    ]);
    const full = (await api(bob, 'GET', `/api/mail/mail?mailId=${got.id}`)).json().mail;
    expect(full.message).toContain('<b>Bob</b>');
    expect(full.message).not.toMatch(/script|onerror|steal/);
    expect(full.message).not.toMatch(/\ssrc="https:\/\/tracker/);
    expect(full.message).toContain('data-remote-src="https://tracker.example/p.gif"');
    expect(full.hasRemoteImages).toBe(true);
    const attachment = await call(t.app, bob, { method: 'GET', url: got.attachments[0].url });
    expect(attachment.rawPayload.equals(PNG)).toBe(true);

    await expect(
      transport.sendMail({
        from: 'x@elsewhere.example',
        to: 'nobody@test.local',
        subject: 'x',
        text: 'x',
      }),
    ).rejects.toMatchObject({ responseCode: 550 });
    await expect(
      transport.sendMail({
        from: 'x@elsewhere.example',
        to: 'bob@other.example',
        subject: 'x',
        text: 'x',
      }),
    ).rejects.toMatchObject({ responseCode: 550 });
    // Over MAX_MAIL_MB (64 kB here): refused with 552, nothing stored.
    await expect(
      transport.sendMail({
        from: 'x@elsewhere.example',
        to: 'bob@test.local',
        subject: 'Too big',
        text: 'x',
        attachments: [{ filename: 'big.bin', content: Buffer.alloc(100_000, 1) }],
      }),
    ).rejects.toMatchObject({ responseCode: 552 });
    expect((await mails(bob)).some((m) => m.subject === 'Too big')).toBe(false);
    transport.close();
  });

  it('sends outside addresses through SMTP_URL with Message-ID, In-Reply-To and References; a reply from outside joins the thread', async () => {
    // A second installation whose SMTP_URL is the first one's listener: its mail to Bob leaves
    // through SMTP and arrives in the first installation's inbox.
    const other = await createTestApp({
      smtpUrl: `smtp://127.0.0.1:${t.app.mailSmtpPort}`,
      jobs: { workers: true, pollSeconds: 0.5 },
    });
    try {
      const zed = await registerUser(other.app, {
        email: 'zed@far.local',
        firstName: 'Zed',
        lastName: 'Far',
      });
      const out = await call(other.app, zed.accessToken, {
        method: 'POST',
        url: '/api/mail/send',
        payload: { to: ['bob@test.local'], subject: 'From afar', message: '<p>Hi Bob</p>' },
      });
      expect(out.statusCode, out.body).toBe(201);
      await other.app.services.tasks.drain();
      // Delivery is the job queue's: the message leaves within a poll or two.
      let row: typeof outbox.$inferSelect | undefined;
      for (let i = 0; i < 100 && !row?.sentAt; i++) {
        await new Promise((r) => setTimeout(r, 100));
        [row] = await other.database.db
          .select()
          .from(outbox)
          .where(eq(outbox.to, 'bob@test.local'));
      }
      expect(row!.sentAt).not.toBeNull();
      expect(row!.deliveries).toEqual([{ at: expect.any(String), error: null }]);
      expect(row!.headers.messageId).toMatch(/^<.+@.+>$/);
      const got = (await mails(bob)).find((m) => m.subject === 'From afar')!;
      expect(got.from).toMatchObject({ email: 'zed@far.local', name: 'Zed Far' });
      const opened = (await api(bob, 'GET', `/api/mail/mail?mailId=${got.id}`)).json().mail;
      expect(opened.messageId).toBe(row!.headers.messageId);

      // Bob answers: it stays in this installation's outbox (no SMTP_URL) with the headers.
      await send(bob, {
        to: ['zed@far.local'],
        subject: 'Re: From afar',
        message: 'Hello',
        inReplyTo: got.id,
      });
      await t.app.services.tasks.drain();
      const [answer] = await t.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.to, 'zed@far.local'));
      expect(answer!.headers.inReplyTo).toBe(row!.headers.messageId);
      expect(answer!.headers.references).toContain(row!.headers.messageId);
      expect(answer!.headers.from).toContain('bob@test.local');

      // Zed's answer from outside joins Bob's thread.
      const transport = nodemailer.createTransport({
        host: '127.0.0.1',
        port: t.app.mailSmtpPort!,
        secure: false,
        ignoreTLS: true,
      });
      await transport.sendMail({
        from: 'zed@far.local',
        to: 'bob@test.local',
        subject: 'Re: Re: From afar',
        text: 'Thanks',
        inReplyTo: answer!.headers.messageId,
        references: [row!.headers.messageId!, answer!.headers.messageId!],
      });
      transport.close();
      const thread = (await api(bob, 'GET', `/api/mail/mail?mailId=${got.id}`)).json().mail.thread;
      expect(thread.map((m: { subject: string }) => m.subject)).toEqual([
        'From afar',
        'Re: From afar',
        'Re: Re: From afar',
      ]);
    } finally {
      await other.close();
    }
  });
});

describe('addresses', () => {
  it('suggests colleagues by name', async () => {
    const res = await api(ann, 'GET', '/api/mail/people?query=bob');
    expect(res.json().people).toEqual([
      expect.objectContaining({ name: 'Bob Ray', email: 'bob@test.local' }),
    ]);
  });

  it('lists the system labels in order for a new mailbox', async () => {
    const res = await api(ann, 'GET', '/api/mail/labels');
    const ids = res.json().labels.map((l: { id: string }) => l.id);
    expect(ids.slice(0, 8)).toEqual([
      'inbox',
      'sent',
      'drafts',
      'trash',
      'spam',
      'starred',
      'important',
      'all',
    ]);
    void annId;
  });
});
