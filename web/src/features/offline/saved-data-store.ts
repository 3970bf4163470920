import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * Where the signed-in person's last answers are kept for opening the app offline (saved-data.ts):
 * IndexedDB, one record per person shown ('self' or a ward's id), sealed with AES-GCM under a key
 * the browser keeps in the same database as a non-extractable CryptoKey (no script can read its
 * bytes, this app's included). Unlike the offline queue's key it outlives the page, because a page
 * opened offline must read what the last one saved. Clearing deletes the records and the key.
 */
interface SavedRecord {
  id: string;
  accountId: string;
  savedAt: string;
  iv: Uint8Array;
  sealed: ArrayBuffer;
}

interface SavedDb extends DBSchema {
  snapshots: { key: string; value: SavedRecord };
  keys: { key: string; value: { id: string; key: CryptoKey } };
}

const KEY_ID = 'saved-data';
let db: Promise<IDBPDatabase<SavedDb>> | null = null;
const database = () => {
  // Version 2 creates whichever store is missing: a database of this name opened before the app
  // made its stores (by another tab's older code, or a tool) would otherwise stay empty for good.
  db ??= openDB<SavedDb>('healthfolio-saved', 2, {
    upgrade(d) {
      if (!d.objectStoreNames.contains('snapshots')) d.createObjectStore('snapshots', { keyPath: 'id' });
      if (!d.objectStoreNames.contains('keys')) d.createObjectStore('keys', { keyPath: 'id' });
    },
  });
  return db;
};

/** Bumped by every clear: a write that began before a sign-out must not land after it. */
let generation = 0;

const deviceKey = async (create: boolean): Promise<CryptoKey | null> => {
  const d = await database();
  const found = await d.get('keys', KEY_ID);
  if (found || !create) return found?.key ?? null;
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
  await d.put('keys', { id: KEY_ID, key });
  return key;
};

export const canSave = () => typeof indexedDB !== 'undefined' && Boolean(globalThis.crypto?.subtle);

export interface Snapshot<T> {
  accountId: string;
  savedAt: string;
  value: T;
}

export const readSnapshot = async <T>(id: string): Promise<Snapshot<T> | null> => {
  const d = await database();
  const record = await d.get('snapshots', id);
  const key = record && (await deviceKey(false));
  if (!record || !key) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: record.iv as Uint8Array<ArrayBuffer> },
      key,
      record.sealed,
    );
    return {
      accountId: record.accountId,
      savedAt: record.savedAt,
      value: JSON.parse(new TextDecoder().decode(plain)) as T,
    };
  } catch {
    return null;
  }
};

/** Keeps `value` for person `id` of account `accountId`; another account's records go first. */
export const writeSnapshot = async (id: string, accountId: string, savedAt: string, value: unknown) => {
  const started = generation;
  const d = await database();
  const others = (await d.getAll('snapshots')).some((r) => r.accountId !== accountId);
  if (others) await clearSnapshots();
  if (generation !== (others ? started + 1 : started)) return;
  const key = await deviceKey(true);
  if (!key) return;
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    key,
    new TextEncoder().encode(JSON.stringify(value)),
  );
  if (generation !== (others ? started + 1 : started)) return;
  await d.put('snapshots', { id, accountId, savedAt, iv, sealed });
};

/** Sign-out, or a session found ended: every saved answer and the key that sealed them are deleted. */
export const clearSnapshots = async () => {
  generation++;
  const d = await database();
  const tx = d.transaction(['snapshots', 'keys'], 'readwrite');
  await Promise.all([tx.objectStore('snapshots').clear(), tx.objectStore('keys').clear(), tx.done]);
};
