import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/** 256 bits from the CSPRNG, URL-safe (43 characters). */
export const newShareToken = () => randomBytes(32).toString('base64url');

export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Only this digest finds a share: the database never holds a usable link. */
export const hashShareToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** The digests are compared without an early exit, so a lookup's timing tells nothing about them. */
export const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

const boxKey = (encryptionKey: string) =>
  Buffer.from(
    hkdfSync('sha256', Buffer.from(encryptionKey, 'hex'), Buffer.alloc(0), 'healthfolio share link', 32),
  );

/** AES-256-GCM under a key derived from ENCRYPTION_KEY: the owner can copy the link again later. */
export const sealToken = (token: string, encryptionKey: string) => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', boxKey(encryptionKey), iv);
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
};

export const openToken = (sealed: string, encryptionKey: string) => {
  const raw = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', boxKey(encryptionKey), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
};

export interface SharingConfig {
  appUrl: string;
  encryptionKey: string;
}

export const shareLink = (appUrl: string, token: string) => `${appUrl}/shared/${token}`;
