/**
 * The paths the web app answers, as the server matches them (`:name` is one segment). The server
 * sends the app for each with its true status (200; 403, 404 and 500 for the error pages) and
 * answers any other path 404 with the app's own 404 page. A test walks the app's router and
 * keeps this list equal to it.
 */
export const WEB_ROUTES: readonly string[] = [
  '/',
  '/403',
  '/404',
  '/500',
  '/about-us',
  '/auth/login',
  '/auth/login-unprotected',
  '/auth/new-password',
  '/auth/register',
  '/auth/register-unprotected',
  '/auth/reset-password',
  '/auth/verify',
  '/coming-soon',
  '/components',
  '/contact-us',
  '/dashboard',
  '/dashboard/admin/audit',
  '/dashboard/analytics',
  '/dashboard/analytics/views',
  '/dashboard/app',
  '/dashboard/banking',
  '/dashboard/banking/transactions',
  '/dashboard/blank',
  '/dashboard/blog',
  '/dashboard/blog/new',
  '/dashboard/blog/post/:title',
  '/dashboard/blog/post/:title/edit',
  '/dashboard/blog/posts',
  '/dashboard/booking',
  '/dashboard/booking/list',
  '/dashboard/calendar',
  '/dashboard/chat',
  '/dashboard/chat/:conversationKey',
  '/dashboard/chat/new',
  '/dashboard/e-commerce',
  '/dashboard/e-commerce/checkout',
  '/dashboard/e-commerce/list',
  '/dashboard/e-commerce/orders',
  '/dashboard/e-commerce/orders/:id',
  '/dashboard/e-commerce/product/:name',
  '/dashboard/e-commerce/product/:name/edit',
  '/dashboard/e-commerce/product/new',
  '/dashboard/e-commerce/shop',
  '/dashboard/ecommerce',
  '/dashboard/file',
  '/dashboard/files-manager',
  '/dashboard/invoice',
  '/dashboard/invoice/:id',
  '/dashboard/invoice/:id/edit',
  '/dashboard/invoice/list',
  '/dashboard/invoice/new',
  '/dashboard/kanban',
  '/dashboard/mail',
  '/dashboard/mail/all',
  '/dashboard/notifications',
  '/dashboard/permission-denied',
  '/dashboard/user',
  '/dashboard/user/:name/edit',
  '/dashboard/user/account',
  '/dashboard/user/cards',
  '/dashboard/user/list',
  '/dashboard/user/new',
  '/dashboard/user/profile',
  '/faqs',
  '/maintenance',
  '/payment',
  '/pricing',
];

/** The error pages answer with their own status. */
const ERROR_PAGES: Record<string, number> = { '/403': 403, '/404': 404, '/500': 500 };

const split = (p: string) => p.split('/').filter(Boolean);
const PATTERNS = WEB_ROUTES.map(split);

/** The HTTP status the app's page at `pathname` answers with: 200, an error page's own, or 404. */
export function webRouteStatus(pathname: string): number {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const own = ERROR_PAGES[clean];
  if (own) return own;
  let parts: string[];
  try {
    parts = split(clean).map(decodeURIComponent);
  } catch {
    return 404;
  }
  const known = PATTERNS.some(
    (pattern) =>
      pattern.length === parts.length &&
      pattern.every((seg, i) => (seg.startsWith(':') ? parts[i] !== '' : seg === parts[i])),
  );
  return known ? 200 : 404;
}
