import type { Readable } from 'node:stream';

/**
 * Where encrypted objects live: a directory on disk or an S3-compatible bucket. It only moves opaque
 * bytes under server-made keys; encryption and integrity are `file-storage.ts`'s job.
 */
export interface BlobStore {
  readonly kind: 'disk' | 's3';
  /** Stores the stream under `key`; readers never see a half-written object (temp file + rename, or S3's atomic put). */
  put(key: string, body: Readable): Promise<void>;
  /** The object's bytes; throws `BlobNotFoundError` when there is none. */
  get(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every key under `prefix` (for maintenance such as re-wrapping keys). */
  list(prefix: string): AsyncIterable<string>;
}

export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored object ${key}`);
  }
}

/** Keys are made by the server (`<folder>/<uuid>[.json]`); anything else is refused before it reaches a path or URL. */
export const SAFE_KEY = /^[a-z]+\/[0-9a-f-]{36}(\.json)?$/;

export const assertSafeKey = (key: string) => {
  if (!SAFE_KEY.test(key)) throw new Error('storage key is not a server-made id');
};
