import { randomUUID } from 'node:crypto';
import type { ConnectionOptions } from 'node:tls';
import { lt } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Database } from '../db/database';
import { mailOutbox } from '../db/schema';
import { sealBody } from './outbox-seal';
import { smtpTransportOptions } from './smtp-options';
import type { MailType } from './templates';

export interface MailMessage {
  type: MailType;
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative (the admin console's emails); the outbox keeps the text. */
  html?: string;
  /** Only a confirmation email sets this: the one link the log may show, when no mail is configured. */
  confirmationLink?: string;
  userId?: string;
}

export interface MailResult {
  id: string;
  status: 'sent' | 'outbox' | 'failed';
  /** The SMTP server's answer when it refused the message. */
  error?: string;
}

export interface Mailer {
  mode: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<MailResult>;
  /** Deletes outbox rows older than the retention; the background job calls it. Returns how many. */
  purgeOutbox(now?: Date): Promise<number>;
}

export const DEFAULT_OUTBOX_RETENTION_HOURS = 24;

/**
 * Sends over SMTP when SMTP_URL is set. Every message also lands in the `mail_outbox` table (kept for
 * `outboxRetentionHours`, then purged), so nothing is lost when SMTP is missing or fails: an
 * undelivered message's body sealed with ENCRYPTION_KEY (`npm run mail:outbox` opens it), a delivered
 * one without its body (its links and words went to the recipient, and backups need not carry them). The log only
 * gets the message's id and type: bodies hold reset links and reminders, and logs travel further than
 * the database. One exception: with no mail configured, a confirmation link is printed, so a
 * self-hoster can confirm their own first account.
 */
export const createMailer = (opts: {
  smtpUrl?: string;
  from: string;
  db: Database;
  logger: Logger;
  /** Seals the bodies of undelivered messages (ENCRYPTION_KEY). */
  encryptionKey: string;
  outboxRetentionHours?: number;
  /** Extra TLS settings (the tests trust their own certificate authority here). */
  tls?: ConnectionOptions;
}): Mailer => {
  const smtp = opts.smtpUrl ? smtpTransportOptions(opts.smtpUrl) : undefined;
  if (smtp?.plaintext) {
    opts.logger.warn('SMTP_URL has tls=off: mail, reset links included, crosses the network unencrypted');
  }
  const transport = smtp
    ? nodemailer.createTransport({ ...smtp.options, ...(opts.tls && { tls: opts.tls }) })
    : undefined;
  const retentionMs = (opts.outboxRetentionHours ?? DEFAULT_OUTBOX_RETENTION_HOURS) * 3_600_000;
  const record = (id: string, m: MailMessage, status: string, error?: string) =>
    opts.db.asSystem((tx) =>
      tx.insert(mailOutbox).values({
        id,
        userId: m.userId ?? null,
        toAddress: m.to,
        subject: m.subject,
        textBody: status === 'sent' ? null : sealBody(m.text, opts.encryptionKey),
        status,
        error: error ?? null,
      }),
    );
  return {
    mode: transport ? 'smtp' : 'outbox',
    async send(m) {
      const mailId = randomUUID();
      const meta = { mailId, mailType: m.type };
      if (!transport) {
        await record(mailId, m, 'outbox');
        if (m.type === 'verification' && m.confirmationLink) {
          opts.logger.warn(
            { ...meta, confirmationLink: m.confirmationLink },
            'mail kept in outbox (SMTP_URL not set); open the confirmation link to confirm the account',
          );
        } else {
          opts.logger.warn(meta, 'mail kept in outbox (SMTP_URL not set)');
        }
        return { id: mailId, status: 'outbox' };
      }
      try {
        await transport.sendMail({
          from: opts.from,
          to: m.to,
          subject: m.subject,
          text: m.text,
          ...(m.html && { html: m.html }),
          messageId: `<${mailId}@healthfolio>`,
        });
        await record(mailId, m, 'sent');
        opts.logger.debug(meta, 'mail sent');
        return { id: mailId, status: 'sent' };
      } catch (err) {
        await record(mailId, m, 'failed', (err as Error).message);
        // The serializer keeps the SMTP code and the message's shape; the recipient is masked.
        opts.logger.error({ ...meta, err }, 'mail delivery failed');
        return { id: mailId, status: 'failed', error: (err as Error).message };
      }
    },
    async purgeOutbox(now = new Date()) {
      const cutoff = new Date(now.getTime() - retentionMs);
      const gone = await opts.db.asSystem((tx) =>
        tx.delete(mailOutbox).where(lt(mailOutbox.createdAt, cutoff)).returning({ id: mailOutbox.id }),
      );
      if (gone.length) opts.logger.info({ purged: gone.length }, 'mail outbox purged');
      return gone.length;
    },
  };
};
