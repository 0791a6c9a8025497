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

  /** Returns the claims, or a reason the token is refused. Only HS256 is accepted. */
  async verify(token: string): Promise<TokenClaims | 'expired' | 'invalid'> {
    const known = this.verified.get(token);
    if (known) return known.exp * 1000 > Date.now() ? known : 'expired';
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: [ALG] });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || !payload.exp) {
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
