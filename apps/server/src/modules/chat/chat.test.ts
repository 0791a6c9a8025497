import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
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
  it('a message sent on one instance reaches the members’ events on another, and nobody else', async () => {
    const peer = await createPeerApp(t);
    try {
      const c = await oneToOne(ann, bobId);
      const heard: DomainEvent[] = [];
      const stop = peer.app.services.events.on((e) => heard.push(e));
      await say(ann, c.id, 'across instances');
      const deadline = Date.now() + 3000;
      while (Date.now() < deadline && !heard.some((e) => e.type === 'chat.message'))
        await new Promise((r) => setTimeout(r, 25));
      stop();
      const event = heard.find((e) => e.type === 'chat.message')!;
      expect(event).toBeTruthy();
      expect([...(event.audience as string[])].sort()).toEqual([annId, bobId].sort());
      expect((event.payload as { message: { body: string } }).message.body).toBe(
        'across instances',
      );
    } finally {
      await peer.close();
    }
  });
});
