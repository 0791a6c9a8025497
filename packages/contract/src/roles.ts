/**
 * Permissions are named `<area>:<action>`. Roles are data (table `roles` on the server) mapping
 * a role to permissions, so adding a role needs no code change; these are the ones shipped.
 */
export const PERMISSIONS = [
  'account:self',
  'users:read',
  'users:write',
  'users:delete',
  'audit:read',
  'products:read',
  'products:write',
  'orders:read',
  'orders:create',
  'orders:write',
  'calendar:read',
  'calendar:write',
  /** Change and delete anyone's events (without it: one's own). */
  'calendar:manage',
  'kanban:read',
  'kanban:write',
  /** Columns, and anyone's cards (without it: cards one reported or is assigned to). */
  'kanban:manage',
  'files:read',
  'files:write',
  /** The invoice list, details, PDF and address book. */
  'invoices:read',
  /** Create, edit, send, record payments, cancel and delete invoices. */
  'invoices:write',
  /** Read published posts, like them and comment where comments are allowed. */
  'blog:read',
  /** Write, publish and schedule one's own posts. */
  'blog:write',
  /** Editors: edit, publish and delete anyone's posts, hide comments. */
  'blog:manage',
  /** One's own mailbox: read, search, label. */
  'mail:read',
  /** Send, draft and change one's own mail. */
  'mail:write',
  /** Conversations one is a member of: read them, search people to talk to. */
  'chat:read',
  /** Start conversations and write in them. */
  'chat:write',
  /** The e-commerce dashboard: the whole shop's orders and revenue. */
  'dashboards:ecommerce',
  /** The app dashboard: people, sign-ins, orders, invoices, reviews and posts of the whole product. */
  'dashboards:app',
  /** The analytics dashboard: page views, visitors, sources, conversion. */
  'dashboards:analytics',
  /** The booking dashboard: stays, rooms, check-ins and reviews. */
  'dashboards:booking',
  /** Move a booking through its statuses, accept or reject reviews. */
  'booking:write',
  /** The banking dashboard: the organisation's accounts, ledger and cards. */
  'dashboards:banking',
  /** Move money between the organisation's accounts or to a contact. */
  'banking:transfer',
  'admin:area',
  /** Administration → Jobs: the background queue's state; retry and cancel jobs. */
  'admin:jobs',
  /** Administration → Roles: create, edit and delete roles and their permissions. */
  'roles:manage',
  /** Administration → Invitations: invite people by email with a role, resend and revoke. */
  'invitations:manage',
  /** Administration → Tokens: every API token; create service tokens; end people's sessions. */
  'tokens:manage',
  /** Administration → Webhooks: endpoints, their events and deliveries. */
  'webhooks:manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const BUILTIN_ROLES = {
  admin: [...PERMISSIONS],
  user: [
    'account:self',
    'users:read',
    'products:read',
    'orders:read',
    'orders:create',
    'calendar:read',
    'calendar:write',
    'kanban:read',
    'kanban:write',
    'files:read',
    'files:write',
    'blog:read',
    'mail:read',
    'mail:write',
    'chat:read',
    'chat:write',
  ],
  /** A user who also writes the blog and edits others' posts. */
  editor: [
    'account:self',
    'users:read',
    'products:read',
    'orders:read',
    'orders:create',
    'calendar:read',
    'calendar:write',
    'kanban:read',
    'kanban:write',
    'files:read',
    'files:write',
    'blog:read',
    'blog:write',
    'blog:manage',
    'mail:read',
    'mail:write',
    'chat:read',
    'chat:write',
  ],
} satisfies Record<string, Permission[]>;

export type RoleName = string;
