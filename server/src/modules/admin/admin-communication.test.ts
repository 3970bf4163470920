import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, signInAdmin } from '../../../test/admin';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';
import { startSmtpCapture, subjectOf, textBody } from '../../../test/smtp-capture';

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let server: TestServer;
let admin: TestClient;
let adminId: string;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await createTestServer({ smtpUrl: smtp.url });
  ({ client: admin, userId: adminId } = await signInAdmin(server, 'chief@example.com'));
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const inbox = async (c: TestClient) => (await (await c.get('/api/v1/notifications')).json()).items;

describe('in-app messages', () => {
  it('reach the selected users from System Administrator, or everyone when none is selected', async () => {
    const { client: ann, userId: annId } = await signUpAndSignIn(server, 'ann@example.com');
    const { client: ben } = await signUpAndSignIn(server, 'ben@example.com');
    const missing = await admin.post('/api/v1/admin/messages', { title: ' ', content: '' });
    expect(missing.status).toBe(400);
    expect((await missing.json()).errors.map((e: { message: string }) => e.message)).toEqual([
      'Please fill in all required fields',
      'Please fill in all required fields',
    ]);

    const res = await admin.post('/api/v1/admin/messages', {
      userIds: [annId],
      title: 'Hello Ann',
      content: 'Just you.',
    });
    expect(await res.json()).toEqual({ sent: 1 });
    expect(await inbox(ann)).toEqual([
      expect.objectContaining({
        title: 'Hello Ann',
        type: 'notification',
        priority: 'medium',
        senderName: 'System Administrator',
        senderType: 'admin',
      }),
    ]);
    expect(await inbox(ben)).toEqual([]);

    const all = await admin.post('/api/v1/admin/messages', {
      title: 'Maintenance',
      content: 'Tonight.',
      type: 'reminder',
      priority: 'high',
    });
    expect(await all.json()).toEqual({ sent: 3 });
    expect((await inbox(ben)).map((n: { title: string }) => n.title)).toEqual(['Maintenance']);
    expect((await auditRows(server, 'send_message')).map((r) => [r.user_id, r.details])).toEqual([
      [adminId, { recipients: 1, toAll: false, type: 'notification', priority: 'medium' }],
      [adminId, { recipients: 3, toAll: true, type: 'reminder', priority: 'high' }],
    ]);
  });
});

describe('email sender', () => {
  it('sends a readable HTML and text email over SMTP with the app address, audited', async () => {
    const res = await admin.post('/api/v1/admin/emails', {
      type: 'medication_reminder',
      recipientEmail: 'carol@example.com',
      recipientName: 'Carol <b>',
      data: { medicationName: 'Metformin', dosage: '500 mg', scheduledTime: '08:00' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, delivery: 'sent' });
    const mail = smtp.messages.find((m) => m.to.includes('carol@example.com'))!;
    expect(subjectOf(mail.raw)).toBe('Medication reminder');
    const text = textBody(mail.raw);
    expect(text).toContain('Hello Carol <b>,');
    expect(text).toContain('Medication: Metformin');
    expect(text).toContain('http://localhost:3000');
    const html = textBody(mail.raw, 'text/html');
    expect(html).toContain('Hello Carol &lt;b&gt;,');
    expect(html).toContain('<a href="http://localhost:3000"');
    expect((await auditRows(server, 'send_email')).at(-1)).toMatchObject({
      user_id: adminId,
      details: { type: 'medication_reminder', delivery: 'sent' },
    });
  });

  it('links a caregiver alert to the dashboard; checks each type’s required fields', async () => {
    const ok = await admin.post('/api/v1/admin/emails', {
      type: 'caregiver_alert',
      recipientEmail: 'dan@example.com',
      data: { patientName: 'Eve', message: 'Missed two doses.' },
    });
    expect(ok.status).toBe(200);
    expect(textBody(smtp.messages.find((m) => m.to.includes('dan@example.com'))!.raw)).toContain(
      'http://localhost:3000/dashboard',
    );
    const bad = await admin.post('/api/v1/admin/emails', {
      type: 'appointment_reminder',
      recipientEmail: 'not-an-address',
      data: { appointmentType: 'Checkup' },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.map((e: { path: string }) => e.path).sort()).toEqual([
      'data.dateTime',
      'recipientEmail',
    ]);
  });

  it('is refused while notification emails are off in Settings', async () => {
    const before = smtp.messages.length;
    await admin.put('/api/v1/admin/settings/email_notifications', { value: { enabled: false } });
    try {
      const res = await admin.post('/api/v1/admin/emails', {
        type: 'weekly_summary',
        recipientEmail: 'fay@example.com',
      });
      expect(res.status).toBe(409);
      expect((await res.json()).code).toBe('email_notifications_off');
      expect(smtp.messages.length).toBe(before);
    } finally {
      await admin.post('/api/v1/admin/settings/reset');
    }
  });

  it('answers 502 with the mail server’s reason when it refuses the message', async () => {
    const refusing = await startSmtpCapture({ refuse: true });
    const other = await createTestServer({ smtpUrl: refusing.url });
    try {
      const { client } = await signInAdmin(other, 'boss@example.com');
      const res = await client.post('/api/v1/admin/emails', {
        type: 'weekly_summary',
        recipientEmail: 'gus@example.com',
      });
      expect(res.status).toBe(502);
      expect((await res.json()).detail).toMatch(/Recipient address rejected/);
    } finally {
      await other.close();
      await refusing.close();
    }
  });

  it('without a mail server, keeps the message in the outbox and says so', async () => {
    const other = await createTestServer();
    try {
      const { client } = await signInAdmin(other, 'boss@example.com');
      const res = await client.post('/api/v1/admin/emails', {
        type: 'weekly_summary',
        recipientEmail: 'hal@example.com',
      });
      expect(await res.json()).toMatchObject({ success: true, delivery: 'outbox' });
      const mail = await (await client.get('/api/v1/admin/mail')).json();
      expect(mail.mode).toBe('outbox');
      expect(mail.items[0]).toMatchObject({
        to: 'hal@example.com',
        subject: 'Your weekly Healthfolio summary',
        status: 'outbox',
      });
    } finally {
      await other.close();
    }
  });
});
