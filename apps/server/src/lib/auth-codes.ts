/**
 * Single-use codes mailed to a person: to verify an address, to reset (or first set) a password,
 * to confirm a new email. The person asks for them (account) or an administrator has one sent
 * (users, creating someone without a password): one machinery for both. Stored as an HMAC, so
 * the table never holds a usable code.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { authCodes } from '../db/schema/core.js';
import type { Services } from '../plugins/services.js';

export const CODE_TTL_MINUTES = 15;
export const CODE_MAX_ATTEMPTS = 5;
/** `email` confirms a new address (PATCH my-account, then confirm-email). */
export type CodePurpose = 'verify' | 'reset' | 'email';

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
