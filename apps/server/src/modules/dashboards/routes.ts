import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DASHBOARDS_API,
  bankingDashboardQuerySchema,
  dashboardAnswerSchema,
  dashboardQuerySchema,
} from '@bo/contract/dashboards';
import { errorResponses } from '../../lib/route-schemas.js';
import { requireAuth } from '../../plugins/auth.js';
import { analyticsDashboard } from './analytics-queries.js';
import { appDashboard } from './app-queries.js';
import { fileDashboard } from './file-queries.js';
import { bankingDashboard } from './banking-queries.js';
import { bookingDashboard } from './booking-queries.js';
import { ecommerceDashboard, resolvePeriod } from './queries.js';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The general dashboards, one call each. Figures come from the daily rollups kept in the same
 * transaction as the writes they sum (order_daily_stats), so an answer reads a few rows per day
 * of the period whatever the number of orders; the read cache keeps it until one of its tables
 * changes (and until the day changes: the default period ends today).
 */
export async function dashboardRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.services;

  app.get(
    DASHBOARDS_API.ecommerce,
    {
      config: {
        permission: 'dashboards:ecommerce',
        cache: {
          tables: [
            'order_daily_stats',
            'orders',
            'products',
            'product_sales_daily',
            'product_sales_window',
          ],
          scope: 'role',
          vary: today,
        },
      },
      schema: {
        operationId: 'getEcommerceDashboard',
        tags: ['dashboards'],
        summary:
          'E-commerce: orders, revenue, products sold and average order for the period against the previous one; by status, latest orders, best sellers, newest products',
        querystring: dashboardQuerySchema,
        response: { 200: dashboardAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      dashboard: await ecommerceDashboard(db, resolvePeriod(request.query, today())),
    }),
  );

  app.get(
    DASHBOARDS_API.banking,
    {
      config: {
        permission: 'dashboards:banking',
        cache: {
          tables: [
            'bank_category_daily',
            'bank_category_monthly',
            'bank_daily_stats',
            'bank_transactions',
            'bank_accounts',
            'bank_cards',
            'bank_transfers',
            'users',
          ],
          scope: 'role',
          vary: today,
        },
      },
      schema: {
        operationId: 'getBankingDashboard',
        tags: ['dashboards'],
        summary:
          'Banking, in one currency: balance (the ledger summed to the end of the period), income, expenses and payments by transfer against the previous period; expenses by category, recent transactions, accounts, cards, recent payees',
        querystring: bankingDashboardQuerySchema,
        response: { 200: dashboardAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      dashboard: await bankingDashboard(
        db,
        resolvePeriod(request.query, today()),
        request.query.currency,
      ),
    }),
  );

  app.get(
    DASHBOARDS_API.analytics,
    {
      config: {
        permission: 'dashboards:analytics',
        cache: {
          tables: [
            'page_view_daily',
            'page_view_dims',
            'page_view_dims_monthly',
            'order_daily_stats',
          ],
          scope: 'role',
          vary: today,
        },
      },
      schema: {
        operationId: 'getAnalyticsDashboard',
        tags: ['dashboards'],
        summary:
          'Analytics: first-party page views, daily visitors, views per visitor and conversion (orders per 100 visitors) against the previous period; top pages, sources, countries, devices',
        querystring: dashboardQuerySchema,
        response: { 200: dashboardAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      dashboard: await analyticsDashboard(db, resolvePeriod(request.query, today())),
    }),
  );

  app.get(
    DASHBOARDS_API.booking,
    {
      config: {
        permission: 'dashboards:booking',
        cache: {
          tables: [
            'booking_daily_stats',
            'bookings',
            'booking_reviews',
            'booking_rooms',
            'booking_properties',
          ],
          scope: 'role',
          vary: today,
        },
      },
      schema: {
        operationId: 'getBookingDashboard',
        tags: ['dashboards'],
        summary:
          'Booking: bookings made, sold, cancelled and income for the period against the previous one; check-ins and check-outs today, rooms available tonight; by status, newest bookings, reviews to decide',
        querystring: dashboardQuerySchema,
        response: { 200: dashboardAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      dashboard: await bookingDashboard(db, resolvePeriod(request.query, today()), today()),
    }),
  );

  app.get(
    DASHBOARDS_API.app,
    {
      config: {
        permission: 'dashboards:app',
        cache: {
          tables: ['daily_counts', 'order_daily_stats', 'sessions', 'users', 'invoices'],
          scope: 'role',
          vary: today,
        },
      },
      schema: {
        operationId: 'getAppDashboard',
        tags: ['dashboards'],
        summary:
          'App: new people, sign-ins, orders, revenue, invoices, product reviews and blog posts against the previous period; people active now; newest people and invoices',
        querystring: dashboardQuerySchema,
        response: { 200: dashboardAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      dashboard: await appDashboard(db, resolvePeriod(request.query, today())),
    }),
  );

  app.get(
    DASHBOARDS_API.file,
    {
      config: {
        permission: 'files:read',
        cache: { tables: ['files', 'storage_usage'], scope: 'user', vary: today },
      },
      schema: {
        operationId: 'getFileDashboard',
        tags: ['dashboards'],
        summary:
          "File (one's own): files and bytes uploaded against the previous period, storage used and its share of the quota, storage by type, folders, recent files",
        querystring: dashboardQuerySchema,
        response: { 200: dashboardAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      dashboard: await fileDashboard(
        db,
        resolvePeriod(request.query, today()),
        requireAuth(request).userId,
        config.storageQuotaBytes,
      ),
    }),
  );
}
