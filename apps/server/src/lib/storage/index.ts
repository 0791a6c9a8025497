import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ERROR_CODES } from '@bo/contract/errors';
import { UPLOADS_PREFIX } from '@bo/contract/files';
import { HttpError } from '../http-error.js';
import type { AppConfig } from '../../config.js';
import { DiskDriver } from './disk.js';
import type { ByteRange, StorageDriver } from './driver.js';
import { SNIFF_BYTES, detectType, extensionOf } from './sniff.js';

export { StorageMissing, type ByteRange, type StorageDriver } from './driver.js';
export { categoryOf, detectType, isInlineSafe } from './sniff.js';
export { cleanFileName } from './names.js';

export interface StoredObject {
  key: string;
  mime: string;
  size: number;
  /** SHA-256 of the bytes, hex. */
  checksum: string;
}

export interface SaveOptions {
  /** The file's name as the person gave it (only used to tell text formats apart). */
  name: string;
  /** What the browser claimed; trusted only between formats sharing one container. */
  claimed: string;
  /** More bytes than this and the upload stops with 413. */
  maxBytes: number;
  /** Refuse a detected type (415) before a byte is stored. */
  accept?: (mime: string) => boolean;
  /** The message of the 415, when `accept` refuses. */
  refusal?: string;
}

export const tooLarge = (maximum: number, message = 'This file is too large') =>
  new HttpError(413, ERROR_CODES.payloadTooLarge, message, [
    { field: 'file', code: 'too_large', message, params: { maximum } },
  ]);

/**
 * The one storage layer: every file of the product (avatars, product pictures, attachments,
 * the file manager) goes in and out through here, whichever driver keeps the bytes.
 */
export class Storage {
  constructor(readonly driver: StorageDriver) {}

  /**
   * Streams `source` into the store: the type is decided from the first bytes, the size is
   * counted and capped, the SHA-256 computed on the way. Nothing is left behind on refusal.
   */
  async save(
    source: AsyncIterable<Buffer> & Partial<Readable>,
    options: SaveOptions,
  ): Promise<StoredObject> {
    const iterator = source[Symbol.asyncIterator]();
    const first: Buffer[] = [];
    let headLength = 0;
    let done = false;
    while (headLength < SNIFF_BYTES) {
      const next = await iterator.next();
      if (next.done) {
        done = true;
        break;
      }
      const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
      first.push(chunk);
      headLength += chunk.length;
    }
    const head = Buffer.concat(first);
    const mime = detectType(head, options.name, options.claimed);
    if (options.accept && !options.accept(mime)) {
      // Drain what is left so the connection can answer; nothing was stored.
      if (!done) for (;;) if ((await iterator.next()).done) break;
      throw new HttpError(
        415,
        ERROR_CODES.unsupportedMedia,
        options.refusal ?? 'This file type is not accepted',
        [
          {
            field: 'file',
            code: 'file_type',
            message: options.refusal ?? 'This file type is not accepted',
          },
        ],
      );
    }
    const hash = createHash('sha256');
    let size = 0;
    const count = (chunk: Buffer) => {
      size += chunk.length;
      if (size > options.maxBytes) throw tooLarge(options.maxBytes);
      hash.update(chunk);
      return chunk;
    };
    async function* bytes() {
      yield count(head);
      if (done) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield count(Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value));
      }
    }
    const key = `${randomUUID()}.${extensionOf(mime)}`;
    try {
      await this.driver.put(key, Readable.from(bytes(), { objectMode: false }), mime);
    } catch (error) {
      await this.driver.delete(key).catch(() => undefined);
      throw error;
    }
    return { key, mime, size, checksum: hash.digest('hex') };
  }

  /** Bytes already in memory (generated files: PDFs, seed pictures). */
  async put(key: string, bytes: Buffer, mime: string): Promise<void> {
    await this.driver.put(key, Readable.from([bytes]), mime);
  }

  /** A stream under a key of the caller's (the pieces of a resumable upload), stored as it comes. */
  async putStream(key: string, body: Readable, mime: string): Promise<void> {
    try {
      await this.driver.put(key, body, mime);
    } catch (error) {
      await this.driver.delete(key).catch(() => undefined);
      throw error;
    }
  }

  open(key: string, range?: ByteRange): Promise<Readable> {
    return this.driver.get(key, range);
  }

  stat(key: string): Promise<{ size: number } | null> {
    return this.driver.stat(key);
  }

  async remove(key: string): Promise<void> {
    await this.driver.delete(key);
  }

  /** A copy under a new key (copying a file keeps two independent objects). */
  async duplicate(key: string): Promise<string> {
    const copy = `${randomUUID()}${path.extname(key)}`;
    await this.driver.copy(key, copy);
    return copy;
  }

  /** Every stored object with its size (backups). */
  list(): AsyncIterable<{ key: string; size: number }> {
    return this.driver.list();
  }

  url(key: string): string {
    return `${UPLOADS_PREFIX}${key}`;
  }

  async close(): Promise<void> {
    await this.driver.close?.();
  }
}

/** The disk under DATA_DIR/uploads, or S3 when S3_BUCKET is set (the SDK loads only then). */
export async function createStorage(config: AppConfig): Promise<Storage> {
  if (config.s3) {
    const { S3Driver } = await import('./s3.js');
    return new Storage(await S3Driver.create(config.s3));
  }
  return new Storage(new DiskDriver(path.join(config.dataDir, 'uploads')));
}
