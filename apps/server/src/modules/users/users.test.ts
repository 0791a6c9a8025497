import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { USER_SEARCH_COUNT_CAP } from '@bo/contract/users';
import { auditLog, outbox, users } from '../../db/schema/core.js';
import {
  ADMIN,
  call,
  createTestApp,
  login,
  registerUser,
  type TestApp,
} from '../../../test/helpers.js';

let t: TestApp;
let admin: string;
let adminId: string;
let user: string;
let userId: string;

beforeAll(async () => {
  t = await createTestApp();
  const a = await login(t.app);
  admin = a.accessToken;
  adminId = a.user.id;
  const u = await registerUser(t.app, {
    email: 'plain@test.local',
    firstName: 'Plain',
    lastName: 'Person',
  });
  user = u.accessToken;
  userId = u.user.id;
});
afterAll(async () => {
  await t.close();
});

async function lastMailTo(email: string) {
  const [mail] = await t.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, email))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  return mail;
}

const codeIn = (text: string | undefined) => text?.match(/\b(\d{6})\b/)?.[1];

let seq = 0;
async function createUser(overrides: Record<string, unknown> = {}) {
  seq++;
  const res = await call(t.app, admin, {
    method: 'POST',
    url: '/api/users',
    payload: {
      firstName: 'Made',
      lastName: `Person${seq}`,
      email: `made${seq}@test.local`,
      password: 'a-long-unusual-password',
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json().user as {
    id: string;
    slug: string;
    email: string;
    role: string;
    status: string;
  };
}

const fields = (res: { json: () => { details?: Array<{ field: string; code: string }> } }) =>
  (res.json().details ?? []).map((d) => d.field);

describe('GET /api/users', () => {
  beforeAll(async () => {
    const companies = ['Acme', 'Globex', 'Initech', null];
    const statuses = ['active', 'pending', 'banned', 'rejected'];
    for (let i = 0; i < 22; i++) {
      await createUser({
        firstName: ['Zoe', 'Adam', 'Maya', 'Liam', 'Ines'][i % 5],
        lastName: `List${String(i).padStart(2, '0')}`,
        email: `list${i}@example.org`,
        company: companies[i % 4],
        status: statuses[i % 4],
        emailVerified: i % 3 === 0,
      });
    }
  });

  it('answers users, total and counts per status', async () => {
    const res = await call(t.app, admin, { method: 'GET', url: '/api/users?limit=5' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.users).toHaveLength(5);
    const all = await t.database.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM users GROUP BY status',
    );
    const expected = Object.fromEntries(all.map((r) => [r.status, r.n]));
    expect(body.total).toBe(all.reduce((s, r) => s + r.n, 0));
    expect(body.counts).toEqual({
      all: body.total,
      active: expected.active ?? 0,
      pending: expected.pending ?? 0,
      banned: expected.banned ?? 0,
      rejected: expected.rejected ?? 0,
    });
    expect(body.users[0]).not.toHaveProperty('passwordHash');
    expect(body.users[0]).toHaveProperty('slug');
  });

  it.each(['name', 'email', 'company', 'role', 'status', 'verified', 'createdAt'] as const)(
    'pages by %s in both orders give exactly the whole ordered list, also past the middle',
    async (sort) => {
      for (const order of ['asc', 'desc'] as const) {
        const whole = await call(t.app, admin, {
          method: 'GET',
          url: `/api/users?sort=${sort}&order=${order}&limit=100`,
        });
        const ids: string[] = whole.json().users.map((u: { id: string }) => u.id);
        const total = whole.json().total as number;
        expect(ids).toHaveLength(total);
        const paged: string[] = [];
        for (let page = 1; page <= Math.ceil(total / 4); page++) {
          const res = await call(t.app, admin, {
            method: 'GET',
            url: `/api/users?sort=${sort}&order=${order}&limit=4&page=${page}`,
          });
          expect(res.statusCode).toBe(200);
          paged.push(...res.json().users.map((u: { id: string }) => u.id));
        }
        expect(paged).toEqual(ids);
      }
    },
  );

  it.each(['name', 'email', 'company', 'role', 'status', 'verified', 'createdAt'] as const)(
    'walks by %s with after (next) and before (previous), in both orders, with and without a search or a tab',
    async (sort) => {
      for (const extra of ['', '&status=active', '&q=example.org']) {
        for (const order of ['asc', 'desc'] as const) {
          const base = `/api/users?sort=${sort}&order=${order}${extra}`;
          const whole = await call(t.app, admin, { method: 'GET', url: `${base}&limit=100` });
          const ids: string[] = whole.json().users.map((u: { id: string }) => u.id);
          const ofPage = (res: { json: () => { users: Array<{ id: string }> } }) =>
            res.json().users.map((u) => u.id);
          const forward: string[] = [];
          let page = ofPage(await call(t.app, admin, { method: 'GET', url: `${base}&limit=3` }));
          while (page.length) {
            forward.push(...page);
            const next = await call(t.app, admin, {
              method: 'GET',
              url: `${base}&limit=3&after=${page.at(-1)}`,
            });
            expect(next.statusCode).toBe(200);
            expect(next.json().total).toBe(whole.json().total);
            page = ofPage(next);
          }
          expect(forward).toEqual(ids);
          const backward: string[] = [];
          let last = ids.slice(-3);
          backward.unshift(...last);
          while (last.length) {
            const prev = await call(t.app, admin, {
              method: 'GET',
              url: `${base}&limit=3&before=${last[0]}`,
            });
            last = ofPage(prev);
            backward.unshift(...last);
          }
          expect(backward).toEqual(ids);
        }
      }
    },
  );

  it('names after or before when the person is unknown, or both are given', async () => {
    const unknown = await call(t.app, admin, {
      method: 'GET',
      url: '/api/users?after=00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details[0]).toMatchObject({ field: 'after', code: 'not_found' });
    const id = (await call(t.app, admin, { method: 'GET', url: '/api/users?limit=1' })).json()
      .users[0].id;
    const both = await call(t.app, admin, {
      method: 'GET',
      url: `/api/users?after=${id}&before=${id}`,
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().details[0]).toMatchObject({ field: 'before' });
  });

  it('pages a search the same way, with a status filter and either order', async () => {
    for (const extra of ['', '&status=active']) {
      for (const order of ['asc', 'desc']) {
        const base = `/api/users?q=example.org&sort=company&order=${order}${extra}`;
        const whole = await call(t.app, admin, { method: 'GET', url: `${base}&limit=100` });
        const ids: string[] = whole.json().users.map((u: { id: string }) => u.id);
        expect(ids.length).toBe(whole.json().total);
        const paged: string[] = [];
        for (let page = 1; page <= Math.ceil(ids.length / 3); page++) {
          const res = await call(t.app, admin, {
            method: 'GET',
            url: `${base}&limit=3&page=${page}`,
          });
          paged.push(...res.json().users.map((u: { id: string }) => u.id));
        }
        expect(paged).toEqual(ids);
      }
    }
  });

  it('sorts by name in SQL order', async () => {
    const res = await call(t.app, admin, {
      method: 'GET',
      url: '/api/users?sort=name&order=asc&limit=100&q=example.org',
    });
    const names: string[] = res.json().users.map((u: { name: string }) => u.name);
    expect(names[0]!.startsWith('Adam')).toBe(true);
    expect(names.at(-1)!.startsWith('Zoe')).toBe(true);
  });

  it('searches name, email and company, several words, and short words at word starts', async () => {
    const byName = await call(t.app, admin, { method: 'GET', url: '/api/users?q=maya%20list02' });
    expect(byName.json().users.map((u: { email: string }) => u.email)).toEqual([
      'list2@example.org',
    ]);
    const byEmail = await call(t.app, admin, { method: 'GET', url: '/api/users?q=LIST13@EXAMPLE' });
    expect(byEmail.json().total).toBe(1);
    const byCompany = await call(t.app, admin, {
      method: 'GET',
      url: '/api/users?q=globex&limit=100',
    });
    expect(byCompany.json().total).toBe(6);
    expect(byCompany.json().counts.all).toBe(6);
    const short = await call(t.app, admin, { method: 'GET', url: '/api/users?q=zo&limit=100' });
    expect(short.json().users.every((u: { name: string }) => u.name.startsWith('Zoe'))).toBe(true);
    expect(short.json().total).toBe(5);
    const wildcard = await call(t.app, admin, { method: 'GET', url: '/api/users?q=%25' });
    expect(wildcard.json().total).toBe(0);
  });

  it('filters by status and role; counts follow the search and role but not the status', async () => {
    const banned = await call(t.app, admin, {
      method: 'GET',
      url: '/api/users?status=banned&q=example.org&limit=100',
    });
    const body = banned.json();
    expect(body.users.every((u: { status: string }) => u.status === 'banned')).toBe(true);
    expect(body.total).toBe(body.counts.banned);
    expect(body.counts.all).toBe(22);
    const admins = await call(t.app, admin, { method: 'GET', url: '/api/users?role=admin' });
    expect(admins.json().users.map((u: { email: string }) => u.email)).toEqual([ADMIN.email]);
    expect(admins.json().counts.all).toBe(1);
    const nobody = await call(t.app, admin, { method: 'GET', url: '/api/users?role=ghost' });
    expect(nobody.json()).toMatchObject({ users: [], total: 0 });
  });

  it('answers an empty page past the end', async () => {
    const res = await call(t.app, admin, { method: 'GET', url: '/api/users?page=999&limit=50' });
    expect(res.statusCode).toBe(200);
    expect(res.json().users).toEqual([]);
    expect(res.json().total).toBeGreaterThan(0);
  });

  it('names the failing field of a bad query', async () => {
    for (const [qs, field] of [
      ['sort=password', 'sort'],
      ['order=up', 'order'],
      ['status=gone', 'status'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['page=0', 'page'],
    ] as const) {
      const res = await call(t.app, admin, { method: 'GET', url: `/api/users?${qs}` });
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(fields(res)).toContain(field);
    }
  });

  it('is open to every signed-in person with users:read, not to strangers', async () => {
    expect((await call(t.app, user, { method: 'GET', url: '/api/users' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
  });
});

describe('a search matching more people than it counts', () => {
  const CROWD = USER_SEARCH_COUNT_CAP + 50;
  type Row = { id: string; name: string; status: string };
  const ids = (res: { json(): { users: Row[] } }) => res.json().users.map((u) => u.id);
  let everyone: Row[];

  beforeAll(async () => {
    // Names in another order than the rows are written, every tenth one banned.
    await t.database.query(
      `INSERT INTO users (email, first_name, last_name, display_name, slug, role, status)
       SELECT 'crowd' || i || '@many.test', 'Crowd', lpad(((i * 389) % $1)::text, 4, '0'),
              'Crowd ' || lpad(((i * 389) % $1)::text, 4, '0'), 'crowd-' || i, 'user',
              CASE WHEN i % 10 = 0 THEN 'banned' ELSE 'active' END
         FROM generate_series(1, $1) AS i`,
      [CROWD],
    );
    everyone = await t.database.query<Row>(
      `SELECT id, display_name AS name, status FROM users WHERE email LIKE '%@many.test'
       ORDER BY display_name, id`,
    );
    expect(everyone).toHaveLength(CROWD);
  });
  afterAll(async () => {
    await t.database.query(`DELETE FROM users WHERE email LIKE '%@many.test'`);
  });

  it('says capped, with at-least counts, and its pages are the true first ones in order', async () => {
    const first = await call(t.app, admin, {
      method: 'GET',
      url: '/api/users?q=crowd&sort=name&order=asc&limit=25',
    });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.totalCapped).toBe(true);
    expect(body.total).toBe(USER_SEARCH_COUNT_CAP);
    expect(body.counts.all).toBe(USER_SEARCH_COUNT_CAP);
    // A word this many people have is counted from the word counts: every tenth is banned, and
    // the status tabs say so (at-least figures, each clipped to the cap).
    expect(body.counts.banned).toBe(CROWD / 10);
    expect(body.counts.active).toBe(USER_SEARCH_COUNT_CAP - 55);
    expect(ids(first)).toEqual(everyone.slice(0, 25).map((r) => r.id));
    const second = await call(t.app, admin, {
      method: 'GET',
      url: '/api/users?q=crowd&sort=name&order=asc&limit=25&page=2',
    });
    expect(ids(second)).toEqual(everyone.slice(25, 50).map((r) => r.id));
    const back = await call(t.app, admin, {
      method: 'GET',
      url: `/api/users?q=crowd&sort=name&order=desc&limit=10`,
    });
    expect(ids(back)).toEqual(
      everyone
        .slice(-10)
        .reverse()
        .map((r) => r.id),
    );
  });

  it('pages by number up to the cap, then goes on with after to the last match', async () => {
    const last = USER_SEARCH_COUNT_CAP / 25;
    const edge = await call(t.app, admin, {
      method: 'GET',
      url: `/api/users?q=crowd&sort=name&order=asc&limit=25&page=${last}`,
    });
    expect(ids(edge)).toEqual(everyone.slice(975, 1000).map((r) => r.id));
    const tooFar = await call(t.app, admin, {
      method: 'GET',
      url: `/api/users?q=crowd&sort=name&order=asc&limit=25&page=${last + 1}`,
    });
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json().details[0]).toMatchObject({ field: 'page', params: { maximum: last } });
    const after = ids(edge).at(-1);
    const rest = await call(t.app, admin, {
      method: 'GET',
      url: `/api/users?q=crowd&sort=name&order=asc&limit=100&after=${after}`,
    });
    expect(ids(rest)).toEqual(everyone.slice(1000).map((r) => r.id));
    const before = await call(t.app, admin, {
      method: 'GET',
      url: `/api/users?q=crowd&sort=name&order=asc&limit=3&before=${ids(rest)[0]}`,
    });
    expect(ids(before)).toEqual(everyone.slice(997, 1000).map((r) => r.id));
  });

  it('finds every match of a status tab, beyond what it counted', async () => {
    const banned = everyone.filter((r) => r.status === 'banned');
    const seen: string[] = [];
    let after = '';
    for (let i = 0; i < 10; i++) {
      const res = await call(t.app, admin, {
        method: 'GET',
        url: `/api/users?q=crowd&status=banned&sort=name&order=asc&limit=40${after}`,
      });
      expect(res.json().totalCapped).toBe(true);
      const page = ids(res);
      seen.push(...page);
      if (page.length < 40) break;
      after = `&after=${page.at(-1)}`;
    }
    expect(seen).toEqual(banned.map((r) => r.id));
  });

  it('counts letters inside a word, and several words, the same way', async () => {
    const inside = await call(t.app, admin, {
      method: 'GET',
      url: '/api/users?q=rowd&sort=name&order=asc&limit=25',
    });
    expect(inside.json()).toMatchObject({ totalCapped: true, total: USER_SEARCH_COUNT_CAP });
    // Letters inside a word begin no word: the matches themselves are counted, up to the cap.
    const { counts } = inside.json();
    expect(counts.active + counts.banned).toBe(USER_SEARCH_COUNT_CAP + 1);
    expect(counts.banned).toBeGreaterThanOrEqual(90);
    expect(ids(inside)).toEqual(everyone.slice(0, 25).map((r) => r.id));
    // Two words, one at a word start and one inside: every person counted matches both.
    const both = await call(t.app, admin, {
      method: 'GET',
      url: '/api/users?q=crowd%20any.te&status=banned&sort=name&order=asc&limit=5',
    });
    expect(both.json()).toMatchObject({ totalCapped: true });
    expect(ids(both)).toEqual(
      everyone
        .filter((r) => r.status === 'banned')
        .slice(0, 5)
        .map((r) => r.id),
    );
  });

  it('finds the true first page when the matches are far from where the list starts', async () => {
    // 6,000 newer people who do not match: the newest-first list walks past all of them.
    await t.database.query(
      `INSERT INTO users (email, first_name, last_name, display_name, slug, role, status, created_at)
       SELECT 'filler' || i || '@later.test', 'Filler', 'Person', 'Filler Person ' || i,
              'filler-' || i, 'user', 'active', now() + i * interval '1 second'
         FROM generate_series(1, 6000) AS i`,
    );
    try {
      const newest = await t.database.query<{ id: string }>(
        `SELECT id FROM users WHERE email LIKE '%@many.test' ORDER BY created_at DESC, id DESC LIMIT 25`,
      );
      const res = await call(t.app, admin, { method: 'GET', url: '/api/users?q=crowd&limit=25' });
      expect(res.json()).toMatchObject({ totalCapped: true });
      expect(ids(res)).toEqual(newest.map((r) => r.id));
    } finally {
      await t.database.query(`DELETE FROM users WHERE email LIKE '%@later.test'`);
    }
  });

  it('counts from the words only what a search can show', async () => {
    // The beginning of the word, three letters: the same people, the same first page.
    const start = await call(t.app, admin, {
      method: 'GET',
      url: '/api/users?q=CRO&sort=name&order=asc&limit=25',
    });
    expect(start.json()).toMatchObject({ totalCapped: true, total: USER_SEARCH_COUNT_CAP });
    expect(ids(start)).toEqual(everyone.slice(0, 25).map((r) => r.id));
    // A role chosen: none of them is an administrator, whatever the word counts say.
    const admins = await call(t.app, admin, {
      method: 'GET',
      url: '/api/users?q=crowd&role=admin',
    });
    expect(admins.json()).toMatchObject({ totalCapped: false, total: 0, users: [] });
    // Renamed people leave the word: 100 fewer, the search is below the cap and exact again.
    await t.database.query(
      `UPDATE users SET display_name = 'Throng ' || last_name, email = replace(email, 'crowd', 'throng')
        WHERE id = ANY($1::uuid[])`,
      [everyone.slice(0, 100).map((r) => r.id)],
    );
    try {
      const fewer = await call(t.app, admin, {
        method: 'GET',
        url: '/api/users?q=crowd&sort=name&order=asc&limit=25',
      });
      expect(fewer.json()).toMatchObject({ totalCapped: false, total: CROWD - 100 });
      expect(fewer.json().counts.banned).toBe(
        everyone.slice(100).filter((r) => r.status === 'banned').length,
      );
      expect(ids(fewer)).toEqual(everyone.slice(100, 125).map((r) => r.id));
    } finally {
      await t.database.query(
        `UPDATE users SET display_name = 'Crowd ' || last_name, email = replace(email, 'throng', 'crowd')
          WHERE id = ANY($1::uuid[])`,
        [everyone.slice(0, 100).map((r) => r.id)],
      );
    }
  });

  it('stays exact below the cap', async () => {
    const few = await call(t.app, admin, { method: 'GET', url: '/api/users?q=crowd%2000' });
    expect(few.json()).toMatchObject({ totalCapped: false, total: 100 });
    const none = await call(t.app, admin, { method: 'GET', url: '/api/users?limit=1' });
    expect(none.json().totalCapped).toBe(false);
  });
});

describe('GET /api/users/:id and /api/roles', () => {
  it('finds a person by uuid or slug, 404 otherwise', async () => {
    const made = await createUser({ firstName: 'Slug', lastName: 'Finder' });
    expect(made.slug).toBe('slug-finder');
    const byId = await call(t.app, user, { method: 'GET', url: `/api/users/${made.id}` });
    expect(byId.statusCode).toBe(200);
    expect(byId.json().user.email).toBe(made.email);
    const bySlug = await call(t.app, user, { method: 'GET', url: '/api/users/slug-finder' });
    expect(bySlug.json().user.id).toBe(made.id);
    const missing = await call(t.app, admin, {
      method: 'GET',
      url: '/api/users/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
    expect(
      (await call(t.app, admin, { method: 'GET', url: '/api/users/nobody-here' })).statusCode,
    ).toBe(404);
  });

  it('hides a private profile’s email and contact details from other non-admins only', async () => {
    const made = await createUser({
      firstName: 'Private',
      lastName: 'Person',
      phone: '+33 1 23 45 67 89',
      isPublic: false,
    });
    const asUser = await call(t.app, user, { method: 'GET', url: `/api/users/${made.id}` });
    expect(asUser.json().user.phone).toBeNull();
    expect(asUser.json().user.email).toBe('');
    const listed = await call(t.app, user, {
      method: 'GET',
      url: `/api/users?q=${encodeURIComponent('Private Person')}`,
    });
    const row = listed.json().users.find((u: { id: string }) => u.id === made.id);
    expect(row.email).toBe('');
    const asAdmin = await call(t.app, admin, { method: 'GET', url: `/api/users/${made.id}` });
    expect(asAdmin.json().user.phone).toBe('+33 1 23 45 67 89');
    expect(asAdmin.json().user.email).toBe(made.email);
  });

  it('lists the roles with their permissions', async () => {
    const res = await call(t.app, user, { method: 'GET', url: '/api/roles' });
    expect(res.statusCode).toBe(200);
    const names = res.json().roles.map((r: { name: string }) => r.name);
    expect(names).toEqual(expect.arrayContaining(['admin', 'user']));
    const adminRole = res.json().roles.find((r: { name: string }) => r.name === 'admin');
    expect(adminRole.permissions).toContain('users:write');
    expect((await t.app.inject({ method: 'GET', url: '/api/roles' })).statusCode).toBe(401);
  });
});

describe('POST /api/users', () => {
  it('creates a person (201) with every field, and the counts follow', async () => {
    const before = (await call(t.app, admin, { method: 'GET', url: '/api/users?limit=1' })).json()
      .counts;
    const res = await call(t.app, admin, {
      method: 'POST',
      url: '/api/users',
      payload: {
        firstName: 'Élodie',
        lastName: 'Marchand',
        email: 'Elodie.Marchand@Test.local',
        password: 'a-long-unusual-password',
        phone: '+33 6 12 34 56 78',
        country: 'France',
        state: 'Île-de-France',
        city: 'Paris',
        address: '1 rue de Rivoli',
        zipCode: '75001',
        company: 'Acme',
        jobTitle: 'Buyer',
        role: 'user',
        status: 'pending',
        emailVerified: true,
        avatarUrl: '/uploads/ab-cd.png',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({
      email: 'elodie.marchand@test.local',
      name: 'Élodie Marchand',
      slug: 'elodie-marchand',
      city: 'Paris',
      status: 'pending',
      emailVerified: true,
      // Signed for the reader (decision 038).
      avatarUrl: expect.stringMatching(/^\/uploads\/ab-cd\.png\?exp=\d+&u=/),
    });
    const after = (await call(t.app, admin, { method: 'GET', url: '/api/users?limit=1' })).json()
      .counts;
    expect(after.all).toBe(before.all + 1);
    expect(after.pending).toBe(before.pending + 1);
    expect(
      (await login(t.app, 'elodie.marchand@test.local', 'a-long-unusual-password')).user.role,
    ).toBe('user');
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.created'), eq(auditLog.targetId, res.json().user.id)));
    expect(entry?.actorId).toBe(adminId);
  });

  it('without a password, mails a code the person uses to choose theirs', async () => {
    const made = await createUser({ email: 'nopass@test.local', password: undefined });
    const mail = await lastMailTo(made.email);
    const code = codeIn(mail?.text);
    expect(code).toBeDefined();
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/account/new-password',
      payload: { email: made.email, code, password: 'my-own-fine-password' },
    });
    expect(set.statusCode).toBe(200);
    await login(t.app, made.email, 'my-own-fine-password');
  });

  it('refuses a taken email with 409 naming the field and the address', async () => {
    const res = await call(t.app, admin, {
      method: 'POST',
      url: '/api/users',
      payload: { firstName: 'Dup', lastName: 'Licate', email: 'PLAIN@test.local' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      details: [{ field: 'email', code: 'email_taken' }],
    });
    expect(res.json().message).toContain('plain@test.local');
  });

  it('names each invalid field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ firstName: '' }, 'firstName'],
      [{ lastName: 'x'.repeat(81) }, 'lastName'],
      [{ email: 'not-an-email' }, 'email'],
      [{ phone: 'call me' }, 'phone'],
      [{ avatarUrl: 'https://elsewhere.example/a.png' }, 'avatarUrl'],
      [{ status: 'sleeping' }, 'status'],
      [{ emailVerified: 'yes' }, 'emailVerified'],
      [{ password: 'short' }, 'password'],
    ];
    for (const [patch, field] of cases) {
      const res = await call(t.app, admin, {
        method: 'POST',
        url: '/api/users',
        payload: { firstName: 'Bad', lastName: 'Input', email: `bad${field}@test.local`, ...patch },
      });
      expect(res.statusCode, field).toBe(400);
      expect(fields(res), field).toContain(field);
    }
    const role = await call(t.app, admin, {
      method: 'POST',
      url: '/api/users',
      payload: { firstName: 'Bad', lastName: 'Role', email: 'badrole@test.local', role: 'wizard' },
    });
    expect(role.statusCode).toBe(400);
    expect(role.json().details).toEqual([
      expect.objectContaining({ field: 'role', code: 'role_unknown' }),
    ]);
    const common = await call(t.app, admin, {
      method: 'POST',
      url: '/api/users',
      payload: {
        firstName: 'Bad',
        lastName: 'Pass',
        email: 'badpass@test.local',
        password: 'password123',
      },
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().details[0]).toMatchObject({ field: 'password', code: 'password_common' });
  });

  it('is for administrators only', async () => {
    const res = await call(t.app, user, {
      method: 'POST',
      url: '/api/users',
      payload: { firstName: 'Not', lastName: 'Allowed', email: 'nope@test.local' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/users', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('PATCH /api/users/:id', () => {
  it('edits fields by slug; a new name gives a new slug; clearing a field stores null', async () => {
    const made = await createUser({ firstName: 'Edit', lastName: 'Me', company: 'Initech' });
    const res = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/users/${made.slug}`,
      payload: { lastName: 'Done', company: '', jobTitle: 'Lead', isPublic: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      name: 'Edit Done',
      slug: 'edit-done',
      company: null,
      jobTitle: 'Lead',
      isPublic: false,
    });
  });

  it('changes a role and audits it', async () => {
    const made = await createUser();
    const res = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/users/${made.id}`,
      payload: { role: 'admin' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('admin');
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.role_changed'), eq(auditLog.targetId, made.id)));
    expect(entry).toMatchObject({ actorId: adminId, meta: { from: 'user', to: 'admin' } });
    const back = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/users/${made.id}`,
      payload: { role: 'user' },
    });
    expect(back.statusCode).toBe(200);
  });

  it('suspending ends every session of that person', async () => {
    const made = await createUser({ email: 'suspend-me@test.local' });
    const session = await login(t.app, made.email, 'a-long-unusual-password');
    expect(
      (await call(t.app, session.accessToken, { method: 'GET', url: '/api/account/my-account/' }))
        .statusCode,
    ).toBe(200);
    const res = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/users/${made.id}`,
      payload: { status: 'banned' },
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await call(t.app, session.accessToken, { method: 'GET', url: '/api/account/my-account/' }))
        .statusCode,
    ).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { email: made.email, password: 'a-long-unusual-password' },
    });
    expect(again.statusCode).toBe(403);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.status_changed'), eq(auditLog.targetId, made.id)));
    expect(entry?.meta).toEqual({ from: 'active', to: 'banned' });
  });

  it('refuses to demote or suspend the last administrator (409), allows it once there is another', async () => {
    const demote = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/users/${adminId}`,
      payload: { role: 'user' },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().details).toEqual([
      expect.objectContaining({ field: 'role', code: 'last_admin' }),
    ]);
    expect(demote.json().message).toMatch(/last administrator/);
    const suspend = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/users/${adminId}`,
      payload: { status: 'banned' },
    });
    expect(suspend.statusCode).toBe(409);
    expect(suspend.json().details[0].field).toBe('status');

    const second = await createUser({ role: 'admin', email: 'second-admin@test.local' });
    const other = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/users/${second.id}`,
      payload: { role: 'user' },
    });
    expect(other.statusCode).toBe(200);
  });

  it('refuses a taken email (409) and names invalid fields (400)', async () => {
    const made = await createUser();
    const taken = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/users/${made.id}`,
      payload: { email: ADMIN.email },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details[0]).toMatchObject({ field: 'email', code: 'email_taken' });
    const bad = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/users/${made.id}`,
      payload: { email: 'x', status: 'asleep' },
    });
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)).toEqual(expect.arrayContaining(['email', 'status']));
    const empty = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/users/${made.id}`,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    const role = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/users/${made.id}`,
      payload: { role: 'wizard' },
    });
    expect(role.statusCode).toBe(400);
    expect(role.json().details[0].code).toBe('role_unknown');
  });

  it('404 for nobody; 403 for a non-admin, even on themselves', async () => {
    expect(
      (
        await call(t.app, admin, {
          method: 'PATCH',
          url: '/api/users/no-such-person',
          payload: { jobTitle: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    const self = await call(t.app, user, {
      method: 'PATCH',
      url: `/api/users/${userId}`,
      payload: { role: 'admin' },
    });
    expect(self.statusCode).toBe(403);
  });
});

describe('DELETE /api/users/:id and bulk delete', () => {
  it('deletes a person, then 404', async () => {
    const made = await createUser();
    const res = await call(t.app, admin, { method: 'DELETE', url: `/api/users/${made.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(
      (await call(t.app, admin, { method: 'GET', url: `/api/users/${made.id}` })).statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, admin, { method: 'DELETE', url: `/api/users/${made.id}` })).statusCode,
    ).toBe(404);
  });

  it('never deletes the last administrator', async () => {
    const res = await call(t.app, admin, { method: 'DELETE', url: `/api/users/${adminId}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().details[0]).toMatchObject({ field: 'id', code: 'last_admin' });
  });

  it('is for administrators only', async () => {
    const made = await createUser();
    expect(
      (await call(t.app, user, { method: 'DELETE', url: `/api/users/${made.id}` })).statusCode,
    ).toBe(403);
    expect(
      (
        await call(t.app, user, {
          method: 'POST',
          url: '/api/users/bulk-delete',
          payload: { ids: [made.id] },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('bulk-deletes all or none', async () => {
    const a = await createUser();
    const b = await createUser();
    const refused = await call(t.app, admin, {
      method: 'POST',
      url: '/api/users/bulk-delete',
      payload: { ids: [a.id, adminId] },
    });
    expect(refused.statusCode).toBe(409);
    expect(
      (await call(t.app, admin, { method: 'GET', url: `/api/users/${a.id}` })).statusCode,
    ).toBe(200);

    const res = await call(t.app, admin, {
      method: 'POST',
      url: '/api/users/bulk-delete',
      payload: { ids: [a.id, b.id] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: 2 });
    const rows = await t.database.db.select().from(users).where(eq(users.id, a.id));
    expect(rows).toHaveLength(0);
  });

  it('names the field of a bad bulk request', async () => {
    for (const payload of [{ ids: [] }, { ids: ['not-a-uuid'] }, {}]) {
      const res = await call(t.app, admin, {
        method: 'POST',
        url: '/api/users/bulk-delete',
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(fields(res).some((f) => f.startsWith('ids'))).toBe(true);
    }
  });
});

describe('the counters behind the tabs', () => {
  it('stay equal to a real count after every kind of write', async () => {
    const real = await t.database.query<{ role: string; status: string; n: number }>(
      'SELECT role, status, count(*)::int AS n FROM users GROUP BY role, status ORDER BY 1, 2',
    );
    const kept = await t.database.query<{ role: string; status: string; n: number }>(
      'SELECT role, status, n FROM user_counts WHERE n <> 0 ORDER BY 1, 2',
    );
    expect(kept).toEqual(real);
    // The search's word counts, likewise: recounted from the people, equal.
    const words = await t.database.query<{ differ: number }>(
      `SELECT count(*)::int AS differ FROM (
         SELECT w AS word, status, count(*)::int AS n FROM users, bo_user_words(search_text) AS w GROUP BY 1, 2) r
       FULL JOIN (SELECT * FROM user_search_words WHERE n <> 0) k USING (word, status)
       WHERE k.n IS DISTINCT FROM r.n`,
    );
    expect(words[0]!.differ).toBe(0);
    const [{ n }] = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM user_search_words WHERE n <> 0`,
    );
    expect(n).toBeGreaterThan(0);
  });
});

describe('the API document', () => {
  it('still builds with the users routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining(['/api/users', '/api/users/{id}', '/api/roles']),
    );
  });
});
