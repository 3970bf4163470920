import { afterAll, beforeAll, expect, it } from 'vitest';
import { APP_URL, createTestServer, signUpAndSignIn, type TestServer } from '../../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
}, 60_000);
afterAll(() => server.close());

const appointment = (id: string, start: string, end?: string) => ({
  resource: {
    resourceType: 'Appointment',
    id,
    status: 'booked',
    start,
    ...(end ? { end } : {}),
    participant: [{ actor: { display: `Dr. ${id}` }, status: 'accepted' }],
  },
});

it('keeps the instant an appointment file gives and shows it on the importer’s wall clock', async () => {
  const { client } = await signUpAndSignIn(server, 'appt-zones@example.com');
  await client.patch('/api/v1/profile', { timezone: 'America/Los_Angeles' });
  const bundle = {
    resourceType: 'Bundle',
    type: 'collection',
    entry: [
      // Booked in Tokyo (+09:00): 09:00–09:30 there is 16:00–16:30 the day before in Los Angeles.
      appointment('Tokyo', '2027-03-10T09:00:00+09:00', '2027-03-10T09:30:00+09:00'),
      // The second 01:30 of the night the clocks fall back (PST, -08:00), not the first (PDT).
      appointment('Fallback', '2026-11-01T01:30:00-08:00'),
      // No offset (C-CDA allows it): the clinic's wall clock, read in the person's zone (PDT then).
      appointment('Floating', '2027-04-02T10:15:00'),
    ],
  };
  const body = new FormData();
  body.append('file', new Blob([JSON.stringify(bundle)]), 'appointments.json');
  const res = await server.app.request('/api/v1/records/import?otherPerson=confirmed', {
    method: 'POST',
    body,
    headers: { origin: APP_URL, cookie: client.cookieHeader, 'x-requested-with': 'healthfolio' },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  expect(((await res.json()) as { created: unknown }).created).toMatchObject({ appointments: 3 });

  const all = [
    ...(await (await client.get('/api/v1/appointments?when=upcoming')).json()).items,
    ...(await (await client.get('/api/v1/appointments?when=past')).json()).items,
  ];
  const by = (provider: string) => all.find((a: { provider: string }) => a.provider === provider);
  const at = ['startsAt', 'endsAt', 'date', 'startTime', 'endTime', 'timeZone'] as const;
  const pick = (a: Record<string, unknown>) => Object.fromEntries(at.map((k) => [k, a[k]]));
  expect(pick(by('Dr. Tokyo'))).toEqual({
    startsAt: '2027-03-10T00:00:00.000Z',
    endsAt: '2027-03-10T00:30:00.000Z',
    date: '2027-03-09',
    startTime: '16:00',
    endTime: '16:30',
    timeZone: 'America/Los_Angeles',
  });
  expect(pick(by('Dr. Fallback'))).toMatchObject({
    startsAt: '2026-11-01T09:30:00.000Z',
    date: '2026-11-01',
    startTime: '01:30',
  });
  expect(pick(by('Dr. Floating'))).toMatchObject({
    startsAt: '2027-04-02T17:15:00.000Z',
    date: '2027-04-02',
    startTime: '10:15',
  });
}, 60_000); // the file is parsed in its own limited child process
