import { z } from 'zod';
import { NOTIFICATION_TYPES, type NotificationType } from './notifications';

import { USER_STATUSES, emailSchema, passwordSchema } from './account';
import { bulkAnswerSchema, listQuerySchema } from './common';
import { uploadedImageUrlSchema } from './files';

export { USERS_API } from './users-paths';

export const USER_SORTS = [
  'name',
  'email',
  'company',
  'role',
  'status',
  'verified',
  'createdAt',
] as const;
export type UserSort = (typeof USER_SORTS)[number];

export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'linkedin', 'twitter'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** The mail a person may opt out of; absent keys mean "on". */
export const NOTIFICATION_PREFS = [
  'activityComments',
  'activityAnswers',
  'activityFollows',
  'applicationNews',
  'applicationProductUpdates',
  'applicationBlogDigest',
] as const;
export type NotificationPref = (typeof NOTIFICATION_PREFS)[number];

/** Limits of the text fields, shared by forms and server. */
export const USER_LIMITS = {
  name: 80,
  phone: 32,
  place: 100,
  address: 200,
  zip: 20,
  company: 120,
  jobTitle: 120,
  about: 2000,
  url: 500,
} as const;

/** Optional text: trimmed; '' or null clears it (the server stores null). No transforms, so the
 * same schema documents the API (OpenAPI) and types the forms. */
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

export const phoneSchema = z
  .string()
  .trim()
  .max(USER_LIMITS.phone)
  .regex(/^\+?[0-9 ()./-]{4,}$/, { message: 'Invalid phone number' });

