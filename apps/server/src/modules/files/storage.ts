import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DOCUMENT_MIME_TYPES, IMAGE_MIME_TYPES, UPLOADS_PREFIX } from '@bo/contract/files';
import { HttpError } from '../../lib/http-error.js';
import { ERROR_CODES } from '@bo/contract/errors';

const EXT: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'application/zip': 'zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
};

/** The type is read from the bytes, never trusted from the browser's claim. */
export function sniffMime(bytes: Buffer, claimed: string): string | undefined {
  const b = bytes;
  if (
    b.length >= 8 &&
    b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (
    b.length >= 6 &&
    (b.toString('ascii', 0, 6) === 'GIF87a' || b.toString('ascii', 0, 6) === 'GIF89a')
  )
    return 'image/gif';
  if (
    b.length >= 12 &&
    b.toString('ascii', 0, 4) === 'RIFF' &&
    b.toString('ascii', 8, 12) === 'WEBP'
  )
    return 'image/webp';
  if (b.length >= 5 && b.toString('ascii', 0, 5) === '%PDF-') return 'application/pdf';
  if (b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04) {
    // Office documents are zip containers; keep the claimed office type when it is one.
    return (DOCUMENT_MIME_TYPES as readonly string[]).includes(claimed) &&
      claimed !== 'application/pdf'
      ? claimed
      : 'application/zip';
  }
  if ((claimed === 'text/plain' || claimed === 'text/csv') && !b.includes(0)) return claimed;
  return undefined;
}

export interface StoreOptions {
  /** Accept images only (avatars, product pictures). */
  imagesOnly?: boolean;
}

export class FileStorage {
  constructor(private readonly root: string) {}

  get dir(): string {
    return this.root;
  }

  async save(
    bytes: Buffer,
    claimed: string,
    options: StoreOptions = {},
  ): Promise<{ key: string; mime: string }> {
    const mime = sniffMime(bytes, claimed);
    const allowed: readonly string[] = options.imagesOnly
      ? IMAGE_MIME_TYPES
      : [...IMAGE_MIME_TYPES, ...DOCUMENT_MIME_TYPES];
    if (!mime || !allowed.includes(mime)) {
      throw new HttpError(
        415,
        ERROR_CODES.unsupportedMedia,
        options.imagesOnly
          ? 'Only PNG, JPEG, GIF or WebP images are accepted'
          : 'This file type is not accepted',
        [{ field: 'file', code: 'file_type', message: 'This file type is not accepted' }],
      );
    }
    await mkdir(this.root, { recursive: true });
    const key = `${randomUUID()}.${EXT[mime]}`;
    await writeFile(path.join(this.root, key), bytes);
    return { key, mime };
  }

  async remove(key: string): Promise<void> {
    await rm(path.join(this.root, path.basename(key)), { force: true });
  }

  url(key: string): string {
    return `${UPLOADS_PREFIX}${key}`;
  }
}
