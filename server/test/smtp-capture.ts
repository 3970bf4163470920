import { webcrypto } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import * as x509 from '@peculiar/x509';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  raw: string;
  /** The message came over TLS (STARTTLS). */
  secure: boolean;
}

/** A throwaway certificate for localhost, so STARTTLS can be tested without a real authority. */
const selfSignedCertificate = async () => {
  x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[1]);
  const alg = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
  const keys = (await webcrypto.subtle.generateKey(alg, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: 'CN=localhost',
    notBefore: new Date(Date.now() - 60_000),
    notAfter: new Date(Date.now() + 24 * 3_600_000),
    keys,
    signingAlgorithm: alg,
    extensions: [
      new x509.SubjectAlternativeNameExtension([
        { type: 'dns', value: 'localhost' },
        { type: 'ip', value: '127.0.0.1' },
      ]),
    ],
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)).toString('base64');
  const key = `-----BEGIN PRIVATE KEY-----\n${pkcs8.match(/.{1,64}/g)!.join('\n')}\n-----END PRIVATE KEY-----\n`;
  return { key, cert: cert.toString('pem') };
};

/**
 * A real SMTP server on loopback that keeps every message it receives. By default it offers no
 * STARTTLS and its URL opts out of TLS explicitly (`?tls=off`); with `starttls` it offers STARTTLS
 * with a fresh self-signed certificate, returned as `ca` for the client to trust. With `refuse` it
 * turns every recipient away, as a mail server does for an unknown mailbox.
 */
export const startSmtpCapture = async (opts: { starttls?: boolean; refuse?: boolean } = {}) => {
  const messages: CapturedMail[] = [];
  const tls = opts.starttls ? await selfSignedCertificate() : undefined;
  // While paused, a message is received but not acknowledged: the sender waits, as on a slow server.
  let paused = false;
  let held: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: tls ? ['AUTH'] : ['STARTTLS', 'AUTH'],
    ...(tls && { key: tls.key, cert: tls.cert }),
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!opts.refuse) return callback();
      const err = Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected`), {
        responseCode: 550,
      });
      callback(err);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const accept = () => {
          messages.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
            secure: session.secure,
          });
          callback();
        };
        if (paused) held.push(accept);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: tls ? `smtp://localhost:${port}` : `smtp://127.0.0.1:${port}?tls=off`,
    ca: tls?.cert,
    messages,
    pause: () => {
      paused = true;
    },
    /** Accepts the held messages and stops holding new ones. */
    resume: () => {
      paused = false;
      for (const accept of held) accept();
      held = [];
    },
    /** Messages received but not yet accepted. */
    heldCount: () => held.length,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
};

/** The part of a multipart message with this content type (`text/plain`, `text/html`), headers included. */
export const partOf = (raw: string, type: string) => {
  const boundary = raw.slice(0, raw.indexOf('\r\n\r\n')).match(/boundary="?([^";\r\n]+)"?/i)?.[1];
  if (!boundary) return undefined;
  return raw
    .split(`--${boundary}`)
    .map((p) => p.replace(/^\r\n/, ''))
    .find((p) => new RegExp(`^content-type:\\s*${type}`, 'im').test(p.slice(0, p.indexOf('\r\n\r\n'))));
};

/**
 * The text body of a raw message (the text/plain part of a multipart one), decoding quoted-printable
 * (mailparser is not available here).
 */
export const textBody = (raw: string, type = 'text/plain'): string => {
  const part = /^content-type:\s*multipart\//im.test(raw.slice(0, raw.indexOf('\r\n\r\n')))
    ? partOf(raw, type)
    : undefined;
  if (part !== undefined) return textBody(part);
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  let body = raw.slice(split + 4);
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    // Decoded to bytes first: one character may be several encoded bytes of UTF-8.
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    body = Buffer.from(bytes, 'latin1').toString('utf8');
  } else if (/content-transfer-encoding:\s*base64/i.test(headers)) {
    body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return body;
};

export const subjectOf = (raw: string) => raw.match(/^Subject: (.*)$/im)?.[1]?.trim();
