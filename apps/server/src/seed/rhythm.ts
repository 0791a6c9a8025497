/**
 * How activity is spread over the history: a business grows, is quieter at the weekend and in
 * summer, busier before the holidays, and no two days are alike. Each day's share is a pure
 * function of its date, the seed and a stream number (so orders and bookings do not move
 * together); rows are then numbered day after day, so a row's number still orders it in time.
 */

const DAY_MS = 86_400_000;

/** Sunday … Saturday: weekdays busy, the weekend about 40 % quieter. */
const WEEKDAY = [0.58, 1.0, 1.06, 1.03, 1.08, 0.97, 0.62];

/** hashint4-style integer hash (Bob Jenkins' 6-shift), to a number in [0, 1). */
function hash01(n: number, salt: number): number {
  let a = (n + salt * 1009) | 0;
  a = (a + 0x7ed55d16 + (a << 12)) | 0;
  a = a ^ 0xc761c23c ^ (a >>> 19);
  a = (a + 0x165667b1 + (a << 5)) | 0;
  a = ((a + 0xd3a2646c) | 0) ^ (a << 9);
  a = (a + 0xfd7046c5 + (a << 3)) | 0;
  a = a ^ 0xb55a4f09 ^ (a >>> 16);
  return (a >>> 0) / 4294967296;
}

/** The relative activity of the UTC day starting at `dayMs`, `age` of `days` from the oldest. */
export function dayWeight(dayMs: number, age: number, days: number, seed: number, stream: number) {
  const date = new Date(dayMs);
  const dayOfYear = (dayMs - Date.UTC(date.getUTCFullYear(), 0, 1)) / DAY_MS;
  // Doubles over two years.
  const growth = 0.5 + (0.5 * age) / Math.max(1, days - 1);
  // Peaks in mid-December, lowest in mid-June.
  const season = 1 + 0.22 * Math.cos((2 * Math.PI * (dayOfYear - 350)) / 365.25);
  const noise = 0.7 + 0.6 * hash01(Math.floor(dayMs / DAY_MS), (seed % 1_000_003) + stream);
  return growth * season * WEEKDAY[date.getUTCDay()]! * noise;
}

export interface HistoryDays {
  /** UTC midnight of each day, oldest first. */
  start: number[];
  /** How long the day has run (a whole day, or up to now for today), ms. */
  length: number[];
  /** Rows `lo[k] + 1 … hi[k]` fall on day k. */
  lo: number[];
  hi: number[];
}

/** `total` rows over the `days` UTC days up to and including today, by their weights. */
export function historyDays(
  total: number,
  days: number,
  now: Date,
  seed: number,
  stream: number,
): HistoryDays {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const out: HistoryDays = { start: [], length: [], lo: [], hi: [] };
  const weights: number[] = [];
  for (let age = 0; age < days; age++) {
    const start = today - (days - 1 - age) * DAY_MS;
    const length = start === today ? Math.max(60_000, now.getTime() - today) : DAY_MS;
    out.start.push(start);
    out.length.push(length);
    weights.push((dayWeight(start, age, days, seed, stream) * length) / DAY_MS);
  }
  const sum = weights.reduce((a, b) => a + b, 0);
  let acc = 0;
  let prev = 0;
  for (const w of weights) {
    acc += w;
    const hi = Math.min(total, Math.round((total * acc) / sum));
    out.lo.push(prev);
    out.hi.push(hi);
    prev = hi;
  }
  out.hi[out.hi.length - 1] = total;
  return out;
}

/**
 * SQL rows `(g, at)` for rows `first … last` of a history: each row's instant inside its day,
 * in row order, a little jittered (`hashint4` of the row). Runs in the database; only the
 * per-day table (a few hundred numbers) is written into the statement.
 */
export function historyRowsSql(h: HistoryDays, first: number, last: number, salt: number): string {
  const ints = (xs: number[]) => `ARRAY[${xs.join(',')}]::int8[]`;
  return `SELECT g.i AS g, to_timestamp((d.s + (g.i - d.lo - 1 + (hashint4((g.i)::int4 + ${salt}) & 1023) / 1024.0)
    * d.len / (d.hi - d.lo)) / 1000.0) AS at
  FROM unnest(${ints(h.start)}, ${ints(h.length)}, ${ints(h.lo)}, ${ints(h.hi)}) AS d(s, len, lo, hi),
       generate_series(greatest(d.lo + 1, ${first}), least(d.hi, ${last})) AS g(i)`;
}
