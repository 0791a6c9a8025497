import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CHAT_PRESENCE } from '@bo/contract/chat';
import { users } from '../../db/schema/core.js';
import type { DomainEvent } from '../../lib/events.js';
import {
  call,
  createPeerApp,
  createTestApp,
  login,
  registerUser,
  type TestApp,
} from '../../../test/helpers.js';
import { listen, signedIn, type Message } from '../../../test/sockets.js';
import { PresenceTracker } from './presence.js';

let t: TestApp;
let ann: string;
let annId: string;
let bob: string;
let bobId: string;
let cat: string;
let catId: string;
let bobSlug: string;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  t = await createTestApp({ chatPerMinute: 100 });
  await login(t.app);
  const a = await registerUser(t.app, {
    email: 'ann@chat.local',
    firstName: 'Ann',
    lastName: 'Lee',
  });
  const b = await registerUser(t.app, {
    email: 'bob@chat.local',
    firstName: 'Bob',
    lastName: 'Ray',
  });
  const c = await registerUser(t.app, {
    email: 'cat@chat.local',
    firstName: 'Cat',
    lastName: 'Su',
  });
  [ann, annId, bob, bobId, cat, catId] = [
    a.accessToken,
    a.user.id,
    b.accessToken,
    b.user.id,
    c.accessToken,
    c.user.id,
  ];
  const [row] = await t.database.db
    .select({ slug: users.slug })
    .from(users)
    .where(eq(users.id, bobId));
  bobSlug = row!.slug;
});
afterAll(async () => {
  await t.close();
});

const api = (token: string, method: string, url: string, payload?: object) =>
  call(t.app, token, { method: method as 'GET', url, ...(payload ? { payload } : {}) });
const fields = (res: { json(): { details?: Array<{ field: string }> } }) =>
  (res.json().details ?? []).map((d) => d.field);

async function oneToOne(token: string, otherId: string) {
  const res = await api(token, 'POST', '/api/chat/conversations/new', {
    participantIds: [otherId],
  });
  expect([200, 201]).toContain(res.statusCode);
  return res.json().conversation as { id: string; type: string };
}
async function say(
  token: string,
  conversationId: string,
  body: string,
  clientId: string = crypto.randomUUID(),
) {
  const res = await api(token, 'POST', '/api/chat/messages/new', {
    conversationId,
    clientId,
    body,
  });
  expect([200, 201], res.body).toContain(res.statusCode);
  return res;
}

