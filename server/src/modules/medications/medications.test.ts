import { addCalendarDays, localDate } from '@healthfolio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';

let server: TestServer;
let alice: TestClient;
let bob: TestClient;
beforeAll(async () => {
  server = await createTestServer();
  alice = (await signUpAndSignIn(server, 'alice-meds@example.com')).client;
  bob = (await signUpAndSignIn(server, 'bob-meds@example.com')).client;
  await alice.patch('/api/v1/profile', { timezone: 'America/New_York' });
});
afterAll(() => server.close());

type Dose = {
  id: string;
  dueDate: string;
  status: string;
  title: string;
  content: string;
  metadata: Record<string, unknown>;
};
const doses = async (client: TestClient, query = '') =>
  ((await (await client.get(`/api/v1/medications/doses${query}`)).json()) as { items: Dose[] }).items;

describe('medication schedules', () => {
  it('refuses a schedule without name, dosage or a time, with the form’s message', async () => {
    const res = await alice.post('/api/v1/medications/schedules', {
      medicationName: 'Metformin',
      dailyTimes: [],
    });
    expect(res.status).toBe(400);
    const messages = (await res.json()).errors.map((e: { message: string }) => e.message);
    expect(messages).toContain('Please fill in medication name, dosage, and at least one daily time');
  });

  it('creates 30 days × each time as reminders (spec §7), at the wall-clock time in the user’s zone', async () => {
    const res = await alice.post('/api/v1/medications/schedules', {
      medicationName: 'Metformin',
      dosage: '500 mg',
      dailyTimes: ['20:00', '08:00'],
      startDate: '2025-03-01',
      specialInstructions: 'Take with food',
      prescriber: 'Dr. Chen',
      prescriptionNumber: 'RX-1',
      refillDate: '2025-03-25',
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ created: 60 });
    const list = await doses(alice, '?to=2025-04-01T00:00:00Z');
    expect(list).toHaveLength(60);
    expect(list[0]).toMatchObject({
      type: 'reminder',
      senderName: 'Medication Reminder',
      senderType: 'system',
      title: 'Metformin 500 mg',
      content: 'Time to take your Metformin. Take with food',
      dueDate: '2025-03-01T13:00:00.000Z', // 08:00 EST
      status: 'overdue',
      medicationName: 'Metformin',
      metadata: {
        medication_name: 'Metformin',
        dosage: '500 mg',
        daily_times: ['08:00', '20:00'],
        special_instructions: 'Take with food',
        prescriber: 'Dr. Chen',
        prescription_number: 'RX-1',
        refill_date: '2025-03-25',
      },
    });
    // After the US change to summer time (9 March) 08:00 is still 08:00 local.
    const due = list.map((d) => d.dueDate);
    expect(due).toContain('2025-03-08T13:00:00.000Z');
    expect(due).toContain('2025-03-10T12:00:00.000Z');
    expect(due).not.toContain('2025-03-10T13:00:00.000Z');
    expect([...due].sort()).toEqual(due);
  });

  it('weekly gives 4 doses a week apart and stops after the end date', async () => {
    const weekly = await alice.post('/api/v1/medications/schedules', {
      medicationName: 'Ozempic',
      dosage: '0.5 mg',
      dailyTimes: ['09:00'],
      frequency: 'weekly',
      startDate: '2026-01-05',
    });
    expect((await weekly.json()).created).toBe(4);
    const ended = await alice.post('/api/v1/medications/schedules', {
      medicationName: 'Amoxicillin',
      dosage: '250 mg',
      dailyTimes: ['07:00', '19:00'],
      startDate: '2026-02-01',
      endDate: '2026-02-03',
    });
    expect((await ended.json()).created).toBe(6);
  });

  it('defaults the start to today, with no dose before the moment it was set up, whatever the hour', async () => {
    const before = (await (await alice.get('/api/v1/notifications/unread-counts')).json()).reminders;
    const hourly = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);
    const setUp = Date.now();
    const res = await alice.post('/api/v1/medications/schedules', {
      medicationName: 'Vitamin D',
      dosage: '1000 IU',
      dailyTimes: hourly,
    });
    expect(res.status).toBe(201);
    const { created, firstDueDate, scheduleId } = await res.json();
    // The first dose is the next whole hour on the New York clock: nothing is overdue at once.
    expect(Date.parse(firstDueDate)).toBeGreaterThanOrEqual(setUp);
    expect(Date.parse(firstDueDate) - setUp).toBeLessThanOrEqual(3_600_000);
    // Today's hours still to come, then 29 whole days.
    expect(created).toBeGreaterThanOrEqual(29 * 24);
    expect(created).toBeLessThanOrEqual(30 * 24);
    const since = new Date(setUp - 86_400_000).toISOString();
    const mine = (await doses(alice, `?from=${since}&limit=1000`)).filter(
      (d) => d.metadata.schedule_id === scheduleId,
    );
    expect(mine).toHaveLength(created);
    for (const d of mine) expect(Date.parse(d.dueDate)).toBeGreaterThanOrEqual(setUp);
    // Doses to come stay off the notification list until due.
    const after = (await (await alice.get('/api/v1/notifications/unread-counts')).json()).reminders;
    expect(after - before).toBeLessThanOrEqual(1);
  });
});

