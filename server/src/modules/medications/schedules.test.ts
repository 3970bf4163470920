import { addCalendarDays, localDate } from '@healthfolio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';

const ZONE = 'America/New_York';
let server: TestServer;
let alice: TestClient;
let bob: TestClient;
beforeAll(async () => {
  server = await createTestServer();
  alice = (await signUpAndSignIn(server, 'alice-schedules@example.com')).client;
  bob = (await signUpAndSignIn(server, 'bob-schedules@example.com')).client;
  await alice.patch('/api/v1/profile', { timezone: ZONE });
});
afterAll(() => server.close());

type Dose = {
  id: string;
  dueDate: string;
  status: string;
  title: string;
  medicationName: string;
  dosage: string;
  metadata: Record<string, unknown>;
};
type Schedule = {
  id: string;
  medicationName: string;
  dosage: string;
  dailyTimes: string[];
  nextDueDate: string | null;
};
const today = () => localDate(Date.now(), ZONE);
const dosesOf = async (client: TestClient, scheduleId: string) =>
  (
    (await (await client.get('/api/v1/medications/doses?limit=1000')).json()) as { items: Dose[] }
  ).items.filter((d) => d.metadata.schedule_id === scheduleId);
const schedules = async (client: TestClient) =>
  ((await (await client.get('/api/v1/medications/schedules')).json()) as { items: Schedule[] }).items;
const isPast = (d: Dose) => Date.parse(d.dueDate) <= Date.now();

/** Lisinopril 10 mg at 08:00 and 20:00, daily, begun three days ago: six or more doses already due. */
const lisinopril = async (client: TestClient) => {
  const res = await client.post('/api/v1/medications/schedules', {
    medicationName: 'Lisinopril',
    dosage: '10 mg',
    dailyTimes: ['08:00', '20:00'],
    startDate: addCalendarDays(today(), -3),
  });
  const { scheduleId } = await res.json();
  const doses = await dosesOf(client, scheduleId);
  const [first, second] = doses;
  await client.post(`/api/v1/medications/doses/${first!.id}/take`);
  await client.post(`/api/v1/medications/doses/${second!.id}/skip`);
  return { id: scheduleId as string, doses };
};

