import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { UPLOADS_PREFIX } from '@bo/contract/files';
import { UploadUrlSigner, signUploadUrls, storedUploadUrls } from '../lib/capability-urls.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs and checks the capability URLs of stored files (decision 038). */
    uploadUrls: UploadUrlSigner;
  }
}

/**
 * Every upload URL of an API answer to a signed-in person becomes a capability URL for them
 * (decision 038): `/uploads/<key>?exp=…&u=<their id>&sig=…`, absolute under PUBLIC_URL, which an
 * <img> on any origin loads without a cookie or a token. Only what the person was allowed to read
 * reaches them, so signing the answer for its reader hands out nothing more.
 *
 * Signed in onSend, after the read cache kept the plain answer (registered after it): a kept
 * answer that a role shares is signed for each reader. Answers to API tokens and anonymous ones
 * keep plain URLs (/uploads refuses API tokens; the public pages show no stored file).
 * A body's signed URL is read back as the stored `/uploads/<key>`, so no form saves a signature.
 */
export const capabilityUrlsPlugin = fp(
  async (app: FastifyInstance, opts: { secret: string; ttlHours?: number; publicUrl?: string }) => {
    const signer = new UploadUrlSigner(opts.secret, opts.ttlHours);
    const base = opts.publicUrl?.replace(/\/+$/, '') ?? '';
    app.decorate('uploadUrls', signer);

    app.addHook('preValidation', async (request) => {
      if (request.body && typeof request.body === 'object') {
        request.body = storedUploadUrls(request.body, base);
      }
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const auth = request.auth;
      if (!auth || auth.tokenId || !request.url.startsWith('/api/')) return payload;
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      // Already encoded bytes cannot be read; the read cache keeps no such copy of these answers.
      if (reply.hasHeader('content-encoding')) return payload;
      if (!String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
      const text = typeof payload === 'string' ? payload : payload.toString('utf8');
      const signed = signUploadUrls(text, signer, auth.userId, base);
      return signed === text ? payload : signed;
    });
  },
  { name: 'capability-urls', dependencies: ['auth', 'read-cache'] },
);

/** Whether an answer's text may hold upload URLs to sign per reader (the read cache asks). */
export const holdsUploadUrls = (body: Buffer) => body.includes(UPLOADS_PREFIX);
