import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/core.js';
import { blogPosts } from '../../db/schema/content.js';
import { call, createTestApp, login, registerUser, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
let admin: string;
let writer: string;
let writerId: string;
let reader: string;
let readerId: string;

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function person(email: string, role: string) {
  const { accessToken, user } = await registerUser(t.app, { email });
  await t.database.db.update(users).set({ role }).where(eq(users.id, user.id));
  t.app.services.permissions.invalidate();
  return { token: accessToken, id: user.id as string };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).accessToken;
  ({ token: writer, id: writerId } = await person('writer@test.local', 'editor'));
  // An author who is not an editor: may write their own posts only.
  await t.database.db.execute(
    sql`INSERT INTO roles (name, permissions) VALUES ('author', ARRAY['account:self','blog:read','blog:write']) ON CONFLICT DO NOTHING`,
  );
  ({ token: reader, id: readerId } = await person('reader@test.local', 'user'));
});
afterAll(async () => {
  await t.close();
});

const api = (token: string, method: string, url: string, payload?: object) =>
  call(t.app, token, {
    method: method as 'GET',
    url,
    ...(payload ? { payload } : {}),
  });
const fields = (res: { json(): { details?: Array<{ field: string }> } }) =>
  (res.json().details ?? []).map((d) => d.field);
