import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';
import { clinicOf, HOUR, makePacket, startPacketServer } from './packets.helpers';

let server: TestServer;
let alice: TestClient;
let bob: TestClient;

beforeAll(async () => {
  ({ server, alice, bob } = await startPacketServer());
});
afterAll(() => server.close());
const { packetText } = clinicOf(() => server);

describe('pre-visit packets as SMART Health Links: the PDF summary', () => {
  it('shows meter readings when there is no CGM data: count, mean, lowest, lows and a chart', async () => {
    // Bob has a fingerstick from 2 hours ago; two more, one of them an urgent low.
    for (const [glucose, hoursAgo] of [
      [62, 30],
      [50, 50],
    ] as const) {
      const res = await bob.post('/api/v1/entries', {
        tracker: 'blood-glucose',
        occurredAt: new Date(Date.now() - hoursAgo * HOUR).toISOString(),
        data: { glucose },
      });
      expect(res.status).toBe(201);
    }
    const created = await makePacket(bob, { categories: ['glucose', 'a1c'] });
    const text = await packetText(created);
    expect(text).toContain('Bob Fingerstick');
    expect(text).toContain('Glucose (meter readings)');
    expect(text).toContain('3 meter readings; no CGM data in this period.');
    // Mean (140 + 62 + 50) / 3 = 84; lowest 50; two below 70, one below 54.
    expect(text).toMatch(/Mean glucose\s*84 mg\/dL/);
    expect(text).toMatch(/Lowest reading\s*50 mg\/dL/);
    expect(text).toMatch(/Low: below 70 mg\/dL\s*2 readings/);
    expect(text).toMatch(/Urgent low: below 54 mg\/dL\s*1 reading\b/);
    expect(text).toContain('Glucose (mg/dL)');
    expect(text).not.toContain('Glucose (CGM)');
    expect(text).not.toContain('Ambulatory glucose profile');
    expect(text).toContain('No A1C result recorded.');
    // Bob logged no insulin: no basal/bolus page.
    expect(text).not.toContain('Basal and bolus insulin');
  });

  it('leaves the basal/bolus page out when glucose is not chosen', async () => {
    const text = await packetText(await makePacket(alice, { categories: ['weight', 'a1c'] }));
    expect(text).toContain('79.9 kg');
    expect(text).not.toContain('Basal and bolus insulin');
  });

  it('says why there is no glucose section when there are no readings at all', async () => {
    const { client: carol } = await signUpAndSignIn(server, 'carol-packet@example.com');
    await carol.post('/api/v1/entries', {
      tracker: 'weight',
      occurredAt: new Date(Date.now() - HOUR).toISOString(),
      data: { weight: 150, weightUnit: 'lbs' },
    });
    const created = await makePacket(carol, { categories: ['glucose', 'weight'] });
    const text = await packetText(created);
    expect(text).toContain('No glucose readings in this period: no CGM data and no meter readings.');
    // One weight: no "1 entries", no "+0.0 lbs over the period".
    expect(text).toContain('1 entry: 150.0 lbs on');
    expect(text).not.toContain('entries');
    expect(text).not.toContain('+0.0');
  });

  it("prints when it was made in the patient's zone as a reader knows it, never the zone's id", async () => {
    const { client: dan } = await signUpAndSignIn(server, 'dan-packet@example.com');
    await dan.patch('/api/v1/profile', { displayName: 'Dan Eastern', timezone: 'America/New_York' });
    const text = await packetText(await makePacket(dan, { categories: ['weight'] }));
    expect(text).toMatch(
      /Generated \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M Eastern Time \(New York\) by Healthfolio/,
    );
    expect(text).not.toContain('America/New_York');
  });
});
