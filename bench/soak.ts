/**
 * The soak (`npm run bench -- --only soak`): does the embedded store's server keep its memory flat
 * under a long mix of reads and writes? bench/run.ts starts a server on a new data directory with
 * the demo data (as a first `npm start` does), warms it up, then sends this mix at SOAK_CLIENTS
 * clients and samples its resident size all along (decision 035).
 *
 * What the mix reads are the areas' own scenarios (modules/<area>/bench-scenarios.ts), by name;
 * what it writes are chat messages (chat's scenario), kanban cards renamed and calendar events
 * created (below: the areas' bench makes no such writes).
 */
import type { JsonFetch } from '../apps/server/src/lib/bench.js';

/** KANBAN_API and CALENDAR_API's paths (the contract's sources do not compile under bench/). */
const KANBAN_API = { board: '/api/kanban/board', cardUpdate: '/api/kanban/cards/update' };
const CALENDAR_API = { create: '/api/calendar/events/new' };

/** Twenty people at once, as the issue asks. */
export const SOAK_CLIENTS = 20;
/**
 * One hour-equivalent: twenty people each making a request every three seconds for an hour
 * (20 × 3,600 / 3). The soak sends them as fast as the server answers, not spread over an hour.
 */
export const SOAK_REQUESTS = (SOAK_CLIENTS * 3_600) / 3;
/** Requests of the mix sent before the reference size is taken: JIT, caches, the store's pages. */
export const SOAK_WARMUP_REQUESTS = 2_000;
/** The most the resident size may rise above the one after warm-up, in MB. */
export const SOAK_LIMIT_MB = 100;

/** One kind of request of the mix; `i` is the request's index in the run. */
export interface SoakRequest {
  name: string;
  method: 'GET' | 'POST';
  url: (i: number) => string;
  body?: (i: number) => unknown;
  expectedStatus: number;
}

/**
 * One round of the mix, by scenario name, in order: twelve reads and four writes (a quarter).
 * Names ending in `*` are this file's writes, the others the areas' scenarios.
 */
export const SOAK_ROUND = [
  'users first page (newest first, with tab counts)',
  'order list first page',
  'mail inbox list (first page)',
  'chat send a message',
  'chat conversations list',
  'chat open a conversation (latest 50 messages)',
  'kanban board',
  'kanban card renamed*',
  'calendar month view (six weeks of events)',
  'notifications list (the popover: all, first page)',
  'today (the home every sign-in lands on)',
  'calendar event created*',
  'mail open a conversation',
  'shop first page, newest in a category',
  'blog list (latest, first page)',
  'chat send a message',
] as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const DAY = 86_400_000;
const run = Math.random().toString(36).slice(2, 8);

/** The writes of the mix the areas' scenarios do not make, on the demo data's records. */
export async function soakWrites(fetchJson: JsonFetch): Promise<SoakRequest[]> {
  const board = await fetchJson('GET', KANBAN_API.board);
  const cards =
    isObject(board.body) && isObject(board.body.board) && Array.isArray(board.body.board.cards)
      ? (board.body.board.cards as Array<{ id: string; name: string }>)
      : [];
  if (!cards.length) throw new Error('the kanban board has no cards: the demo data is missing');
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return [
    {
      name: 'kanban card renamed*',
      method: 'POST',
      url: () => KANBAN_API.cardUpdate,
      body: (i) => {
        const card = cards[i % cards.length]!;
        return { cardId: card.id, card: { name: `${card.name.slice(0, 150)} (${i % 7})` } };
      },
      expectedStatus: 200,
    },
    {
      name: 'calendar event created*',
      method: 'POST',
      url: () => CALENDAR_API.create,
      // Spread over two years around today: a month's view gains a few events, not thousands.
      body: (i) => {
        const start = today + ((i % 730) - 365) * DAY + 9 * 3_600_000;
        return {
          title: `Soak ${run} ${i}`,
          start: new Date(start).toISOString(),
          end: new Date(start + 3_600_000).toISOString(),
        };
      },
      expectedStatus: 201,
    },
  ];
}
