import type { Database } from '../db/client.js';
import { HttpError } from './http-error.js';
import { ERROR_CODES } from '@bo/contract/errors';

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

  async check(keys: string[], window: Window): Promise<void> {
    const rows = await this.database.query<{ count: number; retry: number }>(
      `SELECT count, ceil(extract(epoch from reset_at - now()))::int AS retry
         FROM rate_limits WHERE key = ANY($1::text[]) AND reset_at > now() AND count >= $2
        ORDER BY reset_at DESC LIMIT 1`,
      [keys, window.limit],
    );
    const row = rows[0];
    if (row) {
      const retry = Math.max(1, row.retry);
      throw new HttpError(
        429,
        ERROR_CODES.rateLimited,
        `Too many attempts. Try again in ${Math.ceil(retry / 60)} minute(s).`,
        undefined,
        { 'retry-after': String(retry) },
      );
    }
  }

  async clear(key: string): Promise<void> {
    await this.database.query('DELETE FROM rate_limits WHERE key = $1', [key]);
  }

  /** Drops expired windows; run on a schedule. */
  async prune(): Promise<void> {
    await this.database.query('DELETE FROM rate_limits WHERE reset_at <= now()');
  }
}
