import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, call, createTestApp, login, registerUser, type TestApp } from '../test/helpers.js';
import { productBody } from '../test/fixtures.js';

/**
 * What a search finds follows what its records' own reads show (security review, findings 6 and
 * 7): a scheduled post is nobody's but its author's and editors' until its time, and a private
 * profile's email is neither shown nor matched for those who may not see it.
 */

let t: TestApp;
let admin: string;
let adminId: string;
/** A plain user: reads people, posts, products and their own mail; manages nothing. */
let reader: string;
let readerId: string;
/** An editor of the blog (blog:write, blog:manage), who does not manage people. */
let editor: string;
/** A private profile: only they and those who manage people see (or match) their email. */
let hidden: { token: string; id: string };
const HIDDEN_EMAIL = 'zq.quietaddress@test.local';

type Result = { type: string; id: string; title: string; subtitle: string; link: string };
type Person = { name: string; email: string; avatar: string | null };

const get = (token: string, url: string) => call(t.app, token, { method: 'GET', url });
const send = (token: string, method: 'POST' | 'PATCH', url: string, payload: object) =>
  call(t.app, token, { method, url, payload });

async function search(token: string, q: string): Promise<Result[]> {
  const res = await get(token, `/api/search?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results as Result[];
}

async function people(token: string, query: string): Promise<Person[]> {
  const res = await get(token, `/api/mail/people?query=${encodeURIComponent(query)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().people as Person[];
}

async function listed(token: string, q: string): Promise<Array<{ id: string; email: string }>> {
  const res = await get(token, `/api/users?limit=100&q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().users;
}

beforeAll(async () => {
  t = await createTestApp();
  const signedIn = await login(t.app);
  admin = signedIn.accessToken;
  adminId = signedIn.user.id;
  const r = await registerUser(t.app, {
    email: 'reader@test.local',
    firstName: 'Rita',
    lastName: 'Reader',
  });
  reader = r.accessToken;
  readerId = r.user.id;
  const e = await registerUser(t.app, {
    email: 'editor@test.local',
    firstName: 'Eddie',
    lastName: 'Editor',
  });
  const role = await send(admin, 'PATCH', `/api/users/${e.user.id}`, { role: 'editor' });
  expect(role.statusCode, role.body).toBe(200);
  editor = (await login(t.app, 'editor@test.local', 'a-long-unusual-password')).accessToken;
  const h = await registerUser(t.app, {
    email: HIDDEN_EMAIL,
    firstName: 'Quentin',
    lastName: 'Private',
  });
  hidden = { token: h.accessToken, id: h.user.id };
  for (const id of [h.user.id, adminId]) {
    const made = await send(admin, 'PATCH', `/api/users/${id}`, { isPublic: false });
    expect(made.statusCode, made.body).toBe(200);
  }
});
afterAll(async () => {
  await t.close();
});

describe('6. search shows a post only to whom the blog shows it', () => {
  it('a scheduled post is its author’s and editors’ until its time, then everyone’s', async () => {
    const at = new Date(Date.now() + 1500).toISOString();
    const made = await send(admin, 'POST', '/api/blog/posts', {
      title: 'Quarterly embargoed announcement',
      status: 'published',
      publishAt: at,
    });
    expect(made.statusCode, made.body).toBe(201);
    const post = made.json().post as { id: string; slug: string; status: string };
    expect(post.status).toBe('scheduled');

    // As a reader opens it: not there yet. The search says the same.
    expect((await get(reader, `/api/blog/post?title=${post.slug}`)).statusCode).toBe(404);
    const early = await search(reader, 'embargoed announcement');
    expect(early.filter((r) => r.type === 'post')).toEqual([]);
    expect(JSON.stringify(early)).not.toContain('/dashboard/blog/post/');

    // Its author and the blog's editors see it coming.
    for (const token of [admin, editor]) {
      const found = (await search(token, 'embargoed')).find((r) => r.id === post.id);
      expect(found).toMatchObject({
        type: 'post',
        subtitle: 'scheduled',
        link: `/dashboard/blog/post/${post.slug}`,
      });
    }

    // At its time it appears, for the search as for the post (the answer above is not reused).
    await new Promise((resolve) => setTimeout(resolve, Date.parse(at) - Date.now() + 300));
    expect((await get(reader, `/api/blog/post?title=${post.slug}`)).statusCode).toBe(200);
    const later = await search(reader, 'embargoed announcement');
    expect(later.filter((r) => r.type === 'post')).toEqual([
      expect.objectContaining({ id: post.id, subtitle: 'published' }),
    ]);
  });

  it('a draft is its author’s; each other kind follows its own read rule too', async () => {
    const draft = (
      await send(editor, 'POST', '/api/blog/posts', { title: 'Unfinished xylophone draft' })
    ).json().post as { id: string };
    expect((await search(reader, 'xylophone')).map((r) => r.id)).not.toContain(draft.id);
    expect((await search(editor, 'xylophone')).map((r) => r.id)).toContain(draft.id);

    // An unpublished product is for those who write products.
    const product = await send(
      admin,
      'POST',
      '/api/products',
      productBody({ name: 'Hushed prototype kettle', code: 'HP-1', published: false }),
    );
    expect(product.statusCode, product.body).toBe(201);
    const productId = product.json().product.id as string;
    expect((await get(reader, `/api/products/${productId}`)).statusCode).toBe(404);
    expect((await search(reader, 'prototype kettle')).map((r) => r.id)).not.toContain(productId);
    expect((await search(admin, 'prototype kettle')).map((r) => r.id)).toContain(productId);

    // Mail is its mailbox's: the sender finds their copy, nobody else does.
    const mailed = await send(editor, 'POST', '/api/mail/send', {
      to: ['admin@test.local'],
      subject: 'Confidential walrus budget',
      message: 'x',
    });
    expect(mailed.statusCode, mailed.body).toBe(201);
    expect((await search(reader, 'walrus budget')).filter((r) => r.type === 'mail')).toEqual([]);
    expect((await search(editor, 'walrus budget')).filter((r) => r.type === 'mail')).toHaveLength(
      1,
    );
  });
});

describe('7. a private profile’s email is neither shown nor matched', () => {
  it('mail suggestions name a private colleague without their address', async () => {
    // The hidden administrator, by name: there, but with no address.
    const admins = await people(reader, 'Administrator');
    expect(admins).toEqual([expect.objectContaining({ name: 'Administrator', email: '' })]);
    const quentin = await people(reader, 'Quentin');
    expect(quentin).toEqual([expect.objectContaining({ name: 'Quentin Private', email: '' })]);
    // Nor does their address find them.
    expect(await people(reader, ADMIN.email)).toEqual([]);
    expect(await people(reader, 'quietaddress')).toEqual([]);
    const all = await get(reader, '/api/mail/people?query=');
    expect(all.body).not.toContain(ADMIN.email);
    expect(all.body).not.toContain(HIDDEN_EMAIL);
    // A public colleague keeps their address; so does one's own private profile, and those who
    // manage people see every address.
    expect(await people(reader, 'editor@')).toEqual([
      expect.objectContaining({ name: 'Eddie Editor', email: 'editor@test.local' }),
    ]);
    expect(await people(hidden.token, 'quietaddress')).toEqual([
      expect.objectContaining({ email: HIDDEN_EMAIL }),
    ]);
    expect(await people(admin, 'quietaddress')).toEqual([
      expect.objectContaining({ email: HIDDEN_EMAIL }),
    ]);
  });

  it('the people list does not match on a hidden email (no yes/no oracle)', async () => {
    for (const q of [HIDDEN_EMAIL, 'quietaddress', 'zq', ADMIN.email, 'admin@test']) {
      const ids = (await listed(reader, q)).map((u) => u.id);
      expect(ids, q).not.toContain(hidden.id);
      expect(ids, q).not.toContain(adminId);
    }
    // By name they are found, their email blank.
    expect(await listed(reader, 'Quentin')).toEqual([
      expect.objectContaining({ id: hidden.id, email: '' }),
    ]);
    // A public profile is found by its email; one's own private one too; and all of them by those
    // who manage people.
    expect((await listed(reader, 'reader@test')).map((u) => u.id)).toEqual([readerId]);
    expect((await listed(hidden.token, 'quietaddress')).map((u) => u.id)).toEqual([hidden.id]);
    expect(await listed(admin, 'quietaddress')).toEqual([
      expect.objectContaining({ id: hidden.id, email: HIDDEN_EMAIL }),
    ]);
    expect((await listed(admin, 'zq')).map((u) => u.id)).toContain(hidden.id);
  });

  it('sorting people by email is for those who manage them (the order would place hidden ones)', async () => {
    const refused = await get(reader, '/api/users?sort=email&order=asc');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0]).toMatchObject({ field: 'sort', code: 'not_allowed' });
    expect((await get(reader, '/api/users?sort=name&order=asc')).statusCode).toBe(200);
    expect((await get(admin, '/api/users?sort=email&order=asc')).statusCode).toBe(200);
  });

  it('the header search, chat and kanban people do not match on a hidden email either', async () => {
    for (const q of [HIDDEN_EMAIL, 'quietaddress', ADMIN.email]) {
      const found = await search(reader, q);
      expect(
        found.filter((r) => r.type === 'user'),
        q,
      ).toEqual([]);
      const chat = await get(reader, `/api/chat/search?query=${encodeURIComponent(q)}`);
      expect(chat.statusCode, chat.body).toBe(200);
      expect(chat.json().results, q).toEqual([]);
      const kanban = await get(reader, `/api/kanban/assignable-users?q=${encodeURIComponent(q)}`);
      expect(kanban.statusCode, kanban.body).toBe(200);
      expect(kanban.json().users, q).toEqual([]);
    }
    expect(await search(reader, 'Quentin')).toEqual([
      expect.objectContaining({ type: 'user', id: hidden.id }),
    ]);
    expect((await search(reader, 'Quentin'))[0]!.subtitle).not.toContain('@');
    expect((await search(hidden.token, 'quietaddress')).map((r) => r.id)).toEqual([hidden.id]);
    expect(await search(admin, 'quietaddress')).toEqual([
      expect.objectContaining({ type: 'user', id: hidden.id, subtitle: HIDDEN_EMAIL }),
    ]);
  });

  it('a search past the count cap does not match hidden emails either', async () => {
    // 1,100 private profiles sharing a word in their email only: past the cap, the page is read
    // along the sort's index.
    await t.database.query(
      `INSERT INTO users (email, first_name, last_name, display_name, slug, role, status, is_public)
       SELECT 'p' || i || '@plentiful.example', 'Many', 'Quiet' || i, 'Many Quiet' || i,
              'many-quiet-' || i, 'user', 'active', false
         FROM generate_series(1, 1100) AS i`,
    );
    const asReader = await get(reader, '/api/users?limit=25&q=plentiful');
    expect(asReader.statusCode, asReader.body).toBe(200);
    expect(asReader.json().users).toEqual([]);
    const byStatus = await get(reader, '/api/users?limit=25&q=plentiful&status=active&sort=name');
    expect(byStatus.statusCode, byStatus.body).toBe(200);
    expect(byStatus.json().users).toEqual([]);
    // Their names still find them, and those who manage people find them by their address.
    const byName = await get(reader, '/api/users?limit=25&q=quiet');
    expect(byName.json().users).toHaveLength(25);
    expect(byName.json().users.every((u: { email: string }) => u.email === '')).toBe(true);
    const asAdmin = await get(admin, '/api/users?limit=25&q=plentiful');
    expect(asAdmin.json().users).toHaveLength(25);
    expect(asAdmin.json().totalCapped).toBe(true);
  });
});
