import type { FastifyInstance } from 'fastify';
import { addressRoutes } from './modules/addresses/routes.js';
import { analyticsRoutes } from './modules/analytics/routes.js';
import { bankingRoutes } from './modules/banking/routes.js';
import { bookingRoutes } from './modules/booking/routes.js';
import { benchRoutes } from './modules/bench/routes.js';
import { blogRoutes } from './modules/blog/routes.js';
import { calendarRoutes } from './modules/calendar/routes.js';
import { chatRoutes } from './modules/chat/routes.js';
import { dashboardRoutes } from './modules/dashboards/routes.js';
import { exportRoutes } from './modules/exports/routes.js';
import { invitationRoutes } from './modules/invitations/routes.js';
import { invoiceRoutes } from './modules/invoices/routes.js';
import { jobRoutes } from './modules/jobs/routes.js';
import { kanbanRoutes } from './modules/kanban/routes.js';
import { mailRoutes } from './modules/mail/routes.js';
import { notificationRoutes } from './modules/notifications/routes.js';
import { orderRoutes } from './modules/orders/routes.js';
import { productRoutes } from './modules/products/routes.js';
import { roleRoutes } from './modules/roles/routes.js';
import { searchRoutes } from './modules/search/routes.js';
import { ssoRoutes } from './modules/sso/routes.js';
import { systemRoutes } from './modules/system/routes.js';
import { todayRoutes } from './modules/today/routes.js';
import { tokenRoutes } from './modules/tokens/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { viewRoutes } from './modules/views/routes.js';
import { webhookRoutes } from './modules/webhooks/routes.js';
import { backupRoutes } from './ops/routes.js';

/**
 * Route modules of the product's areas, registered after the core ones. Each area adds its
 * own line here (users, products, orders, calendar, kanban, …).
 */
export const routeModules: Array<(app: FastifyInstance) => Promise<void>> = [
  productRoutes,
  orderRoutes,
  addressRoutes,
  calendarRoutes,
  kanbanRoutes,
  jobRoutes,
  webhookRoutes,
  invoiceRoutes,
  blogRoutes,
  mailRoutes,
  chatRoutes,
  dashboardRoutes,
  bankingRoutes,
  analyticsRoutes,
  bookingRoutes,
  userRoutes,
  roleRoutes,
  tokenRoutes,
  viewRoutes,
  exportRoutes,
  invitationRoutes,
  notificationRoutes,
  todayRoutes,
  searchRoutes,
  ssoRoutes,
  systemRoutes,
  backupRoutes,
  benchRoutes,
];
