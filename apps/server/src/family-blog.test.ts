import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  call,
  createTestApp,
  login,
  registerUser,
  uploadFile,
  type TestApp,
} from '../test/helpers.js';

/**
 * Issue 48, item 9: a blog post as a client of the template family reads it — `body`, `cover` as
 * a URL, `comments` as threads, `favoritePerson` and the four totals — and writes it (`body`,
 * `cover` as an upload's URL). Played call by call, as such a front end sends them.
 */

let t: TestApp;
let admin: string;
let fan: { token: string; id: string };
let critic: { token: string; id: string };

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).accessToken;
  const person = async (email: string, firstName: string) => {
    const { accessToken, user } = await registerUser(t.app, {
      email,
      firstName,
      lastName: 'Reader',
    });
    return { token: accessToken as string, id: user.id as string };
  };
  fan = await person('fan@family.test', 'Fay');
  critic = await person('critic@family.test', 'Cris');
});
afterAll(async () => {
  await t.close();
});

const send = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, token = admin) =>
  call(t.app, token, { method, url, ...(payload ? { payload } : {}) });
const read = async (slug: string, token = admin) => {
  const res = await send('GET', `/api/blog/post?title=${slug}`, undefined, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().post;
};

async function upload(): Promise<{ id: string; url: string }> {
  const res = await uploadFile(t.app, admin, {
    name: 'cover.png',
    bytes: PNG,
    type: 'image/png',
    kind: 'image',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().file;
}

describe('a post written and read in the family’s names', () => {
  let slug: string;
  let id: string;
  let cover: { id: string; url: string };

  it('takes `body` and `cover` (an upload’s URL) and answers them back', async () => {
    cover = await upload();
    const res = await send('POST', '/api/blog/posts', {
      title: 'Family kitchen notes',
      description: 'Written from another front end',
      body: '<p>Bread <strong>rises</strong> overnight.</p>',
      cover: cover.url,
      coverAlt: 'A loaf',
      status: 'published',
    });
    expect(res.statusCode, res.body).toBe(201);
    const post = res.json().post;
    ({ slug, id } = post);
    expect(post.body).toBe('<p>Bread <strong>rises</strong> overnight.</p>');
    expect(post.content).toBe(post.body);
    expect(post.cover).toBe(cover.url);
    expect(post.cover).toMatch(/^\/uploads\//);
    // Ours moved beside it, naming the same file.
    expect(post.coverImage).toEqual({ fileId: cover.id, url: cover.url, alt: 'A loaf' });
    expect(post).toMatchObject({
      comments: [],
      favoritePerson: [],
      commentCount: 0,
      totalComments: 0,
      totalFavorites: 0,
      totalShares: 0,
    });
  });

  it('answers threads, likers and totals that move with real comments and likes', async () => {
    const before = await read(slug, fan.token);
    expect(before.totalViews).toBe(1);

    const top = await send(
      'POST',
      `/api/blog/posts/${id}/comments`,
      { message: 'Lovely crumb' },
      fan.token,
    );
    expect(top.statusCode, top.body).toBe(201);
    const topId = top.json().comment.id as string;
    const reply = await send(
      'POST',
      `/api/blog/posts/${id}/comments`,
      { message: 'Too much salt', parentId: topId },
      critic.token,
    );
    expect(reply.statusCode, reply.body).toBe(201);
    expect((await send('POST', `/api/blog/posts/${id}/like`, {}, fan.token)).statusCode).toBe(200);

    const post = await read(slug, critic.token);
    expect(post.totalViews).toBe(2);
    expect(post.totalComments).toBe(2);
    expect(post.commentCount).toBe(2);
    expect(post.totalFavorites).toBe(1);
    expect(post.totalShares).toBe(0);

    expect(post.favoritePerson).toHaveLength(1);
    expect(post.favoritePerson[0]).toMatchObject({ id: fan.id, name: 'Fay Reader' });
    expect(post.favoritePerson[0]).toHaveProperty('avatarUrl');

    expect(post.comments).toHaveLength(1);
    const thread = post.comments[0];
    expect(Object.keys(thread).sort()).toEqual(
      ['avatarUrl', 'id', 'message', 'name', 'postedAt', 'replyComment', 'users'].sort(),
    );
    expect(thread).toMatchObject({ id: topId, name: 'Fay Reader', message: 'Lovely crumb' });
    expect(new Date(thread.postedAt).toISOString()).toBe(thread.postedAt);
    expect(thread.users.map((u: { id: string }) => u.id)).toEqual([fan.id, critic.id]);
    expect(thread.users[1]).toMatchObject({ name: 'Cris Reader' });
    expect(thread.replyComment).toEqual([
      {
        id: reply.json().comment.id,
        userId: critic.id,
        message: 'Too much salt',
        postedAt: reply.json().comment.createdAt,
      },
    ]);
    // Our own threads stay as our screens read them.
    expect(post.commentList[0].replies[0].message).toBe('Too much salt');
  });

  it('lists carry the cover URL and the totals; threads only in the post’s own answer', async () => {
    const { posts } = (await send('GET', '/api/blog/posts?tab=published')).json();
    const item = posts.find((p: { id: string }) => p.id === id);
    expect(item).toMatchObject({
      cover: cover.url,
      coverImage: { fileId: cover.id },
      totalViews: 2,
      totalComments: 2,
      totalFavorites: 1,
      totalShares: 0,
      commentCount: 2,
      comments: [],
    });
    const { recentPosts } = (await send('GET', '/api/blog/posts/recent?title=nothing')).json();
    expect(recentPosts.find((p: { id: string }) => p.id === id)).toMatchObject({
      cover: cover.url,
      totalComments: 2,
    });
  });

  it('edits by `body` and `cover`; the URL it read back leaves the cover; null removes it', async () => {
    const kept = await send('PATCH', `/api/blog/posts/${id}`, {
      body: '<p>Bread rises in the cold.</p>',
      cover: cover.url,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().post).toMatchObject({
      body: '<p>Bread rises in the cold.</p>',
      content: '<p>Bread rises in the cold.</p>',
      cover: cover.url,
      coverImage: { fileId: cover.id, alt: 'A loaf' },
    });
    const removed = await send('PATCH', `/api/blog/posts/${id}`, { cover: null });
    expect(removed.json().post).toMatchObject({ cover: null, coverImage: null });
    const again = await send('PATCH', `/api/blog/posts/${id}`, { cover: cover.url });
    expect(again.json().post.cover).toBe(cover.url);
  });

  it('refuses a cover that is not one of our uploads and a NUL, naming the field', async () => {
    for (const url of ['https://elsewhere.example/cat.png', '/uploads/no-such-file.png']) {
      const res = await send('POST', '/api/blog/posts', { title: 'Stolen cover', cover: url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().details[0].field).toBe('cover');
    }
    // A NUL the store cannot hold is refused in `body` as in `content`, naming the field given.
    for (const field of ['body', 'content']) {
      const res = await send('POST', '/api/blog/posts', {
        title: 'Stolen cover',
        [field]: 'a\u0000b',
      });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().details[0].field).toBe(field);
    }
    const stored = (await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM blog_posts WHERE title = 'Stolen cover'`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(stored.rows[0]!.n).toBe(0);
  });
});

describe('from another origin, with PUBLIC_URL', () => {
  it('answers the cover absolute and takes it back as the stored upload', async () => {
    const other = await createTestApp({ publicUrl: 'https://bo.example.com' });
    try {
      const token = (await login(other.app)).accessToken;
      const uploaded = await uploadFile(other.app, token, {
        name: 'c.png',
        bytes: PNG,
        type: 'image/png',
        kind: 'image',
      });
      const url = uploaded.json().file.url as string;
      expect(url).toMatch(/^https:\/\/bo\.example\.com\/uploads\//);
      const made = await call(other.app, token, {
        method: 'POST',
        url: '/api/blog/posts',
        payload: { title: 'Absolute cover', cover: url, body: '<p>x</p>' },
      });
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json().post.cover).toBe(url);
      const stored = (await other.database.db.execute(
        sql`SELECT cover_url FROM blog_posts WHERE title = 'Absolute cover'`,
      )) as unknown as { rows: Array<{ cover_url: string }> };
      // Kept as the plain stored path: neither the origin nor the reader's signature.
      expect(stored.rows[0]!.cover_url).toBe(
        url.replace('https://bo.example.com', '').replace(/\?.*$/, ''),
      );
    } finally {
      await other.close();
    }
  });
});

describe('the OpenAPI document', () => {
  it('shows the family’s fields beside ours, each described', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const text = JSON.stringify(doc.paths['/api/blog/post'].get.responses['200']);
    for (const name of [
      'body',
      'content',
      'cover',
      'coverImage',
      'comments',
      'commentList',
      'commentCount',
      'replyComment',
      'favoritePerson',
      'totalViews',
      'totalComments',
      'totalShares',
      'totalFavorites',
    ])
      expect(text, name).toContain(`"${name}"`);
    expect(text).toContain('Family: the cover picture URL');
    expect(text).toContain('Sharing a post is not tracked');
  });
});
