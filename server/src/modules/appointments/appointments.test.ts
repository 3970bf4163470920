import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';
import { createReminderScheduler } from '../../jobs/reminder-scheduler';

let server: TestServer;
let alice: TestClient;
let bob: TestClient;
beforeAll(async () => {
  server = await createTestServer();
  alice = (await signUpAndSignIn(server, 'alice-appt@example.com')).client;
  bob = (await signUpAndSignIn(server, 'bob-appt@example.com')).client;
  await alice.patch('/api/v1/profile', { timezone: 'America/Chicago' });
});
afterAll(() => server.close());

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const schedule = async (client: TestClient, body: Record<string, unknown>) => {
  const res = await client.post('/api/v1/appointments', body);
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
};
const remindersOf = (appointmentId: string) =>
  server.deps.db.asSystem(async (tx) => {
    const { rows } = await tx.execute<{ title: string; due_date: Date; delivered_at: Date | null }>(
      sql`select title, due_date, delivered_at from notifications where appointment_id = ${appointmentId} order by due_date`,
    );
    return rows.map((r) => ({ title: r.title, due: new Date(r.due_date).toISOString() }));
  });

describe('scheduling appointments', () => {
  it('needs provider, date and start time with the dialog’s message; the end comes after the start', async () => {
    const res = await alice.post('/api/v1/appointments', { provider: '', date: '', startTime: '' });
    expect(res.status).toBe(400);
    const { errors } = await res.json();
    expect(errors).toEqual(
      ['provider', 'date', 'startTime'].map((path) => ({
        path,
        message: 'Provider, Date and Start Time are required.',
      })),
    );
    const backwards = await alice.post('/api/v1/appointments', {
      provider: 'Dr. Chen',
      date: inDays(3),
      startTime: '10:00',
      endTime: '09:30',
    });
    expect((await backwards.json()).errors).toEqual([
      { path: 'endTime', message: 'The end time must be after the start time' },
    ]);
    const js = await alice.post('/api/v1/appointments', {
      provider: 'Dr. Chen',
      date: inDays(3),
      startTime: '10:00',
      telehealthUrl: 'javascript:alert(1)',
    });
    expect(js.status).toBe(400);
  });

  it('stores every field, reads the times in the user’s zone, and lists upcoming soonest first', async () => {
    const later = await schedule(alice, { provider: 'Dr. Later', date: inDays(20), startTime: '15:00' });
    const a = await schedule(alice, {
      provider: 'Dr. Chen',
      specialty: 'Endocrinology',
      date: '2030-07-01',
      startTime: '09:00',
      endTime: '09:30',
      location: 'Clinic 4',
      telehealthUrl: 'https://meet.example.com/abc',
      reason: 'A1C review',
      preparation: 'Fast for 8 hours',
    });
    expect(a).toMatchObject({
      specialty: 'Endocrinology',
      date: '2030-07-01',
      startTime: '09:00',
      endTime: '09:30',
      timeZone: 'America/Chicago',
      startsAt: '2030-07-01T14:00:00.000Z', // CDT
      endsAt: '2030-07-01T14:30:00.000Z',
      status: 'scheduled',
      preparation: 'Fast for 8 hours',
    });
    const upcoming = await (await alice.get('/api/v1/appointments')).json();
    const ids = upcoming.items.map((x: { id: string }) => x.id);
    expect(ids.indexOf(later.id)).toBeLessThan(ids.indexOf(a.id));
  });

  it('names in the account history only the fields an edit changed, though the form sends them all', async () => {
    const form = {
      provider: 'Dr. Okafor',
      specialty: 'Cardiology',
      date: '2030-09-02',
      startTime: '10:00',
      endTime: '10:30',
      location: '',
      telehealthUrl: '',
      reason: 'Check-up',
      preparation: '',
    };
    const a = await schedule(alice, form);
    const edited = await alice.patch(`/api/v1/appointments/${a.id}`, {
      ...form,
      startTime: '11:00',
      endTime: '11:30',
    });
    expect(edited.status).toBe(200);
    const { items } = await (await alice.get('/api/v1/audit')).json();
    const change = items.find(
      (e: { action: string; resourceId: string | null }) => e.action === 'update' && e.resourceId === a.id,
    );
    expect(change.details).toEqual({ fields: ['endTime', 'startTime'] });
    expect(change.detail).toBe('Changed: end time, start time');
  });

  it('creates reminders 24 hours and 1 hour before, moves them on edit and drops them on cancel', async () => {
    const a = await schedule(alice, { provider: 'Dr. Patel', date: '2031-01-10', startTime: '08:00' });
    expect(await remindersOf(a.id)).toEqual([
      { title: 'Appointment tomorrow: Dr. Patel', due: '2031-01-09T14:00:00.000Z' },
      { title: 'Appointment in 1 hour: Dr. Patel', due: '2031-01-10T13:00:00.000Z' },
    ]);
    const moved = await alice.patch(`/api/v1/appointments/${a.id}`, { startTime: '11:00', endTime: '' });
    expect(await moved.json()).toMatchObject({ startTime: '11:00', startsAt: '2031-01-10T17:00:00.000Z' });
    expect((await remindersOf(a.id)).map((r) => r.due)).toEqual([
      '2031-01-09T17:00:00.000Z',
      '2031-01-10T16:00:00.000Z',
    ]);
    const bad = await alice.patch(`/api/v1/appointments/${a.id}`, { endTime: '10:00' });
    expect(bad.status).toBe(400);
    const cancelled = await alice.post(`/api/v1/appointments/${a.id}/cancel`);
    expect((await cancelled.json()).status).toBe('cancelled');
    expect(await remindersOf(a.id)).toEqual([]);
    expect((await alice.post(`/api/v1/appointments/${a.id}/cancel`)).status).toBe(409);
    const past = await (await alice.get('/api/v1/appointments?when=past')).json();
    expect(past.items.map((x: { id: string }) => x.id)).toContain(a.id);
    const upcoming = await (await alice.get('/api/v1/appointments')).json();
    expect(upcoming.items.map((x: { id: string }) => x.id)).not.toContain(a.id);
  });

  it('says in its reminders when the visit starts in words, as the appointment shows it', async () => {
    const a = await schedule(alice, {
      provider: 'Soon Clinic',
      date: '2031-01-12',
      startTime: '17:34',
      location: 'Main St',
    });
    const contents = await server.deps.db.asSystem(
      async (tx) =>
        (
          await tx.execute<{ content: string }>(
            sql`select content from notifications where appointment_id = ${a.id} order by due_date`,
          )
        ).rows,
    );
    expect(contents.map((r) => r.content)).toEqual([
      'Appointment with Soon Clinic on Sun, Jan 12 at 5:34 PM, Main St.',
      'Appointment with Soon Clinic on Sun, Jan 12 at 5:34 PM, Main St.',
    ]);
  });

  it('keeps an appointment in its own zone when it is edited after the user changed zone', async () => {
    const { client: carol } = await signUpAndSignIn(server, 'carol-appt@example.com');
    await carol.patch('/api/v1/profile', { timezone: 'America/New_York' });
    const a = await schedule(carol, { provider: 'Dr. Home', date: '2031-03-03', startTime: '09:00' });
    expect(a.startsAt).toBe('2031-03-03T14:00:00.000Z'); // EST
    await carol.patch('/api/v1/profile', { timezone: 'Europe/Berlin' });
    const edited = await (await carol.patch(`/api/v1/appointments/${a.id}`, { reason: 'Typo fixed' })).json();
    expect(edited).toMatchObject({
      reason: 'Typo fixed',
      startTime: '09:00',
      timeZone: 'America/New_York',
      startsAt: '2031-03-03T14:00:00.000Z',
    });
    const moved = await (await carol.patch(`/api/v1/appointments/${a.id}`, { startTime: '10:00' })).json();
    expect(moved).toMatchObject({ timeZone: 'America/New_York', startsAt: '2031-03-03T15:00:00.000Z' });
    expect((await remindersOf(a.id)).map((r) => r.due)).toEqual([
      '2031-03-02T15:00:00.000Z',
      '2031-03-03T14:00:00.000Z',
    ]);
  });

  it('delivers an appointment reminder through the scheduler, and skips reminders already past', async () => {
    const soon = new Date(Date.now() + 30 * 60_000);
    const local = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Chicago',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(soon);
    const part = (t: string) => local.find((p) => p.type === t)!.value;
    const a = await schedule(alice, {
      provider: 'Dr. Soon',
      date: `${part('year')}-${part('month')}-${part('day')}`,
      startTime: `${part('hour')}:${part('minute')}`,
    });
    // Less than an hour away: neither reminder is in the future, so none is created.
    expect(await remindersOf(a.id)).toEqual([]);
    const b = await schedule(alice, { provider: 'Dr. Next', date: inDays(5), startTime: '12:00' });
    const delivered = await createReminderScheduler(server.deps).runOnce(
      new Date(Date.now() + 5 * 86_400_000),
    );
    const [dayBefore] = await server.deps.db.asSystem(
      async (tx) =>
        (
          await tx.execute<{ id: string }>(
            sql`select id from notifications where appointment_id = ${b.id} order by due_date limit 1`,
          )
        ).rows,
    );
    expect(delivered).toContain(dayBefore!.id);
  });

  it('deletes an appointment with its reminders', async () => {
    const a = await schedule(alice, { provider: 'Dr. Gone', date: inDays(10), startTime: '10:00' });
    expect(await remindersOf(a.id)).toHaveLength(2);
    expect((await alice.delete(`/api/v1/appointments/${a.id}`)).status).toBe(204);
    expect((await alice.get(`/api/v1/appointments/${a.id}`)).status).toBe(404);
    expect(await remindersOf(a.id)).toEqual([]);
  });

  it('answers 404 for another user’s appointment everywhere, and leaves it untouched', async () => {
    const a = await schedule(alice, { provider: 'Dr. Private', date: inDays(8), startTime: '10:00' });
    expect((await bob.get(`/api/v1/appointments/${a.id}`)).status).toBe(404);
    expect((await bob.patch(`/api/v1/appointments/${a.id}`, { provider: 'x' })).status).toBe(404);
    expect((await bob.post(`/api/v1/appointments/${a.id}/cancel`)).status).toBe(404);
    expect((await bob.get(`/api/v1/appointments/${a.id}/calendar.ics`)).status).toBe(404);
    expect((await bob.delete(`/api/v1/appointments/${a.id}`)).status).toBe(404);
    expect((await (await bob.get('/api/v1/appointments')).json()).items).toEqual([]);
    expect(await (await alice.get(`/api/v1/appointments/${a.id}`)).json()).toMatchObject({
      provider: 'Dr. Private',
      status: 'scheduled',
    });
  });

  it('downloads an appointment as an .ics file with the start in UTC', async () => {
    const a = await schedule(alice, {
      provider: 'Dr. Chen, MD',
      specialty: 'Cardiology',
      date: '2030-12-01',
      startTime: '09:00',
      endTime: '10:00',
      location: 'Heart Center; Floor 2',
      reason: 'Follow-up\nECG',
    });
    const res = await alice.get(`/api/v1/appointments/${a.id}/calendar.ics`);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="appointment-2030-12-01.ics"');
    const text = await res.text();
    expect(text).toContain('\r\nDTSTART:20301201T150000Z\r\n'); // 09:00 CST
    expect(text).toContain('\r\nDTEND:20301201T160000Z\r\n');
    expect(text).toContain('\r\nSUMMARY:Cardiology appointment with Dr. Chen\\, MD\r\n');
    expect(text).toContain('\r\nLOCATION:Heart Center\\; Floor 2\r\n');
    expect(text).toContain(`\r\nUID:${a.id}@healthfolio\r\n`);
  });
});
