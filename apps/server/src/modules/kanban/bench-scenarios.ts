/**
 * What `npm run bench` measures for the kanban board: loading the whole board as the screen does
 * (columns, cards, assignees, comments, attachments and the caller's likes).
 */
import type { BenchScenario, JsonFetch } from '../products/bench-scenarios.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

const isBoard = (b: unknown) =>
  isObject(b) &&
  isObject(b.board) &&
  Array.isArray(b.board.columnOrder) &&
  Array.isArray(b.board.columns) &&
  Array.isArray(b.board.cards);

export async function prepareKanbanBench(fetchJson: JsonFetch): Promise<null> {
  const res = await fetchJson('GET', '/api/kanban/board');
  if (res.status !== 200 || !isBoard(res.body)) throw new Error('the board does not answer');
  return null;
}

export const kanbanScenarios: BenchScenario<null>[] = [
  {
    name: 'kanban board',
    method: 'GET',
    url: () => '/api/kanban/board',
    expectedStatus: 200,
    check: isBoard,
  },
];
