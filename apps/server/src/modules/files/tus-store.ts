import { Readable } from 'node:stream';
import { and, eq, lt, sql } from 'drizzle-orm';
import { DataStore, ERRORS, Upload } from '@tus/utils';
import { ERROR_CODES } from '@bo/contract/errors';
import { RESUMABLE_UPLOADS } from '@bo/contract/files';
import type { Executor } from '../../db/client.js';
import { fileUploads } from '../../db/schema/index.js';
import { HttpError } from '../../lib/http-error.js';
import type { Storage } from '../../lib/storage/index.js';

const EXPIRE_MS = RESUMABLE_UPLOADS.expireAfterHours * 3600_000;

/** The storage key of the piece of upload `id` that starts at `offset` (never an /uploads key). */
const partKey = (id: string, offset: number) => `.tus-${id}-${offset}`;

interface PartsStoreOptions {
  db: Executor;
  storage: Storage;
  /** The largest upload allowed: what a deferred length holds against the quota. */
  maxBytes: number;
  /** The person whose request is being handled. */
  ownerOf: () => string;
  /** The upload the request being handled has just completed, if any. */
  finishedNow: () => { id: string; size: number } | undefined;
  /** Throws 413 when `extra` more bytes would not fit in the owner's quota. */
  assertQuota: (tx: Executor, ownerId: string, extra: number) => Promise<void>;
}

/**
 * The tus protocol's store, on the one storage layer: each PATCH's bytes become one object (on
 * the disk, or in S3 when S3_BUCKET is set), and the upload's row holds the offset and the list
 * of pieces. The offset moves only by a conditional update, so two instances cannot both append
 * at the same place, and any instance can take the next piece: no sticky sessions. Once whole,
 * the pieces are read back in order as one stream (see `pieces`).
 */
export class PartsStore extends DataStore {
  constructor(private readonly options: PartsStoreOptions) {
    super();
    this.extensions = [
      'creation',
      'creation-with-upload',
      'creation-defer-length',
      'termination',
      'expiration',
    ];
  }

