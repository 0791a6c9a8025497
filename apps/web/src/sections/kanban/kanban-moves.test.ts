import type { KanbanCard } from '@bo/contract/kanban';
import { describe, expect, it } from 'vitest';

import { applyCardMove, applyColumnMove } from './kanban-api';
import type { BoardState } from './kanban-api';

const card = (id: string, columnId: string) => ({ id, columnId }) as KanbanCard;

function board(): BoardState {
  return {
    cards: { a: card('a', 'L'), b: card('b', 'L'), c: card('c', 'R') },
    columns: {
      L: { id: 'L', name: 'Left', cardIds: ['a', 'b'] },
      R: { id: 'R', name: 'Right', cardIds: ['c'] },
    },
    columnOrder: ['L', 'R'],
  };
}

describe('replaying board moves', () => {
  it('moves a card across columns to an index, and is idempotent', () => {
    const b = board();
    applyCardMove(b, 'a', 'R', 1);
    expect(b.columns.L!.cardIds).toEqual(['b']);
    expect(b.columns.R!.cardIds).toEqual(['c', 'a']);
    expect(b.cards.a!.columnId).toBe('R');
    // The same event arriving twice (our own echo) changes nothing.
    applyCardMove(b, 'a', 'R', 1);
    expect(b.columns.R!.cardIds).toEqual(['c', 'a']);
  });

  it('reorders within a column and clamps the index', () => {
    const b = board();
    applyCardMove(b, 'a', 'L', 99);
    expect(b.columns.L!.cardIds).toEqual(['b', 'a']);
  });

  it('ignores unknown cards or columns', () => {
    const b = board();
    applyCardMove(b, 'zz', 'R', 0);
    applyCardMove(b, 'a', 'ZZ', 0);
    expect(b).toEqual(board());
  });

  it('moves a column', () => {
    const b = board();
    applyColumnMove(b, 'R', 0);
    expect(b.columnOrder).toEqual(['R', 'L']);
  });
});
