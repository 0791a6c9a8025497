import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { SIGNED_UPLOAD_QUERY, UPLOADS_PREFIX, UPLOAD_KEY } from '@bo/contract/files';

/**
 * Capability URLs for stored files (decision 038): `/uploads/<key>?exp=…&u=…&sig=…` loads without
 * a cookie or a token until `exp`, as an S3 presigned URL does. `sig` is an HMAC-SHA256 over the
 * key, the expiry and the holder (the person the answer was for), with a key derived from the
 * server's secret for this use only; the route still asks whether the holder may read the file.
 */

/** FILE_URL_TTL_HOURS when it is not set. */
export const DEFAULT_FILE_URL_TTL_HOURS = 12;

const HOUR = 3600;

/** What a signed URL's query says, once checked. */
export type SignatureCheck =
  { ok: true; holder: string; exp: number } | { ok: false; reason: 'expired' | 'invalid' };

export interface SignedQuery {
  exp?: string;
  u?: string;
  sig?: string;
}

export class UploadUrlSigner {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly ttlHours: number = DEFAULT_FILE_URL_TTL_HOURS,
  ) {
    // A key of its own: a URL's signature says nothing about the secret the sessions are signed
    // with, and no other HMAC of the product can be replayed as one.
    this.key = Buffer.from(hkdfSync('sha256', secret, 'bo-upload-urls', 'upload url v1', 32));
  }

  /**
   * The expiry of URLs signed at `nowMs`: the end of the current hour plus the TTL, so the same
   * picture keeps the same URL for an hour (browsers keep it) and a URL lives at least the TTL.
   */
  expiry(nowMs: number = Date.now()): number {
    return (Math.floor(nowMs / 1000 / HOUR) + 1 + this.ttlHours) * HOUR;
  }

  signature(key: string, exp: number, holder: string): string {
    return createHmac('sha256', this.key).update(`${key}\n${exp}\n${holder}`).digest('base64url');
  }

  /** The query that makes `/uploads/<key>` loadable for `holder` until `exp`. */
  query(key: string, holder: string, exp: number = this.expiry()): string {
    return `?exp=${exp}&u=${holder}&sig=${this.signature(key, exp, holder)}`;
  }

  /** A signed URL's query checked for `key`: null when it carries none at all. */
  check(key: string, query: SignedQuery, nowMs: number = Date.now()): SignatureCheck | null {
    const { exp, u, sig } = query;
    if (exp === undefined && u === undefined && sig === undefined) return null;
    const parsed = SIGNED_UPLOAD_QUERY.exec(`?exp=${exp ?? ''}&u=${u ?? ''}&sig=${sig ?? ''}`);
    if (!parsed || parsed.index !== 0 || !UPLOAD_KEY.test(key))
      return { ok: false, reason: 'invalid' };
    const [, expText, holder, signature] = parsed as unknown as [string, string, string, string];
    const expires = Number(expText);
    const expected = Buffer.from(this.signature(key, expires, holder));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return { ok: false, reason: 'invalid' };
    // Checked after the signature: a forged URL learns nothing from the answer's reason.
    if (expires * 1000 <= nowMs) return { ok: false, reason: 'expired' };
    return { ok: true, holder, exp: expires };
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const KEY = UPLOAD_KEY.source.slice(1, -1);

/**
 * Every upload URL of a JSON answer's text signed for `holder`: a string value that is exactly
 * `/uploads/<key>` (or `<base>/uploads/<key>`) gains the query. Works on the text, after the read
 * cache, so a kept answer shared by a role is signed anew for each person it goes to. A string
 * value opens after `:`, `,` or `[`; inside a string a quote is escaped, so rich text (HTML with
 * `src="/uploads/…"`) and longer strings are left as they are.
 */
export function signUploadUrls(
  text: string,
  signer: UploadUrlSigner,
  holder: string,
  base: string,
  nowMs: number = Date.now(),
): string {
  if (!text.includes(UPLOADS_PREFIX)) return text;
  const exp = signer.expiry(nowMs);
  const prefix = base ? `(?:${escapeRegExp(base)})?` : '';
  const pattern = new RegExp(
    // Not followed by `:`: a property name is no URL.
    `([:,\\[]\\s*)"(${prefix}${escapeRegExp(UPLOADS_PREFIX)})(${KEY})"(?!\\s*:)`,
    'g',
  );
  return text.replace(
    pattern,
    (_all, before: string, path: string, key: string) =>
      `${before}"${path}${key}${signer.query(key, holder, exp)}"`,
  );
}

/**
 * A body's value as it is kept: one of our signed upload URLs (relative, or absolute under
 * `base`) becomes the stored `/uploads/<key>`; anything else is returned as it is. The signature
 * is not checked: the stored URL opens nothing by itself (the record holding the key decides).
 */
export function storedUploadUrls(value: unknown, base: string): unknown {
  if (typeof value === 'string') return storedUploadUrl(value, base);
  if (Array.isArray(value)) return value.map((item) => storedUploadUrls(item, base));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = storedUploadUrls(item, base);
    return out;
  }
  return value;
}

/** One string as it is kept (see storedUploadUrls); `base` is PUBLIC_URL without its last `/`. */
export function storedUploadUrl(value: string, base = ''): string {
  let path = value;
  if (base && path.startsWith(`${base}${UPLOADS_PREFIX}`)) path = path.slice(base.length);
  if (!path.startsWith(UPLOADS_PREFIX)) return value;
  const query = SIGNED_UPLOAD_QUERY.exec(path);
  if (!query) return value;
  const key = path.slice(UPLOADS_PREFIX.length, query.index);
  return UPLOAD_KEY.test(key) ? `${UPLOADS_PREFIX}${key}` : value;
}
