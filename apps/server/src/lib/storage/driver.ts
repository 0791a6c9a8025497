import type { Readable } from 'node:stream';

/** A byte range, both ends included (as HTTP's `Range: bytes=start-end`). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where bytes live. Two drivers implement it: the disk under DATA_DIR/uploads and S3-compatible
 * object storage. Everything streams: no driver holds a whole file in memory.
 */
export interface StorageDriver {
  readonly name: 'disk' | 's3';
  /** Writes the stream under `key`; the key is visible only once every byte is stored. */
  put(key: string, body: Readable, contentType: string): Promise<void>;
  /** The bytes (or a range of them); throws StorageMissing when there is no such key. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** The stored size, or null when there is no such key. */
  stat(key: string): Promise<{ size: number } | null>;
  delete(key: string): Promise<void>;
  copy(from: string, to: string): Promise<void>;
  /** Every stored object with its size, in no particular order (backups). */
  list(): AsyncIterable<{ key: string; size: number }>;
  close?(): Promise<void>;
}

export class StorageMissing extends Error {
  constructor(key: string) {
    super(`no stored object ${key}`);
  }
}
