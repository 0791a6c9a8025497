import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { files, users } from './db/schema/core.js';
import {
  call,
  createTestApp,
  login,
  mailedCode,
  registerPending,
  registerUser,
  type TestApp,
} from '../test/helpers.js';
import { productBody } from '../test/fixtures.js';

/**
 * `/uploads/{key}` (security review, findings 5 and 10): the record that holds a stored key
 * decides who reads it, not the session alone; a record's file is never kept by a browser.
 */

let t: TestApp;
let admin: string;
type Person = { accessToken: string; user: { id: string } };
let alice: Person;
let bob: Person;
let carol: Person;
/** Registered, address not verified. */
let unverified: Person;
/** Address verified, not approved by an administrator (REGISTRATION=approval). */
let unapproved: Person;
/** Active, but a role without kanban:read. */
let clerk: Person;

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

const SHARED = 'private, max-age=3600';

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).accessToken;
  alice = await registerUser(t.app, { email: 'alice@test.local', firstName: 'Alice' });
  bob = await registerUser(t.app, { email: 'bob@test.local', firstName: 'Bob' });
  carol = await registerUser(t.app, { email: 'carol@test.local', firstName: 'Carol' });
  clerk = await registerUser(t.app, { email: 'clerk@test.local', firstName: 'Clerk' });
  await t.database.db.execute(
    sql`INSERT INTO roles (name, permissions)
        VALUES ('clerk', ARRAY['account:self','users:read','mail:read','chat:read']) ON CONFLICT DO NOTHING`,
  );
  await t.database.db.update(users).set({ role: 'clerk' }).where(eq(users.id, clerk.user.id));
  t.app.services.permissions.invalidate();
  unverified = await registerPending(t.app, { email: 'unverified@test.local' });
  unapproved = await registerPending(t.app, { email: 'unapproved@test.local' });
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api/account/verify',
    payload: {
      email: 'unapproved@test.local',
      code: await mailedCode(t.app, 'unapproved@test.local'),
    },
  });
  expect(verified.statusCode, verified.body).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const api = (token: string, method: string, url: string, payload?: object) =>
  call(t.app, token, { method: method as 'GET', url, ...(payload ? { payload } : {}) });
const get = (token: string, url: string) => call(t.app, token, { method: 'GET', url });
const status = async (token: string, url: string) => (await get(token, url)).statusCode;

/** POST /api/files (`kind`: image, any, or a file-manager file), answering the stored file. */
async function upload(
  token: string,
  kind: 'image' | 'any' | 'drive',
  name = 'picture.png',
  bytes: Buffer = PNG,
  type = 'image/png',
) {
  const boundary = '----bo-uploads';
  const res = await call(t.app, token, {
    method: 'POST',
    url: kind === 'drive' ? '/api/files' : `/api/files?kind=${kind}`,
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
  const file = res.json().file as { id: string; url: string };
  // The session's rules, so the stored path: the answer's URL is signed for the uploader and
  // opens by itself (decision 038, family-pictures.test.ts).
  return { ...file, url: file.url.split('?')[0]! };
}

const keyOf = async (fileId: string) => {
  const [row] = await t.database.db
    .select({ key: files.storageKey })
    .from(files)
    .where(eq(files.id, fileId));
  return `/uploads/${row!.key}`;
};

describe('a record’s own file', () => {
  it('an upload not yet sent is its uploader’s only, and never kept by a browser', async () => {
    const pdf = await upload(alice.accessToken, 'any', 'plan.pdf', PDF, 'application/pdf');
    const mine = await get(alice.accessToken, pdf.url);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
    expect(mine.headers['content-disposition']).toMatch(/^attachment/);
    expect(mine.rawPayload.equals(PDF)).toBe(true);
    expect(await status(bob.accessToken, pdf.url)).toBe(404);
    expect(await status(unverified.accessToken, pdf.url)).toBe(404);
    expect(await status(unapproved.accessToken, pdf.url)).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: pdf.url })).statusCode).toBe(401);
  });

  it('pointing one’s own avatar at another’s upload opens nothing', async () => {
    const picture = await upload(alice.accessToken, 'any', 'scan.png');
    for (const borrower of [unverified, bob]) {
      const set = await api(borrower.accessToken, 'PATCH', '/api/account/my-account/', {
        avatarUrl: picture.url,
      });
      expect(set.statusCode, set.body).toBe(200);
      expect(await status(borrower.accessToken, picture.url)).toBe(404);
    }
    expect(await status(carol.accessToken, picture.url)).toBe(404);
    expect(await status(alice.accessToken, picture.url)).toBe(200);
  });

  it('bytes no record holds are not found', async () => {
    await t.app.storage.put('orphan-0001.png', PNG, 'image/png');
    expect(await status(admin, '/uploads/orphan-0001.png')).toBe(404);
    expect(await status(bob.accessToken, '/uploads/orphan-0001.png')).toBe(404);
  });
});

