/**
 * Every route of the app, in one table (spec §2). Components use these, never string literals.
 * Demo entries use fixed sample identifiers (spec §9) so the menu can show detail screens.
 */

const ROOTS = { auth: '/auth', dashboard: '/dashboard' } as const;

const DEMO = {
  // The first administrator's handle (always present) and a product of the fixed-seed demo data
  // (apps/server/src/seed/seed.test.ts keeps it there).
  userName: 'administrator',
  productName: 'leather-loafers-se',
  invoiceId: '00000000-0000-4000-8000-000000000001',
  postTitle: 'welcome-to-the-back-office',
  conversationKey: 'demo',
} as const;

const enc = (value: string) => encodeURIComponent(value);

export const paths = {
  root: '/',
  comingSoon: '/coming-soon',
  maintenance: '/maintenance',
  pricing: '/pricing',
  payment: '/payment',
  about: '/about-us',
  contact: '/contact-us',
  faqs: '/faqs',
  page403: '/403',
  page404: '/404',
  page500: '/500',
  components: '/components',
  /** No internet on a closed network: the API reference served by our own server stands in. */
  docs: '/api/docs',
  changelog: '/api/docs',
  auth: {
    login: `${ROOTS.auth}/login`,
    register: `${ROOTS.auth}/register`,
    loginUnprotected: `${ROOTS.auth}/login-unprotected`,
    registerUnprotected: `${ROOTS.auth}/register-unprotected`,
    verify: `${ROOTS.auth}/verify`,
    resetPassword: `${ROOTS.auth}/reset-password`,
    newPassword: `${ROOTS.auth}/new-password`,
  },
  dashboard: {
    root: ROOTS.dashboard,
    kanban: `${ROOTS.dashboard}/kanban`,
    calendar: `${ROOTS.dashboard}/calendar`,
    fileManager: `${ROOTS.dashboard}/files-manager`,
    permissionDenied: `${ROOTS.dashboard}/permission-denied`,
    blank: `${ROOTS.dashboard}/blank`,
    notifications: `${ROOTS.dashboard}/notifications`,
    admin: {
      audit: `${ROOTS.dashboard}/admin/audit`,
    },
    general: {
      app: `${ROOTS.dashboard}/app`,
      ecommerce: `${ROOTS.dashboard}/ecommerce`,
      analytics: `${ROOTS.dashboard}/analytics`,
      analyticsViews: `${ROOTS.dashboard}/analytics/views`,
      banking: `${ROOTS.dashboard}/banking`,
      bankingTransactions: `${ROOTS.dashboard}/banking/transactions`,
      booking: `${ROOTS.dashboard}/booking`,
      bookingList: `${ROOTS.dashboard}/booking/list`,
      file: `${ROOTS.dashboard}/file`,
    },
    mail: {
      root: `${ROOTS.dashboard}/mail`,
      all: `${ROOTS.dashboard}/mail/all`,
    },
    chat: {
      root: `${ROOTS.dashboard}/chat`,
      new: `${ROOTS.dashboard}/chat/new`,
      view: (conversationKey: string) => `${ROOTS.dashboard}/chat/${enc(conversationKey)}`,
      demo: { view: `${ROOTS.dashboard}/chat/${DEMO.conversationKey}` },
    },
    user: {
      root: `${ROOTS.dashboard}/user`,
      new: `${ROOTS.dashboard}/user/new`,
      list: `${ROOTS.dashboard}/user/list`,
      cards: `${ROOTS.dashboard}/user/cards`,
      profile: `${ROOTS.dashboard}/user/profile`,
      account: `${ROOTS.dashboard}/user/account`,
      edit: (name: string) => `${ROOTS.dashboard}/user/${enc(name)}/edit`,
      demo: { edit: `${ROOTS.dashboard}/user/${DEMO.userName}/edit` },
    },
    eCommerce: {
      root: `${ROOTS.dashboard}/e-commerce`,
      shop: `${ROOTS.dashboard}/e-commerce/shop`,
      list: `${ROOTS.dashboard}/e-commerce/list`,
      checkout: `${ROOTS.dashboard}/e-commerce/checkout`,
      new: `${ROOTS.dashboard}/e-commerce/product/new`,
      view: (name: string) => `${ROOTS.dashboard}/e-commerce/product/${enc(name)}`,
      edit: (name: string) => `${ROOTS.dashboard}/e-commerce/product/${enc(name)}/edit`,
      orders: `${ROOTS.dashboard}/e-commerce/orders`,
      orderDetails: (id: string) => `${ROOTS.dashboard}/e-commerce/orders/${enc(id)}`,
      demo: {
        view: `${ROOTS.dashboard}/e-commerce/product/${DEMO.productName}`,
        edit: `${ROOTS.dashboard}/e-commerce/product/${DEMO.productName}/edit`,
      },
    },
    invoice: {
      root: `${ROOTS.dashboard}/invoice`,
      list: `${ROOTS.dashboard}/invoice/list`,
      new: `${ROOTS.dashboard}/invoice/new`,
      details: (id: string) => `${ROOTS.dashboard}/invoice/${enc(id)}`,
      edit: (id: string) => `${ROOTS.dashboard}/invoice/${enc(id)}/edit`,
      demo: {
        details: `${ROOTS.dashboard}/invoice/${DEMO.invoiceId}`,
        edit: `${ROOTS.dashboard}/invoice/${DEMO.invoiceId}/edit`,
      },
    },
    blog: {
      root: `${ROOTS.dashboard}/blog`,
      posts: `${ROOTS.dashboard}/blog/posts`,
      new: `${ROOTS.dashboard}/blog/new`,
      view: (title: string) => `${ROOTS.dashboard}/blog/post/${enc(title)}`,
      edit: (title: string) => `${ROOTS.dashboard}/blog/post/${enc(title)}/edit`,
      demo: { view: `${ROOTS.dashboard}/blog/post/${DEMO.postTitle}` },
    },
  },
} as const;

/** Where `/` and `/dashboard` land (spec: the user list of the admin area). */
export const LANDING_PATH = paths.dashboard.user.list;
/** Where a person goes when signed out or when the token expires. */
export const LOGIN_PATH = paths.auth.login;
