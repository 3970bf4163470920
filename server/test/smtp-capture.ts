import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps every message it receives. */
export const startSmtpCapture = async () => {
  const messages: CapturedMail[] = [];
  // While paused, a message is received but not acknowledged: the sender waits, as on a slow server.
  let paused = false;
  let held: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const accept = () => {
          messages.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
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
    url: `smtp://127.0.0.1:${port}`,
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

/** The text body of a raw single-part message, decoding quoted-printable (mailparser is not available here). */
export const textBody = (raw: string) => {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  let body = raw.slice(split + 4);
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    body = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  } else if (/content-transfer-encoding:\s*base64/i.test(headers)) {
    body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return body;
};

export const subjectOf = (raw: string) => raw.match(/^Subject: (.*)$/im)?.[1]?.trim();
