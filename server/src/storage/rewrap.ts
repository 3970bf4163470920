import type { BlobStore } from './blob-store';
import { readKeyRecord, writeKeyRecord } from './file-storage';
import { masterKeyId, unwrapKey, wrapKey } from './key-wrap';

export interface RewrapResult {
  rewrapped: number;
  alreadyCurrent: number;
  failed: string[];
}

/**
 * Re-wraps every file key from the old master key to the new one, rewriting only the small key
 * records: the encrypted objects stay as they are. Safe to run again after an interruption (records
 * already under the new key are skipped).
 */
export const rewrapKeys = async (store: BlobStore, oldHex: string, newHex: string): Promise<RewrapResult> => {
  const result: RewrapResult = { rewrapped: 0, alreadyCurrent: 0, failed: [] };
  const newKid = masterKeyId(newHex);
  for await (const key of store.list('keys')) {
    const id = key.replace(/^keys\//, '').replace(/\.json$/, '');
    try {
      const record = await readKeyRecord(store, id);
      if (record.kid === newKid) {
        result.alreadyCurrent++;
        continue;
      }
      const dataKey = unwrapKey(oldHex, id, record);
      await writeKeyRecord(store, id, wrapKey(newHex, id, dataKey, record));
      result.rewrapped++;
    } catch {
      result.failed.push(id);
    }
  }
  return result;
};
