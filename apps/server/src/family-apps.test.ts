import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KANBAN_BOARD_COMMENTS_MAX } from '@bo/contract/kanban';
import {
  call,
  createTestApp,
  login,
  registerUser,
  uploadFile,
  type TestApp,
} from '../test/helpers.js';

/**
 * A client of the template family in the apps (kanban, calendar, chat, mail), played call by
 * call: only what such a front end sends and reads, nothing of ours.
 */

let t: TestApp;
let admin: string;
let ann: string;
let bob: string;
let bobId: string;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  t = await createTestApp({
    mailSmtp: { port: 0, host: '127.0.0.1' },
    mailDomains: ['test.local'],
  });
  admin = (await login(t.app)).accessToken;
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
  [ann, bob, bobId] = [a.accessToken, b.accessToken, b.user.id];
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token = admin) => call(t.app, token, { method: 'GET', url });
const post = (url: string, payload: object, token = admin) =>
  call(t.app, token, { method: 'POST', url, payload });

async function upload(token: string, name: string, bytes: Buffer, type: string, kind = 'any') {
  const res = await uploadFile(t.app, token, { name, bytes, type, kind: kind as 'image' | 'any' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().file.id as string;
}

type Comment = Record<string, unknown> & { id: string };
type Card = { id: string; comments: Comment[]; commentCount: number };

describe('the kanban board', () => {
  it('answers each card with comments[] (the family reads comments.length), filled from the real ones', async () => {
    const column = (await post('/api/kanban/columns/new', { name: 'Family apps' })).json().column
      .id;
    const created = await post('/api/kanban/cards/new', {
      columnId: column,
      card: { name: 'Commented by a family client' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().card.id as string;
    const card = async () => {
      const res = await get('/api/kanban/board');
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().board.cards as Card[]).find((c) => c.id === id)!;
    };

    const bare = await card();
    expect(bare.comments).toEqual([]);
    expect(bare.commentCount).toBe(0);

    const said = await post('/api/kanban/cards/comment', { cardId: id, message: 'Looks good' });
    expect(said.statusCode, said.body).toBeLessThan(300);
    const after = await card();
    expect(after.commentCount).toBe(1);
    expect(after.comments).toHaveLength(1);
    expect(after.comments[0]).toMatchObject({
      id: said.json().comment.id,
      name: 'Administrator',
      messageType: 'text',
      message: 'Looks good',
    });
    expect(after.comments[0]).toHaveProperty('avatarUrl');
    expect(Date.parse(String(after.comments[0]!.createdAt))).not.toBeNaN();

    // A long discussion: the board carries the newest KANBAN_BOARD_COMMENTS_MAX, oldest first,
    // and counts them all; ?include=comments carries them all.
    for (let i = 2; i <= KANBAN_BOARD_COMMENTS_MAX + 2; i += 1) {
      const res = await post('/api/kanban/cards/comment', { cardId: id, message: `Note ${i}` });
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    const long = await card();
    expect(long.commentCount).toBe(KANBAN_BOARD_COMMENTS_MAX + 2);
    expect(long.comments.map((c) => c.message)).toEqual(
      Array.from({ length: KANBAN_BOARD_COMMENTS_MAX }, (_, i) => `Note ${i + 3}`),
    );
    const all = (await get('/api/kanban/board?include=comments')).json().board.cards as Card[];
    expect(all.find((c) => c.id === id)!.comments).toHaveLength(KANBAN_BOARD_COMMENTS_MAX + 2);
  });
});

describe('the calendar', () => {
  it('takes end: null as the same instant as the start, on update and on create', async () => {
    const created = await post('/api/calendar/events/new', {
      title: 'A moment',
      start: '2031-03-01T09:00:00.000Z',
      end: '2031-03-01T09:00:00.000Z',
    });
    expect(created.statusCode, created.body).toBe(201);
    const eventId = created.json().event.id as string;

    // The family's drag of an event whose end equals its start.
    const moved = await post('/api/calendar/events/update', {
      eventId,
      event: { start: '2031-03-02T10:00:00.000Z', end: null, allDay: false },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().event.start).toBe('2031-03-02T10:00:00.000Z');
    expect(moved.json().event.end).toBe(moved.json().event.start);

    // Without a start in the body: the stored one.
    const renamed = await post('/api/calendar/events/update', {
      eventId,
      event: { title: 'Renamed', end: null },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().event.end).toBe('2031-03-02T10:00:00.000Z');

    const fresh = await post('/api/calendar/events/new', {
      title: 'Another moment',
      start: '2031-03-05T08:30:00.000Z',
      end: null,
    });
    expect(fresh.statusCode, fresh.body).toBe(201);
    expect(fresh.json().event.end).toBe('2031-03-05T08:30:00.000Z');
  });
});

type Message = {
  id: string;
  body: string;
  contentType: string;
  attachments: Array<{ url: string; preview: string; path: string }>;
  senderId: string;
  createdAt: string;
};
type Conversation = {
  id: string;
  messages: Message[];
  unreadCount: number;
  type: string;
  participants: Array<Record<string, unknown>>;
};

describe('chat', () => {
  it('answers conversations with messages[] and participants; a picture message has its URL as body', async () => {
    const started = await post('/api/chat/conversations/new', { participantIds: [bobId] }, ann);
    expect(started.statusCode, started.body).toBeLessThan(300);
    const conversationId = started.json().conversation.id as string;
    expect(started.json().conversation.messages).toEqual([]);

    const text = await post(
      '/api/chat/messages/new',
      { conversationId, clientId: 'family-1', body: 'Hello Bob' },
      ann,
    );
    expect(text.statusCode, text.body).toBe(201);
    const fileId = await upload(ann, 'pic.png', PNG, 'image/png', 'image');
    const picture = await post(
      '/api/chat/messages/new',
      { conversationId, clientId: 'family-2', contentType: 'image', attachmentIds: [fileId] },
      ann,
    );
    expect(picture.statusCode, picture.body).toBe(201);
    const sent = picture.json().message as Message;
    // The body is the picture's capability URL (signed for its reader), as its preview.
    expect(sent.body).toMatch(/^\/uploads\/[^?]+\?exp=\d+&u=[^&]+&sig=/);
    expect(sent.body).toBe(sent.attachments[0]!.preview);

    // The list: each conversation with the last message only.
    const list = await get('/api/chat/conversations', bob);
    expect(list.statusCode, list.body).toBe(200);
    const listed = (list.json().conversations as Conversation[]).find(
      (c) => c.id === conversationId,
    )!;
    expect(listed.messages.map((m) => m.id)).toEqual([sent.id]);
    expect(listed.unreadCount).toBe(2);
    expect(listed.type).toBe('ONE_TO_ONE');

    // One conversation: its newest page, oldest first.
    const one = await get(`/api/chat/conversation?conversationKey=${conversationId}`, bob);
    expect(one.statusCode, one.body).toBe(200);
    const conversation = one.json().conversation as Conversation;
    expect(conversation.messages[0]!.body).toBe('Hello Bob');
    const pic = conversation.messages[1]!;
    expect(pic).toMatchObject({ contentType: 'image', senderId: sent.senderId });
    expect(pic.body).toBe(pic.attachments[0]!.preview);
    expect(pic.attachments[0]!.path).toBe(pic.attachments[0]!.preview);
    // Bob's picture loads as an <img> of another origin would ask: no cookie, no token.
    const loaded = await t.app.inject({
      method: 'GET',
      url: pic.body,
      headers: { origin: 'https://family.example' },
    });
    expect(loaded.statusCode, loaded.body).toBe(200);
    expect(loaded.headers['content-type']).toBe('image/png');
    expect(loaded.rawPayload.equals(PNG)).toBe(true);

    for (const p of conversation.participants) {
      expect(Object.keys(p)).toEqual(expect.arrayContaining(['id', 'name', 'avatarUrl', 'status']));
    }
    expect(conversation.participants.map((p) => p.name).sort()).toEqual(['Ann Lee', 'Bob Ray']);
  });
});

describe('mail', () => {
  it('answers attachments with preview and path, and lists a label given by its name', async () => {
    const fileId = await upload(ann, 'plan.png', PNG, 'image/png');
    const docId = await upload(ann, 'notes.txt', Buffer.from('notes'), 'text/plain');
    const sent = await post(
      '/api/mail/send',
      {
        to: ['bob@test.local'],
        subject: 'Family plan',
        message: '<p>Attached</p>',
        attachmentIds: [fileId, docId],
      },
      ann,
    );
    expect(sent.statusCode, sent.body).toBe(201);

    const inbox = await get('/api/mail/mails?systemLabel=inbox', bob);
    expect(inbox.statusCode, inbox.body).toBe(200);
    const mail = (
      inbox.json().mails as Array<{
        id: string;
        subject: string;
        attachments: Array<{ url: string; preview: string; path: string; type: string }>;
      }>
    ).find((m) => m.subject === 'Family plan')!;
    expect(mail.attachments).toHaveLength(2);
    for (const a of mail.attachments) {
      expect(a.preview).toMatch(/^\/uploads\/[^?]+\?exp=\d+&u=[^&]+&sig=/);
      expect(a.path).toBe(a.preview);
      // Loadable with neither cookie nor token, for the mailbox it was signed for.
      const res = await t.app.inject({ method: 'GET', url: a.preview });
      expect(res.statusCode, `${a.type}: ${res.body}`).toBe(200);
    }
    const opened = await get(`/api/mail/mail?mailId=${mail.id}`, bob);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().mail.attachments[0]).toMatchObject({
      preview: mail.attachments[0]!.preview,
      path: mail.attachments[0]!.path,
    });

    // Labels linked by name, as the family does.
    const label = await post('/api/mail/labels', { name: 'Clients', color: '#00A76F' }, bob);
    expect(label.statusCode, label.body).toBe(201);
    const labelled = await post(
      '/api/mail/update',
      { mailIds: [mail.id], changes: { addLabelIds: [label.json().label.id] } },
      bob,
    );
    expect(labelled.statusCode, labelled.body).toBe(200);
    for (const key of ['Clients', 'clients', label.json().label.id]) {
      const res = await get(`/api/mail/mails?customLabel=${encodeURIComponent(key)}`, bob);
      expect(res.statusCode, `${key}: ${res.body}`).toBe(200);
      expect(res.json().mails.map((m: { id: string }) => m.id)).toEqual([mail.id]);
    }
    // An unknown name, or another person's label by name, is a 404 as an unknown id is.
    expect((await get('/api/mail/mails?customLabel=Nobody', bob)).statusCode).toBe(404);
    expect((await get('/api/mail/mails?customLabel=Clients', ann)).statusCode).toBe(404);
  });
});
