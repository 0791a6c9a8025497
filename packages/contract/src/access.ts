import type { Permission } from './roles';

/**
 * Who may call each API route: `public` (no sign-in), or the permission a signed-in person's role
 * must grant. The server refuses to start if one of its routes is missing here or declares
 * something else, and a test walks every route of the OpenAPI document as anonymous, unverified,
 * user and administrator against this table, so a new route cannot ship unprotected.
 *
 * Keys are `METHOD path` in the server's route syntax (`:id`); HEAD follows GET.
 *
 * Whose records a route may touch is the route's own rule on top of this (ownership): a person
 * with `calendar:write` changes their own events only unless they also hold `calendar:manage`;
 * `kanban:write` edits and moves the cards one reported or is assigned to unless `kanban:manage`.
 */
export type Access = 'public' | Permission;

export const ROUTE_ACCESS = {
  'GET /api/health': 'public',
  'GET /api/health/live': 'public',
  'GET /api/health/ready': 'public',
  'GET /api/openapi.json': 'public',
  'GET /api/realtime': 'public', // the socket signs in with its first message

  // Account: signing in and the code calls are public; everything about oneself is account:self,
  // the one permission an unverified or unapproved person keeps.
  'POST /api/account/login': 'public',
  'POST /api/account/login/2fa': 'public',
  'POST /api/account/register': 'public',
  'POST /api/account/verify': 'public',
  'POST /api/account/resend-code': 'public',
  'POST /api/account/reset-password': 'public',
  'POST /api/account/new-password': 'public',
  // Single sign-on (OpenID Connect): the providers list, the round trip and the code exchange.
  'GET /api/auth/sso': 'public',
  'GET /api/auth/sso/:provider/start': 'public',
  'GET /api/auth/sso/:provider/callback': 'public',
  'POST /api/auth/sso/exchange': 'public',
  'GET /api/account/my-account/': 'account:self',
  'PATCH /api/account/my-account/': 'account:self',
  'POST /api/account/logout': 'account:self',
  'POST /api/account/change-password': 'account:self',
  'GET /api/account/sessions': 'account:self',
  'DELETE /api/account/sessions/:id': 'account:self',
  'GET /api/account/profile': 'account:self',
  'POST /api/account/confirm-email': 'account:self',
  'POST /api/account/cancel-email': 'account:self',
  'GET /api/account/activity': 'account:self',
  'GET /api/account/2fa': 'account:self',
  'POST /api/account/2fa/setup': 'account:self',
  'POST /api/account/2fa/enable': 'account:self',
  'POST /api/account/2fa/disable': 'account:self',
  'POST /api/account/2fa/recovery-codes': 'account:self',
  // One's own API tokens (a token itself never holds account:self, so it cannot make more).
  'GET /api/account/tokens': 'account:self',
  'POST /api/account/tokens': 'account:self',
  'DELETE /api/account/tokens/:id': 'account:self',
  // Saved views of a list: one's own (and those shared with one's role); the list's own read
  // permission is checked in the route.
  'GET /api/views': 'account:self',
  'POST /api/views': 'account:self',
  'PATCH /api/views/:id': 'account:self',
  'DELETE /api/views/:id': 'account:self',
  // One's own exports made as a job (the list's read permission is checked again at download).
  'GET /api/exports': 'account:self',
  'GET /api/exports/:id/file': 'account:self',
  'DELETE /api/exports/:id': 'account:self',

  // One's own notifications, and the search (each kind of record filtered by its permission).
  'GET /api/notifications': 'account:self',
  'PATCH /api/notifications/:id': 'account:self',
  'POST /api/notifications/read-all': 'account:self',
  'GET /api/search': 'account:self',
  // The "Today" home: each of its sections is answered only to those holding that area's permission.
  'GET /api/today': 'account:self',
  // The address book serves the checkout: whoever may place orders keeps their own addresses.
  'GET /api/account/addresses': 'orders:create',
  'POST /api/account/addresses': 'orders:create',
  'PATCH /api/account/addresses/:id': 'orders:create',
  'DELETE /api/account/addresses/:id': 'orders:create',

  'GET /api/admin/audit': 'audit:read',
  'GET /api/admin/outbox': 'audit:read',
  'GET /api/admin/jobs': 'admin:jobs',
  'GET /api/admin/jobs/summary': 'admin:jobs',
  'GET /api/admin/jobs/:id': 'admin:jobs',
  'POST /api/admin/jobs/:id/retry': 'admin:jobs',
  'POST /api/admin/jobs/:id/cancel': 'admin:jobs',
  'GET /api/admin/webhooks': 'webhooks:manage',
  'POST /api/admin/webhooks': 'webhooks:manage',
  'GET /api/admin/webhooks/:id': 'webhooks:manage',
  'PATCH /api/admin/webhooks/:id': 'webhooks:manage',
  'DELETE /api/admin/webhooks/:id': 'webhooks:manage',
  'GET /api/admin/webhooks/:id/deliveries': 'webhooks:manage',
  'POST /api/admin/webhooks/:id/deliveries/:deliveryId/redeliver': 'webhooks:manage',
  'POST /api/admin/webhooks/:id/ping': 'webhooks:manage',
  'GET /api/invitations': 'invitations:manage',
  'POST /api/invitations': 'invitations:manage',
  'POST /api/invitations/:id/resend': 'invitations:manage',
  'DELETE /api/invitations/:id': 'invitations:manage',
  // The person following a mailed invitation link: the token is the proof.
  'GET /api/invitation-links/:token': 'public',
  'POST /api/invitations/accept': 'public',
  'GET /api/admin/system': 'admin:area',
  'DELETE /api/admin/system/demo-data': 'admin:area',
  'GET /api/admin/sso/mappings': 'roles:manage',
  'PUT /api/admin/sso/mappings': 'roles:manage',
  'POST /api/admin/backups': 'admin:area',

  'POST /api/public/contact': 'public',
  'POST /api/public/notify': 'public',

  'POST /api/files': 'files:write',
  'GET /api/files': 'files:read',
  'GET /api/files/usage': 'files:read',
  'GET /api/files/people': 'files:write',
  'POST /api/files/folders': 'files:write',
  'POST /api/files/trash/empty': 'files:write',
  'POST /api/files/zip': 'files:read',
  'POST /api/files/bulk': 'files:write',
  'GET /api/files/:id': 'files:read',
  'PATCH /api/files/:id': 'files:write',
  'DELETE /api/files/:id': 'files:write',
  'GET /api/files/:id/content': 'files:read',
  'POST /api/files/:id/copy': 'files:write',
  'POST /api/files/:id/trash': 'files:write',
  'POST /api/files/:id/restore': 'files:write',
  'POST /api/files/:id/shares': 'files:write',
  'DELETE /api/files/:id/shares/:userId': 'files:write',
  'POST /api/files/:id/links': 'files:write',
  'DELETE /api/files/:id/links/:linkId': 'files:write',
  'GET /api/files/links/:token': 'public',
  // Resumable uploads (tus); HEAD is read as GET.
  'POST /api/files/tus': 'files:write',
  'PATCH /api/files/tus/:uploadId': 'files:write',
  'GET /api/files/tus/:uploadId': 'files:write',
  'DELETE /api/files/tus/:uploadId': 'files:write',

  'GET /api/products': 'products:read',
  'POST /api/products': 'products:write',
  'GET /api/products/export': 'products:read',
  'GET /api/products/product': 'products:read',
  'GET /api/products/search': 'products:read',

  'GET /api/dashboards/ecommerce': 'dashboards:ecommerce',
  'GET /api/dashboards/banking': 'dashboards:banking',
  'GET /api/dashboards/analytics': 'dashboards:analytics',
  'GET /api/dashboards/app': 'dashboards:app',
  'GET /api/dashboards/file': 'files:read',
  'GET /api/dashboards/booking': 'dashboards:booking',
  'GET /api/booking/bookings': 'dashboards:booking',
  'GET /api/booking/bookings/:id': 'dashboards:booking',
  'PATCH /api/booking/bookings/:id': 'booking:write',
  'PATCH /api/booking/reviews/:id': 'booking:write',
  'POST /api/analytics/views': 'public',
  'GET /api/analytics/views': 'dashboards:analytics',
  'GET /api/banking/accounts': 'dashboards:banking',
  'GET /api/banking/transactions': 'dashboards:banking',
  'GET /api/banking/contacts': 'banking:transfer',
  'POST /api/banking/transfers': 'banking:transfer',
  'PATCH /api/products/:id': 'products:write',
  'DELETE /api/products/:id': 'products:write',
  'POST /api/products/bulk-delete': 'products:write',
  'POST /api/products/bulk': 'products:write',
  'POST /api/products/imports': 'products:write',
  'GET /api/products/imports/:id': 'products:write',
  'POST /api/products/imports/:id/preview': 'products:write',
  'POST /api/products/imports/:id/run': 'products:write',
  'POST /api/products/:id/reviews': 'products:read',
  'POST /api/products/:id/reviews/:reviewId/helpful': 'products:read',

  'POST /api/orders': 'orders:create',
  'GET /api/orders': 'orders:read',
  'GET /api/orders/export': 'orders:read',
  'POST /api/orders/bulk-status': 'orders:write',
  'GET /api/orders/discount-codes/check': 'orders:create',
  'GET /api/orders/:id': 'orders:read',
  'PATCH /api/orders/:id': 'orders:write',

  'GET /api/calendar/events': 'calendar:read',
  'POST /api/calendar/events/new': 'calendar:write',
  'POST /api/calendar/events/update': 'calendar:write',
  'POST /api/calendar/events/delete': 'calendar:write',
  // Answering needs no write right: whoever sees the calendar and is invited may answer.
  'POST /api/calendar/events/respond': 'calendar:read',
  'GET /api/calendar/guests': 'calendar:write',

  'GET /api/kanban/board': 'kanban:read',
  'GET /api/kanban/cards/:id': 'kanban:read',
  'GET /api/kanban/assignable-users': 'kanban:read',
  'POST /api/kanban/columns/new': 'kanban:manage',
  'POST /api/kanban/columns/update': 'kanban:manage',
  'POST /api/kanban/columns/delete': 'kanban:manage',
  'POST /api/kanban/columns/clear': 'kanban:manage',
  'POST /api/kanban/columns/move': 'kanban:manage',
  'POST /api/kanban/cards/new': 'kanban:write',
  'POST /api/kanban/cards/update': 'kanban:write',
  'POST /api/kanban/cards/move': 'kanban:write',
  'POST /api/kanban/cards/delete': 'kanban:write',
  'POST /api/kanban/cards/comment': 'kanban:write',
  'POST /api/kanban/cards/attach': 'files:write',
  'POST /api/kanban/cards/detach': 'kanban:write',
  'POST /api/kanban/cards/like': 'kanban:write',

  'GET /api/invoices': 'invoices:read',
  'POST /api/invoices': 'invoices:write',
  'GET /api/invoices/export.csv': 'invoices:read',
  'GET /api/invoices/services': 'invoices:read',
  'GET /api/invoices/parties': 'invoices:read',
  'POST /api/invoices/parties': 'invoices:write',
  'PATCH /api/invoices/parties/:id': 'invoices:write',
  'DELETE /api/invoices/parties/:id': 'invoices:write',
  'GET /api/invoices/:id': 'invoices:read',
  'PATCH /api/invoices/:id': 'invoices:write',
  'DELETE /api/invoices/:id': 'invoices:write',
  'POST /api/invoices/:id/send': 'invoices:write',
  'POST /api/invoices/:id/payments': 'invoices:write',
  'POST /api/invoices/:id/cancel': 'invoices:write',
  'POST /api/invoices/:id/duplicate': 'invoices:write',
  // Also needs orders:read and the order's owner or orders:write (checked in the route).
  'POST /api/orders/:id/invoice': 'invoices:write',
  'GET /api/invoices/:id/pdf': 'invoices:read',
  'GET /api/invoices/:id/ubl': 'invoices:read',
  'POST /api/invoices/pdf.zip': 'invoices:read',
  'POST /api/invoices/bulk-status': 'invoices:write',
  'POST /api/invoices/reminders': 'invoices:write',
  'POST /api/invoices/warm-up': 'invoices:write',

  // Blog: writers change their own posts unless they also hold `blog:manage` (editors).
  'GET /api/blog/posts': 'blog:read',
  'GET /api/blog/posts/recent': 'blog:read',
  'GET /api/blog/posts/search': 'blog:read',
  'GET /api/blog/post': 'blog:read',
  'POST /api/blog/posts': 'blog:write',
  'PATCH /api/blog/posts/:id': 'blog:write',
  'DELETE /api/blog/posts/:id': 'blog:write',
  'POST /api/blog/posts/bulk': 'blog:write',
  'POST /api/blog/posts/:id/like': 'blog:read',
  'DELETE /api/blog/posts/:id/like': 'blog:read',
  'GET /api/blog/posts/:id/comments': 'blog:read',
  'POST /api/blog/posts/:id/comments': 'blog:read',
  'PATCH /api/blog/comments/:id': 'blog:read',
  'DELETE /api/blog/comments/:id': 'blog:read',
  'POST /api/blog/comments/:id/hide': 'blog:manage',
  'GET /api/blog/posts/:id/revisions': 'blog:write',
  'POST /api/blog/posts/:id/revisions/:revisionId/restore': 'blog:write',

  // Mail: every call reaches the caller's own mailbox only (another person's message is a 404).
  'GET /api/mail/labels': 'mail:read',
  'GET /api/mail/mails': 'mail:read',
  'GET /api/mail/mail': 'mail:read',
  'GET /api/mail/people': 'mail:read',
  'GET /api/mail/attachments/:id': 'mail:read',
  'POST /api/mail/send': 'mail:write',
  'POST /api/mail/drafts': 'mail:write',
  'PATCH /api/mail/drafts/:id': 'mail:write',
  'POST /api/mail/update': 'mail:write',
  'POST /api/mail/delete': 'mail:write',
  'POST /api/mail/labels': 'mail:write',
  'PATCH /api/mail/labels/:id': 'mail:write',
  'DELETE /api/mail/labels/:id': 'mail:write',

  // Chat: members only (403 for a conversation one is not in).
  'GET /api/chat/contacts': 'chat:read',
  'GET /api/chat/search': 'chat:read',
  'GET /api/chat/conversations': 'chat:read',
  'GET /api/chat/unread': 'chat:read',
  'GET /api/chat/conversation': 'chat:read',
  'GET /api/chat/participants': 'chat:read',
  'GET /api/chat/conversation/mark-as-seen': 'chat:read',
  'GET /api/chat/messages': 'chat:read',
  'GET /api/chat/messages/since': 'chat:read',
  'GET /api/chat/attachments/:id': 'chat:read',
  'POST /api/chat/conversations/new': 'chat:write',
  'POST /api/chat/conversations/update': 'chat:write',
  'POST /api/chat/messages/new': 'chat:write',
  'POST /api/chat/messages/update': 'chat:write',
  'POST /api/chat/messages/delete': 'chat:write',
  'POST /api/chat/typing': 'chat:write',

  'GET /api/users': 'users:read',
  'POST /api/users': 'users:write',
  'GET /api/roles': 'users:read',
  'POST /api/roles': 'roles:manage',
  'PATCH /api/roles/:id': 'roles:manage',
  'DELETE /api/roles/:id': 'roles:manage',
  'GET /api/permissions': 'roles:manage',
  'GET /api/users/:id': 'users:read',
  'PATCH /api/users/:id': 'users:write',
  'DELETE /api/users/:id': 'users:delete',
  'POST /api/users/bulk-delete': 'users:delete',
  // Deleting also needs users:delete, checked in the handler for that action.
  'POST /api/users/bulk': 'users:write',
  'GET /api/users/export': 'users:read',
  // Importing people creates and changes them: the form's permission.
  'POST /api/users/imports': 'users:write',
  'GET /api/users/imports/:id': 'users:write',
  'POST /api/users/imports/:id/preview': 'users:write',
  'POST /api/users/imports/:id/run': 'users:write',
  // Administration → Tokens: every API token, service tokens, and people's sessions.
  'GET /api/admin/tokens': 'tokens:manage',
  'POST /api/admin/tokens': 'tokens:manage',
  'DELETE /api/admin/tokens/:id': 'tokens:manage',
  'GET /api/users/:id/sessions': 'tokens:manage',
  'DELETE /api/users/:id/sessions/:sessionId': 'tokens:manage',

  // Only with BENCH_ROUTES=1 (never in a normal start).
  'GET /api/bench/noop': 'public',
  'GET /api/bench/pk/:id': 'public',
  'GET /api/bench/scans': 'public',
  'GET /api/bench/cache': 'public',
  'POST /api/bench/people': 'users:write',
} as const satisfies Record<string, Access>;

export type RouteKey = keyof typeof ROUTE_ACCESS;

/** What a person keeps until their address is verified and an administrator approved them. */
export const LIMITED_PERMISSIONS: readonly Permission[] = ['account:self'];

/** `REGISTRATION`: who may create an account at /auth/register. */
export const REGISTRATION_MODES = ['open', 'approval', 'closed'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

export function routeAccess(method: string, url: string): Access | undefined {
  const m = method === 'HEAD' ? 'GET' : method;
  return (ROUTE_ACCESS as Record<string, Access>)[`${m} ${url}`];
}
