/**
 * What `npm run bench` measures for the kanban board: loading the whole board as the screen does
 * (columns, cards, assignees, attachments, comment counts and the caller's likes), and opening a
 * card (its comments load then).
 */
import { KANBAN_API } from '@bo/contract/kanban';
import type { BenchScenario, JsonFetch } from '../../lib/bench.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

const isBoard = (b: unknown) =>
  isObject(b) &&
  isObject(b.board) &&
  Array.isArray(b.board.columnOrder) &&
  Array.isArray(b.board.columns) &&
  Array.isArray(b.board.cards);

type Ctx = { cardIds: string[] };

export async function prepareKanbanBench(fetchJson: JsonFetch): Promise<Ctx> {
  const res = await fetchJson('GET', KANBAN_API.board);
  if (res.status !== 200 || !isBoard(res.body)) throw new Error('the board does not answer');
  const cards = (res.body as { board: { cards: Array<{ id: string; commentCount: number }> } })
    .board.cards;
  // Cards people talked about first: what opening a busy card costs.
  const cardIds = [...cards]
    .sort((a, b) => b.commentCount - a.commentCount)
    .slice(0, 20)
    .map((c) => c.id);
  if (!cardIds.length) throw new Error('the board has no cards');
  return { cardIds };
}

export const kanbanScenarios: BenchScenario<Ctx>[] = [
  {
    name: 'kanban board',
    method: 'GET',
    url: () => KANBAN_API.board,
    expectedStatus: 200,
    check: isBoard,
  },
  {
    name: 'kanban card opened (with its comments)',
    method: 'GET',
    url: (ctx, i) => KANBAN_API.card(ctx.cardIds[i % ctx.cardIds.length]!),
    expectedStatus: 200,
    check: (b) => isObject(b) && isObject(b.card) && Array.isArray(b.card.comments),
  },
];
