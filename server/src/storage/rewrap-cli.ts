import { ConfigError, loadConfig } from '../config';
import { blobStoreFor, STORAGE_AREAS } from './file-storage';
import { rewrapKeys } from './rewrap';

/**
 * `OLD_ENCRYPTION_KEY=<old> ENCRYPTION_KEY=<new> npm run storage:rewrap`: re-wraps every stored file's
 * key under the new master key (see docs/operations.md, "Files"). Objects are not rewritten.
 */
const main = async () => {
  const old = process.env.OLD_ENCRYPTION_KEY ?? '';
  if (!/^[0-9a-fA-F]{64}$/.test(old)) {
    console.error('OLD_ENCRYPTION_KEY must be the previous key (64 hex characters).');
    process.exit(2);
  }
  if (!process.env.ENCRYPTION_KEY) {
    console.error('ENCRYPTION_KEY must be set to the new key (generate one with `openssl rand -hex 32`).');
    process.exit(2);
  }
  const config = loadConfig();
  // Every area (users' files and backups) has its keys wrapped by the same master key.
  const result = { rewrapped: 0, alreadyCurrent: 0, failed: [] as string[] };
  for (const area of STORAGE_AREAS) {
    const store = blobStoreFor({ dataDir: config.dataDir, s3: config.storage.s3, area });
    const r = await rewrapKeys(store, old, config.encryptionKey);
    result.rewrapped += r.rewrapped;
    result.alreadyCurrent += r.alreadyCurrent;
    result.failed.push(...r.failed.map((id) => `${area}/${id}`));
  }
  console.info(
    `Re-wrapped ${result.rewrapped} file keys; ${result.alreadyCurrent} were already under the new key; ` +
      `${result.failed.length} failed${result.failed.length ? `: ${result.failed.join(', ')}` : ''}.`,
  );
  process.exit(result.failed.length ? 1 : 0);
};

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
