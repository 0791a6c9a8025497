import { z } from 'zod';
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
const LIST_NAMES = Object.keys(SAVED_VIEW_LISTS) as [SavedViewList, ...SavedViewList[]];

export const VIEW_LIMITS = {
  name: 60,
  /** Views one person keeps per list. */
  perList: 50,
  /** Filters a view holds, and the length of each value. */
  filters: 30,
  value: 200,
  columns: 40,
} as const;

const filterValue = z.union([
  z.string().max(VIEW_LIMITS.value),
  z.array(z.string().max(VIEW_LIMITS.value)).max(VIEW_LIMITS.filters),
]);

/**
 * What a view restores: the list's filters as its address holds them (`status=completed`,
 * `from=2026-11-01`), its sort, and the columns shown in their order (none: the list's own).
 */
export const viewStateSchema = z.object({
  filters: z
    .record(z.string().min(1).max(40), filterValue)
    .refine((f) => Object.keys(f).length <= VIEW_LIMITS.filters, {
      message: `At most ${VIEW_LIMITS.filters} filters`,
    })
    .default({}),
  sort: z
    .object({ field: z.string().min(1).max(40), order: z.enum(['asc', 'desc']) })
    .nullable()
    .default(null),
  columns: z.array(z.string().min(1).max(40)).max(VIEW_LIMITS.columns).default([]),
  density: z.enum(['compact', 'standard', 'comfortable']).nullable().default(null),
});
export type ViewState = z.infer<typeof viewStateSchema>;

export const viewListQuerySchema = z.object({ list: z.enum(LIST_NAMES) });

export const createViewSchema = z.object({
  list: z.enum(LIST_NAMES),
  name: z.string().trim().min(1).max(VIEW_LIMITS.name),
  state: viewStateSchema,
  /** The list opens on this view for me (one default per list; the previous one stops being). */
  isDefault: z.boolean().default(false),
  /** A role's id: everyone with that role sees the view (read-only) in their list of views. */
  sharedWithRoleId: z.string().uuid().nullable().default(null),
});
export type CreateViewBody = z.input<typeof createViewSchema>;

export const updateViewSchema = z
  .object({
    name: createViewSchema.shape.name.optional(),
    state: viewStateSchema.optional(),
    isDefault: z.boolean().optional(),
    sharedWithRoleId: z.string().uuid().nullable().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to change' });
export type UpdateViewBody = z.input<typeof updateViewSchema>;

export const savedViewSchema = z.object({
  id: z.string().uuid(),
  list: z.enum(LIST_NAMES),
  name: z.string(),
  state: viewStateSchema,
  /** My default for this list (a shared view is never someone else's default for me). */
  isDefault: z.boolean(),
  sharedWith: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
  /** Mine to change and delete; false for a view shared with my role by someone else. */
  mine: z.boolean(),
  owner: z.object({ id: z.string().uuid(), name: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewListSchema = z.object({ views: z.array(savedViewSchema) });
export const savedViewAnswerSchema = z.object({ view: savedViewSchema });
