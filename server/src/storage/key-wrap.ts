import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { IntegrityError } from './segment-cipher';

/** What `keys/<id>.json` holds beside each object: the wrapped data key and the recorded checksum. */
export interface KeyRecord {
  v: 1;
  sha256: string;
  size: number;
  /** Which master key wrapped it (a fingerprint, not the key). */
  kid: string;
  iv: string;
  tag: string;
  wrapped: string;
}

export const masterKeyId = (masterHex: string) =>
  createHash('sha256').update(`healthfolio-master-key:${masterHex.toLowerCase()}`).digest('hex').slice(0, 16);

// The checksum and size are bound to the wrapped key: editing them in the record breaks the unwrap.
const aadOf = (id: string, sha256: string, size: number) =>
  Buffer.from(`healthfolio-file-key:v1:${id}:${sha256}:${size}`);

export const wrapKey = (
  masterHex: string,
  id: string,
  dataKey: Buffer,
  digest: { sha256: string; size: number },
): KeyRecord => {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', Buffer.from(masterHex, 'hex'), iv);
  c.setAAD(aadOf(id, digest.sha256, digest.size));
  const wrapped = Buffer.concat([c.update(dataKey), c.final()]);
  return {
    v: 1,
    sha256: digest.sha256,
    size: digest.size,
    kid: masterKeyId(masterHex),
    iv: iv.toString('base64'),
    tag: c.getAuthTag().toString('base64'),
    wrapped: wrapped.toString('base64'),
  };
};

export class WrongMasterKeyError extends Error {}

export const unwrapKey = (masterHex: string, id: string, r: KeyRecord): Buffer => {
  if (r.v !== 1) throw new IntegrityError('unknown key record version');
  if (r.kid !== masterKeyId(masterHex))
    throw new WrongMasterKeyError('this file key was wrapped by another ENCRYPTION_KEY');
  const d = createDecipheriv('aes-256-gcm', Buffer.from(masterHex, 'hex'), Buffer.from(r.iv, 'base64'));
  d.setAAD(aadOf(id, r.sha256, r.size));
  d.setAuthTag(Buffer.from(r.tag, 'base64'));
  try {
    return Buffer.concat([d.update(Buffer.from(r.wrapped, 'base64')), d.final()]);
  } catch {
    throw new IntegrityError('key record failed authentication');
  }
};
