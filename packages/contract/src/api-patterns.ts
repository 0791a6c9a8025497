import { ADDRESSES_API } from './addresses';
import { ADMIN_API } from './admin';
import { ANALYTICS_API } from './analytics-paths';
import { patternsOf } from './api-path';
import { API } from './api-paths';
import { BANKING_API } from './banking';
import { BLOG_API } from './blog';
import { BOOKING_API } from './booking';
import { CALENDAR_API } from './calendar';
import { CHAT_API } from './chat';
import { DASHBOARDS_API } from './dashboards';
import { EXPORTS_API } from './exports';
import { FILES_API } from './files';
import { INVITATIONS_API } from './invitations';
import { INVOICES_API } from './invoices';
import { INVOICES_BULK_API } from './invoices-bulk';
import { JOBS_API } from './jobs';
import { KANBAN_API } from './kanban';
import { MAIL_API } from './mail';
import { NOTIFICATIONS_API, SEARCH_API } from './notifications';
import { ORDERS_API } from './orders';
import { PRODUCTS_API } from './products';
import { PRODUCT_TRANSFER_API } from './products-transfer-paths';
import { PUBLIC_API } from './public';
import { ROLES_API } from './roles-api';
import { SSO_API } from './sso-paths';
import { SYSTEM_API } from './system-paths';
import { TODAY_API } from './today';
import { TOKENS_API } from './tokens';
import { USERS_API } from './users-paths';
import { USER_TRANSFER_API } from './users-transfer-paths';
import { VIEWS_API } from './views';
import { WEBHOOKS_API } from './webhooks';

/**
 * Every API route pattern of every path table, once each and sorted. The server's test fails on
 * a route under /api/ missing here, and on an entry here that no route serves. Its own file,
 * not api-paths.ts: it imports every area's schemas, which the web's first load must not.
 */
export const ALL_API_PATTERNS: readonly string[] = [
  ...new Set(
    [
      API,
      ADDRESSES_API,
      ADMIN_API,
      ANALYTICS_API,
      BANKING_API,
      BLOG_API,
      BOOKING_API,
      CALENDAR_API,
      CHAT_API,
      DASHBOARDS_API,
      EXPORTS_API,
      FILES_API,
      INVITATIONS_API,
      INVOICES_API,
      INVOICES_BULK_API,
      JOBS_API,
      KANBAN_API,
      MAIL_API,
      NOTIFICATIONS_API,
      ORDERS_API,
      PRODUCTS_API,
      PRODUCT_TRANSFER_API,
      PUBLIC_API,
      ROLES_API,
      SEARCH_API,
      SSO_API,
      SYSTEM_API,
      TODAY_API,
      TOKENS_API,
      USERS_API,
      USER_TRANSFER_API,
      VIEWS_API,
      WEBHOOKS_API,
    ].flatMap(patternsOf),
  ),
].sort();
