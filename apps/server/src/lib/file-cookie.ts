import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The access token again, as an HttpOnly cookie read only by the routes that serve stored bytes
 * (`cookieAuth`): an <img> or <video> cannot send the bearer header, and the token never becomes
 * readable by a cookie-reading script. SameSite=Strict: no other site's page sends it. Set at
 * every sign-in, cleared at sign-out.
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
    `${FILE_COOKIE}=${token}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`,
  );
}

export function clearFileCookie(reply: FastifyReply) {
  reply.header('set-cookie', `${FILE_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict`);
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}
