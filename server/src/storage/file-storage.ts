import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BlobNotFoundError, type BlobStore } from './blob-store';
import { createDiskStore } from './disk-store';
import { type KeyRecord, unwrapKey, wrapKey } from './key-wrap';
import { createS3Store, type S3Settings } from './s3-store';
import { decryptStream, encryptStream, IntegrityError } from './segment-cipher';

export { IntegrityError } from './segment-cipher';

export interface StoredFile {
  /** Server-made id: the only name the file has in storage (never the user's file name). */
  id: string;
  size: number;
  /** SHA-256 of the plaintext, hex. */
  sha256: string;
}

/**
 * Encrypted file storage for every feature that keeps files (documents, attachments, photos). Each
 * file gets its own AES-256 key, wrapped by ENCRYPTION_KEY and kept beside the object in
 * `keys/<id>.json` with the file's SHA-256; the object itself is `objects/<id>`. Bytes stream
 * through in 64 KiB segments in both directions.
 */
export interface FileStorage {
  readonly backend: BlobStore['kind'];
  /** Encrypts and stores the stream; a stream that fails leaves nothing behind. */
  put(body: Readable): Promise<StoredFile>;
  /**
   * The checked plaintext. Throws `FileNotFoundError`, or `IntegrityError` when the first segment or
   * the key record fails; later segments fail the stream itself (the response is cut, never wrong).
   */
  get(id: string, expect?: { sha256?: string }): Promise<Readable>;
  delete(id: string): Promise<void>;
  exists(id: string): Promise<boolean>;
}

export class FileNotFoundError extends Error {}

export const objectKey = (id: string) => `objects/${id}`;
export const keyRecordKey = (id: string) => `keys/${id}.json`;

const readAll = async (stream: Readable) => {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
};

export const readKeyRecord = async (store: BlobStore, id: string): Promise<KeyRecord> => {
  try {
    return JSON.parse((await readAll(await store.get(keyRecordKey(id)))).toString('utf8')) as KeyRecord;
  } catch (err) {
    if (err instanceof BlobNotFoundError) throw new FileNotFoundError(`No stored file ${id}`);
    if (err instanceof SyntaxError) throw new IntegrityError('unreadable key record');
    throw err;
  }
};

export const writeKeyRecord = (store: BlobStore, id: string, record: KeyRecord) =>
  store.put(keyRecordKey(id), Readable.from([Buffer.from(JSON.stringify(record))]));

export const createFileStorage = (store: BlobStore, masterKeyHex: string): FileStorage => ({
  backend: store.kind,
  async put(body) {
    const id = randomUUID();
    const dataKey = randomBytes(32);
    const enc = encryptStream(dataKey, Buffer.from(id));
    try {
      // Both sides settle before anything is cleaned up, so a late write cannot outlive the cleanup.
      const settled = await Promise.allSettled([
        pipeline(body, enc.stream).catch((err) => {
          enc.stream.destroy(err);
          throw err;
        }),
        store.put(objectKey(id), enc.stream),
      ]);
      const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
      if (failed) throw failed.reason;
      const digest = enc.digest();
      await writeKeyRecord(store, id, wrapKey(masterKeyHex, id, dataKey, digest));
      return { id, ...digest };
    } catch (err) {
      await Promise.allSettled([store.delete(objectKey(id)), store.delete(keyRecordKey(id))]);
      throw err;
    }
  },
  async get(id, expect) {
    const record = await readKeyRecord(store, id);
    if (expect?.sha256 && expect.sha256 !== record.sha256)
      throw new IntegrityError('checksum differs from the one recorded at upload');
    const dataKey = unwrapKey(masterKeyHex, id, record);
    let source: Readable;
    try {
      source = await store.get(objectKey(id));
    } catch (err) {
      if (err instanceof BlobNotFoundError) throw new FileNotFoundError(`No stored file ${id}`);
      throw err;
    }
    const plain = decryptStream(dataKey, Buffer.from(id), record);
    source.on('error', (err) => plain.destroy(err));
    source.pipe(plain);
    // Wait for the first checked segment, so a tampered object is an error before any byte is sent.
    await Promise.race([once(plain, 'readable'), once(plain, 'end')]);
    return plain;
  },
  async delete(id) {
    await Promise.all([store.delete(objectKey(id)), store.delete(keyRecordKey(id))]);
  },
  exists: (id) => store.exists(keyRecordKey(id)),
});

export interface StorageSettings {
  dataDir: string;
  encryptionKey: string;
  s3?: S3Settings;
  /**
   * Which area: `files` (what users upload) or `backups` (whole-database backups, kept apart so that
   * an operator can put them elsewhere or prune them without touching users' files).
   */
  area?: StorageArea;
}

export const STORAGE_AREAS = ['files', 'backups'] as const;
export type StorageArea = (typeof STORAGE_AREAS)[number];

/**
 * The configured backend: S3 when STORAGE_URL is set, else DATA_DIR/<area> on disk. The `files` area
 * is at the bucket's top level (as before areas existed); another area is a folder of its own.
 */
export const blobStoreFor = (s: Pick<StorageSettings, 'dataDir' | 's3' | 'area'>): BlobStore => {
  const area = s.area ?? 'files';
  if (!s.s3) return createDiskStore(join(s.dataDir, area));
  return createS3Store(area === 'files' ? s.s3 : { ...s.s3, prefix: area });
};

export const storageFromConfig = (s: StorageSettings): FileStorage =>
  createFileStorage(blobStoreFor(s), s.encryptionKey);
