import { z } from 'zod';

import { isoDay } from './common';

/**
 * First-party analytics: the app sends a beacon on every page change (its own API, no third
 * party, no cookie). The server keeps the path without its query, the referrer's host, a country
 * from the language, the device class, and a visitor hash salted per day.
 */
export { ANALYTICS_API } from './analytics-paths';

export const PAGE_VIEW_SOURCES = ['direct', 'search', 'social', 'referral', 'internal'] as const;
export const PAGE_VIEW_DEVICES = ['desktop', 'mobile', 'tablet'] as const;
/** Views one address may record per minute on one instance; more are dropped silently. */
export const PAGE_VIEWS_PER_MINUTE = 120;

export const pageViewBodySchema = z.object({
  /** The app's path; a query or fragment is cut off before it is stored. */
  path: z
    .string()
    .max(500)
    .regex(/^\/[^\s]*$/, 'A path starting with /'),
  /** `document.referrer`: only its host is kept. */
  referrer: z.string().max(2000).default(''),
});
export type PageViewBody = z.input<typeof pageViewBodySchema>;

/** One recorded view as the log shows it; the visitor hash is never sent out. */
export const pageViewSchema = z.object({
  id: z.string(),
  viewedAt: z.string(),
  path: z.string(),
  source: z.enum(PAGE_VIEW_SOURCES),
  /** The referrer's host ('' when none was sent). */
  referrerHost: z.string(),
  /** ISO 3166 alpha-2, or ZZ when unknown. */
  country: z.string(),
  device: z.enum(PAGE_VIEW_DEVICES),
});
export type PageView = z.infer<typeof pageViewSchema>;

export const PAGE_VIEWS_PAGE = 50;
/** The views behind the analytics dashboard's figures: by days, page, source, country, device. */
export const pageViewListQuerySchema = z.object({
  /** Inclusive UTC days. */
  from: isoDay.optional(),
  to: isoDay.optional(),
  /** One page exactly, as the dashboard's top pages show it. */
  path: z
    .string()
    .max(300)
    .regex(/^\/[^\s?#]*$/, 'A path starting with /, without query')
    .optional(),
  source: z.enum(PAGE_VIEW_SOURCES).optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'Two capital letters (ISO 3166), or ZZ')
    .optional(),
  device: z.enum(PAGE_VIEW_DEVICES).optional(),
  /** The `nextCursor` of the previous page. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(PAGE_VIEWS_PAGE),
});
export type PageViewListQuery = z.input<typeof pageViewListQuerySchema>;
export const pageViewListAnswerSchema = z.object({
  views: z.array(pageViewSchema),
  nextCursor: z.string().nullable(),
});