describe('taking and skipping doses', () => {
  it('Taken completes and reads; Skip reads only and shows skipped; neither twice', async () => {
    const [a, b] = await doses(alice, '?from=2025-03-02T00:00:00Z&to=2025-03-03T00:00:00Z');
    const taken = await alice.post(`/api/v1/medications/doses/${a!.id}/take`);
    expect(await taken.json()).toMatchObject({ isCompleted: true, isRead: true, status: 'taken' });
    const skipped = await alice.post(`/api/v1/medications/doses/${b!.id}/skip`);
    const s = await skipped.json();
    expect(s).toMatchObject({ isCompleted: false, isRead: true, status: 'skipped' });
    expect(s.metadata).toMatchObject({ skipped: true, medication_name: 'Metformin' });
    expect((await alice.post(`/api/v1/medications/doses/${a!.id}/skip`)).status).toBe(409);
    expect((await alice.post(`/api/v1/medications/doses/${b!.id}/take`)).status).toBe(409);
  });

  it('a dose reminder marked read in the notification list is not skipped and can still be taken', async () => {
    const window = '?from=2025-03-05T00:00:00Z&to=2025-03-06T00:00:00Z';
    const [c] = await doses(alice, window);
    const read = await alice.patch(`/api/v1/notifications/${c!.id}`, { isRead: true });
    expect(read.status).toBe(200);
    const [again] = await doses(alice, window);
    expect(again).toMatchObject({ id: c!.id, isRead: true, status: 'overdue' });
    const taken = await alice.post(`/api/v1/medications/doses/${c!.id}/take`);
    expect(await taken.json()).toMatchObject({ isCompleted: true, status: 'taken' });
  });

  it('another user’s dose is 404 and unchanged; a non-medication item is not a dose', async () => {
    const [dose] = await doses(alice, '?limit=1');
    expect((await bob.post(`/api/v1/medications/doses/${dose!.id}/take`)).status).toBe(404);
    expect(await doses(bob)).toEqual([]);
    const [again] = await doses(alice, '?limit=1');
    expect(again!.status).toBe(dose!.status);
    const note = await (
      await alice.post('/api/v1/notifications', { type: 'reminder', title: 't', content: 'c' })
    ).json();
    expect((await alice.post(`/api/v1/medications/doses/${note.id}/take`)).status).toBe(404);
  });

  it('lists today’s doses on the profile’s clock when asked for day=today, and nothing else', async () => {
    const zone = 'America/New_York';
    // Begun yesterday in New York, so it has a dose at noon today whatever the hour.
    await alice.post('/api/v1/medications/schedules', {
      medicationName: 'Folic acid',
      dosage: '400 mcg',
      dailyTimes: ['12:00'],
      startDate: addCalendarDays(localDate(Date.now(), zone), -1),
    });
    const today = await doses(alice, '?day=today');
    expect(today.map((d) => d.metadata.medication_name)).toContain('Folic acid');
    for (const d of today) expect(localDate(d.dueDate, zone)).toBe(localDate(Date.now(), zone));
    expect((await alice.get('/api/v1/medications/doses?day=today&from=2025-03-02T00:00:00Z')).status).toBe(
      400,
    );
    expect((await alice.get('/api/v1/medications/doses?day=tomorrow')).status).toBe(400);
  });

  it('pages doses in due order', async () => {
    const first = await (await alice.get('/api/v1/medications/doses?limit=5')).json();
    const second = await (
      await alice.get(`/api/v1/medications/doses?limit=5&cursor=${first.nextCursor}`)
    ).json();
    expect(second.items[0].dueDate >= first.items[4].dueDate).toBe(true);
    expect(second.items.map((d: Dose) => d.id)).not.toContain(first.items[0].id);
  });
});

