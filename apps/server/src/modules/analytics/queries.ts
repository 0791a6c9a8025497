import { createHash, randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { PageViewListQuery, PageView as LoggedView } from '@bo/contract/analytics';
import type { Executor } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { decodeTimeCursor, encodeTimeCursor, exactInstant } from '../../lib/keyset.js';

const SEARCH = /(^|\.)(google|bing|duckduckgo|baidu|yandex|ecosia|qwant|yahoo|naver|sogou)\./;
const SOCIAL =
  /(^|\.)(facebook|fb|instagram|linkedin|lnkd|twitter|x|t|reddit|youtube|tiktok|pinterest|weibo|zalo|vk)\.(com|co|in|me|cn)$/;

/** Where a visit came from, by the referrer's host only. */
export function sourceOf(referrer: string, ownHost: string | undefined) {
  let host = '';
  try {
    host = referrer ? new URL(referrer).hostname.toLowerCase() : '';
  } catch {
    host = '';
  }
  if (!host) return { source: 'direct', host: '' };
  if (ownHost && host === ownHost.split(':')[0]!.toLowerCase()) return { source: 'internal', host };
  if (SEARCH.test(host)) return { source: 'search', host };
  if (SOCIAL.test(host)) return { source: 'social', host };
  return { source: 'referral', host };
}

/** Countries of languages spoken mostly in one place, when the browser names no region. */
const LANGUAGE_COUNTRY: Record<string, string> = {
  en: 'US',
  fr: 'FR',
  vi: 'VN',
  zh: 'CN',
  ar: 'SA',
  de: 'DE',
  es: 'ES',
  it: 'IT',
  ja: 'JP',
  ko: 'KR',
  pt: 'BR',
  ru: 'RU',
  nl: 'NL',
  pl: 'PL',
  tr: 'TR',
};

/** A country from the first language of Accept-Language (its region, else the language's). */
export function countryOf(acceptLanguage: string | undefined) {
  const first = (acceptLanguage ?? '').split(',')[0]!.trim().split(';')[0]!;
  const [lang, ...rest] = first.split('-');
  const region = rest.find((p) => /^[A-Za-z]{2}$/.test(p));
  if (region) return region.toUpperCase();
  return LANGUAGE_COUNTRY[(lang ?? '').toLowerCase()] ?? 'ZZ';
}

export function deviceOf(userAgent: string | undefined) {
  const ua = userAgent ?? '';
  if (/iPad|Tablet|PlayBook|Silk|(Android(?!.*Mobile))/i.test(ua)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(ua)) return 'mobile';
  return 'desktop';
}

export const isBot = (userAgent: string | undefined) =>
  /bot\b|crawler|spider|slurp|bingpreview|facebookexternalhit|curl\/|wget\//i.test(userAgent ?? '');

/** The path as stored: no query, no fragment, at most 300 characters. */
export const cleanPath = (path: string) => path.split(/[?#]/)[0]!.slice(0, 300) || '/';

/**
 * Today's salt, shared by every instance through the database; earlier days' salts (and the
 * per-day visitor lists that only served to count each visitor once) are deleted, so yesterday's
 * hashes can no longer be recomputed from an address.
 */
const salts = new Map<string, string>();
export async function saltOf(db: Executor, day: string): Promise<string> {
  const known = salts.get(day);
  if (known) return known;
  await db.execute(
    sql`INSERT INTO analytics_salts (day, salt) VALUES (${day}, ${randomBytes(24).toString('base64url')}) ON CONFLICT (day) DO NOTHING`,
  );
  const result = (await db.execute(
    sql`SELECT salt FROM analytics_salts WHERE day = ${day}`,
  )) as unknown as { rows: Array<{ salt: string }> };
  const salt = result.rows[0]!.salt;
  await db.execute(sql`DELETE FROM analytics_salts WHERE day < ${day}`);
  await db.execute(sql`DELETE FROM page_visitors_daily WHERE day < ${day}`);
  salts.clear();
  salts.set(day, salt);
  return salt;
}

export const visitorHash = (salt: string, ip: string, userAgent: string | undefined) =>
  createHash('sha256')
    .update(`${salt}|${ip}|${userAgent ?? ''}`)
    .digest('base64url')
    .slice(0, 22);

export interface PageView {
  path: string;
  source: string;
  referrerHost: string;
  country: string;
  device: string;
  visitor: string;
}

export async function recordView(db: Executor, v: PageView) {
  await db.execute(
    sql`INSERT INTO page_views (path, source, referrer_host, country, device, visitor)
        VALUES (${v.path}, ${v.source}, ${v.referrerHost}, ${v.country}, ${v.device}, ${v.visitor})`,
  );
}

type ListQuery = Omit<PageViewListQuery, 'limit'> & { limit: number };

/**
 * The views behind the analytics dashboard, newest first, one page after another by
 * (viewed_at, id). The cursor carries the instant to the microsecond as PostgreSQL wrote it: a
 * JavaScript date would cut it to the millisecond, and views recorded within the same millisecond
 * as a page's last one would be skipped. A page's views are read along (path, viewed_at).
 */
export async function listPageViews(db: Executor, q: ListQuery) {
  const where: SQL[] = [sql`TRUE`];
  if (q.from) where.push(sql`viewed_at >= ${`${q.from}T00:00:00Z`}::timestamptz`);
  if (q.to) where.push(sql`viewed_at < (${q.to}::date + 1)::timestamptz`);
  if (q.path) where.push(sql`path = ${q.path}`);
  if (q.source) where.push(sql`source = ${q.source}`);
  if (q.country) where.push(sql`country = ${q.country}`);
  if (q.device) where.push(sql`device = ${q.device}`);
  if (q.cursor) {
    const [t, id] = decodeTimeCursor(q.cursor, 'serial');
    where.push(sql`(viewed_at, id) < (${t}::timestamptz, ${id}::bigint)`);
  }
  const list = await rows(
    db,
    sql`SELECT id, path, source, referrer_host, country, device,
          ${exactInstant(sql`viewed_at`)} AS at
        FROM page_views WHERE ${sql.join(where, sql` AND `)}
        ORDER BY viewed_at DESC, id DESC LIMIT ${q.limit + 1}`,
  );
  const page = list.slice(0, q.limit);
  const views = page.map((r): LoggedView => ({
    id: String(r.id),
    // Milliseconds for clients, like every other instant of the API.
    viewedAt: new Date(String(r.at)).toISOString(),
    path: String(r.path),
    source: r.source as LoggedView['source'],
    referrerHost: String(r.referrer_host),
    country: String(r.country),
    device: r.device as LoggedView['device'],
  }));
  const last = page.at(-1);
  return {
    views,
    nextCursor:
      list.length > q.limit && last ? encodeTimeCursor(String(last.at), String(last.id)) : null,
  };
}
