import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const boxKey = (encryptionKey: string) =>
  Buffer.from(
    hkdfSync('sha256', Buffer.from(encryptionKey, 'hex'), Buffer.alloc(0), 'healthfolio vendor pull', 32),
  );

/**
 * A vendor password or session, AES-256-GCM under a key derived from ENCRYPTION_KEY (the storage
 * key): a copy of the database alone holds no Dexcom or LibreLinkUp password.
 */
export const sealSecret = (text: string, encryptionKey: string) => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', boxKey(encryptionKey), iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
};

export const openSecret = (sealed: string, encryptionKey: string) => {
  const raw = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', boxKey(encryptionKey), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
};
