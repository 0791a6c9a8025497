import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const cents = (name: string) => bigint(name, { mode: 'number' });

/** The places guests stay at. */
export const bookingProperties = pgTable('booking_properties', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  city: text('city').notNull(),
  cover: text('cover'),
});

export const bookingRooms = pgTable(
  'booking_rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => bookingProperties.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** single | double | suite | family */
    kind: text('kind').notNull(),
    /** Per night. */
    price: cents('price').notNull(),
  },
  (t) => [index('booking_rooms_property_idx').on(t.propertyId)],
);

/** A stay: pending → confirmed → checked_in → checked_out, or cancelled before check-in. */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => bookingRooms.id),
    guestName: text('guest_name').notNull(),
    guestEmail: text('guest_email').notNull(),
    guests: smallint('guests').notNull().default(1),
    /** UTC days, YYYY-MM-DD; check_out is the morning the guest leaves. */
    checkIn: text('check_in').notNull(),
    checkOut: text('check_out').notNull(),
    nights: integer('nights').notNull(),
    total: cents('total').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('bookings_created_idx').on(t.createdAt, t.id),
    // With the status, today's arrivals and departures are counted from the index alone.
    index('bookings_check_in_idx').on(t.checkIn, t.status),
    index('bookings_check_out_idx').on(t.checkOut, t.status),
    // The rooms taken tonight (the booking dashboard): stays under way, read from the index alone
    // instead of every stay that began in the last BOOKING_MAX_NIGHTS days.
    index('bookings_staying_idx')
      .on(t.checkIn, t.checkOut, t.roomId)
      .where(sql`status IN ('confirmed', 'checked_in')`),
    check(
      'bookings_status',
      sql`${t.status} in ('pending', 'confirmed', 'checked_in', 'checked_out', 'cancelled')`,
    ),
    check('bookings_nights', sql`${t.nights} > 0`),
  ],
);

/** A guest's review of a stay, published once accepted. */
export const bookingReviews = pgTable(
  'booking_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    text: text('text').notNull(),
    /** pending | accepted | rejected */
    status: text('status').notNull().default('pending'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  // The list's order with its tie-breaker (read backwards): the newest reviews waiting are the
  // index's last rows, no sort of every review of a status.
  (t) => [index('booking_reviews_status_idx').on(t.status, t.createdAt, t.id)],
);

/** Maintained by trigger: bookings made per UTC day and current status, nights and money. */
export const bookingDailyStats = pgTable(
  'booking_daily_stats',
  {
    day: text('day').notNull(),
    status: text('status').notNull(),
    bookings: integer('bookings').notNull().default(0),
    nights: integer('nights').notNull().default(0),
    total: cents('total').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.status] })],
);
