import type { WebPageKey } from '@bo/contract/web-routes';
import type { ComponentType } from 'react';

/** A page module under src/pages: a thin file exporting the screen as `Component`. */
export type PageModule = { Component: ComponentType };

/**
 * Each screen of the route manifest and its page, loaded when the route is first opened: one
 * chunk per page. Typed by the manifest's keys, so a screen without its page (or a page without
 * its screen) fails tsc. Import strings are literal so Vite can split and preload them.
 */
export const ROUTE_PAGES: Record<WebPageKey, () => Promise<PageModule>> = {
  login: () => import('../pages/auth/login-page'),
  loginUnprotected: () => import('../pages/auth/login-unprotected-page'),
  register: () => import('../pages/auth/register-page'),
  registerUnprotected: () => import('../pages/auth/register-unprotected-page'),
  verify: () => import('../pages/auth/verify-page'),
  resetPassword: () => import('../pages/auth/reset-password-page'),
  newPassword: () => import('../pages/auth/new-password-page'),
  acceptInvitation: () => import('../pages/auth/accept-invitation-page'),
  ssoDone: () => import('../pages/auth/sso-done-page'),

  pricing: () => import('../pages/public/pricing-page'),
  payment: () => import('../pages/public/payment-page'),
  about: () => import('../pages/public/about-us-page'),
  contact: () => import('../pages/public/contact-us-page'),
  faqs: () => import('../pages/public/faqs-page'),
  components: () => import('../pages/public/components-page'),

  comingSoon: () => import('../pages/public/coming-soon-page'),
  maintenance: () => import('../pages/public/maintenance-page'),
  page403: () => import('../pages/public/page-403'),
  page404: () => import('../pages/public/page-404'),
  page500: () => import('../pages/public/page-500'),

  permissionDenied: () => import('../pages/dashboard/permission-denied-page'),
  blank: () => import('../pages/dashboard/blank-page'),
  notifications: () => import('../pages/dashboard/notifications-page'),
  myExports: () => import('../pages/dashboard/exports-page'),
  adminAudit: () => import('../pages/dashboard/admin/audit-page'),
  adminSystem: () => import('../pages/dashboard/admin/system-page'),
  adminJobs: () => import('../pages/dashboard/admin/jobs-page'),
  adminOutbox: () => import('../pages/dashboard/admin/outbox-page'),
  adminRoles: () => import('../pages/dashboard/admin/roles-page'),
  adminWebhooks: () => import('../pages/dashboard/admin/webhooks-page'),
  adminInvitations: () => import('../pages/dashboard/admin/invitations-page'),
  adminTokens: () => import('../pages/dashboard/admin/tokens-page'),
  adminSso: () => import('../pages/dashboard/admin/sso-page'),

  today: () => import('../pages/dashboard/today-page'),
  help: () => import('../pages/dashboard/help-page'),
  changelog: () => import('../pages/dashboard/changelog-page'),
  app: () => import('../pages/dashboard/general/app-page'),
  ecommerce: () => import('../pages/dashboard/general/ecommerce-page'),
  analytics: () => import('../pages/dashboard/general/analytics-page'),
  analyticsViews: () => import('../pages/dashboard/general/analytics-views-page'),
  banking: () => import('../pages/dashboard/general/banking-page'),
  bankingTransactions: () => import('../pages/dashboard/general/banking-transactions-page'),
  booking: () => import('../pages/dashboard/general/booking-page'),
  bookingList: () => import('../pages/dashboard/general/booking-list-page'),
  file: () => import('../pages/dashboard/general/file-page'),

  userProfile: () => import('../pages/dashboard/users/user-profile-page'),
  userCards: () => import('../pages/dashboard/users/user-cards-page'),
  userList: () => import('../pages/dashboard/users/user-list-page'),
  userNew: () => import('../pages/dashboard/users/user-new-page'),
  userAccount: () => import('../pages/dashboard/users/user-account-page'),
  userEdit: () => import('../pages/dashboard/users/user-edit-page'),

  shop: () => import('../pages/dashboard/e-commerce/shop-page'),
  productList: () => import('../pages/dashboard/e-commerce/product-list-page'),
  productNew: () => import('../pages/dashboard/e-commerce/product-new-page'),
  checkout: () => import('../pages/dashboard/e-commerce/checkout-page'),
  orders: () => import('../pages/dashboard/e-commerce/order-list-page'),
  productDetails: () => import('../pages/dashboard/e-commerce/product-details-page'),
  productEdit: () => import('../pages/dashboard/e-commerce/product-edit-page'),
  orderDetails: () => import('../pages/dashboard/e-commerce/order-details-page'),

  invoiceList: () => import('../pages/dashboard/invoices/invoice-list-page'),
  invoiceNew: () => import('../pages/dashboard/invoices/invoice-new-page'),
  invoiceDetails: () => import('../pages/dashboard/invoices/invoice-details-page'),
  invoiceEdit: () => import('../pages/dashboard/invoices/invoice-edit-page'),

  blogPosts: () => import('../pages/dashboard/blog/blog-posts-page'),
  blogNew: () => import('../pages/dashboard/blog/blog-new-page'),
  blogPost: () => import('../pages/dashboard/blog/blog-post-page'),
  blogEdit: () => import('../pages/dashboard/blog/blog-edit-page'),

  fileManager: () => import('../pages/dashboard/files/files-page'),

  mail: () => import('../pages/dashboard/mail/mail-page'),
  mailAll: () => import('../pages/dashboard/mail/mail-all-page'),
  chat: () => import('../pages/dashboard/chat/chat-page'),
  chatNew: () => import('../pages/dashboard/chat/chat-new-page'),
  chatConversation: () => import('../pages/dashboard/chat/chat-conversation-page'),
  calendar: () => import('../pages/dashboard/calendar-page'),
  kanban: () => import('../pages/dashboard/kanban-page'),
};
