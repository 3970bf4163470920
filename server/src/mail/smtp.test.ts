import type { ConnectionOptions } from 'node:tls';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, PASSWORD, type TestServer } from '../../test/harness';
import { startSmtpCapture, subjectOf, textBody } from '../../test/smtp-capture';
import { ConfigError, loadConfig } from '../config';
import { createReminderScheduler } from '../jobs/reminder-scheduler';
import { createMailer } from './mailer';
import { openBody } from './outbox-seal';
import { passwordResetEmail } from './templates';

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await createTestServer({ smtpUrl: smtp.url, mailFrom: 'Healthfolio <no-reply@health.example>' });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

describe('mail over SMTP', () => {
  it('delivers the confirmation email whose link confirms the account', async () => {
    const email = 'smtp-user@example.com';
    const client = server.client();
    expect(await (await client.get('/api/v1/auth/providers')).json()).toMatchObject({
      emailDelivery: 'smtp',
    });
    await client.post('/api/auth/sign-up/email', { email, password: PASSWORD });

    const mail = smtp.messages.find((m) => m.to.includes(email));
    expect(mail).toBeTruthy();
    expect(subjectOf(mail!.raw)).toBe('Confirm your Healthfolio account');
    const link = new URL(textBody(mail!.raw).match(/https?:\/\/\S+/)![0]);
    expect(link.origin).toBe('http://localhost:3000');

    await client.get(link.pathname + link.search);
    expect((await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);

    // Delivered: the outbox (and every backup) keeps who, what subject and when, not the link.
    const { rows } = await server.deps.db.asSystem((tx) =>
      tx.execute<{ status: string; text_body: string | null }>(
        sql`select status, text_body from mail_outbox where to_address = ${email}`,
      ),
    );
    expect(rows).toEqual([{ status: 'sent', text_body: null }]);
  });

  it('keeps a message in the outbox when the SMTP server refuses it, so nothing is silently lost', async () => {
    const broken = await createTestServer({ smtpUrl: 'smtp://127.0.0.1:1?tls=off' });
    try {
      await broken
        .client()
        .post('/api/auth/sign-up/email', { email: 'lost@example.com', password: PASSWORD });
      const { rows } = await broken.deps.db.asSystem((tx) =>
        tx.execute<{ status: string; text_body: string }>(
          sql`select status, text_body from mail_outbox where to_address = 'lost@example.com'`,
        ),
      );
      expect(rows[0]?.status).toBe('failed');
      // Kept for the operator, sealed with ENCRYPTION_KEY: the table alone holds no working link.
      expect(rows[0]?.text_body).toMatch(/^sealed:v1:/);
      expect(rows[0]?.text_body).not.toContain('verify-email');
      expect(openBody(rows[0]!.text_body, broken.deps.config.encryptionKey)).toContain(
        '/api/auth/verify-email?token=',
      );
      expect(() => openBody(rows[0]!.text_body, 'ab'.repeat(32))).toThrow();
    } finally {
      await broken.close();
    }
  });
});

const outboxRows = async (to: string) =>
  (
    await server.deps.db.asSystem((tx) =>
      tx.execute<{ status: string }>(sql`select status from mail_outbox where to_address = ${to}`),
    )
  ).rows.map((r) => r.status);

/** Sends one message through a mailer of its own and says what became of it. */
const sendWith = async (smtpUrl: string | undefined, to: string, tls?: ConnectionOptions) => {
  const mailer = createMailer({
    smtpUrl,
    from: 'x@health.example',
    db: server.deps.db,
    logger: pino({ level: 'silent' }),
    encryptionKey: server.deps.config.encryptionKey,
    tls,
  });
  await mailer.send({ to, ...passwordResetEmail('http://localhost:3000/reset') });
  return { mailer, status: await outboxRows(to) };
};

describe('TLS for SMTP', () => {
  it('sends over STARTTLS to a server whose certificate verifies', async () => {
    const tls = await startSmtpCapture({ starttls: true });
    try {
      expect(tls.url).not.toContain('tls=off');
      expect((await sendWith(tls.url, 'tls-ok@example.com', { ca: tls.ca })).status).toEqual(['sent']);
      expect(tls.messages.map((m) => [m.to, m.secure])).toEqual([[['tls-ok@example.com'], true]]);
    } finally {
      await tls.close();
    }
  });

  it('sends nothing to a server whose certificate does not verify', async () => {
    const tls = await startSmtpCapture({ starttls: true });
    try {
      expect((await sendWith(tls.url, 'tls-untrusted@example.com')).status).toEqual(['failed']);
      expect(tls.messages).toEqual([]);
    } finally {
      await tls.close();
    }
  });

  it('sends nothing in clear text to a server without STARTTLS, unless the URL says tls=off', async () => {
    smtp.messages.length = 0;
    const plain = smtp.url.replace('?tls=off', '');
    expect((await sendWith(plain, 'tls-missing@example.com')).status).toEqual(['failed']);
    expect(smtp.messages).toEqual([]);
    expect((await sendWith(smtp.url, 'tls-off@example.com')).status).toEqual(['sent']);
    expect(smtp.messages.map((m) => [m.to, m.secure])).toEqual([[['tls-off@example.com'], false]]);
  });

  it('refuses to start with an SMTP_URL it cannot honour', () => {
    for (const SMTP_URL of ['smtp://mail.example.com?tls=maybe', 'http://mail.example.com', 'not a url']) {
      expect(() => loadConfig({ SMTP_URL }), SMTP_URL).toThrow(ConfigError);
    }
  });
});

describe('outbox retention', () => {
  it('keeps a message for MAIL_OUTBOX_RETENTION_HOURS, then purges it', async () => {
    const to = 'retained@example.com';
    const { mailer, status } = await sendWith(undefined, to);
    expect(status).toEqual(['outbox']);
    const HOUR = 3_600_000;
    await mailer.purgeOutbox(new Date(Date.now() + 23 * HOUR));
    expect(await outboxRows(to)).toEqual(['outbox']);
    expect(await mailer.purgeOutbox(new Date(Date.now() + 25 * HOUR))).toBeGreaterThanOrEqual(1);
    expect(await outboxRows(to)).toEqual([]);
  });

  it('is purged by the background job the server runs', async () => {
    const to = 'stale@example.com';
    await server.deps.db.asSystem((tx) =>
      tx.execute(sql`insert into mail_outbox (to_address, subject, text_body, status, created_at)
        values (${to}, 'old', 'old', 'sent', now() - interval '25 hours')`),
    );
    const scheduler = createReminderScheduler(server.deps, { intervalMs: 60_000 });
    scheduler.start();
    await scheduler.stop();
    expect(await outboxRows(to)).toEqual([]);
  });
});