const create = async (body: object, token = writer) => {
  const res = await api(token, 'POST', '/api/blog/posts', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().post as { id: string; slug: string; status: string; [k: string]: unknown };
};
const list = async (token: string, query = '') =>
  (await api(token, 'GET', `/api/blog/posts${query}`)).json();

async function uploadImage(token: string): Promise<string> {
  const boundary = '----bo-blog';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cover.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await call(t.app, token, {
    method: 'POST',
    url: '/api/files?kind=image',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().file.id;
}

describe('posts', () => {
  it('writes a post with a cover; the answer carries the spec keys; the slug comes from the title', async () => {
    const coverFileId = await uploadImage(writer);
    const post = await create({
      title: 'Hello, Blog World!',
      description: 'First words',
      content: '<p>Some <strong>bold</strong> words</p>',
      coverFileId,
      coverAlt: 'A sunrise',
      tags: ['news', 'news', 'team'],
      status: 'published',
      allowComments: true,
      metaTitle: 'Hello',
      metaDescription: 'Meta',
      metaKeywords: ['hello'],
    });
    expect(post).toMatchObject({
      slug: 'hello-blog-world',
      status: 'published',
      tags: ['news', 'team'],
      coverImage: { fileId: coverFileId, alt: 'A sunrise' },
      author: { id: writerId },
      views: 0,
      likes: 0,
      commentCount: 0,
      readingMinutes: 1,
      metaKeywords: ['hello'],
    });
    expect((post.coverImage as { url: string }).url).toMatch(/^\/uploads\//);
    const again = await create({ title: 'Hello blog world', status: 'draft' });
    expect(again.slug).toBe('hello-blog-world-2');

    const one = await api(reader, 'GET', '/api/blog/post?title=hello-blog-world');
    expect(one.statusCode).toBe(200);
    expect(Object.keys(one.json())).toEqual(['post']);
    expect(one.json().post).toMatchObject({ id: post.id, views: 1, canEdit: false });
    // By its title too; a second read the same day is not another view.
    const byTitle = await api(
      reader,
      'GET',
      `/api/blog/post?title=${encodeURIComponent('Hello, Blog World!')}`,
    );
    expect(byTitle.json().post).toMatchObject({ id: post.id, views: 1 });
  });

  it('stores HTML clean: no script, no event handler, no javascript: link', async () => {
    const post = await create({
      title: 'Dirty markup',
      status: 'published',
      content:
        '<p onclick="alert(1)">Hi<script>alert(2)</script><a href="javascript:alert(3)">x</a><img src="x" onerror="alert(4)"></p>',
    });
    const { post: read } = (await api(reader, 'GET', `/api/blog/post?title=${post.slug}`)).json();
    expect(read.content).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(read.content).toContain('Hi');
  });

  it("a reader sees published posts only, never another's draft, and cannot write", async () => {
    const draft = await create({ title: 'Secret draft', status: 'draft' });
    expect((await api(reader, 'GET', `/api/blog/post?title=${draft.slug}`)).statusCode).toBe(404);
    const readerList = await list(reader, '?tab=draft');
    expect(readerList.posts).toEqual([]);
    expect(readerList.counts.draft).toBe(0);
    const { posts } = await list(reader, '?limit=50');
    expect(posts.map((p: { id: string }) => p.id)).not.toContain(draft.id);
    expect((await api(reader, 'POST', '/api/blog/posts', { title: 'Mine' })).statusCode).toBe(403);
    expect(
      (await api(reader, 'PATCH', `/api/blog/posts/${draft.id}`, { title: 'x' })).statusCode,
    ).toBe(403);
    // The writer and an editor see it.
    expect((await list(writer, '?tab=draft')).posts.map((p: { id: string }) => p.id)).toContain(
      draft.id,
    );
    expect((await list(admin, '?tab=draft')).posts.map((p: { id: string }) => p.id)).toContain(
      draft.id,
    );
  });

  it('only the author or an editor changes a post', async () => {
    const { token: author } = await person('author@test.local', 'author');
    const mine = await create({ title: 'Author post', status: 'published' }, author);
    const theirs = await create({ title: 'Writer post', status: 'published' });
    expect(
      (await api(author, 'PATCH', `/api/blog/posts/${theirs.id}`, { title: 'Taken' })).statusCode,
    ).toBe(403);
    expect((await api(author, 'DELETE', `/api/blog/posts/${theirs.id}`)).statusCode).toBe(403);
    const edited = await api(admin, 'PATCH', `/api/blog/posts/${mine.id}`, {
      title: 'Edited by editor',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().post).toMatchObject({
      title: 'Edited by editor',
      slug: 'edited-by-editor',
    });
    expect((await api(author, 'DELETE', `/api/blog/posts/${mine.id}`)).statusCode).toBe(204);
    expect((await api(author, 'GET', `/api/blog/post?title=${mine.slug}`)).statusCode).toBe(404);
  });

  it('names the field of bad input', async () => {
    expect(fields(await api(writer, 'POST', '/api/blog/posts', { title: '' }))).toContain('title');
    expect(
      fields(await api(writer, 'POST', '/api/blog/posts', { title: 'x', publishAt: 'tomorrow' })),
    ).toContain('publishAt');
    expect(
      fields(
        await api(writer, 'POST', '/api/blog/posts', {
          title: 'x',
          coverFileId: '00000000-0000-4000-8000-000000000000',
        }),
      ),
    ).toEqual(['coverFileId']);
    // Someone else's upload is not a cover of yours.
    const other = await uploadImage(reader);
    expect(
      fields(await api(writer, 'POST', '/api/blog/posts', { title: 'x', coverFileId: other })),
    ).toEqual(['coverFileId']);
    expect(fields(await api(writer, 'GET', '/api/blog/posts?after=nonsense'))).toEqual(['after']);
    expect((await api(writer, 'GET', '/api/blog/posts?sort=random')).statusCode).toBe(400);
  });

  it('a NUL byte, a huge number or an impossible date is a 400 naming the field', async () => {
    expect(fields(await api(writer, 'POST', '/api/blog/posts', { title: 'a\u0000b' }))).toContain(
      'title',
    );
    expect(
      fields(
        await api(writer, 'POST', '/api/blog/posts', {
          title: 'x',
          publishAt: '2026-02-30T10:00:00Z',
        }),
      ),
    ).toContain('publishAt');
    expect(
      fields(
        await api(writer, 'POST', '/api/blog/posts', {
          title: 'x',
          publishAt: '99999-01-01T00:00:00Z',
        }),
      ),
    ).toContain('publishAt');
    expect(fields(await api(reader, 'GET', '/api/blog/posts?limit=1e308'))).toContain('limit');
    expect(fields(await api(reader, 'GET', '/api/blog/posts?q=a%00b'))).toContain('q');
    expect(fields(await api(reader, 'GET', '/api/blog/post?title=a%00b'))).toContain('title');
    expect(fields(await api(reader, 'GET', '/api/blog/posts/not-a-uuid/comments'))).toContain('id');
    const post = await create({ title: 'Fuzzed', status: 'published' });
    expect(
      fields(
        await api(reader, 'POST', `/api/blog/posts/${post.id}/comments`, { message: 'x\u0000' }),
      ),
    ).toContain('message');
    expect(
      (
        await api(reader, 'POST', `/api/blog/posts/${post.id}/comments`, {
          message: 'x'.repeat(5000),
        })
      ).statusCode,
    ).toBe(400);
  });

  it('a post scheduled a second ahead becomes visible at its time, with nobody acting', async () => {
    const at = new Date(Date.now() + 1000).toISOString();
    const post = await create({ title: 'Scheduled soon', status: 'published', publishAt: at });
    expect(post.status).toBe('scheduled');
    expect(post.publishAt).toBe(at);
    expect((await api(reader, 'GET', `/api/blog/post?title=${post.slug}`)).statusCode).toBe(404);
    const before = await list(reader, '?tab=published&q=scheduled soon');
    expect(before.total).toBe(0);
    expect((await list(writer, '?tab=scheduled')).posts.map((p: { id: string }) => p.id)).toContain(
      post.id,
    );
    await new Promise((r) => setTimeout(r, 1300));
    const after = await list(reader, '?tab=published&q=scheduled soon');
    expect(after.posts.map((p: { id: string }) => p.id)).toEqual([post.id]);
    expect((await api(reader, 'GET', `/api/blog/post?title=${post.slug}`)).json().post.status).toBe(
      'published',
    );
  });

  it('unpublishes back to a draft and publishes again', async () => {
    const post = await create({ title: 'On and off', status: 'published' });
    const off = await api(writer, 'PATCH', `/api/blog/posts/${post.id}`, { status: 'draft' });
    expect(off.json().post.status).toBe('draft');
    expect((await api(reader, 'GET', `/api/blog/post?title=${post.slug}`)).statusCode).toBe(404);
    const on = await api(writer, 'PATCH', `/api/blog/posts/${post.id}`, { status: 'published' });
    expect(on.json().post.status).toBe('published');
  });
});

describe('lists and search', () => {
  it('pages with a cursor without repeats; sorts latest, oldest, popular; counts per tab', async () => {
    for (let i = 0; i < 5; i++) await create({ title: `Paging post ${i}`, status: 'published' });
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const page = await list(reader, `?q=paging post&limit=2${after ? `&after=${after}` : ''}`);
      expect(page.total).toBe(5);
      seen.push(...page.posts.map((p: { title: string }) => p.title));
      after = page.nextCursor;
    } while (after);
    expect(seen).toEqual([4, 3, 2, 1, 0].map((i) => `Paging post ${i}`));
    const oldest = await list(reader, '?q=paging post&sort=oldest&limit=1');
    expect(oldest.posts[0].title).toBe('Paging post 0');
    await api(reader, 'GET', '/api/blog/post?title=paging-post-2');
    const popular = await list(reader, '?q=paging post&sort=popular&limit=1');
    expect(popular.posts[0].title).toBe('Paging post 2');
    const counts = (await list(writer)).counts;
    expect(counts.all).toBe(counts.published + counts.draft + counts.scheduled);
  });

  it('the tab counts, kept by a trigger, equal a count of the table after writes and deletes', async () => {
    const a = await create({ title: 'Counted one', status: 'draft' });
    await create({ title: 'Counted two', status: 'published' });
    await api(writer, 'PATCH', `/api/blog/posts/${a.id}`, { status: 'published' });
    await api(writer, 'DELETE', `/api/blog/posts/${a.id}`);
    const rows = (await t.database.db.execute(
      sql`SELECT count(*) FILTER (WHERE status = 'draft')::int AS draft,
        count(*) FILTER (WHERE status = 'published' AND published_at <= now())::int AS published,
        count(*) FILTER (WHERE status = 'published' AND published_at > now())::int AS scheduled
        FROM blog_posts`,
    )) as unknown as { rows: Array<{ draft: number; published: number; scheduled: number }> };
    const direct = rows.rows[0]!;
    const { counts } = await list(admin);
    expect(counts).toEqual({
      all: direct.draft + direct.published + direct.scheduled,
      ...direct,
    });
    // A reader's "all" is the published posts plus nothing of others.
    expect((await list(reader)).counts).toMatchObject({ published: direct.published, draft: 0 });
  });

  it('search suggests by title; recent posts leave the named one out', async () => {
    const { results } = (await api(reader, 'GET', '/api/blog/posts/search?query=PAGING')).json();
    expect(results.length).toBe(5);
    expect(Object.keys(results[0]).sort()).toEqual(['cover', 'id', 'publishedAt', 'slug', 'title']);
    const recent = (await api(reader, 'GET', '/api/blog/posts/recent?title=paging-post-4')).json();
    expect(recent.recentPosts.length).toBe(4);
    expect(recent.recentPosts.map((p: { slug: string }) => p.slug)).not.toContain('paging-post-4');
  });
});

describe('likes and comments', () => {
  it('likes once per person, takes it back, shows who liked', async () => {
    const post = await create({ title: 'Likeable', status: 'published' });
    const url = `/api/blog/posts/${post.id}/like`;
    expect((await api(reader, 'POST', url)).json()).toEqual({ likes: 1, isLiked: true });
    expect((await api(reader, 'POST', url)).json()).toEqual({ likes: 1, isLiked: true });
    expect((await api(admin, 'POST', url)).json()).toEqual({ likes: 2, isLiked: true });
    const read = (await api(reader, 'GET', `/api/blog/post?title=${post.slug}`)).json().post;
    expect(read).toMatchObject({ likes: 2, isLiked: true });
    expect(read.favoritePerson.map((p: { id: string }) => p.id)).toContain(readerId);
    expect((await api(reader, 'DELETE', url)).json()).toEqual({ likes: 1, isLiked: false });
  });

  it('pages a long discussion oldest first, each comment once', async () => {
    const post = await create({ title: 'Long discussion', status: 'published' });
    // 32 comments a microsecond apart (as a busy thread writes them): two pages of 30.
    await t.database.db.execute(sql`
      INSERT INTO blog_comments (post_id, author_id, message, created_at)
      SELECT ${post.id}::uuid, (SELECT id FROM users ORDER BY created_at LIMIT 1),
             'comment ' || n, '2026-01-02T10:00:00.000100Z'::timestamptz + n * interval '1 microsecond'
        FROM generate_series(0, 31) n`);
    const url = `/api/blog/posts/${post.id}/comments`;
    const seen: string[] = [];
    let after: string | null = null;
    for (let pages = 0; pages === 0 || (after && pages < 4); pages++) {
      const res = await api(reader, 'GET', `${url}${after ? `?after=${after}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...res.json().comments.map((c: { message: string }) => c.message));
      after = res.json().after;
    }
    expect(after).toBeNull();
    expect(seen).toEqual(Array.from({ length: 32 }, (_, n) => `comment ${n}`));
  });

  it('threads replies, edits and deletes one’s own, editors hide; closed comments refuse', async () => {
    const post = await create({ title: 'Discuss', status: 'published' });
    const url = `/api/blog/posts/${post.id}/comments`;
    const top = await api(reader, 'POST', url, { message: 'First!' });
    expect(top.statusCode).toBe(201);
    const topId = top.json().comment.id;
    const reply = await api(writer, 'POST', url, { message: 'Welcome', parentId: topId });
    // A reply to a reply joins the thread of its root.
    const nested = await api(reader, 'POST', url, {
      message: 'Thanks',
      parentId: reply.json().comment.id,
    });
    expect(nested.json().comment.parentId).toBe(topId);
    expect(fields(await api(reader, 'POST', url, { message: '' }))).toEqual(['message']);
    expect(
      fields(
        await api(reader, 'POST', url, {
          message: 'x',
          parentId: '00000000-0000-4000-8000-000000000000',
        }),
      ),
    ).toEqual(['parentId']);

    const read = (await api(reader, 'GET', `/api/blog/post?title=${post.slug}`)).json().post;
    expect(read.commentCount).toBe(3);
    expect(read.commentList).toHaveLength(1);
    expect(read.commentList[0].replies.map((r: { message: string }) => r.message)).toEqual([
      'Welcome',
      'Thanks',
    ]);

    // Someone else's comment: no editing, no deleting (not an editor).
    const { token: author } = await person('author2@test.local', 'author');
    expect(
      (await api(author, 'PATCH', `/api/blog/comments/${topId}`, { message: 'x' })).statusCode,
    ).toBe(403);
    expect((await api(author, 'DELETE', `/api/blog/comments/${topId}`)).statusCode).toBe(403);
    const edited = await api(reader, 'PATCH', `/api/blog/comments/${topId}`, {
      message: 'First, edited',
    });
    expect(edited.json().comment).toMatchObject({ message: 'First, edited', isOwn: true });

    expect(
      (await api(reader, 'POST', `/api/blog/comments/${topId}/hide`, { hidden: true })).statusCode,
    ).toBe(403);
    const hidden = await api(admin, 'POST', `/api/blog/comments/${topId}/hide`, { hidden: true });
    expect(hidden.json().comment.hidden).toBe(true);
    const asOther = (await api(author, 'GET', `/api/blog/post?title=${post.slug}`)).json().post;
    expect(asOther.commentList[0]).toMatchObject({ hidden: true, message: '' });

    // Deleting the root takes its replies; the count follows.
    expect((await api(reader, 'DELETE', `/api/blog/comments/${topId}`)).statusCode).toBe(204);
    const after = (await api(reader, 'GET', `/api/blog/post?title=${post.slug}`)).json().post;
    expect(after.commentCount).toBe(0);
    expect(after.commentList).toEqual([]);

    await api(writer, 'PATCH', `/api/blog/posts/${post.id}`, { allowComments: false });
    expect((await api(reader, 'POST', url, { message: 'Late' })).statusCode).toBe(403);
  });
});

describe('revisions', () => {
  it('lists versions and a restored revision becomes the content', async () => {
    const post = await create({ title: 'Versioned', status: 'draft', content: '<p>one</p>' });
    // Another person's edit is a new revision (the author's own within minutes merge: autosave).
    await api(admin, 'PATCH', `/api/blog/posts/${post.id}`, { content: '<p>two</p>' });
    const revs = await api(writer, 'GET', `/api/blog/posts/${post.id}/revisions`);
    expect(revs.statusCode).toBe(200);
    const list = revs.json().revisions as Array<{ id: string; content: string }>;
    expect(list.map((r) => r.content)).toEqual(['<p>two</p>', '<p>one</p>']);
    const restored = await api(
      writer,
      'POST',
      `/api/blog/posts/${post.id}/revisions/${list[1]!.id}/restore`,
    );
    expect(restored.statusCode).toBe(200);
    expect(restored.json().post.content).toBe('<p>one</p>');
    expect((await api(reader, 'GET', `/api/blog/posts/${post.id}/revisions`)).statusCode).toBe(403);
    expect(
      (
        await api(
          writer,
          'POST',
          `/api/blog/posts/${post.id}/revisions/00000000-0000-4000-8000-000000000000/restore`,
        )
      ).statusCode,
    ).toBe(404);
    const [row] = await t.database.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(row!.content).toBe('<p>one</p>');
  });

  it('writes are audited', async () => {
    const post = await create({ title: 'Audited post', status: 'draft' });
    const { entries } = (
      await api(admin, 'GET', `/api/admin/audit?action=blog.post.create&limit=50`)
    ).json();
    expect(JSON.stringify(entries ?? [])).toContain(post.id);
  });
});