describe('a dose not yet due', () => {
  /** A one-off dose due `minutes` from now, on the UTC clock (the new account's zone). */
  const doseIn = async (client: TestClient, minutes: number) => {
    const at = new Date(Date.now() + minutes * 60_000).toISOString();
    const { firstDueDate } = await (
      await client.post('/api/v1/medications/schedules', {
        medicationName: 'Ibuprofen',
        dosage: '200 mg',
        dailyTimes: [at.slice(11, 16)],
        frequency: 'once',
        startDate: at.slice(0, 10),
      })
    ).json();
    return (await doses(client)).find((d) => d.dueDate === firstDueDate)!;
  };

  it('cannot be marked taken or skipped more than an hour before its time, and stays open', async () => {
    const carol = (await signUpAndSignIn(server, 'carol-meds@example.com')).client;
    const later = await doseIn(carol, 120);
    for (const verb of ['take', 'skip']) {
      const res = await carol.post(`/api/v1/medications/doses/${later.id}/${verb}`);
      expect(res.status).toBe(409);
      expect((await res.json()).detail).toBe(
        'This dose is not due yet. You can mark it from an hour before its time.',
      );
    }
    expect((await doses(carol)).find((d) => d.id === later.id)).toMatchObject({ status: 'pending' });
    // Within the hour before it is due, it can be taken.
    const soon = await doseIn(carol, 30);
    const taken = await carol.post(`/api/v1/medications/doses/${soon.id}/take`);
    expect(await taken.json()).toMatchObject({ status: 'taken' });
  });

  it('a mark can be undone: the dose is open again and can be answered anew', async () => {
    const [dose] = await doses(alice, '?from=2025-03-07T00:00:00Z&to=2025-03-08T00:00:00Z');
    expect((await alice.post(`/api/v1/medications/doses/${dose!.id}/undo`)).status).toBe(409);
    await alice.post(`/api/v1/medications/doses/${dose!.id}/skip`);
    const undone = await (await alice.post(`/api/v1/medications/doses/${dose!.id}/undo`)).json();
    expect(undone).toMatchObject({ status: 'overdue', isCompleted: false });
    expect(undone.metadata.skipped).toBeUndefined();
    const taken = await alice.post(`/api/v1/medications/doses/${dose!.id}/take`);
    expect(await taken.json()).toMatchObject({ status: 'taken' });
    const again = await (await alice.post(`/api/v1/medications/doses/${dose!.id}/undo`)).json();
    expect(again).toMatchObject({ status: 'overdue', isCompleted: false });
    expect((await bob.post(`/api/v1/medications/doses/${dose!.id}/undo`)).status).toBe(404);
  });
});
