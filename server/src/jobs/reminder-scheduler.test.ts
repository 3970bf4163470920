import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../test/harness';
import { startSmtpCapture, subjectOf, textBody } from '../../test/smtp-capture';
import type { BusMessage } from '../realtime/bus';
import { createReminderScheduler } from './reminder-scheduler';

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let server: TestServer;
let alice: TestClient;
let aliceId: string;
let bob: TestClient;
const heard: BusMessage[] = [];
beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await createTestServer({ smtpUrl: smtp.url });
  ({ client: alice, userId: aliceId } = await signUpAndSignIn(server, 'alice-sched@example.com'));
  bob = (await signUpAndSignIn(server, 'bob-sched@example.com')).client;
  await alice.patch('/api/v1/profile', { emailReminders: true, timezone: 'Europe/Berlin' });
  await server.deps.bus.subscribe(aliceId, { onMessage: (m) => heard.push(m) });
});
afterAll(async () => {
  await server.deps.bus.close();
  await server.close();
  await smtp.close();
});

const HOUR = 3_600_000;
// Fake clock: the runs below move forward from a day after the real now, so every reminder is in the future when created.
const T = Date.now() + 24 * HOUR;
const at = (hours: number) => new Date(T + hours * HOUR);
const scheduler = (batchSize = 200) => createReminderScheduler(server.deps, { batchSize });

const reminder = async (client: TestClient, title: string, dueHours: number, extra: object = {}) => {
  const res = await client.post('/api/v1/notifications', {
    type: 'reminder',
    title,
    content: `${title} now`,
    dueDate: at(dueHours).toISOString(),
    ...extra,
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string };
};
const settle = () => new Promise((r) => setTimeout(r, 20));

describe('reminder scheduler', () => {
  it('delivers a reminder when it comes due, not before, and announces it to the user', async () => {
    const r = await reminder(alice, 'Check feet', 1);
    expect(await scheduler().runOnce(at(0.5))).not.toContain(r.id);
    const delivered = await scheduler().runOnce(at(1));
    expect(delivered).toContain(r.id);
    await settle();
    expect(heard).toContainEqual({ userId: aliceId, event: 'notification.due', id: r.id });
    const stored = await (await alice.get(`/api/v1/notifications/${r.id}`)).json();
    expect(stored.deliveredAt).toBe(at(1).toISOString());
  });

  it('never delivers the same reminder twice, also across restarts', async () => {
    const r = await reminder(alice, 'Stretch', 2);
    expect(await scheduler().runOnce(at(2))).toContain(r.id);
    expect(await scheduler().runOnce(at(2))).not.toContain(r.id);
    expect(await scheduler().runOnce(at(3))).not.toContain(r.id);
    await settle();
    expect(heard.filter((m) => m.id === r.id && m.event === 'notification.due')).toHaveLength(1);
  });

  it('catches up on everything that came due while it was stopped, in batches', async () => {
    const ids = [];
    for (let h = 4; h < 9; h++) ids.push((await reminder(bob, `Missed ${h}`, h)).id);
    // Down from hour 3 to hour 10; a fresh scheduler (a restarted server) finds them all in the database.
    const delivered = await scheduler(2).runOnce(at(10));
    expect(delivered).toEqual(expect.arrayContaining(ids));
    expect(await scheduler(2).runOnce(at(11))).toEqual([]);
  });

  it('emails an opted-in user over SMTP, in their time zone, saying only that a reminder is due; others get no email', async () => {
    smtp.messages.length = 0;
    await reminder(alice, 'Take Metformin 500 mg', 12);
    await reminder(bob, 'Bob private reminder', 12);
    await scheduler().runOnce(at(12));
    const mails = smtp.messages.filter((m) => m.to.includes('alice-sched@example.com'));
    expect(mails).toHaveLength(1);
    const [subject, text] = [subjectOf(mails[0]!.raw)!, textBody(mails[0]!.raw)];
    expect(subject).toBe('You have a reminder in Healthfolio');
    const berlin = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Europe/Berlin',
    }).format(at(12));
    expect(text).toContain(`is due ${berlin}`);
    expect(text).toContain('http://localhost:3000/dashboard/notifications');
    // The medication and dose stay in the app.
    expect(`${subject}\n${text}`).not.toMatch(/Metformin|500 mg/);
    expect(smtp.messages.some((m) => m.to.includes('bob-sched@example.com'))).toBe(false);
  });

  it('does not email reminders that came due long ago (the server was down), but still shows them', async () => {
    smtp.messages.length = 0;
    const r = await reminder(alice, 'Old one', 13);
    expect(await scheduler().runOnce(at(13 + 24))).toContain(r.id);
    expect(smtp.messages).toEqual([]);
  });

  it('stays quiet about a dose already taken and about doses already past when the schedule was made', async () => {
    const res = await alice.post('/api/v1/medications/schedules', {
      medicationName: 'Metformin',
      dosage: '500 mg',
      dailyTimes: ['00:00', '23:59'],
      frequency: 'once',
      startDate: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date()),
    });
    expect((await res.json()).created).toBe(2);
    const doses = (await (await alice.get('/api/v1/medications/doses?limit=1000')).json()).items as {
      id: string;
      dueDate: string;
    }[];
    const [past, later] = doses.slice(-2);
    await alice.post(`/api/v1/medications/doses/${later!.id}/take`);
    const delivered = await scheduler().runOnce(at(40));
    expect(delivered).not.toContain(past!.id);
    expect(delivered).not.toContain(later!.id);
  });

  it('repeats a daily reminder at the same wall-clock time, the next one after now', async () => {
    const r = await reminder(alice, 'Walk', 41, { reminderFrequency: 'daily' });
    // Down for three days: one delivery, and the next occurrence is in the future, not a replay.
    expect(await scheduler().runOnce(at(41 + 72.5))).toContain(r.id);
    const list = await (await alice.get('/api/v1/notifications?tab=reminders&limit=200')).json();
    const walks = list.items.filter((n: { title: string }) => n.title === 'Walk');
    expect(walks).toHaveLength(2);
    const next = walks.find((n: { id: string }) => n.id !== r.id);
    expect(new Date(next.dueDate).getTime()).toBe(at(41 + 96).getTime());
    expect(next).toMatchObject({ reminderFrequency: 'daily', senderName: 'You', deliveredAt: null });
  });

  it('starts, runs on its own and stops', async () => {
    const r = await reminder(alice, 'Soon', 0);
    const s = createReminderScheduler(server.deps, { intervalMs: 10 });
    // Real clock: nothing of ours is due yet.
    s.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await s.stop();
    expect(await scheduler().runOnce(at(0))).toContain(r.id);
  });
});
