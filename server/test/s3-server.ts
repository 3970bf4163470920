import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../src/storage/s3-store';
import { TMP_DIR } from './tmp-dir';

/** A real S3 protocol server (s3rver) on loopback with one bucket, for the S3 backend's tests. */
export const startS3 = async (
  bucket = 'healthfolio',
): Promise<{ settings: S3Settings; close: () => Promise<void> }> => {
  const directory = mkdtempSync(join(TMP_DIR, 's3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as { port: number };
  return {
    settings: {
      url: `http://127.0.0.1:${port}`,
      bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
};
