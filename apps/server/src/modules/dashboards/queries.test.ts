import { describe, expect, it } from 'vitest';
import { wholeMonths } from './queries.js';

describe('wholeMonths', () => {
  it('reads whole months from the monthly rollup and only the days around them from the daily one', () => {
    expect(wholeMonths('2025-01-15', '2025-03-10', '2025-05-20')).toEqual({
      all: ['2025-02', '2025-04'],
      now: ['2025-04'],
      gaps: [
        ['2025-01-15', '2025-01-31'],
        ['2025-03-01', '2025-03-31'],
        ['2025-05-01', '2025-05-20'],
      ],
    });
    expect(wholeMonths('2025-03-01', '2025-04-01', '2025-04-30')).toEqual({
      all: ['2025-03', '2025-04'],
      now: ['2025-04'],
      gaps: [],
    });
  });
});
