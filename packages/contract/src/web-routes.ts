// No runtime imports: the web's first-load code (the sign-in check in the entry) reads this file.
import type { Permission } from './roles';

/**
 * The frame a screen is drawn in, which also says who may open it: `dashboard` screens need a
 * signed-in person (the frame's own guard sends others to the login page), the others are open
 * to everyone. `none` is for redirects that need no frame at all (`/`).
 */
export type WebRouteLayout = 'none' | 'auth' | 'dashboard' | 'simple' | 'compact';

/** The side bar's groups, in their order; `title` is the subheader's i18n key. */
export const NAV_GROUPS = [
  { key: 'overview', title: 'nav.overview' },
  { key: 'management', title: 'nav.management' },
  { key: 'app', title: 'nav.appGroup' },
  { key: 'misc', title: 'nav.misc' },
] as const;
export type NavGroupKey = (typeof NAV_GROUPS)[number]['key'];

/** The icons the side bar can show; the web app maps each name to its drawing. */
export type NavIconName =
  | 'dashboard'
  | 'cart'
  | 'chart'
  | 'bank'
  | 'hotel'
  | 'file'
  | 'person'
  | 'bag'
  | 'receipt'
  | 'article'
  | 'folder'
  | 'mail'
  | 'chat'
  | 'calendar'
  | 'kanban'
  | 'document'
  | 'settings'
  | 'jobs'
  | 'audit'
  | 'outbox'
  | 'roles'
  | 'today';

/**
 * A screen's place in the side bar: a top-level item of a group, or an entry under another
 * screen's item. `order` sorts the items of a group, or the entries under one item; `title` is
 * an i18n key. The item is shown only to people holding the screen's `permission`.
 */
export type WebRouteNav<K extends string> =
  | { group: NavGroupKey; order: number; title: string; icon: NavIconName }
  | { parent: K; order: number; title: string };

export type WebRouteEntry<K extends string> = {
  /** The path pattern, as the router and the server match it (`:name` is one segment). */
  path: `/${string}`;
  layout: WebRouteLayout;
  /** Needed to open the screen (the router guards it) and to see its menu item. */
  permission?: Permission;
  /** Signed-in people are sent on to where they were going (the login page). */
  guestOnly?: true;
  /** The HTTP status the server answers the page with, when not 200 (the error pages). */
  status?: number;
  /** A path with no screen of its own: it opens this entry's screen instead. */
  redirect?: K;
  nav?: WebRouteNav<K>;
};

/** Keys the manifest's own entries, so a redirect or a menu parent naming no screen fails tsc. */
function defineWebRoutes<
  const M extends { [K in keyof M]: WebRouteEntry<Extract<keyof M, string>> },
>(manifest: M): M {
  return manifest;
}

/**
 * Every screen of the web app (spec §2), in one place. The router (apps/web/src/app/router.tsx,
 * with each screen's lazily loaded page), the paths table (apps/web/src/routes/paths.ts), the side
 * bar (apps/web/src/layouts/dashboard/nav-config.tsx) and the server's answer for app paths
 * (`webRouteStatus` below) are all read from it; apps/web/src/app/route-manifest.test.ts fails if
 * one of them disagrees.
 */
