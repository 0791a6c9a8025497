import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { authCodes, sessions, users } from '../../db/schema/core.js';
import { rows } from '../../db/rows.js';
import { fieldError } from '../../lib/http-error.js';
import { notify } from '../../lib/notify.js';
import type { Services } from '../../plugins/services.js';
import { isStrongPassword } from '../../lib/password-strength.js';

export const CODE_TTL_MINUTES = 15;
export const CODE_MAX_ATTEMPTS = 5;
/** `email` confirms a new address (users module: PATCH my-account, then confirm-email). */
export type CodePurpose = 'verify' | 'reset' | 'email';

/**
 * The server's half of the password policy (length is the contract's schema): not the email, and
 * not guessable (common passwords and their variants, repeats, sequences, keyboard walks, the
 * person's own name) — one rule for register, reset and change.
 */
export function checkPasswordPolicy(
  password: string,
  email: string,
  field = 'password',
  names: string[] = [],
): void {
  const lower = password.toLowerCase();
  if (lower === email.toLowerCase() || lower === email.split('@')[0]!.toLowerCase()) {
    throw fieldError(field, 'password_is_email', 'The password must not be your email address');
  }
  if (!isStrongPassword(password, [email, email.split('@')[0]!, ...names])) {
    throw fieldError(
      field,
      'password_common',
      'This password is too easy to guess; choose another one',
    );
  }
}

/** A unique readable handle from a name: `jane-doe`, `jane-doe-2`, … */
export async function uniqueUserSlug(db: Executor, first: string, last: string): Promise<string> {
  const base =
    `${first} ${last}`
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'user';
  const rows = await db
    .select({ slug: users.slug })
    .from(users)
    .where(sql`${users.slug} = ${base} OR ${users.slug} LIKE ${base + '-%'}`);
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

export async function createSession(
  services: Services,
  db: Executor,
  userId: string,
  request: FastifyRequest,
): Promise<{ accessToken: string; sessionId: string }> {
  const expiresAt = new Date(Date.now() + services.config.jwtTtlSeconds * 1000);
  const userAgent = request.headers['user-agent']?.slice(0, 300) ?? null;
  const session = await db.transaction(async (tx) => {
    // A sign-in from a browser this person never signed in with before (and not their first).
    const [seen] = await rows<{ before: boolean; same: boolean }>(
      tx,
      sql`SELECT EXISTS (SELECT 1 FROM sessions WHERE user_id = ${userId}) AS before,
                 EXISTS (SELECT 1 FROM sessions WHERE user_id = ${userId}
                          AND user_agent IS NOT DISTINCT FROM ${userAgent}) AS same`,
    );
    const [created] = await tx
      .insert(sessions)
      .values({ userId, expiresAt, ip: request.ip, userAgent })
      .returning({ id: sessions.id });
    if (seen?.before && !seen.same) {
      await notify(tx, {
        type: 'signin.new_device',
        to: { users: [userId] },
        title: userAgent ?? '',
        body: request.ip,
        link: '/dashboard/user/account?tab=security',
        recordId: created!.id,
      });
    }
    return created;
  });
  const accessToken = await services.tokens.sign(userId, session!.id, expiresAt);
  return { accessToken, sessionId: session!.id };
}

export async function revokeSessions(
  db: Executor,
  userId: string,
  exceptSessionId?: string,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? sql`${sessions.id} <> ${exceptSessionId}` : undefined,
      ),
    );
}

function hashCode(secret: string, userId: string, code: string): string {
  return createHmac('sha256', secret).update(`${userId}:${code}`).digest('hex');
}

/** A fresh 6-digit code; earlier unused codes of the same purpose stop working. */
export async function issueCode(
  services: Services,
  db: Executor,
  userId: string,
  purpose: CodePurpose,
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db
    .update(authCodes)
    .set({ usedAt: new Date() })
    .where(
      and(eq(authCodes.userId, userId), eq(authCodes.purpose, purpose), isNull(authCodes.usedAt)),
    );
  await db.insert(authCodes).values({
    userId,
    purpose,
    codeHash: hashCode(services.config.jwtSecret, userId, code),
    expiresAt: new Date(Date.now() + CODE_TTL_MINUTES * 60_000),
  });
  return code;
}

/** Consumes the code if it is right, unused and unexpired; counts wrong tries. */
export async function consumeCode(
  services: Services,
  db: Executor,
  userId: string,
  purpose: CodePurpose,
  code: string,
): Promise<boolean> {
  const [row] = await db
    .select()
    .from(authCodes)
    .where(
      and(eq(authCodes.userId, userId), eq(authCodes.purpose, purpose), isNull(authCodes.usedAt)),
    )
    .orderBy(sql`${authCodes.createdAt} DESC`)
    .limit(1);
  if (!row || row.expiresAt.getTime() <= Date.now() || row.attempts >= CODE_MAX_ATTEMPTS)
    return false;
  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(hashCode(services.config.jwtSecret, userId, code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    await db
      .update(authCodes)
      .set({ attempts: sql`${authCodes.attempts} + 1` })
      .where(eq(authCodes.id, row.id));
    return false;
  }
  await db.update(authCodes).set({ usedAt: new Date() }).where(eq(authCodes.id, row.id));
  return true;
}

export function codeMail(purpose: CodePurpose, code: string): { subject: string; text: string } {
  return purpose === 'verify'
    ? {
        subject: 'Your verification code',
        text: `Your verification code is ${code}. It expires in ${CODE_TTL_MINUTES} minutes.`,
      }
    : {
        subject: 'Your password reset code',
        text:
          `Your password reset code is ${code}. It expires in ${CODE_TTL_MINUTES} minutes.\n` +
          'If you did not ask for it, ignore this message: your password stays as it is.',
      };
}