/** A web address: http or https only (never `javascript:`, `data:` or another scheme). */
const socialUrl = z
  .union([
    z
      .string()
      .trim()
      .max(USER_LIMITS.url)
      .url()
      .regex(/^https?:\/\//i, { message: 'Must start with http:// or https://' }),
    z.literal(''),
  ])
  .optional();

export const socialLinksSchema = z.strictObject({
  facebook: socialUrl,
  instagram: socialUrl,
  linkedin: socialUrl,
  twitter: socialUrl,
});
export type SocialLinks = z.infer<typeof socialLinksSchema>;

/** One switch per in-app notification type (absent = on, but NOTIFICATION_TYPES_OFF_BY_DEFAULT). */
const notificationTypeSwitches = Object.fromEntries(
  NOTIFICATION_TYPES.map((type) => [type, z.boolean().optional()]),
) as Record<NotificationType, z.ZodOptional<z.ZodBoolean>>;

export const notificationPrefsSchema = z.strictObject({
  ...notificationTypeSwitches,
  activityComments: z.boolean().optional(),
  activityAnswers: z.boolean().optional(),
  activityFollows: z.boolean().optional(),
  applicationNews: z.boolean().optional(),
  applicationProductUpdates: z.boolean().optional(),
  applicationBlogDigest: z.boolean().optional(),
  /** A mail listing unread notifications now and then (NOTIFICATION_DIGEST_HOURS); off unless set. */
  emailDigest: z.boolean().optional(),
});
export type NotificationPrefs = z.infer<typeof notificationPrefsSchema>;

/** One person as the users area answers it (never the hash; contact fields hidden for private profiles). */
export const userSchema = z.object({
  id: z.string().uuid(),
  slug: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  coverUrl: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  zipCode: z.string().nullable(),
  company: z.string().nullable(),
  jobTitle: z.string().nullable(),
  about: z.string().nullable(),
  role: z.string(),
  status: z.enum(USER_STATUSES),
  emailVerified: z.boolean(),
  isPublic: z.boolean(),
  social: z.record(z.string(), z.string()),
  followers: z.number().int(),
  following: z.number().int(),
  posts: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** The signed-in person's own record: adds what only they see. */
export const myProfileSchema = userSchema.extend({
  notificationPrefs: z.record(z.string(), z.boolean()),
  pendingEmail: z.string().nullable(),
});
export type MyProfile = z.infer<typeof myProfileSchema>;

export const userStatusCountsSchema = z.object({
  all: z.number().int(),
  active: z.number().int(),
  pending: z.number().int(),
  banned: z.number().int(),
  rejected: z.number().int(),
});
export type UserStatusCounts = z.infer<typeof userStatusCountsSchema>;

/**
 * How deep a page number may reach, counted from the nearer end of the list (the last pages are
 * read backwards): up to this many rows. Beyond it the list answers 400 on `page` and pages are
 * read with `after` / `before` (see docs/decisions/005).
 */
export const USER_LIST_MAX_OFFSET = 10_000;
/**
 * A search counts its matches up to this many. Past it the answer says `totalCapped`: the total
 * and the tab counts are then at-least figures, pages by number reach this deep and `after` /
 * `before` go on from there. So a search costs the same at 10,000 people as at
 * a million, whatever the word.
 */
export const USER_SEARCH_COUNT_CAP = 1_000;

export const usersQuerySchema = listQuerySchema.extend({
  sort: z.enum(USER_SORTS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  role: z.string().trim().min(1).max(40).optional(),
  status: z.enum(USER_STATUSES).optional(),
  /**
   * Keyset paging: the id of the last person of the page before; the answer is the `limit` people
   * right after them in the same sort and filters, at any depth, and `page` skips nothing.
   * `before` (the first person of the page after) goes back the same way.
   */
  after: z.string().uuid().optional(),
  before: z.string().uuid().optional(),
});
export type UsersQuery = z.input<typeof usersQuerySchema>;

export const usersAnswerSchema = z.object({
  users: z.array(userSchema),
  total: z.number().int(),
  /** Per status tab, for the same search and role filter (status itself ignored). */
  counts: userStatusCountsSchema,
  /**
   * True when a search matched more than USER_SEARCH_COUNT_CAP people (as the shop, invoices and
   * blog say it): `total` and `counts` then stop at the cap and read "1,000+" (a status count
   * below it is what the first matches held, so also an at-least figure), and the list goes on
   * while pages come back full.
   */
  totalCapped: z.boolean(),
});
export type UsersAnswer = z.infer<typeof usersAnswerSchema>;

export const userAnswerSchema = z.object({ user: userSchema });
export const myProfileAnswerSchema = z.object({ user: myProfileSchema });

export const userParamsSchema = z.object({ id: z.string().trim().min(1).max(120) });

/** Fields of the admin's create and edit form (one form, both screens). */
const userFields = {
  firstName: z.string().trim().min(1).max(USER_LIMITS.name),
  lastName: z.string().trim().min(1).max(USER_LIMITS.name),
  email: emailSchema,
  phone: z
    .union([phoneSchema, z.literal('')])
    .nullable()
    .optional(),
  country: optionalText(USER_LIMITS.place),
  state: optionalText(USER_LIMITS.place),
  city: optionalText(USER_LIMITS.place),
  address: optionalText(USER_LIMITS.address),
  zipCode: optionalText(USER_LIMITS.zip),
  company: optionalText(USER_LIMITS.company),
  jobTitle: optionalText(USER_LIMITS.jobTitle),
  about: optionalText(USER_LIMITS.about),
  avatarUrl: uploadedImageUrlSchema.nullable().optional(),
  coverUrl: uploadedImageUrlSchema.nullable().optional(),
  role: z.string().trim().min(1).max(40),
  status: z.enum(USER_STATUSES),
  emailVerified: z.boolean(),
  isPublic: z.boolean(),
};

export const createUserBodySchema = z.object({
  ...userFields,
  role: userFields.role.default('user'),
  status: userFields.status.default('active'),
  emailVerified: userFields.emailVerified.default(false),
  isPublic: userFields.isPublic.default(true),
  /** Absent: the person receives a code by mail to choose theirs. */
  password: z.union([passwordSchema, z.literal('')]).optional(),
});
export type CreateUserBody = z.input<typeof createUserBodySchema>;

/** The admin form's values (create and edit share it): every field present, nothing defaulted. */
export const userFormSchema = z.object({
  ...userFields,
  password: z.union([passwordSchema, z.literal('')]).optional(),
});
export type UserFormValues = z.infer<typeof userFormSchema>;

export const updateUserBodySchema = z
  .object(userFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change' });
export type UpdateUserBody = z.input<typeof updateUserBodySchema>;

/** What the signed-in person may change about themselves. */
export const updateMyAccountBodySchema = z
  .object({
    firstName: userFields.firstName,
    lastName: userFields.lastName,
    /** A different address is not applied: a code goes to it, and confirm-email applies it. */
    email: emailSchema,
    phone: userFields.phone,
    country: userFields.country,
    state: userFields.state,
    city: userFields.city,
    address: userFields.address,
    zipCode: userFields.zipCode,
    company: userFields.company,
    jobTitle: userFields.jobTitle,
    about: userFields.about,
    avatarUrl: userFields.avatarUrl,
    coverUrl: userFields.coverUrl,
    isPublic: userFields.isPublic,
    social: socialLinksSchema,
    notificationPrefs: notificationPrefsSchema,
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change' });
export type UpdateMyAccountBody = z.input<typeof updateMyAccountBodySchema>;

export const confirmEmailBodySchema = z.object({ code: z.string().regex(/^\d{6}$/) });

export const bulkDeleteAnswerSchema = z.object({ deleted: z.number().int() });

/** The most people one bulk action takes. */
export const USER_BULK_MAX = 500;
export const USER_BULK_ACTIONS = ['role', 'suspend', 'approve', 'invite', 'delete'] as const;
export type UserBulkAction = (typeof USER_BULK_ACTIONS)[number];
/**
 * One action on several people: `role` gives them `role` (a role's name, as the edit form sends
 * it), `suspend` bans them, `approve` activates pending accounts, `invite` mails again the code
 * to choose a password to those who never chose one, `delete` deletes them.
 */
export const userBulkBodySchema = z
  .object({
    ids: z.array(z.string().uuid()).min(1).max(USER_BULK_MAX),
    action: z.enum(USER_BULK_ACTIONS),
    role: z.string().trim().min(1).max(40).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'role' && !v.role)
      ctx.addIssue({ code: 'custom', path: ['role'], message: 'Which role to give' });
    if (v.action !== 'role' && v.role !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['role'],
        message: 'Only the role action takes a role',
      });
  });
export type UserBulkBody = z.input<typeof userBulkBodySchema>;
/** Why a person was left out of a bulk action (`code`), said in English (`message`). */
export const USER_BULK_REFUSALS = [
  'not_found',
  'self',
  'not_manageable',
  'last_admin',
  'last_role_manager',
  'rejected',
  'has_password',
] as const;
/**
 * What a bulk action did: the people it changed (those already as asked count as changed), and
 * those refused, each named with the reason.
 */
export const userBulkAnswerSchema = bulkAnswerSchema;
export type UserBulkAnswer = z.infer<typeof userBulkAnswerSchema>;

export const roleSchema = z.object({
  id: z.string(),
  name: z.string(),
  permissions: z.array(z.string()),
  /** Shipped with the product: it can be duplicated and edited, not renamed or deleted. */
  builtIn: z.boolean(),
  /** How many people have it. */
  people: z.number().int(),
});
export type Role = z.infer<typeof roleSchema>;
export const rolesAnswerSchema = z.object({ roles: z.array(roleSchema) });

export const activitySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  targetId: z.string().nullable(),
  meta: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;
export const activityQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export const activityAnswerSchema = z.object({
  activities: z.array(activitySchema),
  total: z.number().int(),
});
