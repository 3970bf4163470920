import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Database } from '../db/database';
import { mailOutbox } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  userId?: string;
}

export interface Mailer {
  mode: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

/**
 * Sends over SMTP when SMTP_URL is set. Without it, or when sending fails, the message still lands in
 * the outbox table and the log, links included, so a self-hoster can always confirm their account.
 */
export const createMailer = (opts: {
  smtpUrl?: string;
  from: string;
  db: Database;
  logger: Logger;
}): Mailer => {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;
  const record = (m: MailMessage, status: string, error?: string) =>
    opts.db.asSystem((tx) =>
      tx.insert(mailOutbox).values({
        userId: m.userId ?? null,
        toAddress: m.to,
        subject: m.subject,
        textBody: m.text,
        status,
        error: error ?? null,
      }),
    );
  return {
    mode: transport ? 'smtp' : 'outbox',
    async send(m) {
      if (!transport) {
        await record(m, 'outbox');
        opts.logger.warn(
          { to: m.to, subject: m.subject, text: m.text },
          'mail kept in outbox (SMTP_URL not set)',
        );
        return;
      }
      try {
        await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text });
        await record(m, 'sent');
      } catch (err) {
        const message = (err as Error).message;
        await record(m, 'failed', message);
        opts.logger.error(
          { to: m.to, subject: m.subject, text: m.text, err: { message } },
          'mail delivery failed',
        );
      }
    },
  };
};
