import { sql } from 'drizzle-orm';
import { BOOKING_STATUSES } from '@bo/contract/booking';
import type {
  Dashboard,
  DashboardCard,
  DashboardSeries,
  DashboardTable,
} from '@bo/contract/dashboards';
import { addDays } from '@bo/contract/dashboards';
import type { Executor } from '../../db/client.js';
import { bucketsOf, changeOf, type Period, jsonColumn } from './queries.js';

/** The longest stay the seed and the screens expect; bounds the "who is here tonight" scan. */
export const BOOKING_MAX_NIGHTS = 30;
const SOLD = new Set(['confirmed', 'checked_in', 'checked_out']);
const SELF = '/dashboard/booking';
const LIST = '/dashboard/booking/list';

interface Reads {
  /** [day, status, bookings, nights, total] */
  days: Array<[string, string, number, number, number]>;
  today: { arrivals: number; departures: number; occupied: number; rooms: number };
  newest: Array<[string, string, string, string, string, string, number, number, string]>;
  reviews: Array<[string, string, string, number, string, string]>;
}

/**
 * One statement: the daily rollup of both periods (kept by trigger), today's arrivals and
 * departures and the rooms taken tonight (stays that began at most BOOKING_MAX_NIGHTS days ago)
 * from their indexes alone (migration 0042), the newest bookings and the reviews waiting for a
 * decision.
 */
async function readAll(db: Executor, p: Period, today: string): Promise<Reads> {
  const start = p.previousFrom ?? p.from;
  const result = (await db.execute(sql`
    SELECT
      (SELECT COALESCE(json_agg(json_build_array(day, status, bookings, nights, total)), '[]'::json)
         FROM booking_daily_stats WHERE day BETWEEN ${start} AND ${p.to}) AS days,
      json_build_object(
        'arrivals', (SELECT count(*) FROM bookings WHERE check_in = ${today} AND status <> 'cancelled'),
        'departures', (SELECT count(*) FROM bookings WHERE check_out = ${today} AND status <> 'cancelled'),
        'occupied', (SELECT count(*) FROM (SELECT DISTINCT room_id FROM bookings
                      WHERE check_in BETWEEN ${addDays(today, -BOOKING_MAX_NIGHTS)} AND ${today}
                        AND check_out > ${today} AND status IN ('confirmed', 'checked_in')) r),
        'rooms', (SELECT count(*) FROM booking_rooms)) AS today,
      (SELECT COALESCE(json_agg(json_build_array(b.id, b.guest_name, p.name, r.name, b.check_in,
                b.check_out, b.nights, b.total, b.status) ORDER BY b.created_at DESC, b.id DESC), '[]'::json)
         FROM (SELECT * FROM bookings ORDER BY created_at DESC, id DESC LIMIT 8) b
         JOIN booking_rooms r ON r.id = b.room_id JOIN booking_properties p ON p.id = r.property_id) AS newest,
      (SELECT COALESCE(json_agg(json_build_array(v.id, b.guest_name, p.name, v.rating, v.text,
                v.created_at) ORDER BY v.created_at DESC, v.id DESC), '[]'::json)
         FROM (SELECT * FROM booking_reviews WHERE status = 'pending'
                ORDER BY created_at DESC, id DESC LIMIT 6) v
         JOIN bookings b ON b.id = v.booking_id JOIN booking_rooms r ON r.id = b.room_id
         JOIN booking_properties p ON p.id = r.property_id) AS reviews`)) as unknown as {
    rows: Array<Record<keyof Reads, unknown>>;
  };
  const row = result.rows[0]!;
  return {
    days: jsonColumn(row.days),
    today: jsonColumn(row.today),
    newest: jsonColumn(row.newest),
    reviews: jsonColumn(row.reviews),
  };
}

interface Totals {
  bookings: number;
  sold: number;
  cancelled: number;
  income: number;
  nights: number;
}
const zero = (): Totals => ({ bookings: 0, sold: 0, cancelled: 0, income: 0, nights: 0 });

