import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { FILE_COOKIE, readCookie } from '../lib/file-cookie.js';
import { ERROR_CODES } from '@bo/contract/errors';
import { API_TOKEN_PREFIX } from '@bo/contract/tokens';
import { routeAccess } from '@bo/contract/access';
import { API } from '@bo/contract/api-paths';
import { effectivePermissions, type Limitation } from '../lib/access.js';
import type { Permission } from '@bo/contract/roles';
import { LruCache } from '../lib/lru.js';
import { SERVICE_ACTOR_ID } from '../lib/audit.js';
import { HttpError, forbidden, unauthorized } from '../lib/http-error.js';

export interface AuthContext {
  /** The person; for a service token, SERVICE_ACTOR_ID (no person). */
  userId: string;
  /** The sign-in session; empty when the request came with an API token. */
  sessionId: string;
  /** The API token the request came with (`Bearer bo_…`), if it did. */
  tokenId?: string;
  role: string;
  email: string;
  permissions: Set<string>;
  /**
   * Why the person holds only LIMITED_PERMISSIONS for now: their address is not verified, an
   * administrator has not approved them, or they must turn on two-factor sign-in first.
   */
  limited: Limitation;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Also signed in by the HttpOnly file cookie (routes whose bytes an <img>, <video> or
     * <iframe> loads, and which cannot send a header). Read-only routes only.
     */
    cookieAuth?: boolean;
    /** Reachable without a token (login, register, health…). */
    public?: boolean;
    /** The permission the route needs; signed-in is required either way unless public. */
    permission?: Permission;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Verifies a token exactly as the request hook does (the realtime socket's sign-in). */
    authenticateToken(request: FastifyRequest, token: string): Promise<AuthContext>;
  }
}

const LAST_SEEN_EVERY_MS = 60_000;

/** How API tokens are stored and looked up: never the secret itself. */
export const hashApiToken = (secret: string) => createHash('sha256').update(secret).digest('hex');

export function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  return undefined;
}