export const WEB_ROUTE_MANIFEST = defineWebRoutes({
  root: { path: '/', layout: 'none', redirect: 'today' },

  // Sign-in. /auth/register sends signed-in people on itself, except while a sign-up it started
  // signs the person in (a guest guard would cut the sign-up short before /auth/verify).
  login: { path: '/auth/login', layout: 'auth', guestOnly: true },
  loginUnprotected: { path: '/auth/login-unprotected', layout: 'auth' },
  register: { path: '/auth/register', layout: 'auth' },
  registerUnprotected: { path: '/auth/register-unprotected', layout: 'auth' },
  verify: { path: '/auth/verify', layout: 'auth' },
  resetPassword: { path: '/auth/reset-password', layout: 'auth' },
  newPassword: { path: '/auth/new-password', layout: 'auth' },
  /** The link of an invitation mail: choose a password and land signed in. */
  acceptInvitation: { path: '/auth/invite/:token', layout: 'auth' },
  /** Where single sign-on lands: `#code=…` is exchanged for a session, `?error=…` explained. */
  ssoDone: { path: '/auth/sso/done', layout: 'auth' },

  // Public pages, with the header navigation.
  pricing: { path: '/pricing', layout: 'simple' },
  payment: { path: '/payment', layout: 'simple' },
  about: { path: '/about-us', layout: 'simple' },
  contact: { path: '/contact-us', layout: 'simple' },
  faqs: { path: '/faqs', layout: 'simple' },
  components: { path: '/components', layout: 'simple' },

  // Pages that stand alone: countdown, maintenance and error pages.
  comingSoon: { path: '/coming-soon', layout: 'compact' },
  maintenance: { path: '/maintenance', layout: 'compact' },
  page403: { path: '/403', layout: 'compact', status: 403 },
  page404: { path: '/404', layout: 'compact', status: 404 },
  page500: { path: '/500', layout: 'compact', status: 500 },

  // The dashboard's frame.
  dashboard: { path: '/dashboard', layout: 'dashboard', redirect: 'today' },
  permissionDenied: { path: '/dashboard/permission-denied', layout: 'dashboard' },
  blank: { path: '/dashboard/blank', layout: 'dashboard' },
  notifications: { path: '/dashboard/notifications', layout: 'dashboard' },
  /** My exports: the files of exports made as a job (from the account menu; the notice links here). */
  myExports: { path: '/dashboard/exports', layout: 'dashboard' },
  adminAudit: {
    path: '/dashboard/admin/audit',
    layout: 'dashboard',
    permission: 'audit:read',
    nav: { group: 'misc', order: 14, title: 'nav.audit', icon: 'audit' },
  },
  /** The audit screen's second tab, with an address (and a menu entry) of its own. */
  adminOutbox: {
    path: '/dashboard/admin/outbox',
    layout: 'dashboard',
    permission: 'audit:read',
    nav: { group: 'misc', order: 16, title: 'nav.outbox', icon: 'outbox' },
  },
  adminSystem: {
    path: '/dashboard/admin/system',
    layout: 'dashboard',
    permission: 'admin:area',
    nav: { group: 'misc', order: 20, title: 'nav.system', icon: 'settings' },
  },
  adminJobs: {
    path: '/dashboard/admin/jobs',
    layout: 'dashboard',
    permission: 'admin:jobs',
    nav: { group: 'misc', order: 25, title: 'nav.jobs', icon: 'jobs' },
  },
  adminRoles: {
    path: '/dashboard/admin/roles',
    layout: 'dashboard',
    permission: 'roles:manage',
    nav: { group: 'misc', order: 29, title: 'nav.roles', icon: 'roles' },
  },
  adminInvitations: {
    path: '/dashboard/admin/invitations',
    layout: 'dashboard',
    permission: 'invitations:manage',
    nav: { group: 'misc', order: 30, title: 'nav.invitations', icon: 'person' },
  },
  adminWebhooks: {
    path: '/dashboard/admin/webhooks',
    layout: 'dashboard',
    permission: 'webhooks:manage',
    nav: { group: 'misc', order: 28, title: 'nav.webhooks', icon: 'jobs' },
  },
  adminTokens: {
    path: '/dashboard/admin/tokens',
    layout: 'dashboard',
    permission: 'tokens:manage',
    nav: { group: 'misc', order: 35, title: 'nav.tokens', icon: 'settings' },
  },
  adminSso: {
    path: '/dashboard/admin/sso',
    layout: 'dashboard',
    permission: 'roles:manage',
    nav: { group: 'misc', order: 31, title: 'nav.sso', icon: 'roles' },
  },

  /** The user guide: the screens this person may open, the keyboard, and what their role allows. */
  help: { path: '/dashboard/help', layout: 'dashboard' },
  /** What changed in the product, newest first. */
  changelog: { path: '/dashboard/help/changelog', layout: 'dashboard' },

  // Overview: each person's own home, then the dashboards.
  /** Everyone's home: what waits for the person today (mail, chat, cards, events, notices). */
  today: {
    path: '/dashboard/today',
    layout: 'dashboard',
    nav: { group: 'overview', order: 5, title: 'nav.today', icon: 'today' },
  },
  app: {
    path: '/dashboard/app',
    layout: 'dashboard',
    permission: 'dashboards:app',
    nav: { group: 'overview', order: 10, title: 'nav.app', icon: 'dashboard' },
  },
  ecommerce: {
    path: '/dashboard/ecommerce',
    layout: 'dashboard',
    permission: 'dashboards:ecommerce',
    nav: { group: 'overview', order: 20, title: 'nav.ecommerce', icon: 'cart' },
  },
  analytics: {
    path: '/dashboard/analytics',
    layout: 'dashboard',
    permission: 'dashboards:analytics',
    nav: { group: 'overview', order: 30, title: 'nav.analytics', icon: 'chart' },
  },
  analyticsViews: {
    path: '/dashboard/analytics/views',
    layout: 'dashboard',
    permission: 'dashboards:analytics',
  },
  banking: {
    path: '/dashboard/banking',
    layout: 'dashboard',
    permission: 'dashboards:banking',
    nav: { group: 'overview', order: 40, title: 'nav.banking', icon: 'bank' },
  },
  bankingTransactions: {
    path: '/dashboard/banking/transactions',
    layout: 'dashboard',
    permission: 'dashboards:banking',
  },
  booking: {
    path: '/dashboard/booking',
    layout: 'dashboard',
    permission: 'dashboards:booking',
    nav: { group: 'overview', order: 50, title: 'nav.booking', icon: 'hotel' },
  },
  bookingList: {
    path: '/dashboard/booking/list',
    layout: 'dashboard',
    permission: 'dashboards:booking',
  },
  file: {
    path: '/dashboard/file',
    layout: 'dashboard',
    permission: 'files:read',
    nav: { group: 'overview', order: 60, title: 'nav.file', icon: 'file' },
  },

  // Management: people.
  userRoot: {
    path: '/dashboard/user',
    layout: 'dashboard',
    redirect: 'userProfile',
    nav: { group: 'management', order: 10, title: 'nav.user', icon: 'person' },
  },
  userProfile: {
    path: '/dashboard/user/profile',
    layout: 'dashboard',
    nav: { parent: 'userRoot', order: 10, title: 'nav.profile' },
  },
  userCards: {
    path: '/dashboard/user/cards',
    layout: 'dashboard',
    nav: { parent: 'userRoot', order: 20, title: 'nav.cards' },
  },
  userList: {
    path: '/dashboard/user/list',
    layout: 'dashboard',
    nav: { parent: 'userRoot', order: 30, title: 'nav.list' },
  },
  userNew: {
    path: '/dashboard/user/new',
    layout: 'dashboard',
    permission: 'users:write',
    nav: { parent: 'userRoot', order: 40, title: 'nav.create' },
  },
  userAccount: {
    path: '/dashboard/user/account',
    layout: 'dashboard',
    nav: { parent: 'userRoot', order: 50, title: 'nav.account' },
  },
  userEdit: { path: '/dashboard/user/:name/edit', layout: 'dashboard', permission: 'users:write' },

  // Management: the shop.
  eCommerceRoot: {
    path: '/dashboard/e-commerce',
    layout: 'dashboard',
    redirect: 'shop',
    nav: { group: 'management', order: 20, title: 'nav.eCommerce', icon: 'bag' },
  },
  shop: {
    path: '/dashboard/e-commerce/shop',
    layout: 'dashboard',
    nav: { parent: 'eCommerceRoot', order: 10, title: 'nav.shop' },
  },
  productList: {
    path: '/dashboard/e-commerce/list',
    layout: 'dashboard',
    nav: { parent: 'eCommerceRoot', order: 20, title: 'nav.list' },
  },
  productNew: {
    path: '/dashboard/e-commerce/product/new',
    layout: 'dashboard',
    nav: { parent: 'eCommerceRoot', order: 30, title: 'nav.create' },
  },
  checkout: {
    path: '/dashboard/e-commerce/checkout',
    layout: 'dashboard',
    nav: { parent: 'eCommerceRoot', order: 40, title: 'nav.checkout' },
  },
  orders: {
    path: '/dashboard/e-commerce/orders',
    layout: 'dashboard',
    nav: { parent: 'eCommerceRoot', order: 50, title: 'nav.orders' },
  },
  productDetails: { path: '/dashboard/e-commerce/product/:name', layout: 'dashboard' },
  productEdit: { path: '/dashboard/e-commerce/product/:name/edit', layout: 'dashboard' },
  orderDetails: { path: '/dashboard/e-commerce/orders/:id', layout: 'dashboard' },

  // Management: invoices.
  invoiceRoot: {
    path: '/dashboard/invoice',
    layout: 'dashboard',
    permission: 'invoices:read',
    redirect: 'invoiceList',
    nav: { group: 'management', order: 30, title: 'nav.invoice', icon: 'receipt' },
  },
  invoiceList: {
    path: '/dashboard/invoice/list',
    layout: 'dashboard',
    permission: 'invoices:read',
    nav: { parent: 'invoiceRoot', order: 10, title: 'nav.list' },
  },
  invoiceNew: {
    path: '/dashboard/invoice/new',
    layout: 'dashboard',
    permission: 'invoices:write',
    nav: { parent: 'invoiceRoot', order: 20, title: 'nav.create' },
  },
  invoiceDetails: {
    path: '/dashboard/invoice/:id',
    layout: 'dashboard',
    permission: 'invoices:read',
  },
  invoiceEdit: {
    path: '/dashboard/invoice/:id/edit',
    layout: 'dashboard',
    permission: 'invoices:write',
  },

  // Management: the blog.
  blogRoot: {
    path: '/dashboard/blog',
    layout: 'dashboard',
    redirect: 'blogPosts',
    nav: { group: 'management', order: 40, title: 'nav.blog', icon: 'article' },
  },
  blogPosts: {
    path: '/dashboard/blog/posts',
    layout: 'dashboard',
    permission: 'blog:read',
    nav: { parent: 'blogRoot', order: 10, title: 'nav.posts' },
  },
  blogNew: {
    path: '/dashboard/blog/new',
    layout: 'dashboard',
    permission: 'blog:write',
    nav: { parent: 'blogRoot', order: 20, title: 'nav.create' },
  },
  blogPost: { path: '/dashboard/blog/post/:title', layout: 'dashboard', permission: 'blog:read' },
  blogEdit: {
    path: '/dashboard/blog/post/:title/edit',
    layout: 'dashboard',
    permission: 'blog:write',
  },

  fileManager: {
    path: '/dashboard/files-manager',
    layout: 'dashboard',
    permission: 'files:read',
    nav: { group: 'management', order: 50, title: 'nav.fileManager', icon: 'folder' },
  },

  // App: mail, chat, calendar, kanban.
  mail: {
    path: '/dashboard/mail',
    layout: 'dashboard',
    permission: 'mail:read',
    nav: { group: 'app', order: 10, title: 'nav.mail', icon: 'mail' },
  },
  mailAll: { path: '/dashboard/mail/all', layout: 'dashboard', permission: 'mail:read' },
  chat: {
    path: '/dashboard/chat',
    layout: 'dashboard',
    permission: 'chat:read',
    nav: { group: 'app', order: 20, title: 'nav.chat', icon: 'chat' },
  },
  chatNew: { path: '/dashboard/chat/new', layout: 'dashboard', permission: 'chat:write' },
  chatConversation: {
    path: '/dashboard/chat/:conversationKey',
    layout: 'dashboard',
    permission: 'chat:read',
  },
  calendar: {
    path: '/dashboard/calendar',
    layout: 'dashboard',
    nav: { group: 'app', order: 30, title: 'nav.calendar', icon: 'calendar' },
  },
  kanban: {
    path: '/dashboard/kanban',
    layout: 'dashboard',
    nav: { group: 'app', order: 40, title: 'nav.kanban', icon: 'kanban' },
  },
});

