import { addCalendarDays, localDate } from '@healthfolio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestServer } from '../../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const WEIGHT = { weight: 80, weightUnit: 'kg' };
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
const errorsOf = async (res: Response) => ((await res.json()) as { errors: unknown[] }).errors;
const FUTURE = [{ path: 'occurredAt', message: 'Cannot be in the future' }];

const personIn = async (zone: string) => {
  const { client } = await signUpAndSignIn(server, `entry-dates-${zone.split('/')[1]}@example.com`);
  expect((await client.patch('/api/v1/profile', { timezone: zone })).status).toBe(200);
  return client;
};

describe('an entry typed with a date alone', () => {
  // The ends of the day line: Auckland is already on the next day while Honolulu is still on the last.
  for (const zone of ['Pacific/Auckland', 'Pacific/Honolulu']) {
    it(`is dated by its day, today in ${zone} included, not tomorrow, and an edit keeps it so`, async () => {
      const client = await personIn(zone);
      const today = localDate(Date.now(), zone);
      const created = await client.post('/api/v1/entries', {
        tracker: 'weight',
        occurredAt: today,
        data: WEIGHT,
      });
      expect(created.status).toBe(201);
      const entry = await created.json();
      expect(entry).toMatchObject({ occurredAt: `${today}T12:00:00.000Z`, occurredPrecision: 'day' });

      const tomorrow = addCalendarDays(today, 1);
      const refused = await client.post('/api/v1/entries', {
        tracker: 'weight',
        occurredAt: tomorrow,
        data: WEIGHT,
      });
      expect(refused.status).toBe(400);
      expect(await errorsOf(refused)).toEqual(FUTURE);
      const edit = (body: object) => client.patch(`/api/v1/entries/${entry.id}`, body);
      const moved = await edit({ occurredAt: tomorrow });
      expect(moved.status).toBe(400);
      expect(await errorsOf(moved)).toEqual(FUTURE);

      // An edit that leaves the date alone keeps the day; a new date alone is a day; a time is a time.
      expect(await (await edit({ notes: 'After breakfast' })).json()).toMatchObject({
        occurredAt: `${today}T12:00:00.000Z`,
        occurredPrecision: 'day',
      });
      const earlier = addCalendarDays(today, -3);
      expect(await (await edit({ occurredAt: earlier })).json()).toMatchObject({
        occurredAt: `${earlier}T12:00:00.000Z`,
        occurredPrecision: 'day',
      });
      const at = daysAgo(4);
      expect(await (await edit({ occurredAt: at })).json()).toMatchObject({
        occurredAt: at,
        occurredPrecision: null,
      });
      expect(await (await edit({ occurredAt: earlier })).json()).toMatchObject({
        occurredAt: `${earlier}T12:00:00.000Z`,
        occurredPrecision: 'day',
      });
    });
  }

  it('is not taken for a glucose reading, which is kept with its time', async () => {
    const client = await personIn('Europe/Paris');
    const day = addCalendarDays(localDate(Date.now(), 'Europe/Paris'), -1);
    const typed = await client.post('/api/v1/entries', {
      tracker: 'blood-glucose',
      occurredAt: day,
      data: { glucose: 120 },
    });
    expect(typed.status).toBe(400);
    expect(await errorsOf(typed)).toEqual([{ path: 'occurredAt', message: 'Date and time are required' }]);
    const reading = await (
      await client.post('/api/v1/entries', {
        tracker: 'blood-glucose',
        occurredAt: daysAgo(1),
        data: { glucose: 120 },
      })
    ).json();
    const edited = await client.patch(`/api/v1/entries/${reading.id}`, { occurredAt: day });
    expect(edited.status).toBe(400);
    expect(await errorsOf(edited)).toEqual([{ path: 'occurredAt', message: 'Date and time are required' }]);
    expect((await (await client.get(`/api/v1/entries/${reading.id}`)).json()).occurredAt).toBe(
      reading.occurredAt,
    );
  });
});