/** The booking dashboard: stays booked in the period and today's house. */
export async function bookingDashboard(db: Executor, p: Period, today: string): Promise<Dashboard> {
  const reads = await readAll(db, p, today);
  const compare = p.previousFrom !== null;
  const key = (day: string) => (p.bucket === 'day' ? day : day.slice(0, 7));
  const cur = zero();
  const prev = zero();
  const now = new Map<string, Totals>();
  const before = new Map<string, Totals>();
  const byStatus = new Map<string, { bookings: number; total: number }>();
  for (const [day, status, n, nights, raw] of reads.days) {
    const total = Number(raw);
    const inNow = day >= p.from;
    const map = inNow ? now : before;
    const b = map.get(key(day)) ?? zero();
    for (const t of [inNow ? cur : prev, b]) {
      t.bookings += n;
      if (SOLD.has(status)) {
        t.sold += n;
        t.income += total;
        t.nights += nights;
      }
      if (status === 'cancelled') t.cancelled += n;
    }
    map.set(key(day), b);
    if (inNow) {
      const s = byStatus.get(status) ?? { bookings: 0, total: 0 };
      s.bookings += n;
      s.total += total;
      byStatus.set(status, s);
    }
  }
  const buckets = bucketsOf(p.from, p.to, p.bucket);
  const prevBuckets =
    p.previousFrom && p.previousTo ? bucketsOf(p.previousFrom, p.previousTo, p.bucket) : [];
  const pick = (keys: string[], f: (t: Totals) => number, map = now) =>
    keys.map((k) => f(map.get(k) ?? zero()));
  const card = (
    c: Omit<DashboardCard, 'change' | 'previous'> & { previous: number | null },
  ): DashboardCard => ({
    ...c,
    previous: compare ? c.previous : null,
    change: compare ? changeOf(c.value, c.previous) : null,
  });
  const { arrivals, departures, occupied, rooms } = reads.today;

  const cards: DashboardCard[] = [
    card({
      id: 'bookings',
      goodWhen: 'up',
      label: 'Bookings',
      unit: 'count',
      value: cur.bookings,
      previous: prev.bookings,
      spark: pick(buckets, (t) => t.bookings),
      link: `${LIST}?from=${p.from}&to=${p.to}`,
    }),
    card({
      id: 'sold',
      goodWhen: 'up',
      label: 'Sold',
      unit: 'count',
      value: cur.sold,
      previous: prev.sold,
      spark: pick(buckets, (t) => t.sold),
      link: `${LIST}?from=${p.from}&to=${p.to}&status=confirmed,checked_in,checked_out`,
    }),
    card({
      id: 'cancelled',
      goodWhen: 'down',
      label: 'Cancelled',
      unit: 'count',
      value: cur.cancelled,
      previous: prev.cancelled,
      spark: pick(buckets, (t) => t.cancelled),
      link: `${LIST}?from=${p.from}&to=${p.to}&status=cancelled`,
    }),
    card({
      id: 'income',
      goodWhen: 'up',
      label: 'Income',
      unit: 'cents',
      value: cur.income,
      previous: prev.income,
      spark: pick(buckets, (t) => t.income),
      link: `${LIST}?from=${p.from}&to=${p.to}&status=confirmed,checked_in,checked_out`,
    }),
    // Today's house: no period to compare with.
    {
      id: 'checkIns',
      goodWhen: 'neither',
      label: 'Check-ins today',
      unit: 'count',
      value: Number(arrivals),
      previous: null,
      change: null,
      spark: [],
      link: null,
    },
    {
      id: 'checkOuts',
      goodWhen: 'neither',
      label: 'Check-outs today',
      unit: 'count',
      value: Number(departures),
      previous: null,
      change: null,
      spark: [],
      link: null,
    },
    {
      id: 'roomsAvailable',
      goodWhen: 'neither',
      label: 'Rooms available tonight',
      unit: 'count',
      value: Number(rooms) - Number(occupied),
      previous: null,
      change: null,
      spark: [],
      link: null,
    },
  ];

  const series: DashboardSeries[] = [
    {
      id: 'bookings',
      label: 'Bookings',
      unit: 'count',
      buckets,
      values: pick(buckets, (t) => t.bookings),
      previous: compare ? pick(prevBuckets, (t) => t.bookings, before) : null,
    },
    {
      id: 'income',
      label: 'Income',
      unit: 'cents',
      buckets,
      values: pick(buckets, (t) => t.income),
      previous: compare ? pick(prevBuckets, (t) => t.income, before) : null,
    },
  ];

  const tables: DashboardTable[] = [
    {
      id: 'byStatus',
      label: 'Bookings by status',
      columns: [
        { id: 'status', label: 'Status', unit: 'status' },
        { id: 'bookings', label: 'Bookings', unit: 'count' },
        { id: 'total', label: 'Amount', unit: 'cents' },
      ],
      rows: BOOKING_STATUSES.map((status) => {
        const s = byStatus.get(status) ?? { bookings: 0, total: 0 };
        return {
          id: status,
          link: `${LIST}?from=${p.from}&to=${p.to}&status=${status}`,
          cells: { status, bookings: s.bookings, total: s.total },
        };
      }),
      link: `${LIST}?from=${p.from}&to=${p.to}`,
    },
    {
      id: 'newestBookings',
      label: 'Newest bookings',
      columns: [
        { id: 'guest', label: 'Guest', unit: 'text' },
        { id: 'property', label: 'Property', unit: 'text' },
        { id: 'checkIn', label: 'Check-in', unit: 'date' },
        { id: 'nights', label: 'Nights', unit: 'count' },
        { id: 'total', label: 'Total', unit: 'cents' },
        { id: 'status', label: 'Status', unit: 'status' },
      ],
      rows: reads.newest.map(([id, guest, property, room, checkIn, , nights, total, status]) => ({
        id,
        link: `${SELF}?booking=${id}`,
        cells: {
          guest,
          property: `${property} · ${room}`,
          checkIn,
          nights,
          total: Number(total),
          status,
        },
      })),
      link: LIST,
    },
    {
      id: 'reviews',
      label: 'Reviews to decide',
      columns: [
        { id: 'guest', label: 'Guest', unit: 'text' },
        { id: 'rating', label: 'Rating', unit: 'count' },
        { id: 'text', label: 'Review', unit: 'text' },
        { id: 'createdAt', label: 'Date', unit: 'date' },
      ],
      rows: reads.reviews.map(([id, guest, property, rating, text, createdAt]) => ({
        id,
        link: null,
        cells: { guest, property, rating, text, createdAt: new Date(createdAt).toISOString() },
      })),
      link: null,
    },
  ];
  return { name: 'booking', period: p, cards, series, tables };
}
