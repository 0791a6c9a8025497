import { z } from 'zod';

/**
 * First-party analytics: the app sends a beacon on every page change (its own API, no third
 * party, no cookie). The server keeps the path without its query, the referrer's host, a country
 * from the language, the device class, and a visitor hash salted per day.
 */
export const ANALYTICS_API = { views: '/api/analytics/views' } as const;

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
