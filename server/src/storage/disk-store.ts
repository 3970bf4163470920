import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, BlobNotFoundError, type BlobStore } from './blob-store';

/** Objects as files under `root` (DATA_DIR/files by default), private to the server's user. */
export const createDiskStore = (root: string): BlobStore => {
  const pathOf = (key: string) => {
    assertSafeKey(key);
    return join(root, key);
  };
  return {
    kind: 'disk',
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      const tmp = `${path}.tmp-${randomUUID()}`;
      try {
        await pipeline(body, createWriteStream(tmp, { mode: 0o600, flags: 'wx' }));
        await rename(tmp, path);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key) {
      const path = pathOf(key);
      try {
        await stat(path);
      } catch {
        throw new BlobNotFoundError(key);
      }
      return createReadStream(path);
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async exists(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch {
        return false;
      }
    },
    async *list(prefix) {
      let names: string[];
      try {
        names = await readdir(join(root, prefix));
      } catch {
        return;
      }
      for (const name of names) if (!name.includes('.tmp-')) yield `${prefix}/${name}`;
    },
  };
};
