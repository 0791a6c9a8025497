/**
 * Order on the board is a fractional rank: a move writes one row, ranked halfway between its new
 * neighbours. Halving runs out after ~50 moves into the same gap, so when neighbours get closer
 * than MIN_GAP the caller renumbers that one column (or the column order) and tries again.
 */
export const RANK_STEP = 1024;
export const MIN_GAP = 1e-6;

/** The rank between two neighbours (either may be missing), or null when they are too close. */
export function rankBetween(prev: number | undefined, next: number | undefined): number | null {
  if (prev === undefined && next === undefined) return RANK_STEP;
  if (prev === undefined) return next! - RANK_STEP;
  if (next === undefined) return prev + RANK_STEP;
  if (next - prev < MIN_GAP * 2) return null;
  return prev + (next - prev) / 2;
}

/** Where a moved item goes among the others (already without it), clamped to the end. */
export function neighbours(
  ranks: number[],
  toIndex: number,
): [number | undefined, number | undefined] {
  const at = Math.min(Math.max(toIndex, 0), ranks.length);
  return [ranks[at - 1], ranks[at]];
}
