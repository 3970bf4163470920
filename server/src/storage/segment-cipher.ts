import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/**
 * Files are encrypted in 64 KiB segments, each AES-256-GCM with its own tag (the STREAM construction):
 * a reader checks every segment before releasing its bytes, so a tampered object yields an error,
 * never wrong bytes, while neither side holds more than one segment in memory. The nonce carries the
 * segment number and a last-segment flag, so reordering, dropping or truncating segments also fails;
 * the AAD is the file id, so one file's object cannot be swapped in for another's.
 */
export const SEGMENT = 64 * 1024;
const TAG = 16;

const nonce = (index: number, last: boolean) => {
  const n = Buffer.alloc(12);
  n.writeUInt32BE(index, 7);
  n[11] = last ? 1 : 0;
  return n;
};

export class IntegrityError extends Error {
  constructor(reason: string) {
    super(`stored file failed its integrity check: ${reason}`);
  }
}

const seal = (key: Buffer, aad: Buffer, index: number, last: boolean, plain: Buffer) => {
  const c = createCipheriv('aes-256-gcm', key, nonce(index, last));
  c.setAAD(aad);
  return Buffer.concat([c.update(plain), c.final(), c.getAuthTag()]);
};

const open = (key: Buffer, aad: Buffer, index: number, last: boolean, sealed: Buffer) => {
  if (sealed.length < TAG) throw new IntegrityError('truncated');
  const d = createDecipheriv('aes-256-gcm', key, nonce(index, last));
  d.setAAD(aad);
  d.setAuthTag(sealed.subarray(sealed.length - TAG));
  try {
    return Buffer.concat([d.update(sealed.subarray(0, sealed.length - TAG)), d.final()]);
  } catch {
    throw new IntegrityError('authentication failed');
  }
};

/** Splits a byte stream into chunks of `size`, holding back the last one until the end is known. */
class Segmenter extends Transform {
  private chunks: Buffer[] = [];
  private length = 0;
  private index = 0;
  constructor(
    private readonly size: number,
    private readonly onSegment: (seg: Buffer, index: number, last: boolean) => Buffer,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    try {
      this.chunks.push(chunk);
      this.length += chunk.length;
      // Strictly more than a segment: only then is the first segment known not to be the last.
      while (this.length > this.size) {
        const all = Buffer.concat(this.chunks);
        this.push(this.onSegment(all.subarray(0, this.size), this.index++, false));
        this.chunks = [all.subarray(this.size)];
        this.length = all.length - this.size;
      }
      done();
    } catch (err) {
      done(err as Error);
    }
  }
  override _flush(done: TransformCallback) {
    try {
      this.push(this.onSegment(Buffer.concat(this.chunks), this.index, true));
      done();
    } catch (err) {
      done(err as Error);
    }
  }
}

/** Plaintext in, sealed segments out; `digest()` gives the plaintext's SHA-256 and size once it ended. */
export const encryptStream = (key: Buffer, aad: Buffer) => {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Segmenter(SEGMENT, (seg, i, last) => {
    hash.update(seg);
    size += seg.length;
    return seal(key, aad, i, last, seg);
  });
  return { stream, digest: () => ({ sha256: hash.digest('hex'), size }) };
};

/** Sealed segments in, checked plaintext out; at the end the SHA-256 must be the recorded one. */
export const decryptStream = (key: Buffer, aad: Buffer, expected: { sha256: string; size: number }) => {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Segmenter(SEGMENT + TAG, (sealed, i, last) => {
    const plain = open(key, aad, i, last, sealed);
    hash.update(plain);
    size += plain.length;
    if (last && (size !== expected.size || hash.digest('hex') !== expected.sha256))
      throw new IntegrityError('checksum mismatch');
    return plain;
  });
  return stream;
};
