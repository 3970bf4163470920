import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3 } from '../../test/s3-server';
import { TMP_DIR } from '../../test/tmp-dir';
import { ConfigError, loadConfig } from '../config';
import type { BlobStore } from './blob-store';
import { createDiskStore } from './disk-store';
import {
  blobStoreFor,
  createFileStorage,
  FileNotFoundError,
  IntegrityError,
  keyRecordKey,
  objectKey,
} from './file-storage';
import { rewrapKeys } from './rewrap';
import { createS3Store } from './s3-store';
import { SEGMENT } from './segment-cipher';

const MASTER = randomBytes(32).toString('hex');
const read = async (s: Readable) => {
  const parts: Buffer[] = [];
  for await (const c of s) parts.push(c as Buffer);
  return Buffer.concat(parts);
};
const readObject = async (store: BlobStore, key: string) => read(await store.get(key));
const putObject = (store: BlobStore, key: string, bytes: Buffer) => store.put(key, Readable.from([bytes]));

// Sizes around the segment boundary: empty, one byte, exactly one segment, one more, several.
const SIZES = [0, 1, SEGMENT - 1, SEGMENT, SEGMENT + 1, 3 * SEGMENT + 17];

const backends: [string, () => Promise<{ store: BlobStore; close: () => Promise<void> }>][] = [
  [
    'disk',
    async () => {
      const dir = mkdtempSync(join(TMP_DIR, 'files-'));
      return {
        store: createDiskStore(dir),
        close: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  ],
  [
    's3',
    async () => {
      const s3 = await startS3();
      return { store: createS3Store(s3.settings), close: s3.close };
    },
  ],
];

describe.each(backends)('encrypted file storage on %s', (_name, open) => {
  let store: BlobStore;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ store, close } = await open());
  });
  afterAll(() => close());
  const storage = () => createFileStorage(store, MASTER);

  it('gives back exactly the bytes it was given, stored encrypted under a server-made id', async () => {
    for (const size of SIZES) {
      const bytes = randomBytes(size);
      // Arrives in uneven chunks, as a network upload does.
      const chunks = [bytes.subarray(0, 1000), bytes.subarray(1000, 70_000), bytes.subarray(70_000)];
      const file = await storage().put(Readable.from(chunks.filter((c) => c.length)));
      expect(file.size).toBe(size);
      expect(file.id).toMatch(/^[0-9a-f-]{36}$/);
      expect((await read(await storage().get(file.id, { sha256: file.sha256 }))).equals(bytes)).toBe(true);
      const stored = await readObject(store, objectKey(file.id));
      if (size >= 32) expect(stored.includes(bytes.subarray(0, 32))).toBe(false);
    }
  });

  it('answers an error, never other bytes, when the stored object was changed', async () => {
    const bytes = Buffer.alloc(2 * SEGMENT + 5, 'lab report ');
    const file = await storage().put(Readable.from([bytes]));
    const original = await readObject(store, objectKey(file.id));
    const flipped = Buffer.from(original);
    flipped[10] = flipped[10]! ^ 1;
    await putObject(store, objectKey(file.id), flipped);
    await expect(storage().get(file.id)).rejects.toBeInstanceOf(IntegrityError);

    // A change in a later segment: the stream fails before releasing that segment.
    const late = Buffer.from(original);
    late[SEGMENT + 16 + 3] = late[SEGMENT + 16 + 3]! ^ 1;
    await putObject(store, objectKey(file.id), late);
    const received: Buffer[] = [];
    await expect(
      (async () => {
        for await (const c of await storage().get(file.id)) received.push(c as Buffer);
      })(),
    ).rejects.toBeInstanceOf(IntegrityError);
    expect(Buffer.concat(received).equals(bytes.subarray(0, Buffer.concat(received).length))).toBe(true);
    expect(Buffer.concat(received).length).toBeLessThanOrEqual(SEGMENT);

    // Cut off at a segment boundary: the missing last-segment flag gives it away.
    await putObject(store, objectKey(file.id), original.subarray(0, SEGMENT + 16));
    await expect((async () => read(await storage().get(file.id)))()).rejects.toBeInstanceOf(IntegrityError);

    // Another file's object swapped in under this id.
    const other = await storage().put(Readable.from([Buffer.from('someone else')]));
    await putObject(store, objectKey(file.id), await readObject(store, objectKey(other.id)));
    await expect(storage().get(file.id)).rejects.toBeInstanceOf(IntegrityError);
  });

  it('refuses a key record whose recorded checksum was edited, and a checksum the caller did not record', async () => {
    const file = await storage().put(Readable.from([Buffer.from('%PDF-1.4 hello')]));
    await expect(storage().get(file.id, { sha256: '0'.repeat(64) })).rejects.toBeInstanceOf(IntegrityError);
    const record = JSON.parse((await readObject(store, keyRecordKey(file.id))).toString());
    record.sha256 = 'f'.repeat(64);
    await putObject(store, keyRecordKey(file.id), Buffer.from(JSON.stringify(record)));
    await expect(storage().get(file.id)).rejects.toBeInstanceOf(IntegrityError);
    await storage().delete(file.id);
  });

  it('leaves nothing behind when the upload stream fails, and deletes both parts', async () => {
    const failing = new Readable({
      read() {
        this.push(randomBytes(SEGMENT * 2));
        this.destroy(new Error('client went away'));
      },
    });
    const before = await keysOf(store);
    await expect(storage().put(failing)).rejects.toThrow('client went away');
    expect(await keysOf(store)).toEqual(before);

    const file = await storage().put(Readable.from([Buffer.from('x')]));
    expect(await storage().exists(file.id)).toBe(true);
    await storage().delete(file.id);
    expect(await storage().exists(file.id)).toBe(false);
    expect(await store.exists(objectKey(file.id))).toBe(false);
    await expect(storage().get(file.id)).rejects.toBeInstanceOf(FileNotFoundError);
  });

  it('re-wraps every key for a new master key without rewriting the objects', async () => {
    // A store of its own, so the other tests' tampered files do not count.
    const own = await open();
    const store = own.store;
    const storage = () => createFileStorage(store, MASTER);
    const files = await Promise.all(
      [randomBytes(10), randomBytes(SEGMENT + 3)].map((b) =>
        storage()
          .put(Readable.from([b]))
          .then((f) => ({ ...f, bytes: b })),
      ),
    );
    const objectsBefore = await Promise.all(files.map((f) => readObject(store, objectKey(f.id))));
    const next = randomBytes(32).toString('hex');
    const result = await rewrapKeys(store, MASTER, next);
    expect(result.failed).toEqual([]);
    expect(result.rewrapped).toBeGreaterThanOrEqual(2);
    const renewed = createFileStorage(store, next);
    for (const [i, f] of files.entries()) {
      expect((await read(await renewed.get(f.id))).equals(f.bytes)).toBe(true);
      expect((await readObject(store, objectKey(f.id))).equals(objectsBefore[i]!)).toBe(true);
      await expect(storage().get(f.id)).rejects.toThrow(/another ENCRYPTION_KEY/);
    }
    // Running it again (after an interruption) changes nothing.
    const again = await rewrapKeys(store, MASTER, next);
    expect(again.rewrapped).toBe(0);
    expect(again.alreadyCurrent).toBe(result.rewrapped + result.alreadyCurrent);
    await own.close();
  });
});

