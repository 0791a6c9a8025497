import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Notification } from '@bo/contract/notifications';
import {
  call,
  createTestApp,
  login,
  registerPending,
  registerUser,
  type TestApp,
} from '../../../test/helpers.js';

/**
 * The notifications people asked for, over HTTP: a new mail (off until turned on), a file shared
 * with me, being put in a chat group, a reply to my blog comment and my account approved. Each
 * reaches exactly the person it is about, never the one who acted.
 */

let t: TestApp;
let admin: { token: string; id: string };
let ann: { token: string; id: string };
let bob: { token: string; id: string };
let cat: { token: string; id: string };

type Row = Record<string, unknown>;
const query = async <T extends Row>(q: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;

/** Everyone stored as receiving a notification of this type about this record. */
async function recipients(type: string, recordId: string): Promise<string[]> {
  const list = await query<{ id: string }>(
    sql`SELECT recipient_id AS id FROM notifications WHERE type = ${type} AND record_id = ${recordId}`,
  );
  return list.map((r) => r.id).sort();
}
const sorted = (...ids: string[]) => [...ids].sort();

async function bell(token: string): Promise<Notification[]> {
  const res = await call(t.app, token, { method: 'GET', url: '/api/notifications' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().notifications as Notification[];
}

async function api(token: string, method: 'POST' | 'PATCH', url: string, payload: object) {
  return call(t.app, token, { method, url, payload });
}

async function person(email: string, firstName: string) {
  const { user } = await registerUser(t.app, { email, firstName, lastName: 'Test' });
  return { token: (await login(t.app, email, 'a-long-unusual-password')).accessToken, id: user.id };
}

async function setPrefs(token: string, prefs: Record<string, boolean>) {
  const res = await api(token, 'PATCH', '/api/account/my-account/', { notificationPrefs: prefs });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp({ mailDomains: ['test.local'] });
  const signedIn = await login(t.app);
  admin = { token: signedIn.accessToken, id: signedIn.user.id };
  ann = await person('ann@test.local', 'Ann');
  bob = await person('bob@test.local', 'Bob');
  cat = await person('cat@test.local', 'Cat');
}, 180_000);
afterAll(async () => {
  await t.close();
});

describe('a new mail in my inbox', () => {
  const send = async (token: string, to: string[], subject: string) => {
    const res = await api(token, 'POST', '/api/mail/send', {
      to,
      subject,
      message: '<p>Hello</p>',
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const mailNotes = async (subject: string) =>
    query<{ id: string; record_id: string; link: string }>(
      sql`SELECT recipient_id AS id, record_id, link FROM notifications
           WHERE type = 'mail.received' AND title = ${subject}`,
    );

  it('is off by default: nothing is stored', async () => {
    await send(ann.token, ['bob@test.local'], 'Quiet by default');
    expect(await mailNotes('Quiet by default')).toEqual([]);
  });

  it('turned on, one notification for my copy, none for the sender; off again, none', async () => {
    await setPrefs(bob.token, { 'mail.received': true });
    // Ann turns it on too: she sends to herself as well, and is still not told of her own mail.
    await setPrefs(ann.token, { 'mail.received': true });
    await send(ann.token, ['bob@test.local', 'ann@test.local', 'cat@test.local'], 'Lunch?');
    const notes = await mailNotes('Lunch?');
    expect(notes.map((n) => n.id)).toEqual([bob.id]);
    const [copy] = await query<{ id: string }>(
      sql`SELECT id FROM mail_messages WHERE owner_id = ${bob.id} AND subject = 'Lunch?'`,
    );
    expect(notes[0]).toMatchObject({
      record_id: copy!.id,
      link: `/dashboard/mail?mailId=${copy!.id}`,
    });
    const [item] = (await bell(bob.token)).filter((n) => n.type === 'mail.received');
    expect(item).toMatchObject({ title: 'Lunch?', actor: { id: ann.id } });

    await setPrefs(bob.token, { 'mail.received': false });
    await send(ann.token, ['bob@test.local'], 'Off again');
    expect(await mailNotes('Off again')).toEqual([]);
  });
  // Mail from outside (the SMTP listener): mail/received-notification.test.ts.
});

describe('a file shared with me', () => {
  it('notifies the person it is shared with once, not the owner', async () => {
    const made = await api(ann.token, 'POST', '/api/files/folders', { name: 'Plans' });
    expect(made.statusCode, made.body).toBe(201);
    const folder = made.json().file as { id: string };
    const shared = await api(ann.token, 'POST', `/api/files/${folder.id}/shares`, {
      userId: bob.id,
      access: 'view',
    });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(await recipients('files.shared', folder.id)).toEqual([bob.id]);
    const [item] = (await bell(bob.token)).filter((n) => n.type === 'files.shared');
    expect(item).toMatchObject({
      title: 'Plans',
      link: `/dashboard/files-manager?folder=${folder.id}`,
      actor: { id: ann.id },
    });
    // A changed access is no news.
    await api(ann.token, 'POST', `/api/files/${folder.id}/shares`, {
      userId: bob.id,
      access: 'edit',
    });
    expect(await recipients('files.shared', folder.id)).toEqual([bob.id]);
  });
});

describe('added to a chat group', () => {
  it('on creation and on adding, the people added hear of it, not who added them', async () => {
    const created = await api(ann.token, 'POST', '/api/chat/conversations/new', {
      participantIds: [bob.id, cat.id],
      name: 'Launch',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().conversation.id as string;
    expect(await recipients('chat.added', id)).toEqual(sorted(bob.id, cat.id));
    const [item] = (await bell(bob.token)).filter((n) => n.type === 'chat.added');
    expect(item).toMatchObject({ title: 'Launch', link: `/dashboard/chat/${id}` });

    const added = await api(ann.token, 'POST', '/api/chat/conversations/update', {
      conversationId: id,
      addIds: [admin.id, bob.id],
    });
    expect(added.statusCode, added.body).toBe(200);
    // Only the administrator is new; Bob was already a member.
    expect(await recipients('chat.added', id)).toEqual(sorted(bob.id, cat.id, admin.id));
  });

  it('a one-to-one conversation is no group', async () => {
    const res = await api(cat.token, 'POST', '/api/chat/conversations/new', {
      participantIds: [admin.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await recipients('chat.added', res.json().conversation.id)).toEqual([]);
  });
});

describe('a reply to my blog comment', () => {
  it('notifies the comment’s author only, and not when answering oneself', async () => {
    const created = await api(admin.token, 'POST', '/api/blog/posts', {
      title: 'Replies welcome',
      status: 'published',
      content: '<p>Tell us</p>',
    });
    expect(created.statusCode, created.body).toBe(201);
    const post = created.json().post as { id: string; slug: string };
    const comment = async (token: string, message: string, parentId?: string) => {
      const res = await api(token, 'POST', `/api/blog/posts/${post.id}/comments`, {
        message,
        ...(parentId ? { parentId } : {}),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().comment as { id: string };
    };
    const top = await comment(ann.token, 'First!');
    // A top-level comment answers nobody.
    expect(await recipients('blog.reply', post.id)).toEqual([]);
    await comment(ann.token, 'And a second thought', top.id);
    expect(await recipients('blog.reply', post.id)).toEqual([]);
    const answer = await comment(bob.token, 'Agreed, @ann-test', top.id);
    expect(await recipients('blog.reply', post.id)).toEqual([ann.id]);
    // Mentioned in the reply as well: told once, as its reply.
    expect(await recipients('mention', post.id)).toEqual([]);
    const [item] = (await bell(ann.token)).filter((n) => n.type === 'blog.reply');
    expect(item).toMatchObject({
      title: 'Replies welcome',
      body: 'Agreed, @ann-test',
      link: `/dashboard/blog/post/${post.slug}`,
      actor: { id: bob.id },
    });
    // A reply to a reply reaches the author of the reply answered.
    await comment(cat.token, 'Me too', answer.id);
    expect(await recipients('blog.reply', post.id)).toEqual(sorted(ann.id, bob.id));
  });
});

describe('my account approved', () => {
  it('the person approved hears of it (and is mailed), not the administrator', async () => {
    const pending = await registerPending(t.app, {
      email: 'dee@test.local',
      firstName: 'Dee',
      lastName: 'Test',
    });
    expect(await recipients('account.approved', pending.user.id)).toEqual([]);
    await t.app.services.tasks.drain();
    const mails = async () =>
      (
        await query<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM outbox WHERE "to" = 'dee@test.local'`,
        )
      )[0]!.n;
    const before = await mails();
    const res = await api(admin.token, 'PATCH', `/api/users/${pending.user.id}`, {
      status: 'active',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await recipients('account.approved', pending.user.id)).toEqual([pending.user.id]);
    await t.app.services.tasks.drain();
    expect(await mails()).toBe(before + 1);
    // A second change of an active account is no approval.
    await api(admin.token, 'PATCH', `/api/users/${pending.user.id}`, { status: 'active' });
    expect(await recipients('account.approved', pending.user.id)).toEqual([pending.user.id]);
  });
});
