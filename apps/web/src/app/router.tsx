import { createBrowserRouter, redirect } from 'react-router';
import type { RouteObject } from 'react-router';

import { LoadingScreen } from '../components/loading-screen/loading-screen';
import { LANDING_PATH } from '../routes/paths';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/**
 * One lazy chunk per route, grouped as the spec's §2 table. Each `lazy` imports a thin page file
 * under src/pages that exports `Component`; replacing that file replaces the screen.
 * Import strings are literal so Vite can split and preload them.
 */

const toLanding = () => redirect(LANDING_PATH);

const loadStore = () => import('./store-provider').then((m) => ({ Component: m.StoreProvider }));

const authRoutes: RouteObject = {
  path: 'auth',
  lazy: () => import('../layouts/auth/auth-layout').then((m) => ({ Component: m.AuthLayout })),
  children: [
    { path: 'login', lazy: () => import('../pages/auth/login-page') },
    { path: 'login-unprotected', lazy: () => import('../pages/auth/login-unprotected-page') },
    {
      // The account-code pages call the API through RTK Query; sign-in does not need the store.
      lazy: loadStore,
      children: [
        { path: 'register', lazy: () => import('../pages/auth/register-page') },
        {
          path: 'register-unprotected',
          lazy: () => import('../pages/auth/register-unprotected-page'),
        },
        { path: 'verify', lazy: () => import('../pages/auth/verify-page') },
        { path: 'reset-password', lazy: () => import('../pages/auth/reset-password-page') },
        { path: 'new-password', lazy: () => import('../pages/auth/new-password-page') },
      ],
    },
  ],
};

const publicRoutes: RouteObject = {
  lazy: () =>
    import('../layouts/simple/simple-layout').then((m) => ({ Component: m.SimpleLayout })),
  children: [
    { path: 'pricing', lazy: () => import('../pages/public/pricing-page') },
    { path: 'payment', lazy: () => import('../pages/public/payment-page') },
    { path: 'about-us', lazy: () => import('../pages/public/about-us-page') },
    { path: 'contact-us', lazy: () => import('../pages/public/contact-us-page') },
    { path: 'faqs', lazy: () => import('../pages/public/faqs-page') },
    { path: 'components', lazy: () => import('../pages/public/components-page') },
  ],
};

/** Pages that stand alone (no header navigation): countdown, maintenance and error pages. */
const compactRoutes: RouteObject = {
  lazy: () =>
    import('../layouts/simple/compact-layout').then((m) => ({ Component: m.CompactLayout })),
  children: [
    { path: 'coming-soon', lazy: () => import('../pages/public/coming-soon-page') },
    { path: 'maintenance', lazy: () => import('../pages/public/maintenance-page') },
    { path: '403', lazy: () => import('../pages/public/page-403') },
    { path: '404', lazy: () => import('../pages/public/page-404') },
    { path: '500', lazy: () => import('../pages/public/page-500') },
    { path: '*', lazy: () => import('../pages/public/page-404') },
  ],
};

