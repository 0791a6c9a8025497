import type { Readable } from 'node:stream';
import type * as ClientS3 from '@aws-sdk/client-s3';
import type * as LibStorage from '@aws-sdk/lib-storage';
import { StorageMissing, type ByteRange, type StorageDriver } from './driver.js';

export interface S3Options {
  bucket: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * S3-compatible object storage (AWS S3, MinIO, Ceph, R2…) through the AWS SDK v3. Uploads go
 * in 8 MB parts, four at a time, so memory stays flat whatever the file's size. Credentials come
 * from the SDK's usual chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, profiles, roles).
 */
type Sdk = typeof ClientS3 & typeof LibStorage;

export class S3Driver implements StorageDriver {
  readonly name = 's3' as const;
  private readonly client: ClientS3.S3Client;

  /** The SDK is loaded here, when S3 is configured, never on the disk path. */
  static async create(options: S3Options): Promise<S3Driver> {
    const [s3, storage] = await Promise.all([
      import('@aws-sdk/client-s3'),
      import('@aws-sdk/lib-storage'),
    ]);
    return new S3Driver({ ...s3, ...storage }, options);
  }

  private constructor(
    private readonly sdk: Sdk,
    private readonly options: S3Options,
  ) {
    this.client = new sdk.S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      // Checksums only where S3 demands them: servers other than AWS do not all read the
      // SDK's streamed trailing checksums. Our own SHA-256 is kept beside each file.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Readable, contentType: string): Promise<void> {
    const upload = new this.sdk.Upload({
      client: this.client,
      params: { Bucket: this.options.bucket, Key: key, Body: body, ContentType: contentType },
      partSize: 8 * 1024 * 1024,
      queueSize: 4,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const answer = await this.client.send(
        new this.sdk.GetObjectCommand({
          Bucket: this.options.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return answer.Body as Readable;
    } catch (error) {
      if (isMissing(error)) throw new StorageMissing(key);
      throw error;
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const head = await this.client.send(
        new this.sdk.HeadObjectCommand({ Bucket: this.options.bucket, Key: key }),
      );
      return { size: Number(head.ContentLength ?? 0) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(
      new this.sdk.DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }),
    );
  }

  async copy(from: string, to: string): Promise<void> {
    await this.client.send(
      new this.sdk.CopyObjectCommand({
        Bucket: this.options.bucket,
        Key: to,
        CopySource: `${this.options.bucket}/${encodeURIComponent(from)}`,
      }),
    );
  }

  async *list(): AsyncIterable<{ key: string; size: number }> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new this.sdk.ListObjectsV2Command({
          Bucket: this.options.bucket,
          ContinuationToken: token,
        }),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key) yield { key: item.Key, size: Number(item.Size ?? 0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
