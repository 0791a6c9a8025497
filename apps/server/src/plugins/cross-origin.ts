import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import { UPLOADS_PREFIX } from '@bo/contract/files';

/**
 * Use of the API by a front end on another origin (a client of the template family):
 *
 * - `CORS_ORIGINS` lists the origins allowed to call with credentials, preflight included. A
 *   listed origin is echoed in `Access-Control-Allow-Origin` with
 *   `Access-Control-Allow-Credentials: true`; any other gets neither its name nor `*`. With no
 *   list, no CORS header is ever sent (the default: our own screens are same-origin).
 * - `PUBLIC_URL` makes the upload URLs of every API answer absolute (`/uploads/x.png` →
 *   `https://bo.example.com/uploads/x.png`), so a page on another origin can show pictures; the
 *   same absolute URLs sent back in a body are read as the stored relative ones.
 */
export const crossOriginPlugin = fp(
  async (app: FastifyInstance, opts: { origins: string[]; publicUrl?: string }) => {
    if (opts.origins.length) {
      const allowed = new Set(opts.origins);
      await app.register(cors, {
        origin: (origin, done) => done(null, origin !== undefined && allowed.has(origin)),
        credentials: true,
        methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
        // A list's `Link: rel="next"` (lib/unpaged.ts) is for the calling page to read.
        exposedHeaders: ['Link'],
        maxAge: 600,
        strictPreflight: true,
      });
    }

    const base = opts.publicUrl?.replace(/\/+$/, '');
    if (!base) return;
    const absolute = `${base}${UPLOADS_PREFIX}`;
    app.addHook('preSerialization', async (request, _reply, payload) =>
      request.url.startsWith('/api/') ? rewrite(payload, UPLOADS_PREFIX, absolute) : payload,
    );
    app.addHook('preValidation', async (request) => {
      if (request.body && typeof request.body === 'object') {
        request.body = rewrite(request.body, absolute, UPLOADS_PREFIX);
      }
    });
  },
  { name: 'cross-origin' },
);

/** A copy of `value` with every string that starts with `from` starting with `to` instead. */
export function rewrite(value: unknown, from: string, to: string): unknown {
  if (typeof value === 'string')
    return value.startsWith(from) ? to + value.slice(from.length) : value;
  if (Array.isArray(value)) return value.map((item) => rewrite(item, from, to));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = rewrite(item, from, to);
    return out;
  }
  return value;
}
