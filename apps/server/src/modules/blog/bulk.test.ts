import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { BlogBulkAnswer } from '@bo/contract/blog';
import { users } from '../../db/schema/core.js';
import { call, createTestApp, login, registerUser, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
let admin: string;
let author: string;
let reader: string;

async function person(email: string, role: string) {
  const { accessToken, user } = await registerUser(t.app, { email });
  await t.database.db.update(users).set({ role }).where(eq(users.id, user.id));
  t.app.services.permissions.invalidate();
  return accessToken;
}

const api = (token: string, method: string, url: string, payload?: object) =>
  call(t.app, token, { method: method as 'GET', url, ...(payload ? { payload } : {}) });
const create = async (body: object, token: string) => {
  const res = await api(token, 'POST', '/api/blog/posts', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().post as { id: string; slug: string; status: string };
};
const statusOf = async (slug: string) => {
  const res = await api(admin, 'GET', `/api/blog/post?title=${slug}`);
  return res.statusCode === 200 ? (res.json().post.status as string) : res.statusCode;
};
const bulk = (token: string, payload: object) =>
  api(token, 'POST', '/api/blog/posts/bulk', payload);
const lastAudit = async () =>
  (await api(admin, 'GET', '/api/admin/audit?action=blog.post.bulk&limit=1')).json().entries[0];

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).accessToken;
  // An author who is not an editor: may change their own posts only.
  await t.database.db.execute(
    sql`INSERT INTO roles (name, permissions) VALUES ('author', ARRAY['account:self','blog:read','blog:write']) ON CONFLICT DO NOTHING`,
  );
  author = await person('bulk-author@test.local', 'author');
  reader = await person('bulk-reader@test.local', 'user');
});
afterAll(() => t.close());

describe('POST /api/blog/posts/bulk', () => {
  it('publishes and unpublishes an editor’s choice in one call, audited once with the count', async () => {
    const a = await create({ title: 'Bulk draft A', status: 'draft' }, admin);
    const b = await create({ title: 'Bulk draft B', status: 'draft' }, author);
    const res = await bulk(admin, { ids: [a.id, b.id], action: 'publish' });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as BlogBulkAnswer).changed.sort()).toEqual([a.id, b.id].sort());
    expect(await statusOf(a.slug)).toBe('published');
    expect(await statusOf(b.slug)).toBe('published');
    expect((await lastAudit()).meta).toMatchObject({ action: 'publish', count: 2, refused: 0 });

    const back = await bulk(admin, { ids: [a.id, b.id], action: 'unpublish' });
    expect(back.json()).toEqual({ changed: [a.id, b.id], refused: [] });
    expect(await statusOf(a.slug)).toBe('draft');
    expect((await lastAudit()).meta).toMatchObject({ action: 'unpublish', count: 2 });
  });

  it('lets an author change only their own posts; the others are named with why', async () => {
    const mine = await create({ title: 'Bulk mine', status: 'published' }, author);
    const theirs = await create({ title: 'Bulk theirs', status: 'published' }, admin);
    const hidden = await create({ title: 'Bulk hidden draft', status: 'draft' }, admin);
    const res = await bulk(author, { ids: [mine.id, theirs.id, hidden.id], action: 'delete' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as BlogBulkAnswer;
    expect(answer.changed).toEqual([mine.id]);
    expect(answer.refused).toEqual([
      expect.objectContaining({ id: theirs.id, title: 'Bulk theirs', code: 'forbidden' }),
      // Another's draft is not the author's to see: refused without its title.
      expect.objectContaining({ id: hidden.id, title: '', code: 'not_found' }),
    ]);
    expect(await statusOf(mine.slug)).toBe(404);
    expect(await statusOf(theirs.slug)).toBe('published');
    expect(await statusOf(hidden.slug)).toBe('draft');
    expect((await lastAudit()).meta).toMatchObject({ action: 'delete', count: 1, refused: 2 });
  });

  it('is 403 without blog:write and 400 naming a bad field', async () => {
    const post = await create({ title: 'Bulk kept', status: 'published' }, admin);
    expect((await bulk(reader, { ids: [post.id], action: 'delete' })).statusCode).toBe(403);
    expect(await statusOf(post.slug)).toBe('published');
    for (const [payload, field] of [
      [{ ids: [], action: 'publish' }, 'ids'],
      [{ ids: ['x'], action: 'publish' }, 'ids'],
      [{ ids: [post.id], action: 'archive' }, 'action'],
    ] as const) {
      const res = await bulk(admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(res.json().details)).toContain(field);
    }
  });
});
