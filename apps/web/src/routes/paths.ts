import { API } from '@bo/contract/api-paths';
import { WEB_ROUTE_MANIFEST as R, webRoutePath } from '@bo/contract/web-routes';

/**
 * The app's addresses as components use them (`paths.dashboard.invoice.details(id)`), never as
 * string literals. Each value is read from the route manifest (@bo/contract/web-routes), where a
 * screen's path is spelled once. Demo entries use fixed sample identifiers (spec §9) so the menu
 * can show detail screens.
 */

const DEMO = {
  // The first administrator's handle (always present) and a product of the fixed-seed demo data
  // (apps/server/src/seed/seed.test.ts keeps it there).
  userName: 'administrator',
  productName: 'leather-loafers-se',
  invoiceId: '00000000-0000-4000-8000-000000000001',
  postTitle: 'welcome-to-the-back-office',
  conversationKey: 'demo',
} as const;

export const paths = {
  root: R.root.path,
  comingSoon: R.comingSoon.path,
  maintenance: R.maintenance.path,
  pricing: R.pricing.path,
  payment: R.payment.path,
  about: R.about.path,
  contact: R.contact.path,
  faqs: R.faqs.path,
  page403: R.page403.path,
  page404: R.page404.path,
  page500: R.page500.path,
  components: R.components.path,
  /** The API reference, served by our own server (no internet needed). */
  docs: API.docs,
  help: R.help.path,
  changelog: R.changelog.path,
  auth: {
    login: R.login.path,
    register: R.register.path,
    loginUnprotected: R.loginUnprotected.path,
    registerUnprotected: R.registerUnprotected.path,
    verify: R.verify.path,
    resetPassword: R.resetPassword.path,
    newPassword: R.newPassword.path,
    acceptInvitation: R.acceptInvitation.path,
    ssoDone: R.ssoDone.path,
  },
  dashboard: {
    root: R.dashboard.path,
    today: R.today.path,
    kanban: R.kanban.path,
    calendar: R.calendar.path,
    fileManager: R.fileManager.path,
    permissionDenied: R.permissionDenied.path,
    blank: R.blank.path,
    notifications: R.notifications.path,
    myExports: R.myExports.path,
    admin: {
      audit: R.adminAudit.path,
      system: R.adminSystem.path,
      jobs: R.adminJobs.path,
      outbox: R.adminOutbox.path,
      roles: R.adminRoles.path,
      webhooks: R.adminWebhooks.path,
      invitations: R.adminInvitations.path,
      tokens: R.adminTokens.path,
      sso: R.adminSso.path,
    },
    general: {
      app: R.app.path,
      ecommerce: R.ecommerce.path,
      analytics: R.analytics.path,
      analyticsViews: R.analyticsViews.path,
      banking: R.banking.path,
      bankingTransactions: R.bankingTransactions.path,
      booking: R.booking.path,
      bookingList: R.bookingList.path,
      file: R.file.path,
    },
    mail: {
      root: R.mail.path,
      all: R.mailAll.path,
    },
    chat: {
      root: R.chat.path,
      new: R.chatNew.path,
      view: (conversationKey: string) => webRoutePath('chatConversation', conversationKey),
      demo: { view: webRoutePath('chatConversation', DEMO.conversationKey) },
    },
    user: {
      root: R.userRoot.path,
      new: R.userNew.path,
      list: R.userList.path,
      cards: R.userCards.path,
      profile: R.userProfile.path,
      account: R.userAccount.path,
      edit: (name: string) => webRoutePath('userEdit', name),
      demo: { edit: webRoutePath('userEdit', DEMO.userName) },
    },
    eCommerce: {
      root: R.eCommerceRoot.path,
      shop: R.shop.path,
      list: R.productList.path,
      checkout: R.checkout.path,
      new: R.productNew.path,
      view: (name: string) => webRoutePath('productDetails', name),
      edit: (name: string) => webRoutePath('productEdit', name),
      orders: R.orders.path,
      orderDetails: (id: string) => webRoutePath('orderDetails', id),
      demo: {
        view: webRoutePath('productDetails', DEMO.productName),
        edit: webRoutePath('productEdit', DEMO.productName),
      },
    },
    invoice: {
      root: R.invoiceRoot.path,
      list: R.invoiceList.path,
      new: R.invoiceNew.path,
      details: (id: string) => webRoutePath('invoiceDetails', id),
      edit: (id: string) => webRoutePath('invoiceEdit', id),
      demo: {
        details: webRoutePath('invoiceDetails', DEMO.invoiceId),
        edit: webRoutePath('invoiceEdit', DEMO.invoiceId),
      },
    },
    blog: {
      root: R.blogRoot.path,
      posts: R.blogPosts.path,
      new: R.blogNew.path,
      view: (title: string) => webRoutePath('blogPost', title),
      edit: (title: string) => webRoutePath('blogEdit', title),
      demo: { view: webRoutePath('blogPost', DEMO.postTitle) },
    },
  },
} as const;

/** Where `/` and `/dashboard` land, and where signing in leads: each person's "Today" home. */
export const LANDING_PATH = R[R.root.redirect].path;
/** Where a person goes when signed out or when the token expires. */
export const LOGIN_PATH = paths.auth.login;
