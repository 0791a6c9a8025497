import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { AppConfig } from '../src/config.js';

/**
 * A local S3-compatible server (s3rver) with one bucket, in place of AWS S3 or MinIO: `config` is
 * what `S3_BUCKET`, `S3_ENDPOINT`, … would give the app.
 */
export async function startS3(bucket: string): Promise<{
  config: NonNullable<AppConfig['s3']>;
  close(): Promise<void>;
}> {
  const directory = mkdtempSync(path.join(tmpdir(), 'bo-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  return {
    config: {
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      forcePathStyle: true,
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
