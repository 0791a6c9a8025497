import type { SeedStep } from './index.js';
import { lit } from './sql-gen.js';
import { historyDays, historyRowsSql } from './rhythm.js';
import { FIRST_NAMES, LAST_NAMES, PLACES } from './vocab.js';

const DAY_MS = 86_400_000;
const PROPERTY_NAMES = [
  'Harbour View Hotel',
  'Old Town Residence',
  'Riverside Lodge',
  'Garden Suites',
  'Lotus Boutique Hotel',
  'Skyline Apartments',
  'Maison Lumière',
  'Desert Rose Inn',
];
const ROOM_KINDS: Array<[string, number]> = [
  ['single', 8_900],
  ['double', 12_900],
  ['suite', 24_900],
  ['family', 18_900],
];
const REVIEWS = [
  'Lovely stay, friendly staff and a spotless room.',
  'Great location, a little noisy at night.',
  'Breakfast was excellent; we will come back.',
  'The room was smaller than in the pictures.',
  'Quiet, clean and close to everything.',
  'Check-in took a while, otherwise perfect.',
];
/** A valid v4-shaped uuid from a text (deterministic ids for generated rows). */
const uuidSql = (text: string) =>
  `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;
const arr = (xs: string[]) => `ARRAY[${xs.map(lit).join(', ')}]`;

/**
 * Booking: properties and rooms, stays over the span whose status follows their dates (past
 * stays checked out, tonight's checked in, future ones pending or confirmed, some cancelled),
 * and reviews of past stays (the newest waiting for a decision); rollup built once after.
 */
export const bookingSeedStep: SeedStep = {
  name: 'booking',
  tables: ['bookings', 'booking_reviews'],
  async run({ exec, counts, now, seed }) {
    const total = counts.bookings;
    if (total === 0) return;
    const properties = Math.min(PROPERTY_NAMES.length * 5, Math.max(4, Math.round(total / 2000)));
    const roomsPer = 12;
    const propRows = Array.from({ length: properties }, (_, i) => {
      const name = PROPERTY_NAMES[i % PROPERTY_NAMES.length]!;
      const round = Math.floor(i / PROPERTY_NAMES.length);
      return `(${uuidSql(lit(`prop-${i}`))}, ${lit(round ? `${name} ${round + 1}` : name)}, ${lit(PLACES[i % PLACES.length]![2])})`;
    });
    await exec(`INSERT INTO booking_properties (id, name, city) VALUES ${propRows.join(', ')}`);
    await exec(`
      INSERT INTO booking_rooms (id, property_id, name, kind, price)
      SELECT ${uuidSql(`'room-' || (p * ${roomsPer} + k)`)}, ${uuidSql(`'prop-' || p`)},
             'Room ' || (100 * (1 + k / 4) + k % 4 + 1),
             (${arr(ROOM_KINDS.map((r) => r[0]))})[1 + k % 4],
             (ARRAY[${ROOM_KINDS.map((r) => r[1]).join(', ')}])[1 + k % 4] + (p % 5) * 1000
        FROM generate_series(0, ${properties - 1}) p, generate_series(0, ${roomsPer - 1}) k`);
    const rooms = properties * roomsPer;
    const history = historyDays(total, counts.historyDays, now, seed, 3);
    const today = now.toISOString().slice(0, 10);
    await exec('ALTER TABLE bookings DISABLE TRIGGER bookings_rollup');
    const CHUNK = 250_000;
    for (let first = 1; first <= total; first += CHUNK) {
      const last = Math.min(total, first + CHUNK - 1);
      await exec(`
        INSERT INTO bookings (id, room_id, guest_name, guest_email, guests, check_in, check_out,
                              nights, total, status, created_at, updated_at)
        SELECT ${uuidSql(`'booking-' || g`)}, r.id,
               fn || ' ' || ln, lower(fn) || '.' || lower(ln) || g || '@guest.test',
               1 + (h2 % 4), ci, co, nights, nights * r.price,
               CASE WHEN h3 < 8 THEN 'cancelled'
                    WHEN co <= ${lit(today)} THEN 'checked_out'
                    WHEN ci <= ${lit(today)} THEN 'checked_in'
                    WHEN h3 < 40 THEN 'pending' ELSE 'confirmed' END,
               created, created
          FROM (
            SELECT g, created, h2, h3, nights,
                   (${arr(FIRST_NAMES.slice(0, 40))})[1 + h2 % 40] AS fn,
                   (${arr(LAST_NAMES.slice(0, 40))})[1 + (h2 / 40) % 40] AS ln,
                   to_char(created + make_interval(days => (h2 % 60)::int), 'YYYY-MM-DD') AS ci,
                   to_char(created + make_interval(days => ((h2 % 60) + nights)::int), 'YYYY-MM-DD') AS co,
                   ${uuidSql(`'room-' || (h1 % ${rooms})`)} AS room
              FROM (
                SELECT g, at AS created,
                       abs(hashtext('bk1-' || g)::bigint) AS h1,
                       abs(hashtext('bk2-' || g)::bigint) AS h2,
                       abs(hashtext('bk3-' || g)::bigint) % 100 AS h3,
                       1 + abs(hashtext('bk4-' || g)::bigint) % 7 + (abs(hashtext('bk5-' || g)::bigint) % 3) * (abs(hashtext('bk6-' || g)::bigint) % 3) AS nights
                  FROM (${historyRowsSql(history, first, last, 4343)}) hr) s) x
          JOIN booking_rooms r ON r.id = x.room`);
    }
    await exec('ALTER TABLE bookings ENABLE TRIGGER bookings_rollup');
    await rebuildBookingRollup(exec);
    // Reviews of one stay in four that ended; those of the last two weeks wait for a decision.
    await exec(`
      INSERT INTO booking_reviews (id, booking_id, rating, text, status, created_at)
      SELECT ${uuidSql(`'review-' || b.id`)}, b.id, 2 + abs(hashtext('rv1-' || b.id)::bigint) % 4,
             (${arr(REVIEWS)})[1 + abs(hashtext('rv2-' || b.id)::bigint) % ${REVIEWS.length}],
             CASE WHEN b.check_out >= ${lit(new Date(now.getTime() - 14 * DAY_MS).toISOString().slice(0, 10))} THEN 'pending'
                  WHEN abs(hashtext('rv3-' || b.id)::bigint) % 10 = 0 THEN 'rejected' ELSE 'accepted' END,
             (b.check_out || 'T10:00:00Z')::timestamptz
        FROM bookings b
       WHERE b.status = 'checked_out' AND abs(hashtext('rv0-' || b.id)::bigint) % 4 = 0`);
  },
};

/** Sums the bookings into booking_daily_stats from scratch (after a bulk load). */
export async function rebuildBookingRollup(exec: (text: string) => Promise<unknown>) {
  await exec('DELETE FROM booking_daily_stats');
  await exec(`
    INSERT INTO booking_daily_stats (day, status, bookings, nights, total)
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), status, count(*), sum(nights), sum(total)
      FROM bookings GROUP BY 1, 2`);
}
