import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertSafeKey, BlobNotFoundError, type BlobStore } from './blob-store';

export interface S3Settings {
  /** The endpoint: AWS, MinIO, Garage, Ceph, R2… (STORAGE_URL). */
  url: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style addressing (`host/bucket/key`), which most self-hosted stores need. */
  forcePathStyle: boolean;
  /** A folder in the bucket that holds this store's keys (a storage area such as `backups`). */
  prefix?: string;
}

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/** The one client of an S3-compatible object store. */
export const createS3Store = (s: S3Settings): BlobStore => {
  const client = new S3Client({
    endpoint: s.url,
    region: s.region,
    forcePathStyle: s.forcePathStyle,
    credentials:
      s.accessKeyId && s.secretAccessKey
        ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey }
        : undefined,
  });
  const Bucket = s.bucket;
  const at = s.prefix ? `${s.prefix}/` : '';
  const Key = (key: string) => {
    assertSafeKey(key);
    return `${at}${key}`;
  };
  return {
    kind: 's3',
    async put(key, body) {
      // Multipart upload of parts as they arrive (5 MB each at most in memory); an upload that fails is aborted.
      await new Upload({ client, params: { Bucket, Key: Key(key), Body: body }, queueSize: 1 }).done();
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: Key(key) }));
        return out.Body as Readable;
      } catch (err) {
        if (isMissing(err)) throw new BlobNotFoundError(key);
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: Key(key) }));
    },
    async exists(key) {
      const name = Key(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: name }));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },
    async *list(prefix) {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: `${at}${prefix}/`, ContinuationToken: token }),
        );
        for (const o of page.Contents ?? []) if (o.Key) yield o.Key.slice(at.length);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
};
