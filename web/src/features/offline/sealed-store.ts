import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * The offline queue's storage: IndexedDB, each item sealed with AES-GCM under a key made for this
 * page and held only in memory (never stored, not extractable). Only the item's id, when it was
 * queued and which key sealed it are readable on disk; once the page is closed its items cannot be
 * opened by anyone, this app included.
 */
export interface SealedItem {
  id: string;
  keyId: string;
  queuedAt: string;
  iv: Uint8Array;
  sealed: ArrayBuffer;
}

interface QueueDb extends DBSchema {
  entries: { key: string; value: SealedItem };
}

const DB_NAME = 'healthfolio-offline';
let db: Promise<IDBPDatabase<QueueDb>> | null = null;
const database = () => {
  db ??= openDB<QueueDb>(DB_NAME, 1, {
    upgrade(d) {
      d.createObjectStore('entries', { keyPath: 'id' });
    },
  });
  return db;
};

let sessionKey: { id: string; key: Promise<CryptoKey> } | null = null;
const currentKey = () => {
  sessionKey ??= {
    id: crypto.randomUUID(),
    key: crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']),
  };
  return sessionKey;
};

/** WebCrypto and IndexedDB are there (a secure context: https or this computer). */
export const canSeal = () => typeof indexedDB !== 'undefined' && Boolean(globalThis.crypto?.subtle);

export const seal = async (id: string, value: unknown) => {
  const { id: keyId, key } = currentKey();
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    await key,
    new TextEncoder().encode(JSON.stringify(value)),
  );
  await (await database()).put('entries', { id, keyId, queuedAt: new Date().toISOString(), iv, sealed });
};

/** The item's content, or null when another page sealed it (its key is gone). */
export const unseal = async (item: SealedItem): Promise<unknown | null> => {
  if (!sessionKey || item.keyId !== sessionKey.id) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: item.iv as Uint8Array<ArrayBuffer> },
      await sessionKey.key,
      item.sealed,
    );
    return JSON.parse(new TextDecoder().decode(plain));
  } catch {
    return null;
  }
};

export const allItems = async () =>
  (await (await database()).getAll('entries')).sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
export const removeItem = async (id: string) => (await database()).delete('entries', id);

/** Sign-out: every item gone, and the key forgotten. */
export const removeAll = async () => {
  sessionKey = null;
  await (await database()).clear('entries');
};