const keysOf = async (store: BlobStore) => {
  const keys: string[] = [];
  for (const prefix of ['objects', 'keys']) for await (const k of store.list(prefix)) keys.push(k);
  return keys.sort();
};

it('keeps disk objects private to the server user and refuses keys that are not server-made ids', async () => {
  const dir = mkdtempSync(join(TMP_DIR, 'files-'));
  const storage = createFileStorage(createDiskStore(dir), MASTER);
  const file = await storage.put(Readable.from([Buffer.from('x')]));
  expect(readdirSync(join(dir, 'objects'))).toEqual([file.id]);
  expect(readFileSync(join(dir, 'keys', `${file.id}.json`), 'utf8')).not.toContain(MASTER);
  await expect(storage.get('../../etc/passwd')).rejects.toThrow(/server-made id/);
  writeFileSync(join(dir, 'keys', 'stray.txt'), '');
  rmSync(dir, { recursive: true, force: true });
});

it('uses S3 only when STORAGE_URL is set, and refuses a STORAGE_URL that is not a URL', () => {
  const dir = mkdtempSync(join(TMP_DIR, 'cfg-'));
  const base = { DATA_DIR: dir, SESSION_SECRET: randomBytes(32).toString('hex'), ENCRYPTION_KEY: MASTER };
  expect(loadConfig(base).storage.s3).toBeUndefined();
  expect(
    loadConfig({
      ...base,
      STORAGE_URL: 'https://s3.example.com',
      STORAGE_ACCESS_KEY_ID: 'AK',
      STORAGE_SECRET_ACCESS_KEY: 'SK',
    }).storage.s3,
  ).toEqual({
    url: 'https://s3.example.com',
    bucket: 'healthfolio',
    region: 'us-east-1',
    accessKeyId: 'AK',
    secretAccessKey: 'SK',
    forcePathStyle: true,
  });
  expect(() => loadConfig({ ...base, STORAGE_URL: 'bucket-name' })).toThrow(ConfigError);
  rmSync(dir, { recursive: true, force: true });
});

it('keeps each area apart in one bucket: backups under their own folder, listed and read back alone', async () => {
  const s3 = await startS3();
  try {
    const files = blobStoreFor({ dataDir: TMP_DIR, s3: s3.settings });
    const backups = blobStoreFor({ dataDir: TMP_DIR, s3: s3.settings, area: 'backups' });
    const backup = await createFileStorage(backups, MASTER).put(
      Readable.from([Buffer.from('a whole database')]),
    );
    const upload = await createFileStorage(files, MASTER).put(Readable.from([Buffer.from('a lab report')]));
    expect(await keysOf(backups)).toEqual([keyRecordKey(backup.id), objectKey(backup.id)].sort());
    expect(await keysOf(files)).toEqual([keyRecordKey(upload.id), objectKey(upload.id)].sort());
    // Seen from the bucket's top, the backup is in backups/ (an operator can give it its own rules).
    const top: string[] = [];
    for await (const k of files.list('backups')) top.push(k);
    expect(top.sort()).toEqual([`backups/${keyRecordKey(backup.id)}`, `backups/${objectKey(backup.id)}`]);
    expect((await read(await createFileStorage(backups, MASTER).get(backup.id))).toString()).toBe(
      'a whole database',
    );
    expect(await files.exists(objectKey(backup.id))).toBe(false);
  } finally {
    await s3.close();
  }
});
