import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { SignJWT, jwtVerify, errors } from 'jose';
import { LruCache } from './lru.js';

export interface TokenClaims {
  sub: string;
  sid: string;
  exp: number;
}

const ALG = 'HS256';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The second step of a two-factor sign-in must happen within this. */
export const MFA_TOKEN_TTL_SECONDS = 5 * 60;

export class TokenService {
  /** Imported once: handing jose raw bytes imports the key again on every call. */
  private readonly key: Promise<CryptoKey>;
  /**
   * Tokens whose signature was already checked, with their claims: the same string carries the
   * same signature, so only the expiry is checked again. Whether the session still exists is
   * the auth hook's business, on every request.
   */
  private readonly verified = new LruCache<TokenClaims & { size: number }>(20_000, 16 << 20);

  constructor(
    secret: string,
    readonly ttlSeconds: number,
  ) {
    this.key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async sign(userId: string, sessionId: string, expiresAt: Date): Promise<string> {
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(await this.key);
  }

  /** A short-lived token proving the password was right, for the two-factor step only. */
  async signMfa(userId: string): Promise<string> {
    return new SignJWT({ pur: 'mfa' })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + MFA_TOKEN_TTL_SECONDS)
      .sign(await this.key);
  }

  /** The person an unexpired two-factor token names, or null. */
  async verifyMfa(token: string): Promise<string | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: [ALG] });
      return payload.pur === 'mfa' && typeof payload.sub === 'string' && UUID.test(payload.sub)
        ? payload.sub
        : null;
    } catch {
      return null;
    }
  }

  /** Returns the claims, or a reason the token is refused. Only HS256 is accepted. */
  async verify(token: string): Promise<TokenClaims | 'expired' | 'invalid'> {
    const known = this.verified.get(token);
    if (known) return known.exp * 1000 > Date.now() ? known : 'expired';
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: [ALG] });
      // A session id that is not a UUID never names a session (and must not reach SQL as one);
      // a token for another purpose (the two-factor step) is not an access token.
      if (
        typeof payload.sub !== 'string' ||
        !UUID.test(payload.sub) ||
        typeof payload.sid !== 'string' ||
        !UUID.test(payload.sid) ||
        payload.pur !== undefined ||
        !payload.exp
      ) {
        return 'invalid';
      }
      const claims = { sub: payload.sub, sid: payload.sid, exp: payload.exp };
      this.verified.set(token, { ...claims, size: token.length * 2 + 200 });
      return claims;
    } catch (err) {
      return err instanceof errors.JWTExpired ? 'expired' : 'invalid';
    }
  }
}

/** JWT_SECRET when given, else one generated once and kept in DATA_DIR (mode 600). */
export function resolveJwtSecret(explicit: string | undefined, dataDir: string): string {
  if (explicit) return explicit;
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
