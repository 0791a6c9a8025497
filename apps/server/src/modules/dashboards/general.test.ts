import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays } from '@bo/contract/dashboards';
import {
  ADMIN,
  call,
  createTestApp,
  login,
  registerUser,
  type TestApp,
} from '../../../test/helpers.js';

/**
 * The app and file dashboards on the demo data: daily_counts equals the tables it counts, and
 * every figure equals a direct computation over the base tables.
 */

let t: TestApp;
let admin: string;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  admin = (await login(t.app)).accessToken;
}, 120_000);
afterAll(async () => {
  await t.close();
});

type Row = Record<string, unknown>;
const query = async <T extends Row>(q: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;

async function dashboard(name: string, from: string, to: string, token = admin) {
  const res = await call(t.app, token, {
    method: 'GET',
    url: `/api/dashboards/${name}?from=${from}&to=${to}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dashboard as {
    period: { previousFrom: string; previousTo: string };
    cards: Array<{ id: string; value: number; previous: number | null; link: string | null }>;
    series: Array<{ id: string; values: number[]; previous: number[] | null }>;
    tables: Array<{ id: string; rows: Array<{ id: string; link: string | null; cells: Row }> }>;
  };
}
const card = (d: Awaited<ReturnType<typeof dashboard>>, id: string) =>
  d.cards.find((c) => c.id === id)!;
const range = (from: string, to: string) =>
  sql`created_at >= ${`${from}T00:00:00Z`}::timestamptz AND created_at < ${`${addDays(to, 1)}T00:00:00Z`}::timestamptz`;

describe('daily_counts', () => {
  it('equals the rows it counts, table by table and day by day', async () => {
    const mismatches = await query(sql`
      WITH truth AS (
        SELECT day, metric, key, sum(n)::int AS n, sum(bytes)::bigint AS bytes FROM (
          SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, 'users' AS metric, '' AS key, 1 AS n, 0::bigint AS bytes FROM users
          UNION ALL SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 'signins', '', 1, 0 FROM sessions
          UNION ALL SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 'reviews', '', 1, 0 FROM product_reviews
          UNION ALL SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 'posts', '', 1, 0 FROM blog_posts
          UNION ALL SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 'invoices', '', 1, 0 FROM invoices
          UNION ALL SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 'uploads', category, 1, size
            FROM files WHERE scope = 'drive' AND NOT is_folder) x
        GROUP BY 1, 2, 3),
      kept AS (SELECT * FROM daily_counts WHERE n <> 0 OR bytes <> 0)
      SELECT * FROM truth t FULL JOIN kept k USING (day, metric, key)
       WHERE t.n IS DISTINCT FROM k.n OR t.bytes IS DISTINCT FROM k.bytes`);
    expect(mismatches).toEqual([]);
  });
});

describe('GET /api/dashboards/app', () => {
  async function direct(from: string, to: string) {
    const [r] = await query<Record<string, number>>(sql`
      SELECT (SELECT count(*)::int FROM users WHERE ${range(from, to)}) AS users,
             (SELECT count(*)::int FROM sessions WHERE ${range(from, to)}) AS signins,
             (SELECT count(*)::int FROM orders WHERE ${range(from, to)}) AS orders,
             (SELECT count(*)::int FROM invoices WHERE ${range(from, to)}) AS invoices,
             (SELECT count(*)::int FROM product_reviews WHERE ${range(from, to)}) AS reviews,
             (SELECT count(*)::int FROM blog_posts WHERE ${range(from, to)}) AS posts`);
    return r!;
  }

  it.each([
    ['the last 30 days', addDays(today, -29), today],
    ['the last 12 months', addDays(today, -364), today],
    ['a week in the past', addDays(today, -45), addDays(today, -39)],
  ])('answers %s exactly as the tables say', async (_, from, to) => {
    const d = await dashboard('app', from, to);
    const now = await direct(from, to);
    const before = await direct(d.period.previousFrom, d.period.previousTo);
    for (const id of ['users', 'signins', 'orders', 'invoices', 'reviews', 'posts'] as const) {
      expect(card(d, id).value, id).toBe(now[id]);
      expect(card(d, id).previous, id).toBe(before[id]);
      expect(card(d, id).link).toMatch(/^\/dashboard\//);
    }
    const users = d.series.find((s) => s.id === 'users')!;
    expect(users.values.reduce((a, b) => a + b, 0)).toBe(now.users);
    // A month the two periods share (12 months by month) is split between them, not counted twice.
    expect(users.previous!.reduce((a, b) => a + b, 0)).toBe(before.users);
  });

  it('counts a new person and their sign-in at once, and someone active now', async () => {
    const before = await dashboard('app', today, today);
    await registerUser(t.app, { email: 'app-dash@test.local' });
    const after = await dashboard('app', today, today);
    expect(card(after, 'users').value).toBe(card(before, 'users').value + 1);
    expect(card(after, 'signins').value).toBeGreaterThan(card(before, 'signins').value);
    expect(card(after, 'activeNow').value).toBeGreaterThanOrEqual(1);
    const people = after.tables.find((x) => x.id === 'newestPeople')!;
    expect(people.rows[0]!.cells.email).toBe('app-dash@test.local');
  });

  it('is for administrators: 403 for a plain user', async () => {
    const user = (await registerUser(t.app, { email: 'app-user@test.local' })).accessToken;
    const res = await call(t.app, user, { method: 'GET', url: '/api/dashboards/app' });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/dashboards/file', () => {
  it("answers one's own storage and uploads as the files table says", async () => {
    const [me] = await query<{ id: string }>(
      sql`SELECT id FROM users WHERE email = ${ADMIN.email}`,
    );
    const from = addDays(today, -364);
    const d = await dashboard('file', from, today);
    const [r] = await query<Record<string, string>>(sql`
      SELECT (SELECT count(*) FROM files WHERE owner_id = ${me!.id} AND scope = 'drive' AND NOT is_folder AND ${range(from, today)}) AS uploads,
             (SELECT COALESCE(sum(size), 0) FROM files WHERE owner_id = ${me!.id} AND scope = 'drive' AND NOT is_folder AND ${range(from, today)}) AS bytes,
             (SELECT COALESCE(sum(bytes), 0) FROM storage_usage WHERE owner_id = ${me!.id}) AS used`);
    expect(card(d, 'uploads').value).toBe(Number(r!.uploads));
    expect(card(d, 'uploadedBytes').value).toBe(Number(r!.bytes));
    expect(card(d, 'storageUsed').value).toBe(Number(r!.used));
    for (const table of d.tables) for (const row of table.rows) expect(row.link).toMatch(/^\//);
  });

  it("is everyone's own: a new person sees an empty one", async () => {
    const user = (await registerUser(t.app, { email: 'file-dash@test.local' })).accessToken;
    const d = await dashboard('file', addDays(today, -29), today, user);
    expect(card(d, 'uploads').value).toBe(0);
    expect(card(d, 'storageUsed').value).toBe(0);
    expect(d.tables.find((x) => x.id === 'recentFiles')!.rows).toEqual([]);
  });
});
