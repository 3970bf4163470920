import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { APP_URL } from './harness';

/**
 * A software WebAuthn authenticator (ES256, "none" attestation) so tests run the real ceremonies a
 * browser and a platform authenticator would, against the real verifier, with no browser.
 */

type CborValue = number | string | Uint8Array | Map<CborValue, CborValue>;

/** The few CBOR items WebAuthn needs (RFC 8949): integers, byte and text strings, maps. */
const head = (major: number, n: number) => {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  throw new Error('CBOR item too long for this encoder');
};
export const cbor = (v: CborValue): Buffer => {
  if (typeof v === 'number') return v >= 0 ? head(0, v) : head(1, -1 - v);
  if (typeof v === 'string') {
    const bytes = Buffer.from(v, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (v instanceof Uint8Array) return Buffer.concat([head(2, v.length), v]);
  const parts: Uint8Array[] = [head(5, v.size)];
  for (const [k, item] of v) parts.push(cbor(k), cbor(item));
  return Buffer.concat(parts);
};

const b64url = (b: Uint8Array) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

export interface SoftAuthenticatorOptions {
  /** Reuse another authenticator's credential id: an impostor holding a different key. */
  credentialId?: Buffer;
  origin?: string;
  rpId?: string;
}

export class SoftAuthenticator {
  readonly credentialId: Buffer;
  readonly origin: string;
  readonly rpId: string;
  /** The counter the authenticator keeps; each assertion moves it on by one. */
  signCount = 0;
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;

  constructor(opts: SoftAuthenticatorOptions = {}) {
    this.credentialId = opts.credentialId ?? randomBytes(16);
    this.origin = opts.origin ?? APP_URL;
    this.rpId = opts.rpId ?? new URL(this.origin).hostname;
    const pair = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id() {
    return b64url(this.credentialId);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  /** COSE_Key for the public key: kty EC2, alg ES256, crv P-256, x, y. */
  private coseKey() {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return cbor(
      new Map<CborValue, CborValue>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  /** What navigator.credentials.create() hands back, as RegistrationResponseJSON. */
  register(options: { challenge: string }) {
    const idLen = Buffer.alloc(2);
    idLen.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(this.rpId),
      Buffer.from([FLAG_UP | FLAG_UV | FLAG_AT]),
      u32(this.signCount),
      Buffer.alloc(16), // AAGUID: none
      idLen,
      this.credentialId,
      this.coseKey(),
    ]);
    const attestationObject = cbor(
      new Map<CborValue, CborValue>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /**
   * What navigator.credentials.get() hands back, as AuthenticationResponseJSON. `signCount` sends a
   * chosen counter (a cloned authenticator) instead of moving this one's on; `userVerified: false`
   * is a key that only proves it is present (no fingerprint, face or PIN).
   */
  assert(options: { challenge: string }, opts: { signCount?: number; userVerified?: boolean } = {}) {
    const count = opts.signCount ?? ++this.signCount;
    const flags = FLAG_UP | (opts.userVerified === false ? 0 : FLAG_UV);
    const authData = Buffer.concat([sha256(this.rpId), Buffer.from([flags]), u32(count)]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
