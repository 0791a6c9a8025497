import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ANALYTICS_API,
  PAGE_VIEWS_PER_MINUTE,
  pageViewBodySchema,
  pageViewListAnswerSchema,
  pageViewListQuerySchema,
} from '@bo/contract/analytics';
import { errorResponses, withExample } from '../../lib/route-schemas.js';
import {
  cleanPath,
  countryOf,
  deviceOf,
  isBot,
  listPageViews,
  recordView,
  saltOf,
  sourceOf,
  visitorHash,
} from './queries.js';

/** Per address and minute, on this instance: a flood of beacons is dropped, not stored. */
class MinuteCounter {
  private minute = 0;
  private counts = new Map<string, number>();
  allow(key: string, limit: number) {
    const now = Math.floor(Date.now() / 60_000);
    if (now !== this.minute) {
      this.minute = now;
      this.counts.clear();
    }
    const n = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, n);
    return n <= limit;
  }
}

/**
 * The analytics beacon. No sign-in and no cookie: the app posts `{ path, referrer }` with
 * `navigator.sendBeacon` on each page change; the answer is always 204 for a well-formed view
 * (robots and floods are dropped without telling them).
 */
export async function analyticsRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db } = app.services;
  const counter = new MinuteCounter();

  // sendBeacon with a string sends text/plain: read it as the JSON it is (in this plugin only).
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(null, {});
      }
    },
  );

  app.post(
    ANALYTICS_API.views,
    {
      bodyLimit: 4096,
      config: { public: true },
      schema: {
        operationId: 'recordPageView',
        tags: ['analytics'],
        summary:
          "Record a page view (the app's beacon): path without query, referrer host, country from the language, device, visitor hashed with a daily salt; 204",
        body: withExample(pageViewBodySchema, {
          path: '/dashboard/invoice',
          referrer: 'https://search.acme.test/',
        }),
        response: { 204: z.null(), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const ua = request.headers['user-agent'];
      if (!isBot(ua) && counter.allow(request.ip, PAGE_VIEWS_PER_MINUTE)) {
        const day = new Date().toISOString().slice(0, 10);
        const salt = await saltOf(db, day);
        const { source, host } = sourceOf(request.body.referrer, request.headers.host);
        await recordView(db, {
          path: cleanPath(request.body.path),
          source,
          referrerHost: host,
          country: countryOf(request.headers['accept-language']),
          device: deviceOf(ua),
          visitor: visitorHash(salt, request.ip, ua),
        });
      }
      reply.status(204);
      return null;
    },
  );

  app.get(
    ANALYTICS_API.views,
    {
      config: { permission: 'dashboards:analytics' },
      schema: {
        operationId: 'listPageViews',
        tags: ['analytics'],
        summary:
          'The recorded views behind the analytics dashboard, newest first: by days, page, source, country and device; cursor pages (the visitor hash is never answered)',
        querystring: pageViewListQuerySchema,
        response: { 200: pageViewListAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listPageViews(db, request.query),
  );
}
