import { apiPath } from './api-path';
import type { Permission } from './roles';

/**
 * Saved views (issue 44): a person keeps a list's filters, sort and columns under a name, marks
 * one as the list's default and may share it with a role. Views live on the server, so they
 * follow the person from one browser to another.
 */
export const VIEWS_API = {
  /** `GET ?list=orders`: my views of that list and those shared with my role; `POST`: save one. */
  views: '/api/views',
  /** `PATCH` (rename, change, make default, share) and `DELETE`: the owner only. */
  view: apiPath('/api/views/:id'),
} as const;

/** The lists a view can be saved for, with the permission that reads each list. */
export const SAVED_VIEW_LISTS = {
  users: 'users:read',
  products: 'products:read',
  orders: 'orders:read',
  invoices: 'invoices:read',
  posts: 'blog:read',
  bookings: 'dashboards:booking',
  ledger: 'dashboards:banking',
  'page-views': 'dashboards:analytics',
  audit: 'audit:read',
  files: 'files:read',
} as const satisfies Record<string, Permission>;
export type SavedViewList = keyof typeof SAVED_VIEW_LISTS;
