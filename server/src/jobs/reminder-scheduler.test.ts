import { addCalendarDays } from '@healthfolio/core';
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
    // The later dose is due within the hour, so it can be marked taken now (a dose is marked from an
    // hour before its time); 23:59 when half an hour from now is already tomorrow in Berlin.
    const inBerlin = (d: Date, o: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', ...o }).format(d);
    const today = inBerlin(new Date(), {});
    const soon = new Date(Date.now() + 30 * 60_000);
    const later =
      inBerlin(soon, {}) === today
        ? inBerlin(soon, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
        : '23:59';
    // Begun yesterday: a new schedule starting today has no dose before the moment it was made.
    const yesterday = addCalendarDays(today, -1);
    const res = await alice.post('/api/v1/medications/schedules', {
      medicationName: 'Metformin',
      dosage: '500 mg',
      dailyTimes: ['00:00', later],
      startDate: yesterday,
      endDate: today,
    });
    expect((await res.json()).created).toBe(4);
    const doses = (await (await alice.get('/api/v1/medications/doses?limit=1000')).json()).items as {
      id: string;
      dueDate: string;
    }[];
    const [past, taken] = doses.slice(-2);
    expect((await alice.post(`/api/v1/medications/doses/${taken!.id}/take`)).status).toBe(200);
    const delivered = await scheduler().runOnce(at(40));
    expect(delivered).not.toContain(past!.id);
    expect(delivered).not.toContain(taken!.id);
  });

  it('repeats a daily reminder at the same wall-clock time, the next one after now', async () => {
    const r = await reminder(alice, 'Walk', 41, { reminderFrequency: 'daily' });
    // Down for three days: one delivery, and the next occurrence is in the future, not a replay.
    expect(await scheduler().runOnce(at(41 + 72.5))).toContain(r.id);
    const list = await (await alice.get('/api/v1/notifications?tab=reminders&limit=200')).json();
    expect(
      list.items.filter((n: { title: string }) => n.title === 'Walk').map((n: { id: string }) => n.id),
    ).toEqual([r.id]);
    const coming = await (
      await alice.get('/api/v1/notifications?tab=reminders&when=scheduled&limit=200')
    ).json();
    const next = coming.items.find((n: { title: string }) => n.title === 'Walk');
    expect(new Date(next.dueDate).getTime()).toBe(at(41 + 96).getTime());
    expect(next).toMatchObject({ reminderFrequency: 'daily', senderName: 'You', deliveredAt: null });
  });

  it('keeps a reminder, and a repeating one’s next occurrence, out of the list and the unread counts until due', async () => {
    const { client: carol } = await signUpAndSignIn(server, 'carol-sched@example.com');
    const counts = async () => (await carol.get('/api/v1/notifications/unread-counts')).json();
    const titles = async (query: string) =>
      (
        (await (await carol.get(`/api/v1/notifications?${query}`)).json()).items as {
          title: string;
          dueDate: string;
        }[]
      ).map((n) => `${n.title} ${n.dueDate}`);
    const first = `Take vitamin D ${at(50).toISOString()}`;
    const second = `Take vitamin D ${at(74).toISOString()}`;
    await reminder(carol, 'Take vitamin D', 50, { reminderFrequency: 'daily' });
    // Set for later: listed as scheduled, not in the inbox, not on the bell.
    expect(await counts()).toEqual({ all: 0, notes: 0, actions: 0, reminders: 0 });
    expect(await titles('tab=all')).toEqual([]);
    expect(await titles('tab=reminders&when=scheduled')).toEqual([first]);

    await scheduler().runOnce(at(50));
    // Due: it arrives (one unread); tomorrow's occurrence waits in the scheduled list.
    expect(await counts()).toEqual({ all: 1, notes: 0, actions: 0, reminders: 1 });
    expect(await titles('tab=all')).toEqual([first]);
    expect(await titles('tab=reminders')).toEqual([first]);
    expect(await titles('tab=reminders&when=scheduled')).toEqual([second]);
  });

  it('stops a daily reminder deleted while it waits: it never arrives and nothing repeats', async () => {
    const { client: dave } = await signUpAndSignIn(server, 'dave-sched@example.com');
    const r = await reminder(dave, 'Floss', 60, { reminderFrequency: 'daily' });
    expect((await dave.delete(`/api/v1/notifications/${r.id}`)).status).toBe(204);
    expect(await scheduler().runOnce(at(60))).not.toContain(r.id);
    await scheduler().runOnce(at(60 + 24 * 5));
    const everything = await (await dave.get('/api/v1/notifications?limit=200')).json();
    const coming = await (await dave.get('/api/v1/notifications?when=scheduled&limit=200')).json();
    expect([...everything.items, ...coming.items]).toEqual([]);
  });

  it('stops a daily reminder deleted after it arrived: its waiting next occurrence goes too', async () => {
    const { client: emma } = await signUpAndSignIn(server, 'emma-sched@example.com');
    await reminder(emma, 'Water plants', 70, { reminderFrequency: 'daily' });
    const r = await reminder(emma, 'Stretch', 70, { reminderFrequency: 'daily' });
    await scheduler().runOnce(at(70));
    const scheduledTitles = async () =>
      (
        (await (await emma.get('/api/v1/notifications?when=scheduled&limit=200')).json()).items as {
          title: string;
        }[]
      ).map((n) => n.title);
    expect((await scheduledTitles()).sort()).toEqual(['Stretch', 'Water plants']);

    expect((await emma.delete(`/api/v1/notifications/${r.id}`)).status).toBe(204);
    // Only that series stops: the other daily reminder still comes tomorrow.
    expect(await scheduledTitles()).toEqual(['Water plants']);
    await scheduler().runOnce(at(70 + 24 * 3));
    const titles = (
      (await (await emma.get('/api/v1/notifications?limit=200')).json()).items as {
        title: string;
      }[]
    ).map((n) => n.title);
    expect(titles.filter((t) => t === 'Stretch')).toEqual([]);
    expect(titles.filter((t) => t === 'Water plants')).toHaveLength(2);
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
