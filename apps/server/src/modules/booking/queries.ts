import { sql } from 'drizzle-orm';
import { BOOKING_TRANSITIONS, type Booking, type BookingStatus } from '@bo/contract/booking';
import type { Executor, Tx } from '../../db/client.js';
import { isoInstant, rows } from '../../db/rows.js';
import { conflict } from '../../lib/http-error.js';
import { decodeTimeCursor, encodeTimeCursor, exactInstant } from '../../lib/keyset.js';

type Row = Record<string, unknown>;
const iso = isoInstant;

const toBooking = (r: Row): Booking => ({
  id: String(r.id),
  guestName: String(r.guest_name),
  guestEmail: String(r.guest_email),
  guests: Number(r.guests),
  propertyName: String(r.property_name),
  city: String(r.city),
  roomName: String(r.room_name),
  roomKind: String(r.room_kind),
  checkIn: String(r.check_in),
  checkOut: String(r.check_out),
  nights: Number(r.nights),
  total: Number(r.total),
  status: r.status as BookingStatus,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

export async function getBooking(db: Executor, id: string): Promise<Booking | null> {
  const [r] = await rows(
    db,
    sql`SELECT b.*, p.name AS property_name, p.city, r.name AS room_name, r.kind AS room_kind
          FROM bookings b JOIN booking_rooms r ON r.id = b.room_id
          JOIN booking_properties p ON p.id = r.property_id
         WHERE b.id = ${id}`,
  );
  return r ? toBooking(r) : null;
}

/** Moves a booking one step along its life; any other move is a 409 naming `status`. */
export async function moveBooking(tx: Tx, id: string, next: BookingStatus) {
  const [row] = await rows(tx, sql`SELECT status FROM bookings WHERE id = ${id} FOR UPDATE`);
  if (!row) return null;
  const from = row.status as BookingStatus;
  if (from === next) return { from, changed: false };
  if (!BOOKING_TRANSITIONS[from].includes(next)) {
    const message = `A ${from.replace('_', ' ')} booking cannot become ${next.replace('_', ' ')}`;
    throw conflict(message, [
      { field: 'status', code: 'booking_transition', message, params: { from, to: next } },
    ]);
  }
  await tx.execute(sql`UPDATE bookings SET status = ${next}, updated_at = now() WHERE id = ${id}`);
  return { from, changed: true };
}

export async function getReview(db: Executor, id: string) {
  const [r] = await rows(
    db,
    sql`SELECT v.*, b.guest_name, p.name AS property_name
          FROM booking_reviews v JOIN bookings b ON b.id = v.booking_id
          JOIN booking_rooms r ON r.id = b.room_id JOIN booking_properties p ON p.id = r.property_id
         WHERE v.id = ${id}`,
  );
  if (!r) return null;
  return {
    id: String(r.id),
    bookingId: String(r.booking_id),
    guestName: String(r.guest_name),
    propertyName: String(r.property_name),
    rating: Number(r.rating),
    text: String(r.text),
    status: r.status as 'pending' | 'accepted' | 'rejected',
    createdAt: iso(r.created_at),
  };
}

/** Accepts or rejects a pending review; a decided one is a 409 naming `status`. */
export async function decideReview(tx: Tx, id: string, status: 'accepted' | 'rejected') {
  const [row] = await rows(tx, sql`SELECT status FROM booking_reviews WHERE id = ${id} FOR UPDATE`);
  if (!row) return null;
  if (row.status === status) return { changed: false };
  if (row.status !== 'pending') {
    const message = 'This review was already decided';
    throw conflict(message, [{ field: 'status', code: 'review_decided', message }]);
  }
  await tx.execute(sql`UPDATE booking_reviews SET status = ${status} WHERE id = ${id}`);
  return { changed: true };
}

const BOOKING_SELECT = sql`SELECT b.*, p.name AS property_name, p.city, r.name AS room_name,
    r.kind AS room_kind
  FROM bookings b JOIN booking_rooms r ON r.id = b.room_id
  JOIN booking_properties p ON p.id = r.property_id`;

/** Bookings made in a period, newest first, by keyset over (created_at, id). */
export async function listBookings(
  db: Executor,
  q: { status?: string; from?: string; to?: string; cursor?: string; limit: number },
) {
  const where = [sql`TRUE`];
  if (q.status) {
    const statuses = q.status.split(',');
    where.push(
      sql`b.status IN (${sql.join(
        statuses.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  }
  if (q.from) where.push(sql`b.created_at >= ${`${q.from}T00:00:00Z`}::timestamptz`);
  if (q.to) where.push(sql`b.created_at < (${q.to}::date + 1)::timestamptz`);
  if (q.cursor) {
    const [t, id] = decodeTimeCursor(q.cursor);
    where.push(sql`(b.created_at, b.id) < (${t}::timestamptz, ${id}::uuid)`);
  }
  const list = await rows(
    db,
    sql`SELECT b.*, ${exactInstant(sql`b.created_at`)} AS cursor_at
          FROM (${BOOKING_SELECT} WHERE ${sql.join(where, sql` AND `)}
                ORDER BY b.created_at DESC, b.id DESC LIMIT ${q.limit + 1}) b
         ORDER BY b.created_at DESC, b.id DESC`,
  );
  const page = list.slice(0, q.limit).map(toBooking);
  const last = list[q.limit - 1];
  return {
    bookings: page,
    nextCursor:
      list.length > q.limit && last
        ? encodeTimeCursor(String(last.cursor_at), String(last.id))
        : null,
  };
}
