import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Marks a sealed body; anything else in `text_body` is a body kept before sealing began. */
const PREFIX = 'sealed:v1:';

const boxKey = (encryptionKey: string) =>
  Buffer.from(
    hkdfSync('sha256', Buffer.from(encryptionKey, 'hex'), Buffer.alloc(0), 'healthfolio mail outbox', 32),
  );

/**
 * An undelivered message's body, AES-256-GCM under a key derived from ENCRYPTION_KEY: the database (and
 * its backups) alone holds no reset, confirmation or share link; the operator opens it with the key.
 */
export const sealBody = (text: string, encryptionKey: string) => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', boxKey(encryptionKey), iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
};

/** The body as written; throws when the key is not the one it was sealed with. */
export const openBody = (stored: string, encryptionKey: string) => {
  if (!stored.startsWith(PREFIX)) return stored;
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', boxKey(encryptionKey), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
};