  override async create(upload: Upload): Promise<Upload> {
    const { db, maxBytes, ownerOf, assertQuota } = this.options;
    const ownerId = ownerOf();
    await this.sweep(ownerId);
    const created = new Date();
    await db.transaction(async (tx) => {
      // One at a time per person, so the count and the quota below hold for concurrent requests.
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(hashtext('file_uploads'), hashtext(${ownerId}))`,
      );
      const [open] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(fileUploads)
        .where(eq(fileUploads.ownerId, ownerId));
      if ((open?.count ?? 0) >= RESUMABLE_UPLOADS.openPerPerson) {
        const message = 'Too many unfinished uploads: finish or cancel one first';
        throw new HttpError(429, ERROR_CODES.rateLimited, message, [
          {
            field: 'file',
            code: 'too_many_uploads',
            message,
            params: { maximum: RESUMABLE_UPLOADS.openPerPerson },
          },
        ]);
      }
      await assertQuota(tx, ownerId, upload.size ?? maxBytes);
      await tx.insert(fileUploads).values({
        id: upload.id,
        ownerId,
        length: upload.size ?? null,
        metadata: upload.metadata ?? {},
        createdAt: created,
        expiresAt: new Date(created.getTime() + EXPIRE_MS),
      });
    });
    upload.creation_date = created.toISOString();
    return upload;
  }

  /** The caller's own upload, or tus's 404 (another person's id is not found, not forbidden). */
  private async row(id: string) {
    const [row] = await this.options.db
      .select()
      .from(fileUploads)
      .where(and(eq(fileUploads.id, id), eq(fileUploads.ownerId, this.options.ownerOf())));
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return row;
  }

  override async getUpload(id: string): Promise<Upload> {
    const finished = this.options.finishedNow();
    if (finished?.id === id) return new Upload({ id, size: finished.size, offset: finished.size });
    const row = await this.row(id);
    return new Upload({
      id: row.id,
      size: row.length ?? undefined,
      offset: row.offset,
      metadata: row.metadata,
      creation_date: row.createdAt.toISOString(),
    });
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const row = await this.row(id);
    if (row.offset !== offset) throw ERRORS.INVALID_OFFSET;
    const room = (row.length ?? this.options.maxBytes) - offset;
    let received = 0;
    let tooMuch = false;
    // A connection that drops keeps what arrived, as the protocol expects: the client asks for
    // the offset and sends the rest.
    async function* counted() {
      try {
        for await (const chunk of stream) {
          const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
          if (received + bytes.length > room) {
            tooMuch = true;
            return;
          }
          received += bytes.length;
          yield bytes;
        }
      } catch {
        // aborted: what arrived so far is kept
      }
    }
    const key = partKey(id, offset);
    await this.options.storage.putStream(
      key,
      Readable.from(counted(), { objectMode: false }),
      'application/octet-stream',
    );
    if (tooMuch || received === 0) {
      await this.options.storage.remove(key).catch(() => undefined);
      if (tooMuch) throw ERRORS.ERR_SIZE_EXCEEDED;
      return offset;
    }
    const moved = await this.options.db
      .update(fileUploads)
      .set({
        offset: sql`${fileUploads.offset} + ${received}`,
        parts: sql`${fileUploads.parts} || jsonb_build_array(${key}::text)`,
      })
      .where(and(eq(fileUploads.id, id), eq(fileUploads.offset, offset)))
      .returning({ offset: fileUploads.offset });
    if (!moved.length) {
      // Another request appended here first (on this instance or another): this piece goes.
      await this.options.storage.remove(key).catch(() => undefined);
      throw ERRORS.INVALID_OFFSET;
    }
    return moved[0]!.offset;
  }

  override async declareUploadLength(id: string, length: number): Promise<void> {
    await this.row(id);
    await this.options.db
      .update(fileUploads)
      .set({ length })
      .where(and(eq(fileUploads.id, id), sql`${fileUploads.length} IS NULL`));
  }

  /** Cancelled by its owner (tus termination): the row and every piece go. */
  override async remove(id: string): Promise<void> {
    const parts = await this.take(id);
    if (!parts) throw ERRORS.FILE_NOT_FOUND;
    await this.removeParts(parts);
  }

  /**
   * Ends the caller's upload `id`: its row goes (and with it the quota it held), and its pieces
   * are returned for reading; null when there is no such upload of theirs.
   */
  async take(id: string): Promise<string[] | null> {
    const [row] = await this.options.db
      .delete(fileUploads)
      .where(and(eq(fileUploads.id, id), eq(fileUploads.ownerId, this.options.ownerOf())))
      .returning({ parts: fileUploads.parts });
    return row ? row.parts : null;
  }

  /** The pieces read back in order, as one stream of bytes. */
  pieces(parts: string[]): Readable {
    const storage = this.options.storage;
    async function* all() {
      for (const key of parts) yield* await storage.open(key);
    }
    return Readable.from(all(), { objectMode: false });
  }

  async removeParts(parts: string[]): Promise<void> {
    for (const key of parts) await this.options.storage.remove(key).catch(() => undefined);
  }

  override getExpiration(): number {
    return EXPIRE_MS;
  }

  override async deleteExpired(): Promise<number> {
    return this.sweep();
  }

  /** Removes this owner's expired uploads (or everyone's) and their pieces; how many went. */
  sweep(ownerId?: string): Promise<number> {
    return sweepExpiredUploads(this.options.db, this.options.storage, ownerId);
  }
}

/** Removes expired unfinished uploads (of one owner, or all) and their pieces; how many went. */
export async function sweepExpiredUploads(
  db: Executor,
  storage: Storage,
  ownerId?: string,
): Promise<number> {
  const now = new Date();
  const gone = await db
    .delete(fileUploads)
    .where(
      ownerId
        ? and(eq(fileUploads.ownerId, ownerId), lt(fileUploads.expiresAt, now))
        : lt(fileUploads.expiresAt, now),
    )
    .returning({ parts: fileUploads.parts });
  for (const row of gone)
    for (const key of row.parts) await storage.remove(key).catch(() => undefined);
  return gone.length;
}
