import { constants, deflateRawSync } from 'node:zlib';

/** The placeholder .env.example shows; someone who uncomments it has not chosen a secret. */
export const EXAMPLE_SESSION_SECRET = 'at-least-32-random-characters................';

const HOW = 'generate one with `openssl rand -hex 32`';

/**
 * Why SESSION_SECRET is guessable (worded to follow "SESSION_SECRET: "), or undefined when it looks random. Random output of `openssl rand`
 * (hex or base64, 32+ characters) passes: in 20,000 samples each it never had fewer than 9 distinct
 * characters nor compressed below 0.9 of its length. Repeated or patterned text fails a test:
 * `aaaa…` or `abcabc…` has few distinct characters; `bench-secret-bench-secret…`, `0123…f0123…f` or a
 * word said three times compress to about 0.65 or less, as deflate replaces a repeat with a back-reference.
 * (Fixed Huffman codes, so only repetition shrinks the text, not a small alphabet such as hex.) A
 * sentence of distinct words still passes: the docs say to generate the value, not to invent one.
 */
export const sessionSecretWeakness = (secret: string): string | undefined => {
  if (secret === EXAMPLE_SESSION_SECRET) return `is the example value from .env.example; ${HOW}`;
  if (new Set(secret).size < 8)
    return `uses fewer than 8 different characters, so it is easy to guess; ${HOW}`;
  const packed = deflateRawSync(secret, { level: 9, strategy: constants.Z_FIXED }).length;
  if (packed < 0.8 * Buffer.byteLength(secret)) return `repeats itself, so it is easy to guess; ${HOW}`;
  return undefined;
};
