/**
 * Permissions are named `<area>:<action>`. Roles are data (table `roles` on the server) mapping
 * a role to permissions, so adding a role needs no code change; these are the ones shipped.
 * What each permission allows, and its area, is PERMISSION_INFO below.
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
  'calendar:manage',
  'kanban:read',
  'kanban:write',
  'kanban:manage',
  'files:read',
  'files:write',
  'invoices:read',
  'invoices:write',
  'blog:read',
  'blog:write',
  'blog:manage',
  'mail:read',
  'mail:write',
  'chat:read',
  'chat:write',
  'dashboards:ecommerce',
  'dashboards:app',
  'dashboards:analytics',
  'dashboards:booking',
  'booking:write',
  'dashboards:banking',
  'banking:transfer',
  'admin:area',
  'admin:jobs',
  'roles:manage',
  'invitations:manage',
  'tokens:manage',
  'webhooks:manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The areas the Roles screen groups permissions by, in their order. */
export const PERMISSION_AREAS = [
  'account',
  'people',
  'commerce',
  'workspace',
  'blog',
  'dashboards',
  'administration',
] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];

/**
 * What each permission allows, in one line, and its area: the API's `GET /api/permissions` answers
 * with these (the web app shows its own translations of them, `roles:permissions.<name>`).
 */
export const PERMISSION_INFO: Record<Permission, { area: PermissionArea; description: string }> = {
  'account:self': {
    area: 'account',
    description: 'Sign in, and see and change one’s own account, sessions and notifications.',
  },
  'users:read': {
    area: 'people',
    description: 'See the people directory and their public profiles.',
  },
  'users:write': {
    area: 'people',
    description: 'Create people, change anyone’s details, role and status.',
  },
  'users:delete': { area: 'people', description: 'Delete people.' },
  'products:read': { area: 'commerce', description: 'See the product catalogue.' },
  'products:write': { area: 'commerce', description: 'Create, edit and delete products.' },
  'orders:read': { area: 'commerce', description: 'See orders.' },
  'orders:create': {
    area: 'commerce',
    description: 'Place orders through the checkout, with one’s own address book.',
  },
  'orders:write': { area: 'commerce', description: 'Change, fulfil and delete orders.' },
  'invoices:read': {
    area: 'commerce',
    description: 'The invoice list, details, PDF and address book.',
  },
  'invoices:write': {
    area: 'commerce',
    description: 'Create, edit, send, record payments, cancel and delete invoices.',
  },
  'calendar:read': { area: 'workspace', description: 'See the calendar’s events.' },
  'calendar:write': { area: 'workspace', description: 'Create events and change one’s own.' },
  'calendar:manage': {
    area: 'workspace',
    description: 'Change and delete anyone’s events (without it: one’s own).',
  },
  'kanban:read': { area: 'workspace', description: 'See the kanban board.' },
  'kanban:write': {
    area: 'workspace',
    description: 'Create cards, and edit and move those one reported or is assigned to.',
  },
  'kanban:manage': {
    area: 'workspace',
    description: 'Columns, and anyone’s cards (without it: cards one reported or is assigned to).',
  },
  'files:read': { area: 'workspace', description: 'See and download files one may open.' },
  'files:write': { area: 'workspace', description: 'Upload, share, move and delete files.' },
  'mail:read': { area: 'workspace', description: 'One’s own mailbox: read, search, label.' },
  'mail:write': { area: 'workspace', description: 'Send, draft and change one’s own mail.' },
  'chat:read': {
    area: 'workspace',
    description: 'Conversations one is a member of: read them, search people to talk to.',
  },
  'chat:write': { area: 'workspace', description: 'Start conversations and write in them.' },
  'blog:read': {
    area: 'blog',
    description: 'Read published posts, like them and comment where comments are allowed.',
  },
  'blog:write': { area: 'blog', description: 'Write, publish and schedule one’s own posts.' },
  'blog:manage': {
    area: 'blog',
    description: 'Edit, publish and delete anyone’s posts, hide comments.',
  },
  'dashboards:ecommerce': {
    area: 'dashboards',
    description: 'The e-commerce dashboard: the whole shop’s orders and revenue.',
  },
  'dashboards:app': {
    area: 'dashboards',
    description:
      'The app dashboard: people, sign-ins, orders, invoices, reviews and posts of the whole product.',
  },
  'dashboards:analytics': {
    area: 'dashboards',
    description: 'The analytics dashboard: page views, visitors, sources, conversion.',
  },
  'dashboards:booking': {
    area: 'dashboards',
    description: 'The booking dashboard: stays, rooms, check-ins and reviews.',
  },
  'booking:write': {
    area: 'dashboards',
    description: 'Move a booking through its statuses, accept or reject reviews.',
  },
  'dashboards:banking': {
    area: 'dashboards',
    description: 'The banking dashboard: the organisation’s accounts, ledger and cards.',
  },
  'banking:transfer': {
    area: 'dashboards',
    description: 'Move money between the organisation’s accounts or to a contact.',
  },
  'audit:read': {
    area: 'administration',
    description: 'Administration → Audit log and Mail outbox.',
  },
  'admin:area': {
    area: 'administration',
    description: 'Administration → System: the server’s state, backups.',
  },
  'admin:jobs': {
    area: 'administration',
    description: 'Administration → Jobs: the background queue’s state; retry and cancel jobs.',
  },
  'roles:manage': {
    area: 'administration',
    description: 'Administration → Roles: create, edit and delete roles and their permissions.',
  },
  'invitations:manage': {
    area: 'administration',
    description:
      'Administration → Invitations: invite people by email with a role, resend and revoke.',
  },
  'tokens:manage': {
    area: 'administration',
    description:
      'Administration → Tokens: every API token; create service tokens; end people’s sessions.',
  },
  'webhooks:manage': {
    area: 'administration',
    description: 'Administration → Webhooks: endpoints, their events and deliveries.',
  },
};

/** The role that keeps every permission whatever is edited (the built-in administrator). */
export const ADMIN_ROLE = 'admin';
/** The permission whose last holder cannot lose it. */
export const ROLES_MANAGE: Permission = 'roles:manage';

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
