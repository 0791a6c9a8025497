import { WEB_ROUTE_ENTRIES, WEB_ROUTE_MANIFEST } from '@bo/contract/web-routes';
import type {
  WebPageKey,
  WebRouteEntry,
  WebRouteKey,
  WebRouteLayout,
} from '@bo/contract/web-routes';
import type { Permission } from '@bo/contract/roles';
import { createBrowserRouter, Navigate, Outlet, redirect } from 'react-router';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';

import { GuestGuard } from '../auth/guest-guard';
import { RoleBasedGuard } from '../auth/role-based-guard';
import { LoadingScreen } from '../components/loading-screen/loading-screen';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { ROUTE_PAGES } from './route-pages';

/**
 * The router tree, built from the route manifest (@bo/contract/web-routes): each entry becomes a
 * route in its layout's frame, lazily loading its page (route-pages.ts: one chunk per route) or
 * redirecting, behind the guard its entry names. Adding a screen is a manifest entry and a page.
 */

/** What the test reads to tie a route of the tree back to its manifest entry. */
export type ScreenHandle = { routeKey: WebRouteKey };

/** Sends people without the entry's permission to the permission-denied page. */
export function PermissionGate({ permission }: { permission: Permission }) {
  return (
    <RoleBasedGuard permissions={[permission]}>
      <Outlet />
    </RoleBasedGuard>
  );
}

/** Sends signed-in people on to where they were going. */
export function GuestGate() {
  return (
    <GuestGuard>
      <Outlet />
    </GuestGuard>
  );
}

/** Where each frame sits: its entries' paths start with it. */
const LAYOUT_BASE: Record<WebRouteLayout, string> = {
  none: '/',
  auth: '/auth',
  dashboard: '/dashboard',
  simple: '/',
  compact: '/',
};

const isPageKey = (key: WebRouteKey): key is WebPageKey => key in ROUTE_PAGES;

function screenRoute(key: WebRouteKey, entry: WebRouteEntry<WebRouteKey>): RouteObject {
  const base = LAYOUT_BASE[entry.layout];
  const inside = entry.path === base || entry.path.startsWith(base === '/' ? '/' : `${base}/`);
  if (!inside) throw new Error(`${key}: ${entry.path} is outside its ${entry.layout} frame`);
  const rest = entry.path.slice(base.length).replace(/^\//, '');
  const handle: ScreenHandle = { routeKey: key };

  let route: RouteObject;
  if (entry.redirect) {
    const target = WEB_ROUTE_MANIFEST[entry.redirect].path;
    // The address's query goes along: /dashboard/invoice?status=paid opens the list filtered.
    const loader = ({ request }: LoaderFunctionArgs) =>
      redirect(`${target}${new URL(request.url).search}`);
    // The loader sends the browser on before anything renders; the element is what the router
    // would draw otherwise (a leaf route without one makes react-router warn of an empty page).
    const element = <Navigate to={target} replace />;
    route = rest
      ? { path: rest, handle, loader, element }
      : { index: true, handle, loader, element };
  } else if (isPageKey(key)) {
    const lazy = ROUTE_PAGES[key];
    route = rest ? { path: rest, handle, lazy } : { index: true, handle, lazy };
  } else {
    throw new Error(`${key} has neither a page nor a redirect`);
  }
  if (entry.permission) {
    route = { element: <PermissionGate permission={entry.permission} />, children: [route] };
  }
  if (entry.guestOnly) route = { element: <GuestGate />, children: [route] };
  return route;
}

const screensIn = (layout: WebRouteLayout, keep: (key: WebRouteKey) => boolean = () => true) =>
  WEB_ROUTE_ENTRIES.filter(([key, entry]) => entry.layout === layout && keep(key)).map(
    ([key, entry]) => screenRoute(key, entry),
  );

const loadStore = () => import('./store-provider').then((m) => ({ Component: m.StoreProvider }));

const authRoutes: RouteObject = {
  path: 'auth',
  lazy: () => import('../layouts/auth/auth-layout').then((m) => ({ Component: m.AuthLayout })),
  // No store: the account pages call the API through the HTTP client (auth-api.ts), so they load
  // without Redux, RTK Query and redux-persist.
  children: screensIn('auth'),
};

const dashboardRoutes: RouteObject = {
  path: 'dashboard',
  lazy: () =>
    import('../layouts/dashboard/dashboard-layout').then((m) => ({ Component: m.DashboardLayout })),
  children: screensIn('dashboard'),
};

const publicRoutes: RouteObject = {
  lazy: () =>
    import('../layouts/simple/simple-layout').then((m) => ({ Component: m.SimpleLayout })),
  children: screensIn('simple'),
};

const compactRoutes: RouteObject = {
  lazy: () =>
    import('../layouts/simple/compact-layout').then((m) => ({ Component: m.CompactLayout })),
  children: [...screensIn('compact'), { path: '*', lazy: ROUTE_PAGES.page404 }],
};

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: () => <LoadingScreen fullScreen />,
    children: [
      ...screensIn('none'),
      authRoutes,
      { lazy: loadStore, children: [dashboardRoutes] },
      publicRoutes,
      compactRoutes,
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
