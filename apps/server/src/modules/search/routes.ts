import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SEARCH_API, searchAnswerSchema, searchQuerySchema } from '@bo/contract/notifications';
import { errorResponses } from '../../lib/route-schemas.js';
import { requireAuth } from '../../plugins/auth.js';
import { publicationSchedule } from '../../lib/publication-schedule.js';
import { searchRecords } from './queries.js';

/** The header's search over records; every kind is filtered by the caller's permissions. */
export async function searchRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, versions } = app.services;

  // A scheduled post is found from its time on, as the blog shows it: answers vary with the
  // number of scheduled times passed, so none outlives one.
  const schedule = publicationSchedule(db, versions);

  app.get(
    SEARCH_API.search,
    {
      // Kept per person (the answer depends on their permissions and own records) and dropped
      // when any table it reads changes.
      config: {
        permission: 'account:self',
        cache: {
          tables: [
            'users',
            'products',
            'orders',
            'order_customers',
            'invoices',
            'blog_posts',
            'files',
            'mail_messages',
          ],
          scope: 'user',
          vary: schedule.vary,
        },
      },
      // Before the read cache looks (its hook runs at preHandler), the schedule is current.
      onRequest: async () => schedule.refresh(),
      schema: {
        operationId: 'search',
        tags: ['search'],
        summary:
          'People, products, orders (by number or customer), invoices, posts, files and mail the caller may open, matching q',
        querystring: searchQuerySchema,
        response: { 200: searchAnswerSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      results: await searchRecords(db, requireAuth(request), request.query.q, request.query.limit),
    }),
  );
}
