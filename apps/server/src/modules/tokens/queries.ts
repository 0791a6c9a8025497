import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, type SQL } from 'drizzle-orm';
import { API_TOKEN_PREFIX, type ApiToken } from '@bo/contract/tokens';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/core.js';
import { apiTokens } from '../../db/schema/tokens.js';
import { sessions } from '../../db/schema/core.js';
import { hashApiToken } from '../../plugins/auth.js';

/** A new secret: the prefix and 32 random bytes (256 bits), base64url. */
export function newSecret(): string {
  return API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

/** How many characters of the secret are kept to tell tokens apart (`bo_` and four more). */
const SHOWN = API_TOKEN_PREFIX.length + 4;

const columns = {
  id: apiTokens.id,
  name: apiTokens.name,
  prefix: apiTokens.prefix,
  permissions: apiTokens.permissions,
  createdAt: apiTokens.createdAt,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
  ownerId: users.id,
  ownerName: users.displayName,
  ownerEmail: users.email,
};

type Row = {
  id: string;
  name: string;
  prefix: string;
  permissions: string[];
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  ownerId: string | null;
  ownerName: string | null;
  ownerEmail: string | null;
};

function view(r: Row): ApiToken {
  return {
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    permissions: r.permissions,
    owner: r.ownerId ? { id: r.ownerId, name: r.ownerName ?? '', email: r.ownerEmail ?? '' } : null,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt?.toISOString() ?? null,
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  };
}

/** Tokens not revoked (expired ones included: the list says so), newest first. */
export async function listTokens(db: Executor, ownerId?: string): Promise<ApiToken[]> {
  const where: SQL[] = [isNull(apiTokens.revokedAt)];
  if (ownerId) where.push(eq(apiTokens.userId, ownerId));
  const rows = await db
    .select(columns)
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.userId))
    .where(and(...where))
    .orderBy(desc(apiTokens.createdAt))
    .limit(500);
  return rows.map(view);
}

export async function createToken(
  db: Executor,
  input: {
    ownerId: string | null;
    createdBy: string | null;
    name: string;
    permissions: string[];
    expiresAt: Date | null;
  },
): Promise<{ token: ApiToken; secret: string }> {
  const secret = newSecret();
  const [created] = await db
    .insert(apiTokens)
    .values({
      userId: input.ownerId,
      createdBy: input.createdBy,
      name: input.name,
      prefix: secret.slice(0, SHOWN),
      tokenHash: hashApiToken(secret),
      permissions: [...new Set(input.permissions)],
      expiresAt: input.expiresAt,
    })
    .returning({ id: apiTokens.id });
  const [row] = await db
    .select(columns)
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.id, created!.id));
  return { token: view(row!), secret };
}

/** Revokes a token not yet revoked (one's own when `ownerId` is given); its row, or undefined. */
export async function revokeToken(
  db: Executor,
  id: string,
  ownerId?: string,
): Promise<{ id: string; name: string; userId: string | null } | undefined> {
  const where: SQL[] = [eq(apiTokens.id, id), isNull(apiTokens.revokedAt)];
  if (ownerId) where.push(eq(apiTokens.userId, ownerId));
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(...where))
    .returning({ id: apiTokens.id, name: apiTokens.name, userId: apiTokens.userId });
  return row;
}

/** A person's sessions that still work, most recently seen first. */
export async function activeSessions(db: Executor, userId: string) {
  const rows = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt))
    .limit(200);
  return rows.map((s) => ({
    id: s.id,
    userAgent: s.userAgent,
    ip: s.ip,
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: s.lastSeenAt.toISOString(),
  }));
}

export async function endSession(db: Executor, userId: string, sessionId: string) {
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return row;
}
