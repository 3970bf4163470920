import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';
import { startSmtpCapture, subjectOf, textBody } from '../../../test/smtp-capture';
import { createReminderScheduler } from '../../jobs/reminder-scheduler';
import type { BusMessage } from '../../realtime/bus';

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let withMail: TestServer;
let noMail: TestServer;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  withMail = await createTestServer({ smtpUrl: smtp.url });
  noMail = await createTestServer();
});
afterAll(async () => {
  await withMail.deps.bus.close();
  await withMail.close();
  await noMail.close();
  await smtp.close();
});

const sendTest = async (client: TestClient) => {
  const res = await client.post('/api/v1/notifications/test', {});
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
};

describe('send a test notification', () => {
  it('arrives in the app live, like a due reminder, and is emailed to a user who opted in', async () => {
    const { client: alice, userId } = await signUpAndSignIn(withMail, 'alice-test-note@example.com');
    await alice.patch('/api/v1/profile', { emailReminders: true });
    const heard: BusMessage[] = [];
    await withMail.deps.bus.subscribe(userId, { onMessage: (m) => heard.push(m) });
    const before = smtp.messages.length;

    const body = await sendTest(alice);
    expect(body.email).toBe('sent');
    expect(body.notification).toMatchObject({
      type: 'reminder',
      title: 'Test notification',
      senderName: 'Healthfolio',
      senderType: 'system',
      isRead: false,
      dueDate: null,
    });
    await expect
      .poll(() => heard)
      .toContainEqual({ userId, event: 'notification.created', id: body.notification.id });
    const list = await (await alice.get('/api/v1/notifications?tab=reminders')).json();
    expect(list.items[0].id).toBe(body.notification.id);

    await expect.poll(() => smtp.messages.length).toBe(before + 1);
    const mail = smtp.messages.at(-1)!;
    expect(mail.to).toEqual(['alice-test-note@example.com']);
    expect(subjectOf(mail.raw)).toBe('Test notification from Healthfolio');
    expect(textBody(mail.raw)).toContain('http://localhost:3000/dashboard/notifications');
  });

  it('says why no email went: reminders emails off, address not confirmed, or no mail server', async () => {
    const { client: bob, userId: bobId } = await signUpAndSignIn(withMail, 'bob-test-note@example.com');
    const before = smtp.messages.length;
    expect((await sendTest(bob)).email).toBe('off');

    await bob.patch('/api/v1/profile', { emailReminders: true });
    await withMail.deps.db.owner.execute(
      sql`update auth.user set email_verified = false where id = ${bobId}::uuid`,
    );
    // A change made behind the app's back is announced the way its own account changes are, so the
    // processes' session caches read the account again.
    await withMail.deps.bus.revokeSessions(bobId);
    expect((await sendTest(bob)).email).toBe('unverified');
    expect(smtp.messages.length).toBe(before);

    const { client: carol } = await signUpAndSignIn(noMail, 'carol-test-note@example.com');
    await carol.patch('/api/v1/profile', { emailReminders: true });
    expect((await sendTest(carol)).email).toBe('not_configured');
  });

  it('is never delivered again by the scheduler and stays private to its owner', async () => {
    const { client: dan } = await signUpAndSignIn(noMail, 'dan-test-note@example.com');
    const { client: eve } = await signUpAndSignIn(noMail, 'eve-test-note@example.com');
    const { notification } = await sendTest(dan);
    const delivered = await createReminderScheduler(noMail.deps).runOnce(new Date(Date.now() + 86_400_000));
    expect(delivered).not.toContain(notification.id);
    expect((await eve.get(`/api/v1/notifications/${notification.id}`)).status).toBe(404);
    expect((await noMail.client().post('/api/v1/notifications/test', {})).status).toBe(401);
  });

  it('allows 3 a minute, then answers 429 with how long to wait and stores nothing more', async () => {
    const { client: fay } = await signUpAndSignIn(noMail, 'fay-test-note@example.com');
    for (let i = 0; i < 3; i++) await sendTest(fay);
    const res = await fay.post('/api/v1/notifications/test', {});
    expect(res.status).toBe(429);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await res.json()).detail).toMatch(
      /^Too many test notifications\. Please wait \d+ seconds? and try again\.$/,
    );
    const list = await (await fay.get('/api/v1/notifications')).json();
    expect(list.items.filter((n: { title: string }) => n.title === 'Test notification')).toHaveLength(3);
  });
});
