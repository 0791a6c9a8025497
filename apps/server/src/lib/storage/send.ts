import type { FastifyReply } from 'fastify';
import { notFound } from '../http-error.js';
import type { Storage } from './index.js';

/** Pictures a browser may show inline; everything else is a download. */
const INLINE_RASTER = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/**
 * The policy every stored file is served under: whatever it holds, it runs no script and loads
 * nothing from elsewhere, even when a browser is tricked into rendering it.
 */
export const SANDBOX =
  "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/** `attachment; filename="…"; filename*=UTF-8''…`: any name, safely quoted. */
export function disposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Sends a stored attachment of a section (mail, chat) after its route has checked who may read
 * it: typed as stored, never sniffed, sandboxed, pictures inline unless `download`, and kept by
 * no browser or proxy (`no-store`, as every API answer: the next reader may be someone else).
 */
export async function sendStoredAttachment(
  storage: Storage,
  reply: FastifyReply,
  file: { name: string; mime: string; storageKey: string },
  download: boolean,
) {
  const info = await storage.stat(file.storageKey);
  if (!info) throw notFound('Attachment');
  const inline = INLINE_RASTER.has(file.mime) && !download;
  reply
    .header('content-type', file.mime)
    .header('content-length', info.size)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', SANDBOX)
    .header('content-disposition', disposition(inline ? 'inline' : 'attachment', file.name));
  return reply.send(await storage.open(file.storageKey));
}
