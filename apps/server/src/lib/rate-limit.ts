import type { Database } from '../db/client.js';
import { HttpError } from './http-error.js';
import { ERROR_CODES } from '@bo/contract/errors';

function tooMany(retry: number): HttpError {
  const when = retry < 60 ? `${retry} second(s)` : `${Math.ceil(retry / 60)} minute(s)`;
  return new HttpError(
    429,
    ERROR_CODES.rateLimited,
    `Too many attempts. Try again in ${when}.`,
    undefined,
    { 'retry-after': String(retry) },
  );
}

export interface Window {
  limit: number;
  seconds: number;
}

/**
 * Fixed-window counters kept in the database, so every server instance on one database
 * shares them. `hit` counts an attempt; `check` refuses once the window is full.
 */
export class RateLimiter {
  constructor(private readonly database: Database) {}

  async hit(key: string, window: Window): Promise<void> {
    await this.database.query(
      `INSERT INTO rate_limits (key, count, reset_at) VALUES ($1, 1, now() + make_interval(secs => $2))
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
         reset_at = CASE WHEN rate_limits.reset_at <= now() THEN excluded.reset_at ELSE rate_limits.reset_at END`,
      [key, window.seconds],
    );
  }

  /**
   * Counts `amount` against the key's window if it still fits (a send's outside recipients, say),
   * else refuses with 429 and counts nothing. Answers what the window now holds.
   */
  async take(key: string, window: Window, amount: number): Promise<number> {
    if (amount > window.limit) throw tooMany(window.seconds);
    const rows = await this.database.query<{ count: number }>(
      `INSERT INTO rate_limits (key, count, reset_at) VALUES ($1, $3, now() + make_interval(secs => $2))
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN rate_limits.reset_at <= now() THEN excluded.count ELSE rate_limits.count + excluded.count END,
         reset_at = CASE WHEN rate_limits.reset_at <= now() THEN excluded.reset_at ELSE rate_limits.reset_at END
       WHERE rate_limits.reset_at <= now() OR rate_limits.count + excluded.count <= $4
       RETURNING count`,
      [key, window.seconds, amount, window.limit],
    );
    if (rows[0]) return rows[0].count;
    const [held] = await this.database.query<{ retry: number }>(
      `SELECT ceil(extract(epoch from reset_at - now()))::int AS retry FROM rate_limits WHERE key = $1`,
      [key],
    );
    throw tooMany(Math.max(1, held?.retry ?? window.seconds));
  }

  /** Gives back what `take` counted (a later step of the same action was refused). */
  async giveBack(key: string, amount: number): Promise<void> {
    await this.database.query(
      'UPDATE rate_limits SET count = greatest(0, count - $2) WHERE key = $1 AND reset_at > now()',
      [key, amount],
    );
  }

  async check(keys: string[], window: Window): Promise<void> {
    const rows = await this.database.query<{ count: number; retry: number }>(
      `SELECT count, ceil(extract(epoch from reset_at - now()))::int AS retry
         FROM rate_limits WHERE key = ANY($1::text[]) AND reset_at > now() AND count >= $2
        ORDER BY reset_at DESC LIMIT 1`,
      [keys, window.limit],
    );
    const row = rows[0];
    if (row) throw tooMany(Math.max(1, row.retry));
  }

  /**
   * Growing delays instead of a lockout: the first `free` failures of a key cost nothing, then
   * each failure blocks that key for 1, 2, 4, 8… seconds (at most `maxDelaySeconds`). Failures are
   * forgotten `windowSeconds` after the first. Answers how long the key is now blocked.
   */
  async fail(
    key: string,
    opts: { free: number; maxDelaySeconds: number; windowSeconds: number },
  ): Promise<number> {
    const rows = await this.database.query<{ wait: number | null }>(
      `INSERT INTO rate_limits (key, count, reset_at, blocked_until)
       VALUES ($1, 1, now() + make_interval(secs => $3),
               CASE WHEN 1 > $2 THEN now() + make_interval(secs => 1) END)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
         reset_at = CASE WHEN rate_limits.reset_at <= now() THEN excluded.reset_at ELSE rate_limits.reset_at END,
         blocked_until = CASE
           WHEN rate_limits.reset_at > now() AND rate_limits.count + 1 > $2
           THEN now() + make_interval(secs => least($4, power(2, rate_limits.count - $2)))
         END
       RETURNING ceil(extract(epoch from blocked_until - now()))::int AS wait`,
      [key, opts.free, opts.windowSeconds, opts.maxDelaySeconds],
    );
    return Math.max(0, rows[0]?.wait ?? 0);
  }

  /** Refuses with 429 and Retry-After while any of the keys is blocked by `fail`. */
  async checkBlocked(keys: string[]): Promise<void> {
    const rows = await this.database.query<{ retry: number }>(
      `SELECT ceil(extract(epoch from blocked_until - now()))::int AS retry
         FROM rate_limits WHERE key = ANY($1::text[]) AND blocked_until > now()
        ORDER BY blocked_until DESC LIMIT 1`,
      [keys],
    );
    if (rows[0]) throw tooMany(Math.max(1, rows[0].retry));
  }

  async clear(key: string): Promise<void> {
    await this.database.query('DELETE FROM rate_limits WHERE key = $1', [key]);
  }

  /** Drops expired windows; run on a schedule. */
  async prune(): Promise<void> {
    await this.database.query('DELETE FROM rate_limits WHERE reset_at <= now()');
  }
}
