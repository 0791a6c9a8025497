/**
 * What `npm run bench` measures for the calendar: the month and week views as the screen asks
 * for them (events overlapping a window), over windows spread around today, and the guest picker
 * searching people as someone types.
 */
import type { BenchScenario, JsonFetch } from '../../lib/bench.js';

export interface CalendarBenchContext {
  /** Midnight UTC today, the anchor of the windows. */
  today: number;
}

const DAY = 86_400_000;
/** What someone types into the guest field: a first name's start, a surname, a company. */
const GUEST_SEARCHES = ['ann', 'mar', 'smith', 'lee', 'tech', 'jo'];
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

const isEventList = (b: unknown) =>
  isObject(b) &&
  Array.isArray(b.events) &&
  typeof b.total === 'number' &&
  b.events.every((e) => isObject(e) && typeof e.id === 'string' && typeof e.start === 'string');

export async function prepareCalendarBench(fetchJson: JsonFetch): Promise<CalendarBenchContext> {
  const res = await fetchJson('GET', '/api/calendar/events');
  if (res.status !== 200 || !isEventList(res.body)) throw new Error('the calendar does not answer');
  const now = new Date();
  return { today: Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) };
}

/** The window a calendar view asks for, `i` views away from today's, as ISO dates. */
const windowAt = (ctx: CalendarBenchContext, i: number, days: number) => {
  const start = ctx.today + ((i % 8) - 4) * days * DAY;
  return `start=${new Date(start).toISOString()}&end=${new Date(start + days * DAY).toISOString()}`;
};

export const calendarScenarios: BenchScenario<CalendarBenchContext>[] = [
  {
    name: 'calendar month view (six weeks of events)',
    method: 'GET',
    url: (ctx, i) => `/api/calendar/events?${windowAt(ctx, i, 42)}`,
    expectedStatus: 200,
    check: isEventList,
  },
  {
    name: 'calendar week view',
    method: 'GET',
    url: (ctx, i) => `/api/calendar/events?${windowAt(ctx, i, 7)}`,
    expectedStatus: 200,
    check: isEventList,
  },
  {
    name: 'calendar guest picker (people by a few letters)',
    method: 'GET',
    url: (_ctx, i) => `/api/calendar/guests?q=${GUEST_SEARCHES[i % GUEST_SEARCHES.length]}`,
    expectedStatus: 200,
    check: (b) => isObject(b) && Array.isArray(b.people),
  },
];
