import { randomBytes, randomInt, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { CompactEncrypt } from 'jose';

const SCRYPT: ScryptOptions = { N: 16384, r: 8, p: 1 };

const derive = (passcode: string, salt: Buffer) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(passcode.normalize('NFKC'), salt, 32, SCRYPT, (err, key) => (err ? reject(err) : resolve(key))),
  );

/** Eight digits from the CSPRNG: easy to read out at a clinic desk; ten tries leave a 1-in-10^7 chance. */
export const newPasscode = () => String(randomInt(0, 100_000_000)).padStart(8, '0');

export const hashPasscode = async (passcode: string) => {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64url')}$${(await derive(passcode, salt)).toString('base64url')}`;
};

export const passcodeMatches = async (passcode: string, stored: string) => {
  const [kind, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(passcode, Buffer.from(salt, 'base64url'));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
};

/** The SHL key: 32 random bytes, base64url (43 characters). It lives only in the link. */
export const newShlKey = () => randomBytes(32).toString('base64url');

/** SHL file encryption: JWE compact, `dir` + A256GCM under the link's key, `cty` the content type. */
export const encryptShlFile = (plaintext: Uint8Array, key: string, contentType: string) =>
  new CompactEncrypt(plaintext)
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', cty: contentType })
    .encrypt(Buffer.from(key, 'base64url'));
