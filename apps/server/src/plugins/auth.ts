import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { FILE_COOKIE, readCookie } from '../lib/file-cookie.js';
import { ERROR_CODES } from '@bo/contract/errors';
import { routeAccess } from '@bo/contract/access';
import { API } from '@bo/contract/api-paths';
import { effectivePermissions, type Limitation } from '../lib/access.js';
import type { Permission } from '@bo/contract/roles';
import { LruCache } from '../lib/lru.js';
import { HttpError, forbidden, unauthorized } from '../lib/http-error.js';

export interface AuthContext {
  userId: string;
  sessionId: string;
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
                u.email_verified, (u.totp_enabled_at IS NOT NULL) AS totp_on
           FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1`,
        [sid],
      );
      const row = rows[0];
      if (caching && row) sessionCache.set(sid, { row, stamp, size: 256 });
      return row;
    }

    async function authenticate(request: FastifyRequest, token: string): Promise<AuthContext> {
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
        await permissions.of(row.role),
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
    app.decorate('authenticateToken', authenticate);

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
