import { describe, expect, it } from 'vitest';
import { MIN_GAP, RANK_STEP, neighbours, rankBetween } from './rank.js';

describe('rank', () => {
  it('places between, before, after and alone', () => {
    expect(rankBetween(undefined, undefined)).toBe(RANK_STEP);
    expect(rankBetween(1024, 2048)).toBe(1536);
    expect(rankBetween(undefined, 1024)).toBe(0);
    expect(rankBetween(1024, undefined)).toBe(2048);
  });

  it('asks for renumbering when the gap is exhausted', () => {
    const prev = 0;
    let next = 1;
    let moves = 0;
    for (;;) {
      const r = rankBetween(prev, next);
      if (r === null) break;
      next = r;
      moves += 1;
    }
    expect(moves).toBeGreaterThan(15);
    expect(next - prev).toBeLessThan(MIN_GAP * 2);
  });

  it('clamps the index', () => {
    expect(neighbours([1, 2, 3], 0)).toEqual([undefined, 1]);
    expect(neighbours([1, 2, 3], 2)).toEqual([2, 3]);
    expect(neighbours([1, 2, 3], 99)).toEqual([3, undefined]);
  });
});
