import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, PASSWORD, type TestServer } from '../../test/harness';
import { startSmtpCapture, subjectOf, textBody } from '../../test/smtp-capture';

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

    const { rows } = await server.deps.db.asSystem((tx) =>
      tx.execute<{ status: string }>(sql`select status from mail_outbox where to_address = ${email}`),
    );
    expect(rows).toEqual([{ status: 'sent' }]);
  });

  it('keeps a message in the outbox when the SMTP server refuses it, so nothing is silently lost', async () => {
    const broken = await createTestServer({ smtpUrl: 'smtp://127.0.0.1:1' });
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
      expect(rows[0]?.text_body).toContain('/api/auth/verify-email?token=');
    } finally {
      await broken.close();
    }
  });
});
