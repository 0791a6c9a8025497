import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { SignJWT, jwtVerify, errors } from 'jose';

export interface TokenClaims {
  sub: string;
  sid: string;
  exp: number;
}

const ALG = 'HS256';

export class TokenService {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(userId: string, sessionId: string, expiresAt: Date): Promise<string> {
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  /** Returns the claims, or a reason the token is refused. Only HS256 is accepted. */
  async verify(token: string): Promise<TokenClaims | 'expired' | 'invalid'> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: [ALG] });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || !payload.exp) {
        return 'invalid';
      }
      return { sub: payload.sub, sid: payload.sid, exp: payload.exp };
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
