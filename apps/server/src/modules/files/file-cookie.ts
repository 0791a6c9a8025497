import type { FastifyReply, FastifyRequest } from 'fastify';
import { UPLOADS_PREFIX } from '@bo/contract/files';

/**
 * The access token again, as an HttpOnly cookie limited to the uploads path: pictures in <img>
 * cannot send the bearer header, and the token in the page's storage never becomes readable by
 * a cookie-reading script. Set at every sign-in, cleared at sign-out.
 */
export const FILE_COOKIE = 'bo_files';

export function setFileCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeSeconds: number,
) {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${FILE_COOKIE}=${token}; Path=${UPLOADS_PREFIX}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`,
  );
}

export function clearFileCookie(reply: FastifyReply) {
  reply.header(
    'set-cookie',
    `${FILE_COOKIE}=; Path=${UPLOADS_PREFIX}; Max-Age=0; HttpOnly; SameSite=Strict`,
  );
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}
