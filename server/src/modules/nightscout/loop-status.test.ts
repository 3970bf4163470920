import { afterAll, beforeAll, expect, it } from 'vitest';
import { aaps, MIN, uploadLoop } from '../../../test/aaps-loop';
import { createTestServer, signUpAndSignIn, type TestServer } from '../../../test/harness';
import { newCredential } from '../../../test/nightscout-apps';

/** The diabetes home's loop card reads what the loop uploaded, as the Nightscout followers do. */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

it('shows IOB, COB, the loop run, the pump, the phone battery and the temp basal AndroidAPS uploaded; nothing for someone else', async () => {
  expect((await server.client().get('/api/v1/devices/loop-status')).status).toBe(401);
  const { client } = await signUpAndSignIn(server, 'loop-card@example.com');
  const empty = await (await client.get('/api/v1/devices/loop-status')).json();
  expect(empty).toEqual({
    reportedAt: null,
    loop: null,
    iob: null,
    cob: null,
    pump: null,
    uploaderBatteryPercent: null,
    tempBasal: null,
    profile: null,
  });

  const now = Date.now();
  const u = await uploadLoop(server, await newCredential(client, 'AndroidAPS'), now);
  const res = await client.get('/api/v1/devices/loop-status');
  expect(res.status).toBe(200);
  const at = new Date(now - 4 * MIN).toISOString();
  const tempAt = now - 14 * MIN;
  expect(await res.json()).toEqual({
    reportedAt: at,
    loop: { system: 'OpenAPS', state: 'enacted', lastRunAt: at },
    iob: { units: 2.351, at },
    cob: { grams: 23.4, at },
    pump: { reservoirUnits: 112.5, batteryPercent: 64, batteryVolts: null },
    uploaderBatteryPercent: u.devicestatus.uploaderBattery,
    tempBasal: {
      ratePerHour: 1.4,
      percent: null,
      scheduledPerHour: 0.85,
      startedAt: new Date(tempAt).toISOString(),
      endsAt: new Date(tempAt + 30 * MIN).toISOString(),
    },
    profile: null,
  });
  // Someone else sees nothing of it.
  const { client: other } = await signUpAndSignIn(server, 'loop-card-other@example.com');
  const theirs = await (await other.get('/api/v1/devices/loop-status')).json();
  expect(theirs.iob).toBeNull();
  expect(theirs.tempBasal).toBeNull();
});

it('answers the temp basals of a window for the glucose chart: each ends at its duration or at the next one', async () => {
  expect(
    (
      await server
        .client()
        .get('/api/v1/devices/temp-basals?from=2024-01-01T00:00:00Z&to=2024-01-02T00:00:00Z')
    ).status,
  ).toBe(401);
  const { client } = await signUpAndSignIn(server, 'loop-temps@example.com');
  const now = Date.now();
  const cred = await newCredential(client, 'AndroidAPS');
  await uploadLoop(server, cred, now);
  const post = await aaps(server, cred);
  const temp = (minutesAgo: number, extra: Record<string, unknown>) => ({
    date: now - minutesAgo * MIN,
    app: 'AAPS',
    eventType: 'Temp Basal',
    isValid: true,
    identifier: `tb-${minutesAgo}`,
    ...extra,
  });
  // A 150% temp basal for an hour, replaced after 20 minutes by a zero-rate one of 30 minutes.
  expect((await post('treatments', temp(120, { percent: 50, duration: 60 }))).status).toBe(201);
  expect((await post('treatments', temp(100, { rate: 0, absolute: 0, duration: 30 }))).status).toBe(201);
  const window = (fromMin: number, toMin: number) =>
    `/api/v1/devices/temp-basals?from=${new Date(now - fromMin * MIN).toISOString()}&to=${new Date(now - toMin * MIN).toISOString()}`;
  const res = await client.get(window(180, 0));
  expect(res.status).toBe(200);
  const iso = (minutesAgo: number) => new Date(now - minutesAgo * MIN).toISOString();
  expect((await res.json()).items).toEqual([
    { startedAt: iso(120), endsAt: iso(100), ratePerHour: 1.275, percent: 50 },
    { startedAt: iso(100), endsAt: iso(70), ratePerHour: 0, percent: null },
    { startedAt: iso(14), endsAt: iso(-16), ratePerHour: 1.4, percent: null },
  ]);
  // A window that ends before the last one started leaves it out; one that starts inside a temp basal keeps it.
  const early = await (await client.get(window(90, 30))).json();
  expect(early.items.map((t: { startedAt: string }) => t.startedAt)).toEqual([iso(100)]);
  // Bad windows are 400, and another person sees none of them.
  expect((await client.get(window(0, 60))).status).toBe(400);
  expect((await client.get('/api/v1/devices/temp-basals?from=yesterday&to=now')).status).toBe(400);
  const { client: other } = await signUpAndSignIn(server, 'loop-temps-other@example.com');
  expect((await (await other.get(window(180, 0))).json()).items).toEqual([]);
});
