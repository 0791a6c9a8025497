import { BOOKING_API } from '@bo/contract/booking';
import type { BenchScenario, JsonFetch } from '../../lib/bench.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isList = (b: unknown) => isObject(b) && Array.isArray(b.bookings) && 'nextCursor' in b;

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export interface BookingBenchContext {
  from: string;
  to: string;
  /** A cursor one page in, from the first page of the 30 days. */
  cursor: string;
}

export async function prepareBookingBench(fetchJson: JsonFetch): Promise<BookingBenchContext> {
  const from = day(-29);
  const to = day(0);
  const res = await fetchJson('GET', `${BOOKING_API.bookings}?from=${from}&to=${to}`);
  const cursor = isObject(res.body) ? res.body.nextCursor : null;
  if (typeof cursor !== 'string') throw new Error('fewer than a page of bookings in 30 days');
  return { from, to, cursor };
}

/** The bookings behind the booking dashboard, as its cards and tables link to them. */
export const bookingScenarios: BenchScenario<BookingBenchContext>[] = [
  {
    name: 'bookings list, first page of 30 days',
    method: 'GET',
    url: (ctx) => `${BOOKING_API.bookings}?from=${ctx.from}&to=${ctx.to}`,
    expectedStatus: 200,
    check: isList,
  },
  {
    name: 'bookings list, the sold ones of 30 days (three statuses)',
    method: 'GET',
    url: (ctx) =>
      `${BOOKING_API.bookings}?from=${ctx.from}&to=${ctx.to}&status=confirmed,checked_in,checked_out`,
    expectedStatus: 200,
    check: isList,
  },
  {
    name: 'bookings list, second page of 30 days',
    method: 'GET',
    url: (ctx) =>
      `${BOOKING_API.bookings}?from=${ctx.from}&to=${ctx.to}&cursor=${encodeURIComponent(ctx.cursor)}`,
    expectedStatus: 200,
    check: isList,
  },
];
