import { describe, expect, it } from 'vitest';

import { moveInGrid } from './grid-keys';
import { moveId, orderedIds } from './prefs';

describe('moveInGrid', () => {
  const size = { rows: 4, cols: 3 };
  it('moves one cell with the arrows and stops at the edges', () => {
    expect(moveInGrid({ row: 1, col: 1 }, 'ArrowRight', size)).toEqual({ row: 1, col: 2 });
    expect(moveInGrid({ row: 1, col: 2 }, 'ArrowRight', size)).toEqual({ row: 1, col: 2 });
    expect(moveInGrid({ row: 0, col: 0 }, 'ArrowUp', size)).toEqual({ row: 0, col: 0 });
    expect(moveInGrid({ row: 3, col: 0 }, 'ArrowDown', size)).toEqual({ row: 3, col: 0 });
  });
  it('mirrors left and right in a right-to-left page', () => {
    expect(moveInGrid({ row: 1, col: 1 }, 'ArrowLeft', size, { rtl: true })).toEqual({
      row: 1,
      col: 2,
    });
  });
  it('jumps to the row ends with Home/End and to the corners with Ctrl', () => {
    expect(moveInGrid({ row: 2, col: 1 }, 'End', size)).toEqual({ row: 2, col: 2 });
    expect(moveInGrid({ row: 2, col: 1 }, 'Home', size)).toEqual({ row: 2, col: 0 });
    expect(moveInGrid({ row: 2, col: 1 }, 'End', size, { ctrl: true })).toEqual({
      row: 3,
      col: 2,
    });
    expect(moveInGrid({ row: 2, col: 1 }, 'Home', size, { ctrl: true })).toEqual({
      row: 0,
      col: 0,
    });
  });
  it('does not move for other keys', () => {
    expect(moveInGrid({ row: 1, col: 1 }, 'Enter', size)).toBeNull();
  });
});

describe('column order', () => {
  it("keeps the person's order and puts new columns after it", () => {
    expect(orderedIds(['a', 'b', 'c', 'd'], ['c', 'a', 'gone'])).toEqual(['c', 'a', 'b', 'd']);
  });
  it('moves a column one place, never past the ends', () => {
    expect(moveId(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(moveId(['a', 'b', 'c'], 'c', 1)).toEqual(['a', 'b', 'c']);
  });
});
