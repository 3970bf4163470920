import type SMTPTransport from 'nodemailer/lib/smtp-transport';

export class SmtpUrlError extends Error {}

/**
 * SMTP_URL → nodemailer options, with TLS required unless the URL opts out:
 * - `smtps://host:465`: TLS from the first byte;
 * - `smtp://host:587`: STARTTLS required (`requireTLS`); a server that does not offer it, or offers
 *   it with a certificate that does not verify, gets no mail rather than mail in clear text;
 * - `smtp://host:25?tls=off`: no TLS at all, for a relay on the same host or a private network.
 * nodemailer's own query options (`?tls.servername=…`) still pass through.
 */
export const smtpTransportOptions = (smtpUrl: string) => {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    throw new SmtpUrlError('SMTP_URL is not a URL (e.g. smtp://user:pass@smtp.example.com:587)');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new SmtpUrlError('SMTP_URL must start with smtp:// (STARTTLS) or smtps:// (TLS)');
  }
  const tls = url.searchParams.get('tls');
  if (tls !== null && tls !== 'off') {
    throw new SmtpUrlError('SMTP_URL: the only value of tls is off (?tls=off sends without encryption)');
  }
  url.searchParams.delete('tls');
  const secure = url.protocol === 'smtps:';
  const plaintext = tls === 'off';
  const options: SMTPTransport.Options & { url: string } = {
    url: url.toString(),
    requireTLS: !secure && !plaintext,
    ignoreTLS: plaintext,
  };
  return { options, plaintext };
};