/**
 * Every /api route needs a valid session unless it says `public`; the permission a route
 * declares is checked here and only here. A token names a server-side session, so signing out,
 * suspension and password changes end it before its `exp`.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const { tokens, database, permissions, config } = app.services;

    const { versions, sessionCaching: caching } = app.services;

    interface SessionRow {
      revoked_at: Date | null;
      expires_at: Date;
      last_seen_at: Date;
      user_id: string;
      role: string;
      status: string;
      email: string;
      email_verified: boolean;
      totp_on: boolean;
      /** The role's permissions, read with the session: a role's change counts on the next call. */
      role_permissions: string[] | null;
    }
    /**
     * Session rows by id, reused while none of the tables they come from has changed (sign-out,
     * suspension, a role or password change all write one of them, and the write's notification
     * empties this before the writing request answers). Saves the store a query on every call.
     */
    const SESSION_TABLES = ['sessions', 'users', 'roles'] as const;
    const sessionCache = new LruCache<{ row: SessionRow; stamp: number; size: number }>(
      10_000,
      16 * 1024 * 1024,
    );

    async function sessionRow(sid: string): Promise<SessionRow | undefined> {
      if (caching) {
        const hit = sessionCache.get(sid);
        if (hit && hit.stamp === versions.stamp(SESSION_TABLES)) return hit.row;
      }
      const stamp = versions.stamp(SESSION_TABLES);
      const rows = await database.query<SessionRow>(
        `SELECT s.revoked_at, s.expires_at, s.last_seen_at, u.id AS user_id, u.role, u.status, u.email,
                u.email_verified, (u.totp_enabled_at IS NOT NULL) AS totp_on,
                (SELECT r.permissions FROM roles r WHERE r.name = u.role) AS role_permissions
           FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1`,
        [sid],
      );
      const row = rows[0];
      if (caching && row) sessionCache.set(sid, { row, stamp, size: 256 });
      return row;
    }

    interface TokenRow {
      id: string;
      user_id: string | null;
      permissions: string[];
      expires_at: Date | null;
      revoked_at: Date | null;
      last_used_at: Date | null;
      role: string | null;
      status: string | null;
      email: string | null;
      email_verified: boolean | null;
      totp_on: boolean | null;
    }
    /** API token rows by hash, kept exactly as session rows are (same tables, plus api_tokens). */
    const TOKEN_TABLES = ['api_tokens', 'users', 'roles'] as const;
    const tokenCache = new LruCache<{ row: TokenRow; stamp: number; size: number }>(
      10_000,
      8 * 1024 * 1024,
    );

    async function tokenRow(hash: string): Promise<TokenRow | undefined> {
      if (caching) {
        const hit = tokenCache.get(hash);
        if (hit && hit.stamp === versions.stamp(TOKEN_TABLES)) return hit.row;
      }
      const stamp = versions.stamp(TOKEN_TABLES);
      const rows = await database.query<TokenRow>(
        `SELECT t.id, t.user_id, t.permissions, t.expires_at, t.revoked_at, t.last_used_at,
                u.role, u.status, u.email, u.email_verified, (u.totp_enabled_at IS NOT NULL) AS totp_on
           FROM api_tokens t LEFT JOIN users u ON u.id = t.user_id WHERE t.token_hash = $1`,
        [hash],
      );
      const row = rows[0];
      if (caching && row) tokenCache.set(hash, { row, stamp, size: 512 });
      return row;
    }

    /**
     * An API token: a person's holds the permissions it was given that its owner still has now
     * (the owner's role losing one takes it from the token); a service token holds its own.
     */
    async function authenticateApiToken(
      request: FastifyRequest,
      secret: string,
    ): Promise<AuthContext> {
      const row = await tokenRow(hashApiToken(secret));
      if (!row || row.revoked_at) throw unauthorized('Invalid token');
      if (row.expires_at && new Date(row.expires_at).getTime() <= Date.now()) {
        throw unauthorized('Token expired', ERROR_CODES.tokenExpired);
      }
      if (row.user_id && (!row.role || row.status === 'banned' || row.status === 'rejected')) {
        throw unauthorized('This account is suspended');
      }
      const lastUsed = row.last_used_at ? new Date(row.last_used_at).getTime() : 0;
      if (Date.now() - lastUsed > LAST_SEEN_EVERY_MS) {
        row.last_used_at = new Date();
        database
          .query('UPDATE api_tokens SET last_used_at = now() WHERE id = $1', [row.id])
          .catch((err) => request.log.warn({ err }, 'could not update last_used_at'));
      }
      const held = new Set<string>(row.permissions);
      if (!row.user_id) {
        return {
          userId: SERVICE_ACTOR_ID,
          sessionId: '',
          tokenId: row.id,
          role: 'service',
          email: '',
          permissions: held,
          limited: null,
        };
      }
      const access = effectivePermissions(
        config,
        { status: row.status!, emailVerified: !!row.email_verified, totpOn: !!row.totp_on },
        await permissions.of(row.role!),
      );
      return {
        userId: row.user_id,
        sessionId: '',
        tokenId: row.id,
        role: row.role!,
        email: row.email ?? '',
        permissions: new Set([...access.permissions].filter((p) => held.has(p))),
        limited: access.limited,
      };
    }

    async function authenticate(request: FastifyRequest, token: string): Promise<AuthContext> {
      if (token.startsWith(API_TOKEN_PREFIX)) return authenticateApiToken(request, token);
      const claims = await tokens.verify(token);
      if (claims === 'expired') throw unauthorized('Token expired', ERROR_CODES.tokenExpired);
      if (claims === 'invalid') throw unauthorized('Invalid token');
      const row = await sessionRow(claims.sid);
      if (!row || row.user_id !== claims.sub || row.revoked_at) {
        throw unauthorized('Session ended, please sign in again');
      }
      if (new Date(row.expires_at).getTime() <= Date.now()) {
        throw unauthorized('Token expired', ERROR_CODES.tokenExpired);
      }
      if (row.status === 'banned' || row.status === 'rejected') {
        throw unauthorized('This account is suspended');
      }
      if (Date.now() - new Date(row.last_seen_at).getTime() > LAST_SEEN_EVERY_MS) {
        // Noted once: the cached row is moved on now, the write's notification refreshes it.
        row.last_seen_at = new Date();
        database
          .query('UPDATE sessions SET last_seen_at = now() WHERE id = $1', [claims.sid])
          .catch((err) => request.log.warn({ err }, 'could not update last_seen_at'));
      }
      const access = effectivePermissions(
        config,
        { status: row.status, emailVerified: row.email_verified, totpOn: row.totp_on },
        row.role_permissions ? new Set(row.role_permissions) : await permissions.of(row.role),
      );
      return {
        userId: row.user_id,
        sessionId: claims.sid,
        role: row.role,
        email: row.email,
        permissions: access.permissions,
        limited: access.limited,
      };
    }

    // Every API route is in the contract's access matrix, and declares what it says: a route
    // missing from it stops the server at start, so nothing ships unprotected by omission.
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/') || route.url.startsWith(API.docs)) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        const access = routeAccess(method, route.url);
        if (!access) throw new Error(`${method} ${route.url} is not in ROUTE_ACCESS (contract)`);
        route.config ??= {};
        const declared = route.config.public ? 'public' : route.config.permission;
        if (declared && declared !== access) {
          throw new Error(
            `${method} ${route.url} declares ${declared}, ROUTE_ACCESS says ${access}`,
          );
        }
        if (access === 'public') route.config.public = true;
        else route.config.permission = access;
      }
    });

    app.decorateRequest('auth', null);
    // The realtime socket and uploads sign in with a session token only: an API token has no
    // session to follow, and its caller has no need for live updates.
    app.decorate('authenticateToken', async (request: FastifyRequest, token: string) => {
      if (token.startsWith(API_TOKEN_PREFIX)) throw unauthorized('Sign in to use this');
      return authenticate(request, token);
    });

    app.addHook('onRequest', async (request) => {
      // Only API routes that exist: unknown paths fall to the JSON 404, the SPA is public.
      if (!request.url.startsWith('/api/') || !request.routeOptions.url) return;
      if (request.url.startsWith(API.docs)) return; // the API reference page is public

      const route = request.routeOptions.config;
      const token =
        bearer(request) ??
        (route.cookieAuth ? readCookie(request.headers.cookie, FILE_COOKIE) : undefined);
      if (route.public) {
        if (token) request.auth = await authenticate(request, token).catch(() => null);
        return;
      }
      if (!token) throw unauthorized();
      request.auth = await authenticate(request, token);
      if (!route.permission || !request.auth.permissions.has(route.permission)) {
        throw request.auth.limited ? limitedError(request.auth.limited) : forbidden();
      }
    });
  },
  { name: 'auth', dependencies: ['services'] },
);

const LIMITED_MESSAGES = {
  unverified: 'Verify your email address first',
  unapproved: 'Your account is waiting for an administrator’s approval',
  needs_2fa: 'Turn on two-factor sign-in first (Account → Security)',
} as const;

function limitedError(reason: NonNullable<Limitation>) {
  return new HttpError(403, `ACCOUNT_${reason.toUpperCase()}`, LIMITED_MESSAGES[reason]);
}

/** The signed-in person of a route that is not public (the hook guarantees it). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
