import { z } from 'zod';
import { apiPath } from './api-path';
import { isoDateTime } from './common';
import { PERMISSIONS, type Permission } from './roles';

/**
 * API tokens (Account → API tokens, Administration → Tokens) and an administrator's view of a
 * person's sign-in sessions. A token is sent as `Authorization: Bearer bo_…`; the server keeps
 * only its SHA-256 hash.
 */
export const TOKENS_API = {
  /** One's own tokens: list (GET) and create (POST). */
  mine: '/api/account/tokens',
  myToken: apiPath('/api/account/tokens/:id'),
  /** Every token (GET) and service tokens' creation (POST): `tokens:manage`. */
  all: '/api/admin/tokens',
  anyToken: apiPath('/api/admin/tokens/:id'),
  /** A person's active sign-in sessions, and ending one: `tokens:manage`. */
  userSessions: apiPath('/api/users/:id/sessions'),
  userSession: apiPath('/api/users/:id/sessions/:sessionId'),
} as const;

/** What every API token starts with, so the server tells it from a session token at a glance. */
export const API_TOKEN_PREFIX = 'bo_';

/**
 * What a token may hold: everything but `account:self`. A token never manages the account it
 * belongs to (password, two-factor, sessions, more tokens), so a leaked one cannot entrench itself.
 */
export const TOKEN_PERMISSIONS: readonly Permission[] = PERMISSIONS.filter(
  (p) => p !== 'account:self',
);

/** The longest a token may live; `expiresAt: null` is "never expires". */
export const TOKEN_MAX_DAYS = 366 * 2;

export const createTokenSchema = z.object({
  name: z.string().trim().min(1).max(80),
  permissions: z
    .array(z.enum(PERMISSIONS))
    .min(1)
    .max(PERMISSIONS.length)
    .refine((ps) => !ps.includes('account:self'), {
      message: 'A token cannot hold account:self',
    }),
  /** When it stops working; null for never. Must be in the future. */
  expiresAt: isoDateTime.nullable(),
});
export type CreateTokenBody = z.infer<typeof createTokenSchema>;

export const tokenOwnerSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const apiTokenSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  /** The secret's first characters (`bo_AbCd`), to tell tokens apart; never the secret. */
  prefix: z.string(),
  permissions: z.array(z.string()),
  /** Null for a service token (not tied to a person). */
  owner: tokenOwnerSchema.nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const tokenListSchema = z.object({ tokens: z.array(apiTokenSchema) });
/** The secret is in this answer only: the server cannot show it again. */
export const createdTokenSchema = z.object({ token: apiTokenSchema, secret: z.string() });
export type CreatedToken = z.infer<typeof createdTokenSchema>;

export const userSessionParamsSchema = z.object({
  id: z.string().uuid(),
  sessionId: z.string().uuid(),
});

export const userSessionSchema = z.object({
  id: z.string().uuid(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export type UserSession = z.infer<typeof userSessionSchema>;
export const userSessionsSchema = z.object({ sessions: z.array(userSessionSchema) });
