import { describe, expect, it } from 'vitest';

import { nextSelection } from './use-range-selection';

const rows = ['a', 'b', 'c', 'd', 'e'];

describe('nextSelection', () => {
  it('toggles one row on a plain click', () => {
    expect(nextSelection([], rows, 'b', null, false)).toEqual(['b']);
    expect(nextSelection(['b', 'd'], rows, 'b', 'd', false)).toEqual(['d']);
  });

  it('selects the range from the last row clicked on Shift-click, either way', () => {
    expect(nextSelection(['b'], rows, 'd', 'b', true)).toEqual(['b', 'c', 'd']);
    expect(nextSelection(['d'], rows, 'a', 'd', true)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('clears the range when the Shift-clicked row was chosen', () => {
    expect(nextSelection(['a', 'b', 'c', 'd'], rows, 'b', 'd', true)).toEqual(['a']);
  });

  it('takes a single row when there is no anchor, and keeps rows of other pages', () => {
    expect(nextSelection(['z'], rows, 'c', null, true)).toEqual(['c', 'z']);
  });
});
