import { createDecipheriv, createECDH, hkdfSync, randomBytes, webcrypto } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import * as x509 from '@peculiar/x509';
import { importJWK, jwtVerify } from 'jose';

/**
 * A push service on loopback, as browsers' push services behave (RFC 8030): HTTPS with a certificate
 * from a CA made here (returned as `ca`, for the client to trust), each message's VAPID JWT checked
 * (RFC 8292) and its body decrypted with the test subscription's private keys (RFC 8291, aes128gcm).
 * An endpoint answers 201, or 410 once it is marked gone.
 */

const ALG = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };

const pemKey = async (key: webcrypto.CryptoKey) => {
  const der = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', key)).toString('base64');
  return `-----BEGIN PRIVATE KEY-----\n${der.match(/.{1,64}/g)!.join('\n')}\n-----END PRIVATE KEY-----\n`;
};

/** A CA and a server certificate it signed for 127.0.0.1. */
export const makeCertificates = async () => {
  x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[1]);
  const gen = () =>
    webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify']) as Promise<webcrypto.CryptoKeyPair>;
  const caKeys = await gen();
  const validity = { notBefore: new Date(Date.now() - 60_000), notAfter: new Date(Date.now() + 86_400_000) };
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: 'CN=Test push CA',
    ...validity,
    keys: caKeys,
    signingAlgorithm: ALG,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
    ],
  });
  const leafKeys = await gen();
  const leaf = await x509.X509CertificateGenerator.create({
    serialNumber: '02',
    subject: 'CN=127.0.0.1',
    issuer: ca.subject,
    ...validity,
    publicKey: leafKeys.publicKey,
    signingKey: caKeys.privateKey,
    signingAlgorithm: ALG,
    extensions: [new x509.SubjectAlternativeNameExtension([{ type: 'ip', value: '127.0.0.1' }])],
  });
  return { ca: ca.toString('pem'), cert: leaf.toString('pem'), key: await pemKey(leafKeys.privateKey) };
};

/** A browser's side of a subscription: its key pair and auth secret (RFC 8291 §3). */
export const makeDeviceKeys = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    ecdh,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
};
export type DeviceKeys = ReturnType<typeof makeDeviceKeys>;

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** RFC 8291 §3.4 and RFC 8188: one aes128gcm record, decrypted with the device's keys. */
export const decryptPush = (body: Buffer, device: DeviceKeys) => {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const secret = device.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    Buffer.from(device.p256dh, 'base64url'),
    senderPublic,
  ]);
  const ikm = hkdf(Buffer.from(device.auth, 'base64url'), secret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any padding zeros.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('not the last record');
  return plain.subarray(0, end).toString('utf8');
};

export interface ReceivedPush {
  name: string;
  headers: Record<string, string | string[] | undefined>;
  /** The decrypted payload, parsed. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read payloads loosely and assert their shape.
  payload: any;
  /** The VAPID JWT's claims, after its signature was checked with the key the request names. */
  claims: { aud?: unknown; exp?: unknown; sub?: unknown };
  vapidKey: string;
}

export const startPushEndpoint = async () => {
  const certs = await makeCertificates();
  const devices = new Map<string, DeviceKeys>();
  const gone = new Set<string>();
  const received: ReceivedPush[] = [];
  const errors: string[] = [];
  const server: Server = createServer({ key: certs.key, cert: certs.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const name = (req.url ?? '').replace(/^\/push\//, '');
      const device = devices.get(name);
      if (!device || gone.has(name)) return void res.writeHead(410).end();
      try {
        const auth = String(req.headers.authorization ?? '');
        const match = /^vapid t=([^,]+), k=([A-Za-z0-9_-]+)$/.exec(auth);
        if (!match) throw new Error(`no VAPID authorization: ${auth.slice(0, 20)}`);
        const raw = Buffer.from(match[2]!, 'base64url');
        const key = await importJWK(
          {
            kty: 'EC',
            crv: 'P-256',
            x: raw.subarray(1, 33).toString('base64url'),
            y: raw.subarray(33, 65).toString('base64url'),
          },
          'ES256',
        );
        const { payload: claims } = await jwtVerify(match[1]!, key, { algorithms: ['ES256'] });
        if (claims.aud !== origin()) throw new Error('VAPID audience is not this push service');
        if (typeof claims.exp !== 'number' || claims.exp > Date.now() / 1000 + 24 * 3600)
          throw new Error('VAPID expiry missing or more than 24 hours away');
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const payload = JSON.parse(decryptPush(Buffer.concat(chunks), device));
        received.push({ name, headers: req.headers, payload, claims, vapidKey: match[2]! });
        res.writeHead(201).end();
      } catch (err) {
        errors.push((err as Error).message);
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = () => `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    ca: certs.ca,
    origin: origin(),
    received,
    errors,
    /** A new device's subscription, as `PushSubscription.toJSON()` gives it. */
    subscription(name: string) {
      const keys = makeDeviceKeys();
      devices.set(name, keys);
      return { endpoint: `${origin()}/push/${name}`, keys: { p256dh: keys.p256dh, auth: keys.auth } };
    },
    markGone: (name: string) => gone.add(name),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
};
export type PushEndpoint = Awaited<ReturnType<typeof startPushEndpoint>>;
