import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Executor } from '../../db/client.js';
import { recoveryCodes, users } from '../../db/schema/core.js';

/** RFC 6238 with the parameters every authenticator app understands. */
const PERIOD = 30;
const DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'Back-office';

const totpFor = (secret: string, label: string) =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI and its QR code as SVG, drawn here: no image service is called. */
export async function enrolment(secret: string, email: string) {
  const uri = totpFor(secret, email).toString();
  const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUri: uri, qrSvg };
}

/** The 30-second step the code belongs to (one step of drift either way), or null. */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpFor(secret, '').validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / PERIOD) + delta;
}

/**
 * Accepts a TOTP code once: the step is recorded in the same statement that checks it was not
 * used, so the same code (or an older one) replayed, even concurrently, is refused.
 */
export async function consumeTotp(
  db: Executor,
  userId: string,
  secret: string,
  code: string,
): Promise<boolean> {
  const step = totpStep(secret, code);
  if (step === null) return false;
  const updated = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(users.id, userId),
        sql`(${users.totpLastStep} IS NULL OR ${users.totpLastStep} < ${step})`,
      ),
    )
    .returning({ id: users.id });
  return updated.length === 1;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `xxxxx-xxxxx` from an alphabet without look-alikes; typed with or without the dash. */
function recoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

const normalise = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const hashRecovery = (secret: string, userId: string, code: string) =>
  createHmac('sha256', secret)
    .update(`recovery:${userId}:${normalise(code)}`)
    .digest('hex');

export const looksLikeRecoveryCode = (code: string) => /^[a-z0-9]{10}$/.test(normalise(code));

/** Ten new single-use codes; the earlier ones stop working. Answers them in clear, once. */
export async function replaceRecoveryCodes(
  db: Executor,
  secret: string,
  userId: string,
): Promise<string[]> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  await db
    .insert(recoveryCodes)
    .values(codes.map((c) => ({ userId, codeHash: hashRecovery(secret, userId, c) })));
  return codes;
}

/** Uses up a recovery code if it is one of the person's unused ones. */
export async function consumeRecoveryCode(
  db: Executor,
  secret: string,
  userId: string,
  code: string,
): Promise<boolean> {
  const given = Buffer.from(hashRecovery(secret, userId, code), 'hex');
  const rows = await db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  const match = rows.find((r) => timingSafeEqual(Buffer.from(r.codeHash, 'hex'), given));
  if (!match) return false;
  // Conditional, so two concurrent uses of one code cannot both succeed.
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.id, match.id), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

export async function recoveryCodesLeft(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}