describe('mail', () => {
  it('a mail’s attachment and inline picture go to the mailboxes holding it, once sent', async () => {
    const attachment = await upload(alice.accessToken, 'any', 'budget.png');
    const inline = await upload(alice.accessToken, 'image', 'chart.png');
    const draft = await api(alice.accessToken, 'POST', '/api/mail/drafts', {
      to: ['bob@test.local'],
      subject: 'Budget',
      message: `<p>See the chart</p><p><img src="${inline.url}" alt="chart"></p>`,
      attachmentIds: [attachment.id],
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const url = await keyOf(attachment.id);
    // A draft is its writer's: nobody else reads its files.
    expect(await status(alice.accessToken, url)).toBe(200);
    expect(await status(bob.accessToken, url)).toBe(404);
    expect(await status(bob.accessToken, inline.url)).toBe(404);

    const sent = await api(alice.accessToken, 'POST', '/api/mail/send', {
      to: ['bob@test.local'],
      subject: 'Budget',
      message: `<p>See the chart</p><p><img src="${inline.url}" alt="chart"></p>`,
      attachmentIds: [attachment.id],
      draftId: draft.json().mail.id,
    });
    expect(sent.statusCode, sent.body).toBe(201);

    // The recipient reads both, through /uploads and the mail's own route; never kept.
    const got = await get(bob.accessToken, url);
    expect(got.statusCode).toBe(200);
    expect(got.headers['cache-control']).toBe('no-store');
    expect(got.rawPayload.equals(PNG)).toBe(true);
    const picture = await get(bob.accessToken, inline.url);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['cache-control']).toBe('no-store');
    const viaMail = await get(bob.accessToken, `/api/mail/attachments/${attachment.id}`);
    expect(viaMail.statusCode).toBe(200);
    expect(viaMail.headers['cache-control']).toBe('no-store');
    // The sender still does.
    expect(await status(alice.accessToken, url)).toBe(200);
    expect(await status(alice.accessToken, inline.url)).toBe(200);

    // Nobody outside the mail does, nor a pending account.
    for (const outsider of [carol, unverified, unapproved]) {
      expect(await status(outsider.accessToken, url)).toBe(404);
      expect(await status(outsider.accessToken, inline.url)).toBe(404);
    }
    expect(await status(carol.accessToken, `/api/mail/attachments/${attachment.id}`)).toBe(404);
  });

  it('a mail sent to oneself with another’s picture address opens nothing', async () => {
    const inline = await upload(alice.accessToken, 'image', 'private.png');
    const sent = await api(carol.accessToken, 'POST', '/api/mail/send', {
      to: ['alice@test.local', 'carol@test.local'],
      subject: 'Borrowed',
      message: `<p><img src="${inline.url}" alt=""></p>`,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await status(carol.accessToken, inline.url)).toBe(404);
  });
});

describe('chat', () => {
  it('a conversation’s picture goes to its members only, never kept', async () => {
    const picture = await upload(alice.accessToken, 'image', 'photo.png');
    const conversation = await api(alice.accessToken, 'POST', '/api/chat/conversations/new', {
      participantIds: [bob.user.id],
    });
    expect([200, 201]).toContain(conversation.statusCode);
    const message = await api(alice.accessToken, 'POST', '/api/chat/messages/new', {
      conversationId: conversation.json().conversation.id,
      clientId: 'uploads-1',
      contentType: 'image',
      attachmentIds: [picture.id],
    });
    expect(message.statusCode, message.body).toBe(201);
    const url = await keyOf(picture.id);
    const got = await get(bob.accessToken, url);
    expect(got.statusCode).toBe(200);
    expect(got.headers['cache-control']).toBe('no-store');
    const viaChat = await get(bob.accessToken, message.json().message.attachments[0].url);
    expect(viaChat.statusCode).toBe(200);
    expect(viaChat.headers['cache-control']).toBe('no-store');
    for (const outsider of [carol, unverified]) {
      expect(await status(outsider.accessToken, url)).toBe(404);
    }
  });
});

describe('kanban', () => {
  it('a card’s file is read by those who read the board, not by pending accounts', async () => {
    const column = (await api(admin, 'POST', '/api/kanban/columns/new', { name: 'Uploads' })).json()
      .column.id;
    const card = (
      await api(admin, 'POST', '/api/kanban/cards/new', { columnId: column, card: { name: 'C' } })
    ).json().card.id;
    const file = await upload(
      admin,
      'drive',
      'notes.txt',
      Buffer.from('board notes'),
      'text/plain',
    );
    const attached = await api(admin, 'POST', '/api/kanban/cards/attach', {
      cardId: card,
      fileId: file.id,
    });
    expect(attached.statusCode, attached.body).toBe(200);
    // The stored path: the answer's URL is signed for its reader (decision 038).
    const url = (attached.json().card.attachments[0].url as string).split('?')[0]!;
    expect(url).toMatch(/^\/uploads\//);
    const got = await get(bob.accessToken, url);
    expect(got.statusCode).toBe(200);
    expect(got.body).toBe('board notes');
    expect(got.headers['cache-control']).toBe('no-store');
    expect(await status(unverified.accessToken, url)).toBe(404);
    expect(await status(unapproved.accessToken, url)).toBe(404);
    expect(await status(clerk.accessToken, url)).toBe(404);
    // Taken off the card, it is its owner's file-manager file again (its own route).
    await api(admin, 'POST', '/api/kanban/cards/detach', { cardId: card, fileId: file.id });
    expect(await status(bob.accessToken, url)).toBe(404);
  });
});

describe('pictures shown across the app', () => {
  it('an avatar loads for signed-in people; a pending account sees its own only', async () => {
    // The demo's generated pictures (seed-…): nobody's data, for every signed-in account.
    for (const token of [bob.accessToken, unverified.accessToken]) {
      const res = await get(token, '/uploads/seed-avatar-0.svg');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(SHARED);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/uploads/seed-avatar-0.svg' });
    expect(anonymous.statusCode).toBe(401);

    const avatar = await upload(alice.accessToken, 'image', 'me.png');
    expect(await status(bob.accessToken, avatar.url)).toBe(404);
    await api(alice.accessToken, 'PATCH', '/api/account/my-account/', { avatarUrl: avatar.url });
    const seen = await get(bob.accessToken, avatar.url);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['cache-control']).toBe(SHARED);
    expect(await status(clerk.accessToken, avatar.url)).toBe(200);
    expect(await status(unverified.accessToken, avatar.url)).toBe(404);

    // An administrator gives the pending account a picture: it sees it, as everyone does.
    const given = await upload(admin, 'image', 'given.png');
    const set = await api(admin, 'PATCH', `/api/users/${unapproved.user.id}`, {
      coverUrl: given.url,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(await status(unapproved.accessToken, given.url)).toBe(200);
    expect(await status(bob.accessToken, given.url)).toBe(200);
    expect(await status(unverified.accessToken, given.url)).toBe(404);
  });

  it('a product’s pictures load for those who read products', async () => {
    const picture = await upload(admin, 'image', 'tee.png');
    expect(await status(bob.accessToken, picture.url)).toBe(404);
    const created = await api(
      admin,
      'POST',
      '/api/products',
      productBody({ images: [picture.url] }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const seen = await get(bob.accessToken, picture.url);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['cache-control']).toBe(SHARED);
    expect(await status(clerk.accessToken, picture.url)).toBe(404);
    expect(await status(unverified.accessToken, picture.url)).toBe(404);
  });

  it('a published post’s cover and pictures load for readers; a draft’s stay its writer’s', async () => {
    const cover = await upload(admin, 'image', 'cover.png');
    const inside = await upload(admin, 'image', 'inside.png');
    const published = await api(admin, 'POST', '/api/blog/posts', {
      title: 'Uploads in posts',
      content: `<p>Look</p><p><img src="${inside.url}" alt="inside"></p>`,
      coverFileId: cover.id,
      status: 'published',
    });
    expect(published.statusCode, published.body).toBe(201);
    for (const url of [cover.url, inside.url]) {
      const seen = await get(bob.accessToken, url);
      expect(seen.statusCode).toBe(200);
      expect(seen.headers['cache-control']).toBe(SHARED);
      expect(await status(unverified.accessToken, url)).toBe(404);
      expect(await status(clerk.accessToken, url)).toBe(404);
    }

    const draftCover = await upload(admin, 'image', 'draft.png');
    const draft = await api(admin, 'POST', '/api/blog/posts', {
      title: 'Not yet',
      coverFileId: draftCover.id,
      status: 'draft',
    });
    expect(draft.statusCode, draft.body).toBe(201);
    expect(await status(bob.accessToken, draftCover.url)).toBe(404);
    const own = await get(admin, draftCover.url);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
  });
});