describe('medication schedules: list, change, stop, delete', () => {
  it('lists each schedule once, by name, with its times and next dose', async () => {
    const { id } = await lisinopril(alice);
    const list = await schedules(alice);
    expect(list.filter((s) => s.id === id)).toHaveLength(1);
    expect(list.find((s) => s.id === id)).toMatchObject({
      medicationName: 'Lisinopril',
      dosage: '10 mg',
      dailyTimes: ['08:00', '20:00'],
      frequency: 'daily',
      endDate: null,
    });
    expect(await schedules(bob)).toEqual([]);
  });

  it('a change of dosage and times sets up the doses to come again; doses already due keep their marks', async () => {
    const { id, doses: before } = await lisinopril(alice);
    const res = await alice.patch(`/api/v1/medications/schedules/${id}`, {
      dosage: '20 mg',
      dailyTimes: ['09:30'],
    });
    expect(res.status).toBe(200);
    const changed = await res.json();
    expect(changed).toMatchObject({ id, dosage: '20 mg', dailyTimes: ['09:30'] });
    // Its next dose is the first 09:30 to come.
    expect(new Date(changed.nextDueDate).toLocaleTimeString('en-GB', { timeZone: ZONE })).toBe('09:30:00');
    expect((await schedules(alice)).find((s) => s.id === id)?.nextDueDate).toBe(changed.nextDueDate);
    const after = await dosesOf(alice, id);
    const past = after.filter(isPast);
    const future = after.filter((d) => !isPast(d));
    // Every dose already due is still there, as it was reminded, with its mark.
    expect(past.map((d) => d.id)).toEqual(before.filter(isPast).map((d) => d.id));
    expect(past.map((d) => d.status).slice(0, 2)).toEqual(['taken', 'skipped']);
    for (const d of past) expect(d).toMatchObject({ title: 'Lisinopril 10 mg', dosage: '10 mg' });
    // The doses to come are one a day at 09:30 New York time, for 20 mg, until 30 days from the start.
    expect(future.length).toBeGreaterThanOrEqual(26);
    expect(future.length).toBeLessThanOrEqual(27);
    for (const d of future) {
      expect(d).toMatchObject({ title: 'Lisinopril 20 mg', dosage: '20 mg', status: 'pending' });
      expect(new Date(d.dueDate).toLocaleTimeString('en-GB', { timeZone: ZONE })).toBe('09:30:00');
    }
  });

  it('Stop ends the schedule today: reminders to come are gone, doses already due and marks are kept', async () => {
    const { id, doses: before } = await lisinopril(alice);
    const res = await alice.post(`/api/v1/medications/schedules/${id}/stop`);
    expect(res.status).toBe(200);
    const { removed, endDate } = await res.json();
    expect(endDate).toBe(today());
    expect(removed).toBe(before.filter((d) => !isPast(d)).length);
    const after = await dosesOf(alice, id);
    expect(after.map((d) => d.id)).toEqual(before.filter(isPast).map((d) => d.id));
    expect(after.map((d) => d.status).slice(0, 2)).toEqual(['taken', 'skipped']);
    expect((await schedules(alice)).find((s) => s.id === id)).toMatchObject({
      endDate: today(),
      nextDueDate: null,
    });
  });

  it('a schedule stopped before any of its doses was due still lists, ended, and can be deleted', async () => {
    // Begins tomorrow, so no dose is due yet whatever the hour.
    const res = await alice.post('/api/v1/medications/schedules', {
      medicationName: 'Metformin',
      dosage: '500 mg',
      dailyTimes: ['08:00'],
      startDate: addCalendarDays(today(), 1),
    });
    const { scheduleId: id } = await res.json();
    const stop = await alice.post(`/api/v1/medications/schedules/${id}/stop`);
    expect(await stop.json()).toMatchObject({ removed: 30, endDate: today() });
    expect(await dosesOf(alice, id)).toEqual([]);
    expect((await schedules(alice)).find((s) => s.id === id)).toMatchObject({
      medicationName: 'Metformin',
      dosage: '500 mg',
      endDate: today(),
      nextDueDate: null,
    });
    expect((await bob.delete(`/api/v1/medications/schedules/${id}`)).status).toBe(404);
    expect((await alice.delete(`/api/v1/medications/schedules/${id}`)).status).toBe(204);
    expect((await schedules(alice)).map((s) => s.id)).not.toContain(id);
  });

  it('Delete removes the schedule and all its reminders; a second delete is 404', async () => {
    const { id } = await lisinopril(alice);
    expect((await alice.delete(`/api/v1/medications/schedules/${id}`)).status).toBe(204);
    expect(await dosesOf(alice, id)).toEqual([]);
    expect((await schedules(alice)).map((s) => s.id)).not.toContain(id);
    expect((await alice.delete(`/api/v1/medications/schedules/${id}`)).status).toBe(404);
  });

  it('refuses bad changes with a problem naming the field, and changes nothing', async () => {
    const { id, doses: before } = await lisinopril(alice);
    const cases: [unknown, string][] = [
      [{}, 'Change at least one field of the schedule'],
      [{ dailyTimes: [] }, 'Please fill in medication name, dosage, and at least one daily time'],
      [{ dosage: '  ' }, 'Please fill in medication name, dosage, and at least one daily time'],
      [{ frequency: 'hourly' }, ''],
      [{ startDate: today() }, ''],
      [{ endDate: addCalendarDays(today(), -4) }, 'The end date must be on or after the start date'],
      [
        { endDate: addCalendarDays(today(), -1) },
        'The end date cannot be before today. To stop the medication now, use Stop.',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await alice.patch(`/api/v1/medications/schedules/${id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      const problem = await res.json();
      if (message) expect(problem.errors.map((e: { message: string }) => e.message)).toContain(message);
    }
    expect((await dosesOf(alice, id)).map((d) => d.id)).toEqual(before.map((d) => d.id));
  });

  it('someone else’s schedule is 404 to list, change, stop or delete, and stays as it was', async () => {
    const { id, doses: before } = await lisinopril(alice);
    expect((await bob.patch(`/api/v1/medications/schedules/${id}`, { dosage: '99 mg' })).status).toBe(404);
    expect((await bob.post(`/api/v1/medications/schedules/${id}/stop`)).status).toBe(404);
    expect((await bob.delete(`/api/v1/medications/schedules/${id}`)).status).toBe(404);
    expect(await schedules(bob)).toEqual([]);
    const after = await dosesOf(alice, id);
    expect(after.map((d) => [d.id, d.dosage])).toEqual(before.map((d) => [d.id, '10 mg']));
  });
});