type Manifest = typeof WEB_ROUTE_MANIFEST;
export type WebRouteKey = keyof Manifest;
/** The screens with a page of their own (every entry but the redirects). */
export type WebPageKey = {
  [K in WebRouteKey]: Manifest[K] extends { redirect: string } ? never : K;
}[WebRouteKey];
export type WebRoutePattern<K extends WebRouteKey> = Manifest[K]['path'];

/** The manifest's entries, typed for walking (each entry's own literal types widened). */
export const WEB_ROUTE_ENTRIES = Object.entries(WEB_ROUTE_MANIFEST) as Array<
  [WebRouteKey, WebRouteEntry<WebRouteKey>]
>;

/** One string for each `:name` of a path pattern, in order: `'/a/:id/b/:c'` → `[string, string]`. */
export type WebPathValues<P extends string> = P extends `${string}:${string}/${infer Rest}`
  ? [string, ...WebPathValues<`/${Rest}`>]
  : P extends `${string}:${string}`
    ? [string]
    : [];

const PARAM = /:[^/]+/g;

/**
 * The address of a screen: its pattern with each `:name` replaced by the next value, encoded
 * (a product's or a person's slug can hold any character).
 */
export function webRoutePath<K extends WebRouteKey>(
  key: K,
  ...values: WebPathValues<WebRoutePattern<K>>
): string {
  const pattern: string = WEB_ROUTE_MANIFEST[key].path;
  let index = 0;
  return pattern.replace(PARAM, () => encodeURIComponent((values as string[])[index++] ?? ''));
}

/**
 * The paths the web app answers, as the server matches them (`:name` is one segment). The server
 * sends the app for each with its true status (200; 403, 404 and 500 for the error pages) and
 * answers any other path 404 with the app's own 404 page.
 */
export const WEB_ROUTES: readonly string[] = WEB_ROUTE_ENTRIES.map(([, entry]) => entry.path);

/** The error pages answer with their own status. */
const OWN_STATUS: Record<string, number> = Object.fromEntries(
  WEB_ROUTE_ENTRIES.flatMap(([, entry]) => (entry.status ? [[entry.path, entry.status]] : [])),
);

const split = (p: string) => p.split('/').filter(Boolean);
const PATTERNS = WEB_ROUTES.map(split);

/** The HTTP status the app's page at `pathname` answers with: 200, an error page's own, or 404. */
export function webRouteStatus(pathname: string): number {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const own = OWN_STATUS[clean];
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