const dashboardRoutes: RouteObject = {
  path: 'dashboard',
  lazy: () =>
    import('../layouts/dashboard/dashboard-layout').then((m) => ({ Component: m.DashboardLayout })),
  children: [
    { index: true, loader: toLanding },
    { path: 'kanban', lazy: () => import('../pages/dashboard/kanban-page') },
    { path: 'calendar', lazy: () => import('../pages/dashboard/calendar-page') },
    { path: 'files-manager', lazy: () => import('../pages/dashboard/file-manager-page') },
    { path: 'permission-denied', lazy: () => import('../pages/dashboard/permission-denied-page') },
    { path: 'blank', lazy: () => import('../pages/dashboard/blank-page') },
    { path: 'notifications', lazy: () => import('../pages/dashboard/notifications-page') },
    { path: 'admin/audit', lazy: () => import('../pages/dashboard/admin/audit-page') },
    // general
    { path: 'app', lazy: () => import('../pages/dashboard/general/app-page') },
    { path: 'ecommerce', lazy: () => import('../pages/dashboard/general/ecommerce-page') },
    { path: 'analytics', lazy: () => import('../pages/dashboard/general/analytics-page') },
    {
      path: 'analytics/views',
      lazy: () => import('../pages/dashboard/general/analytics-views-page'),
    },
    { path: 'banking', lazy: () => import('../pages/dashboard/general/banking-page') },
    {
      path: 'banking/transactions',
      lazy: () => import('../pages/dashboard/general/banking-transactions-page'),
    },
    { path: 'booking', lazy: () => import('../pages/dashboard/general/booking-page') },
    {
      path: 'booking/list',
      lazy: () => import('../pages/dashboard/general/booking-list-page'),
    },
    { path: 'file', lazy: () => import('../pages/dashboard/general/file-page') },
    // mail
    {
      path: 'mail',
      children: [
        { index: true, lazy: () => import('../pages/dashboard/mail/mail-page') },
        { path: 'all', lazy: () => import('../pages/dashboard/mail/mail-all-page') },
      ],
    },
    // chat
    {
      path: 'chat',
      children: [
        { index: true, lazy: () => import('../pages/dashboard/chat/chat-page') },
        { path: 'new', lazy: () => import('../pages/dashboard/chat/chat-new-page') },
        {
          path: ':conversationKey',
          lazy: () => import('../pages/dashboard/chat/chat-conversation-page'),
        },
      ],
    },
    // user
    {
      path: 'user',
      children: [
        { index: true, lazy: () => import('../pages/dashboard/user/user-root-page') },
        { path: 'new', lazy: () => import('../pages/dashboard/user/user-new-page') },
        { path: 'list', lazy: () => import('../pages/dashboard/user/user-list-page') },
        { path: 'cards', lazy: () => import('../pages/dashboard/user/user-cards-page') },
        { path: 'profile', lazy: () => import('../pages/dashboard/user/user-profile-page') },
        { path: 'account', lazy: () => import('../pages/dashboard/user/user-account-page') },
        { path: ':name/edit', lazy: () => import('../pages/dashboard/user/user-edit-page') },
      ],
    },
    // e-commerce
    {
      path: 'e-commerce',
      children: [
        { index: true, lazy: () => import('../pages/dashboard/e-commerce/e-commerce-root-page') },
        { path: 'shop', lazy: () => import('../pages/dashboard/e-commerce/shop-page') },
        { path: 'list', lazy: () => import('../pages/dashboard/e-commerce/product-list-page') },
        { path: 'checkout', lazy: () => import('../pages/dashboard/e-commerce/checkout-page') },
        {
          path: 'product/new',
          lazy: () => import('../pages/dashboard/e-commerce/product-new-page'),
        },
        {
          path: 'product/:name',
          lazy: () => import('../pages/dashboard/e-commerce/product-details-page'),
        },
        {
          path: 'product/:name/edit',
          lazy: () => import('../pages/dashboard/e-commerce/product-edit-page'),
        },
        { path: 'orders', lazy: () => import('../pages/dashboard/e-commerce/order-list-page') },
        {
          path: 'orders/:id',
          lazy: () => import('../pages/dashboard/e-commerce/order-details-page'),
        },
      ],
    },
    // invoice
    {
      path: 'invoice',
      children: [
        { index: true, lazy: () => import('../pages/dashboard/invoice/invoice-root-page') },
        { path: 'list', lazy: () => import('../pages/dashboard/invoice/invoice-list-page') },
        { path: 'new', lazy: () => import('../pages/dashboard/invoice/invoice-new-page') },
        { path: ':id', lazy: () => import('../pages/dashboard/invoice/invoice-details-page') },
        { path: ':id/edit', lazy: () => import('../pages/dashboard/invoice/invoice-edit-page') },
      ],
    },
    // blog
    {
      path: 'blog',
      children: [
        { index: true, lazy: () => import('../pages/dashboard/blog/blog-root-page') },
        { path: 'posts', lazy: () => import('../pages/dashboard/blog/blog-posts-page') },
        { path: 'new', lazy: () => import('../pages/dashboard/blog/blog-new-page') },
        { path: 'post/:title', lazy: () => import('../pages/dashboard/blog/blog-post-page') },
        {
          path: 'post/:title/edit',
          lazy: () => import('../pages/dashboard/blog/blog-edit-page'),
        },
      ],
    },
  ],
};

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: () => <LoadingScreen fullScreen />,
    children: [
      { index: true, loader: toLanding },
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
