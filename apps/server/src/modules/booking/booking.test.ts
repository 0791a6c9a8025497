import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays } from '@bo/contract/dashboards';
import { call, createTestApp, login, registerUser, type TestApp } from '../../../test/helpers.js';

/**
 * Booking on the demo data: the rollup equals the bookings it sums, the dashboard's figures equal
 * a direct computation, and the dashboard's actions move a booking and decide a review.
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

async function dashboard(from: string, to: string) {
  const res = await call(t.app, admin, {
    method: 'GET',
    url: `/api/dashboards/booking?from=${from}&to=${to}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dashboard as {
    period: { previousFrom: string; previousTo: string };
    cards: Array<{ id: string; value: number; previous: number | null; link: string | null }>;
    series: Array<{ id: string; values: number[] }>;
    tables: Array<{ id: string; rows: Array<{ id: string; cells: Row }> }>;
  };
}
const card = (d: Awaited<ReturnType<typeof dashboard>>, id: string) =>
  d.cards.find((c) => c.id === id)!;

async function direct(from: string, to: string) {
  const [r] = await query<Record<string, string>>(sql`
    SELECT count(*) AS bookings,
           count(*) FILTER (WHERE status IN ('confirmed', 'checked_in', 'checked_out')) AS sold,
           count(*) FILTER (WHERE status = 'cancelled') AS cancelled,
           COALESCE(sum(total) FILTER (WHERE status IN ('confirmed', 'checked_in', 'checked_out')), 0) AS income
      FROM bookings
     WHERE created_at >= ${`${from}T00:00:00Z`}::timestamptz
       AND created_at < ${`${addDays(to, 1)}T00:00:00Z`}::timestamptz`);
  return Object.fromEntries(Object.entries(r!).map(([k, v]) => [k, Number(v)]));
}

describe('GET /api/dashboards/booking', () => {
  it('keeps booking_daily_stats equal to the bookings it sums', async () => {
    const mismatches = await query(sql`
      WITH truth AS (
        SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, status,
               count(*)::int AS bookings, sum(nights)::int AS nights, sum(total) AS total
          FROM bookings GROUP BY 1, 2),
      kept AS (SELECT * FROM booking_daily_stats WHERE bookings <> 0)
      SELECT * FROM truth t FULL JOIN kept k USING (day, status)
       WHERE t.bookings IS DISTINCT FROM k.bookings OR t.nights IS DISTINCT FROM k.nights
          OR t.total IS DISTINCT FROM k.total`);
    expect(mismatches).toEqual([]);
    const [{ n }] = (await query<{ n: number }>(sql`SELECT count(*)::int AS n FROM bookings`)) as [
      { n: number },
    ];
    expect(n).toBeGreaterThan(100);
  });

  it.each([
    ['the last 30 days', addDays(today, -29), today],
    ['the last 12 months', addDays(today, -364), today],
    ['a week in the past', addDays(today, -90), addDays(today, -84)],
  ])('answers %s exactly as the bookings say', async (_, from, to) => {
    const d = await dashboard(from, to);
    const now = await direct(from, to);
    const before = await direct(d.period.previousFrom, d.period.previousTo);
    for (const id of ['bookings', 'sold', 'cancelled', 'income']) {
      expect(card(d, id).value, id).toBe(now[id]);
      expect(card(d, id).previous, id).toBe(before[id]);
    }
    const income = d.series.find((s) => s.id === 'income')!;
    expect(income.values.reduce((a, b) => a + b, 0)).toBe(now.income);
  });

  it("counts today's arrivals, departures and free rooms from the bookings", async () => {
    const [r] = await query<Record<string, string>>(sql`
      SELECT (SELECT count(*) FROM bookings WHERE check_in = ${today} AND status <> 'cancelled') AS arrivals,
             (SELECT count(*) FROM bookings WHERE check_out = ${today} AND status <> 'cancelled') AS departures,
             (SELECT count(*) FROM booking_rooms) - (SELECT count(DISTINCT room_id) FROM bookings
                WHERE check_in <= ${today} AND check_out > ${today}
                  AND status IN ('confirmed', 'checked_in')) AS free`);
    const d = await dashboard(addDays(today, -6), today);
    expect(card(d, 'checkIns').value).toBe(Number(r!.arrivals));
    expect(card(d, 'checkOuts').value).toBe(Number(r!.departures));
    expect(card(d, 'roomsAvailable').value).toBe(Number(r!.free));
  });
});

describe('acting on bookings and reviews', () => {
  it('moves a booking along its life and refuses a move it cannot make', async () => {
    const [b] = await query<{ id: string; created_at: Date }>(
      sql`SELECT id, created_at FROM bookings WHERE status = 'pending' ORDER BY created_at DESC LIMIT 1`,
    );
    const day = new Date(b!.created_at).toISOString().slice(0, 10);
    const before = await dashboard(day, day);
    // Read once before the moves: the answers are kept (read cache) and must not be served stale.
    const get = (url: string) => call(t.app, admin, { method: 'GET', url });
    const pendingIds = async () =>
      (
        (await get(`/api/booking/bookings?status=pending&from=${day}&to=${day}&limit=100`)).json()
          .bookings as Array<{ id: string }>
      ).map((x) => x.id);
    expect(await pendingIds()).toContain(b!.id);
    expect((await get(`/api/booking/bookings/${b!.id}`)).json().booking.status).toBe('pending');
    const move = (status: string) =>
      call(t.app, admin, {
        method: 'PATCH',
        url: `/api/booking/bookings/${b!.id}`,
        payload: { status },
      });
    const wrong = await move('checked_out');
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().details[0]).toMatchObject({ field: 'status', code: 'booking_transition' });
    const confirmed = await move('confirmed');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().booking.status).toBe('confirmed');
    const after = await dashboard(day, day);
    expect(card(after, 'sold').value).toBe(card(before, 'sold').value + 1);
    expect((await move('cancelled')).json().booking.status).toBe('cancelled');
    expect((await move('confirmed')).statusCode).toBe(409);
    const details = await call(t.app, admin, {
      method: 'GET',
      url: `/api/booking/bookings/${b!.id}`,
    });
    expect(details.json().booking).toMatchObject({ id: b!.id, status: 'cancelled' });
    expect(await pendingIds()).not.toContain(b!.id);
  });

  it('accepts or rejects a pending review once', async () => {
    const d = await dashboard(addDays(today, -6), today);
    const pending = d.tables.find((x) => x.id === 'reviews')!.rows[0];
    expect(pending).toBeTruthy();
    const decide = (status: string) =>
      call(t.app, admin, {
        method: 'PATCH',
        url: `/api/booking/reviews/${pending!.id}`,
        payload: { status },
      });
    const accepted = await decide('accepted');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().review.status).toBe('accepted');
    expect((await decide('rejected')).statusCode).toBe(409);
    const again = await dashboard(addDays(today, -6), today);
    expect(again.tables.find((x) => x.id === 'reviews')!.rows.map((r) => r.id)).not.toContain(
      pending!.id,
    );
  });

  it('lists the bookings behind a figure: the period and statuses the card links to', async () => {
    const from = addDays(today, -29);
    const d = await dashboard(from, today);
    const link = d.cards.find((c) => c.id === 'cancelled')!.link!;
    expect(link).toMatch(/^\/dashboard\/booking\/list\?/);
    const qs = link.split('?')[1]!;
    const seen = new Set<string>();
    let cursor: string | null = null;
    do {
      const res = await call(t.app, admin, {
        method: 'GET',
        url: `/api/booking/bookings?${qs}&limit=7${cursor ? `&cursor=${cursor}` : ''}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as {
        bookings: Array<{ id: string; status: string; createdAt: string }>;
        nextCursor: string | null;
      };
      for (const b of body.bookings) {
        expect(b.status).toBe('cancelled');
        expect(b.createdAt.slice(0, 10) >= from).toBe(true);
        expect(seen.has(b.id)).toBe(false);
        seen.add(b.id);
      }
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen.size).toBe(card(d, 'cancelled').value);
    // Bookings made a microsecond apart on a quiet day: each is listed once, none skipped (a
    // cursor cut to the millisecond skipped them).
    await t.database.db.execute(sql`
      INSERT INTO bookings (room_id, guest_name, guest_email, check_in, check_out, nights, total,
                            status, created_at)
      SELECT room_id, 'Micro Guest ' || n, guest_email, '2020-02-10', '2020-02-11', 1, total,
             'pending', '2020-01-02T10:00:00.000100Z'::timestamptz + n * interval '1 microsecond'
        FROM (SELECT * FROM bookings LIMIT 1) b, generate_series(0, 4) n`);
    const micro: string[] = [];
    let next: string | null = null;
    do {
      const res = await call(t.app, admin, {
        method: 'GET',
        url: `/api/booking/bookings?from=2020-01-02&to=2020-01-02&limit=2${next ? `&cursor=${next}` : ''}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { bookings: Array<{ id: string }>; nextCursor: string | null };
      micro.push(...body.bookings.map((b) => b.id));
      next = body.nextCursor;
    } while (next);
    expect(new Set(micro).size).toBe(5);
    expect(micro).toHaveLength(5);

    const bad = await call(t.app, admin, {
      method: 'GET',
      url: '/api/booking/bookings?status=lost',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('status');
  });

  it('is for those allowed: 403 for a plain user', async () => {
    const user = (await registerUser(t.app, { email: 'booking-user@test.local' })).accessToken;
    const res = await call(t.app, user, { method: 'GET', url: '/api/dashboards/booking' });
    expect(res.statusCode).toBe(403);
  });
});
