/**
 * The single sign-on tables (decision 029): the round trips under way, the one-time codes that
 * hand a finished one to the SPA, the provider identities of people, and the administrator's
 * claim → role table.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { roles, users } from '../../db/schema/core.js';
import { ssoHandoffs, ssoIdentities, ssoRoleMappings, ssoStates } from '../../db/schema/sso.js';
import type { SsoMapping } from '@bo/contract/sso';

/** How long a round trip to the provider may take. */
export const STATE_TTL_SECONDS = 10 * 60;
/** How long the SPA has to exchange its one-time code. */
export const HANDOFF_TTL_SECONDS = 60;

export const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
export const randomToken = () => randomBytes(32).toString('base64url');

export async function saveState(
  db: Executor,
  row: { state: string; provider: string; nonce: string; codeVerifier: string; returnTo?: string },
): Promise<void> {
  // Old rows go as new ones come: the table stays as small as the sign-ins under way.
  await db
    .delete(ssoStates)
    .where(lt(ssoStates.expiresAt, new Date(Date.now() - STATE_TTL_SECONDS * 1000)));
  await db.insert(ssoStates).values({
    stateHash: sha256(row.state),
    provider: row.provider,
    nonce: row.nonce,
    codeVerifier: row.codeVerifier,
    returnTo: row.returnTo ?? null,
    expiresAt: new Date(Date.now() + STATE_TTL_SECONDS * 1000),
  });
}

/** Uses the state once: the row of an unexpired, unused state of this provider, else null. */
export async function takeState(db: Executor, state: string, provider: string) {
  const [row] = await db
    .update(ssoStates)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(ssoStates.stateHash, sha256(state)),
        eq(ssoStates.provider, provider),
        isNull(ssoStates.usedAt),
        gt(ssoStates.expiresAt, new Date()),
      ),
    )
    .returning();
  return row ?? null;
}

/** A one-time code for the SPA naming the signed-in person. */
export async function issueHandoff(db: Executor, userId: string, provider: string) {
  const code = randomToken();
  await db
    .delete(ssoHandoffs)
    .where(
      or(
        lt(ssoHandoffs.expiresAt, new Date()),
        and(eq(ssoHandoffs.userId, userId), sql`${ssoHandoffs.usedAt} IS NOT NULL`),
      ),
    );
  await db.insert(ssoHandoffs).values({
    codeHash: sha256(code),
    userId,
    provider,
    expiresAt: new Date(Date.now() + HANDOFF_TTL_SECONDS * 1000),
  });
  return code;
}

/** Uses a one-time code once: who it names and through which provider, else null. */
export async function takeHandoff(db: Executor, code: string) {
  const [row] = await db
    .update(ssoHandoffs)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(ssoHandoffs.codeHash, sha256(code)),
        isNull(ssoHandoffs.usedAt),
        gt(ssoHandoffs.expiresAt, new Date()),
      ),
    )
    .returning({ userId: ssoHandoffs.userId, provider: ssoHandoffs.provider });
  return row ?? null;
}

/** The person a provider's subject signed in as before. */
export async function personOfIdentity(db: Executor, provider: string, subject: string) {
  const [row] = await db
    .select({ user: users })
    .from(ssoIdentities)
    .innerJoin(users, eq(users.id, ssoIdentities.userId))
    .where(and(eq(ssoIdentities.provider, provider), eq(ssoIdentities.subject, subject)));
  return row?.user ?? null;
}

export async function linkIdentity(
  db: Executor,
  provider: string,
  subject: string,
  userId: string,
): Promise<void> {
  await db
    .insert(ssoIdentities)
    .values({ provider, subject, userId })
    .onConflictDoUpdate({
      target: [ssoIdentities.provider, ssoIdentities.subject],
      set: { lastSignInAt: new Date() },
    });
}

/** The claim values given, as a list of strings (a claim may be a string or an array). */
export function claimValues(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.filter((v): v is string => typeof v === 'string' && v.length > 0).slice(0, 200);
}

/** The role of the first mapping row (in the administrator's order) matching a claim value. */
export async function mappedRole(
  db: Executor,
  provider: string,
  values: string[],
): Promise<string | null> {
  if (!values.length) return null;
  const [row] = await db
    .select({ role: ssoRoleMappings.role })
    .from(ssoRoleMappings)
    .where(and(eq(ssoRoleMappings.provider, provider), inArray(ssoRoleMappings.claimValue, values)))
    .orderBy(asc(ssoRoleMappings.position))
    .limit(1);
  return row?.role ?? null;
}

export async function roleExists(db: Executor, name: string): Promise<boolean> {
  const [row] = await db.select({ name: roles.name }).from(roles).where(eq(roles.name, name));
  return Boolean(row);
}

export async function listMappings(db: Executor): Promise<SsoMapping[]> {
  return db
    .select({
      provider: ssoRoleMappings.provider,
      claimValue: ssoRoleMappings.claimValue,
      role: ssoRoleMappings.role,
    })
    .from(ssoRoleMappings)
    .orderBy(asc(ssoRoleMappings.position), asc(ssoRoleMappings.provider));
}

/** Replaces the whole table, keeping the order given. */
export async function replaceMappings(db: Executor, mappings: SsoMapping[]): Promise<void> {
  await db.delete(ssoRoleMappings);
  if (mappings.length)
    await db
      .insert(ssoRoleMappings)
      .values(mappings.map((m, position) => ({ ...m, position, updatedAt: new Date() })));
}
