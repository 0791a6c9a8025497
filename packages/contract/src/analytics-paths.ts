// Apart from the zod schemas of analytics.ts: the web's beacon runs on every page, public ones
// included, and must not bring zod to the first load.

export const ANALYTICS_API = {
  /** POST: the beacon (public, 204). GET: the views themselves, newest first (the log). */
  views: '/api/analytics/views',
} as const;