describe('conversations', () => {
  it('a one-to-one conversation is the same one when started again, from either side', async () => {
    const first = await api(ann, 'POST', '/api/chat/conversations/new', {
      participantIds: [bobId],
    });
    expect(first.statusCode).toBe(201);
    const again = await api(bob, 'POST', '/api/chat/conversations/new', {
      participantIds: [annId],
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().conversation.id).toBe(first.json().conversation.id);
    expect(first.json().conversation).toMatchObject({ type: 'ONE_TO_ONE', unreadCount: 0 });
    expect(
      first
        .json()
        .conversation.participants.map((p: { id: string }) => p.id)
        .sort(),
    ).toEqual([annId, bobId].sort());
  });

  it('answers the spec’s calls with their keys; a username key opens the pair (or names the person)', async () => {
    const c = await oneToOne(ann, bobId);
    await say(ann, c.id, 'Hello Bob');
    const list = (await api(bob, 'GET', '/api/chat/conversations')).json().conversations;
    const mine = list.find((x: { id: string }) => x.id === c.id);
    expect(mine).toMatchObject({ type: 'ONE_TO_ONE', unreadCount: 1 });
    expect(mine.lastMessage).toMatchObject({
      body: 'Hello Bob',
      senderId: annId,
      contentType: 'text',
    });
    const contacts = (await api(bob, 'GET', '/api/chat/contacts')).json().contacts;
    expect(contacts[0]).toMatchObject({ id: annId, name: 'Ann Lee' });
    expect(Object.keys(contacts[0]).sort()).toEqual(
      [
        'address',
        'avatar',
        'email',
        'id',
        'lastActivity',
        'name',
        'phone',
        'role',
        'status',
        'username',
      ].sort(),
    );
    expect(['online', 'away', 'busy', 'offline']).toContain(contacts[0].status);

    const byId = (await api(bob, 'GET', `/api/chat/conversation?conversationKey=${c.id}`)).json();
    expect(byId.conversation.messages.map((m: { body: string }) => m.body)).toContain('Hello Bob');
    const byName = (
      await api(ann, 'GET', `/api/chat/conversation?conversationKey=${bobSlug}`)
    ).json();
    expect(byName.conversation.id).toBe(c.id);
    // Cat has no conversation with Bob yet: null, and the participants call names Bob.
    const none = (
      await api(cat, 'GET', `/api/chat/conversation?conversationKey=${bobSlug}`)
    ).json();
    expect(none.conversation).toBeNull();
    const people = (
      await api(cat, 'GET', `/api/chat/participants?conversationKey=${bobSlug}`)
    ).json();
    expect(people.participants.map((p: { id: string }) => p.id)).toEqual([bobId]);
    expect((await api(cat, 'GET', '/api/chat/search?query=bob')).json().results[0].id).toBe(bobId);
  });

  it('only members read or write a conversation (403), an unknown one is 404', async () => {
    const c = await oneToOne(ann, bobId);
    expect(
      (await api(cat, 'GET', `/api/chat/conversation?conversationKey=${c.id}`)).statusCode,
    ).toBe(403);
    const write = await api(cat, 'POST', '/api/chat/messages/new', {
      conversationId: c.id,
      clientId: 'x1',
      body: 'let me in',
    });
    expect(write.statusCode).toBe(403);
    expect(
      (await api(cat, 'GET', `/api/chat/conversation/mark-as-seen?conversationId=${c.id}`))
        .statusCode,
    ).toBe(403);
    expect(
      (await api(cat, 'GET', `/api/chat/participants?conversationKey=${c.id}`)).statusCode,
    ).toBe(403);
    expect(
      (await api(cat, 'GET', `/api/chat/conversation?conversationKey=${crypto.randomUUID()}`))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/chat/conversations' })).statusCode).toBe(
      401,
    );
  });

  it('a group: its owner adds and removes members, a member leaves, the name changes', async () => {
    const res = await api(ann, 'POST', '/api/chat/conversations/new', {
      participantIds: [bobId, catId],
      name: 'Launch',
    });
    expect(res.statusCode).toBe(201);
    const g = res.json().conversation;
    expect(g).toMatchObject({ type: 'GROUP', name: 'Launch' });
    expect(g.participants).toHaveLength(3);
    // Bob is not the owner: no member changes.
    const notOwner = await api(bob, 'POST', '/api/chat/conversations/update', {
      conversationId: g.id,
      removeIds: [catId],
    });
    expect(notOwner.statusCode).toBe(403);
    const removed = await api(ann, 'POST', '/api/chat/conversations/update', {
      conversationId: g.id,
      removeIds: [catId],
      name: 'Launch day',
    });
    expect(
      removed
        .json()
        .conversation.participants.map((p: { id: string }) => p.id)
        .sort(),
    ).toEqual([annId, bobId].sort());
    expect(removed.json().conversation.name).toBe('Launch day');
    expect(
      (await api(cat, 'GET', `/api/chat/conversation?conversationKey=${g.id}`)).statusCode,
    ).toBe(403);
    const left = await api(bob, 'POST', '/api/chat/conversations/update', {
      conversationId: g.id,
      leave: true,
    });
    expect(left.json().conversation).toBeNull();
    expect(
      (await api(bob, 'GET', '/api/chat/conversations'))
        .json()
        .conversations.map((x: { id: string }) => x.id),
    ).not.toContain(g.id);
    // A one-to-one conversation has no name.
    const pair = await oneToOne(ann, catId);
    const named = await api(ann, 'POST', '/api/chat/conversations/update', {
      conversationId: pair.id,
      name: 'x',
    });
    expect(named.statusCode).toBe(400);
    expect(fields(named)).toEqual(['conversationId']);
  });
});

describe('messages', () => {
  it('a message sent twice with the same client id is stored once', async () => {
    const c = await oneToOne(bob, catId);
    const first = await say(bob, c.id, 'Once', 'retry-1');
    const second = await say(bob, c.id, 'Once', 'retry-1');
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json().message.id).toBe(first.json().message.id);
    const messages = (
      await api(cat, 'GET', `/api/chat/conversation?conversationKey=${c.id}`)
    ).json().conversation.messages;
    expect(messages.filter((m: { body: string }) => m.body === 'Once')).toHaveLength(1);
    // The same client id in another conversation is a conflict, not a silent success.
    const other = await oneToOne(bob, annId);
    const clash = await api(bob, 'POST', '/api/chat/messages/new', {
      conversationId: other.id,
      clientId: 'retry-1',
      body: 'x',
    });
    expect(clash.statusCode).toBe(409);
  });

  it('unread counts rise for the others and fall to zero when seen; "seen" names the last message', async () => {
    const c = await oneToOne(cat, annId);
    await say(cat, c.id, 'one');
    const last = await say(cat, c.id, 'two');
    const unread = (token: string) =>
      api(token, 'GET', '/api/chat/conversations').then(
        (r) => r.json().conversations.find((x: { id: string }) => x.id === c.id).unreadCount,
      );
    expect(await unread(ann)).toBe(2);
    expect(await unread(cat)).toBe(0);
    const total = async (token: string) =>
      (await api(token, 'GET', '/api/chat/unread')).json().unread as number;
    const annTotal = await total(ann);
    expect(annTotal).toBeGreaterThanOrEqual(2);
    // A muted conversation does not count toward the navigation's total.
    await api(ann, 'POST', '/api/chat/conversations/update', { conversationId: c.id, muted: true });
    expect(await total(ann)).toBe(annTotal - 2);
    await api(ann, 'POST', '/api/chat/conversations/update', {
      conversationId: c.id,
      muted: false,
    });
    const seen = await api(
      ann,
      'GET',
      `/api/chat/conversation/mark-as-seen?conversationId=${c.id}`,
    );
    expect(seen.json()).toEqual({
      conversationId: c.id,
      lastReadMessageId: last.json().message.id,
    });
    expect(await unread(ann)).toBe(0);
    const people = (await api(cat, 'GET', `/api/chat/participants?conversationKey=${c.id}`)).json()
      .participants;
    expect(people.find((p: { id: string }) => p.id === annId).lastReadMessageId).toBe(
      last.json().message.id,
    );
  });

  it('a conversation I closed leaves my list, comes back when someone writes, and tells me once', async () => {
    const c = await oneToOne(bob, catId);
    const conversationFor = async (token: string) =>
      (
        (await api(token, 'GET', '/api/chat/conversations')).json().conversations as Array<{
          id: string;
          closed: boolean;
        }>
      ).find((x) => x.id === c.id);
    const reopenedFor = async (userId: string) =>
      (
        (await t.database.db.execute(
          sql`SELECT body FROM notifications WHERE type = 'chat.reopened' AND record_id = ${c.id} AND recipient_id = ${userId} ORDER BY created_at`,
        )) as unknown as { rows: Array<{ body: string }> }
      ).rows.map((r) => r.body);

    const closed = await api(cat, 'POST', '/api/chat/conversations/update', {
      conversationId: c.id,
      closed: true,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().conversation).toMatchObject({ closed: true });
    // Closing is mine alone: Bob's side stays open.
    expect(await conversationFor(bob)).toMatchObject({ closed: false });

    await say(bob, c.id, 'Still on for Friday?');
    expect(await conversationFor(cat)).toMatchObject({ closed: false });
    expect(await reopenedFor(catId)).toEqual(['Still on for Friday?']);
    // Open again, the next message is an ordinary one: no second notice.
    await say(bob, c.id, 'Bring the slides.');
    expect(await reopenedFor(catId)).toHaveLength(1);

    // Closed and muted: it comes back quietly. Closed and mentioned: the mention is the one notice.
    await api(cat, 'POST', '/api/chat/conversations/update', {
      conversationId: c.id,
      closed: true,
      muted: true,
    });
    await say(bob, c.id, 'Quiet one');
    expect(await conversationFor(cat)).toMatchObject({ closed: false });
    expect(await reopenedFor(catId)).toHaveLength(1);
    await api(cat, 'POST', '/api/chat/conversations/update', {
      conversationId: c.id,
      closed: true,
      muted: false,
    });
    const [catRow] = await t.database.db
      .select({ slug: users.slug })
      .from(users)
      .where(eq(users.id, catId));
    await say(bob, c.id, `@${catRow!.slug} see this`);
    expect(await reopenedFor(catId)).toHaveLength(1);
    // (A mention is stored with its message: such a message takes the careful path.)
    const mentions = (await t.database.db.execute(
      sql`SELECT recipient_id FROM notifications WHERE type = 'mention' AND record_id = ${c.id}`,
    )) as unknown as { rows: Array<{ recipient_id: string }> };
    expect(mentions.rows.map((r) => r.recipient_id)).toEqual([catId]);
    // The sender's own closed state is not touched by their own message.
    await api(bob, 'POST', '/api/chat/conversations/update', {
      conversationId: c.id,
      closed: true,
    });
    await say(bob, c.id, 'Talking to myself');
    expect(await conversationFor(bob)).toMatchObject({ closed: true });
  });

  it('many sends at once (stored together) keep every message once, in order, with exact unread counts', async () => {
    const pair = await oneToOne(ann, bobId);
    const group = (
      await api(ann, 'POST', '/api/chat/conversations/new', {
        participantIds: [bobId, catId],
        name: 'Burst',
      })
    ).json().conversation as { id: string };
    const seen = (token: string, id: string) =>
      api(token, 'GET', `/api/chat/conversation/mark-as-seen?conversationId=${id}`);
    await Promise.all([seen(ann, pair.id), seen(bob, pair.id), seen(bob, group.id)]);
    await seen(cat, group.id);
    const retried = crypto.randomUUID();
    const sends = [
      ...Array.from({ length: 12 }, (_, i) => [ann, pair.id, `pair ${i}`] as const),
      ...Array.from({ length: 8 }, (_, i) => [cat, group.id, `group ${i}`] as const),
      [ann, group.id, 'same id', retried] as const,
      [ann, group.id, 'same id', retried] as const,
    ];
    const answers = await Promise.all(
      sends.map(([token, id, text, clientId]) =>
        api(token, 'POST', '/api/chat/messages/new', {
          conversationId: id,
          clientId: clientId ?? crypto.randomUUID(),
          body: text,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array<number>(21).fill(201)]);
    // An outsider's send in the same burst is refused, not stored.
    const outsider = await api(cat, 'POST', '/api/chat/messages/new', {
      conversationId: pair.id,
      clientId: crypto.randomUUID(),
      body: 'not mine',
    });
    expect(outsider.statusCode).toBe(403);

    const open = async (token: string, id: string) =>
      (await api(token, 'GET', `/api/chat/conversation?conversationKey=${id}`)).json()
        .conversation as { messages: Array<{ id: string; body: string; seq: number }> };
    const pairMessages = (await open(bob, pair.id)).messages.filter((m) =>
      m.body.startsWith('pair '),
    );
    expect(pairMessages).toHaveLength(12);
    // Oldest first by time and by change number alike.
    const seqs = pairMessages.map((m) => m.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    const groupMessages = (await open(ann, group.id)).messages;
    expect(groupMessages.filter((m) => m.body === 'same id')).toHaveLength(1);
    expect(groupMessages.filter((m) => m.body.startsWith('group '))).toHaveLength(8);

    const unreadOf = async (token: string, id: string) =>
      (await api(token, 'GET', '/api/chat/conversations'))
        .json()
        .conversations.find((c: { id: string }) => c.id === id) as {
        unreadCount: number;
        lastMessage: { id: string } | null;
      };
    expect((await unreadOf(bob, pair.id)).unreadCount).toBe(12);
    expect((await unreadOf(bob, group.id)).unreadCount).toBe(9);
    // Ann's and Cat's own messages interleave: each has read up to their own last one, so
    // their counts are what came after it, never more than the other's messages.
    const annGroup = await unreadOf(ann, group.id);
    const catGroup = await unreadOf(cat, group.id);
    expect(annGroup.unreadCount).toBeLessThanOrEqual(8);
    expect(catGroup.unreadCount).toBeLessThanOrEqual(1);
    const last = groupMessages[groupMessages.length - 1]!;
    expect(annGroup.lastMessage?.id).toBe(last.id);
    const lastIndex = (senderBody: (b: string) => boolean) =>
      groupMessages.map((m) => senderBody(m.body)).lastIndexOf(true);
    expect(annGroup.unreadCount).toBe(groupMessages.length - 1 - lastIndex((b) => b === 'same id'));
    expect(catGroup.unreadCount).toBe(
      groupMessages.length - 1 - lastIndex((b) => b.startsWith('group ')),
    );
  });

  it('edits and deletes one’s own messages only; text is kept as written, never HTML', async () => {
    const c = await oneToOne(ann, bobId);
    const sent = (await say(ann, c.id, '<script>alert(1)</script> see https://example.com')).json()
      .message;
    expect(sent.body).toBe('<script>alert(1)</script> see https://example.com');
    const notMine = await api(bob, 'POST', '/api/chat/messages/update', {
      messageId: sent.id,
      body: 'hacked',
    });
    expect(notMine.statusCode).toBe(403);
    const edited = await api(ann, 'POST', '/api/chat/messages/update', {
      messageId: sent.id,
      body: 'fixed',
    });
    expect(edited.json().message).toMatchObject({ body: 'fixed', deleted: false });
    expect(edited.json().message.editedAt).not.toBeNull();
    expect(edited.json().message.seq).toBeGreaterThan(sent.seq);
    const deleted = await api(ann, 'POST', '/api/chat/messages/delete', { messageId: sent.id });
    expect(deleted.json().message).toMatchObject({ body: '', deleted: true });
    const empty = await api(ann, 'POST', '/api/chat/messages/new', {
      conversationId: c.id,
      clientId: 'e1',
      body: '  ',
    });
    expect(empty.statusCode).toBe(400);
    expect(fields(empty)).toEqual(['body']);
  });

  it('sends a picture through the storage layer; members read it, others do not', async () => {
    const boundary = '----bo-chat';
    const up = await call(t.app, ann, {
      method: 'POST',
      url: '/api/files?kind=image',
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pic.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        PNG,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(up.statusCode, up.body).toBe(201);
    const fileId = up.json().file.id;
    const c = await oneToOne(ann, bobId);
    const res = await api(ann, 'POST', '/api/chat/messages/new', {
      conversationId: c.id,
      clientId: 'pic-1',
      contentType: 'image',
      attachmentIds: [fileId],
    });
    expect(res.statusCode, res.body).toBe(201);
    const url = res.json().message.attachments[0].url;
    const got = await call(t.app, bob, { method: 'GET', url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.rawPayload.equals(PNG)).toBe(true);
    expect((await call(t.app, cat, { method: 'GET', url })).statusCode).toBe(404);
    // Someone else's upload cannot be sent.
    const foreign = await api(bob, 'POST', '/api/chat/messages/new', {
      conversationId: c.id,
      clientId: 'pic-2',
      contentType: 'image',
      attachmentIds: [fileId],
    });
    expect(foreign.statusCode).toBe(400);
    expect(fields(foreign)).toEqual(['attachmentIds']);
  });

  it('loads older messages by cursor, oldest first, with no gap or repeat', async () => {
    const c = await oneToOne(ann, catId);
    for (let i = 0; i < 57; i++) await say(ann, c.id, `page ${i}`);
    const first = (await api(cat, 'GET', `/api/chat/conversation?conversationKey=${c.id}`)).json()
      .conversation;
    expect(first.messages).toHaveLength(50);
    const seen: string[] = first.messages.map((m: { body: string }) => m.body);
    let before: string | null = first.olderCursor;
    expect(before).not.toBeNull();
    while (before) {
      const res = await api(
        cat,
        'GET',
        `/api/chat/messages?conversationId=${c.id}&before=${before}&limit=3`,
      );
      expect(res.statusCode, res.body).toBe(200);
      seen.unshift(...res.json().messages.map((m: { body: string }) => m.body));
      before = res.json().olderCursor;
    }
    const pages = seen.filter((b) => b.startsWith('page '));
    expect(pages).toEqual(Array.from({ length: 57 }, (_, i) => `page ${i}`));
    // Someone outside the conversation reads no page of it.
    const outsider = await api(
      bob,
      'GET',
      `/api/chat/messages?conversationId=${c.id}&before=${first.olderCursor}`,
    );
    expect(outsider.statusCode).toBe(403);
  });

  it('pages through messages written within the same millisecond without skipping any', async () => {
    const c = await oneToOne(bob, catId);
    for (let i = 0; i < 5; i++) await say(bob, c.id, `micro ${i}`);
    for (let i = 0; i < 50; i++) await say(bob, c.id, `filler ${i}`);
    // The five oldest a microsecond apart: a cursor cut to the millisecond would skip them.
    await t.database.db.execute(sql`
      UPDATE chat_messages m SET created_at = '2020-01-02T10:00:00.000100Z'::timestamptz
             + (substring(m.body from 7)::int) * interval '1 microsecond'
       WHERE m.conversation_id = ${c.id} AND m.body LIKE 'micro %'`);
    const first = (await api(cat, 'GET', `/api/chat/conversation?conversationKey=${c.id}`)).json()
      .conversation;
    const seen: string[] = first.messages.map((m: { body: string }) => m.body);
    let before: string | null = first.olderCursor;
    while (before) {
      const res = await api(
        cat,
        'GET',
        `/api/chat/messages?conversationId=${c.id}&before=${before}&limit=2`,
      );
      expect(res.statusCode, res.body).toBe(200);
      seen.unshift(...res.json().messages.map((m: { body: string }) => m.body));
      before = res.json().olderCursor;
    }
    expect(seen.filter((b) => b.startsWith('micro '))).toEqual(
      [0, 1, 2, 3, 4].map((i) => `micro ${i}`),
    );
  });

  it('a reconnecting client gets exactly what changed after its last change number', async () => {
    const c = await oneToOne(cat, bobId);
    const mark = (await say(cat, c.id, 'before the drop')).json().message.seq;
    const a = (await say(cat, c.id, 'missed 1')).json().message;
    await say(bob, c.id, 'missed 2');
    await api(cat, 'POST', '/api/chat/messages/update', {
      messageId: a.id,
      body: 'missed 1 (edited)',
    });
    const since = (await api(bob, 'GET', `/api/chat/messages/since?after=${mark}`)).json();
    expect(since.messages.map((m: { body: string }) => m.body)).toEqual([
      'missed 2',
      'missed 1 (edited)',
    ]);
    expect(since.more).toBe(false);
    // Ann is not in that conversation: none of it.
    const annSince = (await api(ann, 'GET', `/api/chat/messages/since?after=${mark}`)).json();
    expect(
      annSince.messages.filter((m: { conversationId: string }) => m.conversationId === c.id),
    ).toEqual([]);
  });

  it('floods are refused with 429 after the per-minute limit', async () => {
    const c = await oneToOne(cat, annId);
    let status = 0;
    for (let i = 0; i < 120 && status !== 429; i++)
      status = (
        await api(cat, 'POST', '/api/chat/messages/new', {
          conversationId: c.id,
          clientId: `f${i}`,
          body: `${i}`,
        })
      ).statusCode;
    expect(status).toBe(429);
  });
});

describe('live', () => {
  let url: Promise<string> | undefined;
  /** The test app's socket address (it starts listening once). */
  const ownUrl = () => (url ??= listen(t.app));

  it('a message sent on one instance reaches a member’s socket on another, and nobody else’s', async () => {
    const peer = await createPeerApp(t);
    try {
      const url = await listen(peer.app);
      const c = await oneToOne(ann, bobId);
      const bobSocket = await signedIn(url, bob);
      const catSocket = await signedIn(url, cat);
      await say(ann, c.id, 'across instances');
      const got = await bobSocket.next(
        (m) =>
          m.event?.type === 'chat.message' &&
          (m.event.payload.message as { body: string }).body === 'across instances',
      );
      expect((got.event!.payload.message as { conversationId: string }).conversationId).toBe(c.id);
      // Cat is in no such conversation: a later message of hers arrives, this one never did.
      const own = await oneToOne(cat, annId);
      await say(ann, own.id, 'for cat');
      await catSocket.next((m) => m.event?.type === 'chat.message');
      expect(
        catSocket.received.some(
          (m) =>
            (m.event?.payload.message as { body?: string } | undefined)?.body ===
            'across instances',
        ),
      ).toBe(false);
      bobSocket.socket.close();
      catSocket.socket.close();
    } finally {
      await peer.close();
    }
  });

  it('a socket that drops and comes back gets exactly the messages it missed', async () => {
    const wsUrl = await ownUrl();
    const c = await oneToOne(bob, catId);
    const first = await signedIn(wsUrl, cat);
    const before = (await say(bob, c.id, 'before the drop')).json().message as { seq: number };
    await first.next((m) => m.event?.type === 'chat.message');
    first.socket.close();
    await first.closed;
    const missed: string[] = [];
    for (const text of ['missed 1', 'missed 2', 'missed 3'])
      missed.push((await say(bob, c.id, text)).json().message.id);
    const again = await signedIn(wsUrl, cat);
    const since = (
      await api(cat, 'GET', `/api/chat/messages/since?after=${before.seq}`)
    ).json() as { messages: Array<{ id: string; conversationId: string }> };
    expect(since.messages.filter((m) => m.conversationId === c.id).map((m) => m.id)).toEqual(
      missed,
    );
    // And what follows comes live again, once.
    const after = (await say(bob, c.id, 'after the return')).json().message.id as string;
    await again.next(
      (m) =>
        m.event?.type === 'chat.message' &&
        (m.event.payload.message as { id: string }).id === after,
    );
    expect(
      again.received.filter(
        (m) => (m.event?.payload.message as { id?: string } | undefined)?.id === after,
      ),
    ).toHaveLength(1);
    again.socket.close();
  });

  it('presence follows sockets across instances: online on open, offline when the last one closes', async () => {
    const peer = await createPeerApp(t);
    try {
      const hereUrl = await ownUrl();
      const there = await listen(peer.app);
      const watcher = await signedIn(there, bob);
      const status = async () =>
        (
          (await call(peer.app, bob, { method: 'GET', url: '/api/chat/contacts' })).json()
            .contacts as Array<{ id: string; status: string }>
        ).find((p) => p.id === catId)?.status;
      const presenceOf = (status: string) => (m: Message) =>
        m.event?.type === 'chat.presence' &&
        m.event.payload.userId === catId &&
        m.event.payload.status === status;

      const one = await signedIn(hereUrl, cat);
      await watcher.next(presenceOf('online'));
      expect(await status()).toBe('online');
      // A second tab, then the first closes: still online, no "offline" said.
      const two = await signedIn(there, cat);
      one.socket.close();
      await one.closed;
      two.socket.send(JSON.stringify({ type: 'activity' }));
      await new Promise((r) => setTimeout(r, 300));
      expect(watcher.received.some(presenceOf('offline'))).toBe(false);
      expect(await status()).toBe('online');
      two.socket.close();
      await watcher.next(presenceOf('offline'));
      expect(await status()).toBe('offline');
      watcher.socket.close();
    } finally {
      await peer.close();
    }
  });

  it('an idle person turns away and comes back online when active', async () => {
    const heard: DomainEvent[] = [];
    const stop = t.app.services.events.on((e) => {
      if (e.type === 'chat.presence' && (e.payload as { userId: string }).userId === annId)
        heard.push(e);
    });
    const tracker = new PresenceTracker(t.database.db, t.app.services.events, console);
    /** The status announced after an action (the event may come before the action resolves). */
    const statusAfter = async (action: () => Promise<void>) => {
      const count = heard.length;
      await action();
      const deadline = performance.now() + 3000;
      while (heard.length === count && performance.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      return (heard[heard.length - 1]!.payload as { status: string }).status;
    };
    try {
      expect(await statusAfter(() => tracker.opened(annId))).toBe('online');
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + CHAT_PRESENCE.awayAfterMs + 1000);
      expect(await statusAfter(() => tracker.beat())).toBe('away');
      expect(await statusAfter(() => tracker.active(annId))).toBe('online');
    } finally {
      vi.useRealTimers();
      stop();
      await tracker.closed(annId);
      await tracker.stop();
    }
  });
});

describe('size', () => {
  it('a conversation with 100,000 messages opens (and pages back) as fast as one with ten', async () => {
    const s = await createTestApp({ readCache: 'off' });
    try {
      const admin = (await login(s.app)).accessToken;
      const other = await registerUser(s.app, {
        email: 'big@chat.local',
        firstName: 'Big',
        lastName: 'Talk',
      });
      const start = async () =>
        (
          await call(s.app, admin, {
            method: 'POST',
            url: '/api/chat/conversations/new',
            payload: { participantIds: [other.user.id], name: undefined },
          })
        ).json().conversation.id as string;
      const big = await start();
      const small = (
        await call(s.app, admin, {
          method: 'POST',
          url: '/api/chat/conversations/new',
          payload: {
            participantIds: [
              other.user.id,
              (
                await registerUser(s.app, {
                  email: 'small@chat.local',
                  firstName: 'Small',
                  lastName: 'Talk',
                })
              ).user.id,
            ],
            name: 'Small',
          },
        })
      ).json().conversation.id as string;
      const fill = async (id: string, count: number) => {
        await s.database.db.execute(sql`
          INSERT INTO chat_messages (conversation_id, sender_id, client_id, body, created_at)
          SELECT ${id}::uuid, CASE WHEN g % 2 = 0 THEN ${other.user.id}::uuid
                                   ELSE (SELECT id FROM users WHERE role = 'admin' LIMIT 1) END,
                 'fill-' || ${id} || '-' || g, 'Message ' || g,
                 now() - (${count} - g) * interval '1 second'
            FROM generate_series(1, ${count}) AS g`);
        await s.database.db.execute(sql`
          UPDATE chat_conversations SET last_message_id =
            (SELECT id FROM chat_messages WHERE conversation_id = ${id}::uuid
              ORDER BY created_at DESC, id DESC LIMIT 1) WHERE id = ${id}::uuid`);
      };
      await fill(big, 100_000);
      await fill(small, 10);
      await s.database.db.execute(sql`ANALYZE chat_messages`);

      // Rows of chat_messages read, by scans and through indexes (the store's own counters).
      const rowsRead = async () => {
        await s.database.query('SELECT pg_stat_force_next_flush()');
        await s.database.query('SELECT 1');
        const [r] = await s.database.query<{ n: string }>(
          `SELECT coalesce(t.seq_tup_read, 0) + coalesce((SELECT sum(i.idx_tup_read)
                    FROM pg_stat_user_indexes i WHERE i.relid = t.relid), 0) AS n
             FROM pg_stat_user_tables t WHERE t.relname = 'chat_messages'`,
        );
        return Number(r!.n);
      };
      const cost = async (url: string) => {
        const before = await rowsRead();
        const res = await call(s.app, admin, { method: 'GET', url });
        expect(res.statusCode).toBe(200);
        return { read: (await rowsRead()) - before, body: res.json() };
      };
      const big1 = await cost(`/api/chat/conversation?conversationKey=${big}`);
      const { messages, olderCursor } = big1.body.conversation as {
        messages: Array<{ body: string }>;
        olderCursor: string;
      };
      expect(messages).toHaveLength(50);
      expect(messages.at(-1)!.body).toBe('Message 100000');
      const small1 = await cost(`/api/chat/conversation?conversationKey=${small}`);
      const older = await cost(`/api/chat/messages?conversationId=${big}&before=${olderCursor}`);
      expect(older.body.messages[older.body.messages.length - 1].body).toBe('Message 99950');
      // The latest page reads about a page of rows, whatever the conversation's size: not the
      // 100,000 a scan or a sort would.
      expect(big1.read).toBeLessThan(200);
      expect(older.read).toBeLessThan(200);
      expect(small1.read).toBeLessThan(200);
    } finally {
      await s.close();
    }
  });
});
