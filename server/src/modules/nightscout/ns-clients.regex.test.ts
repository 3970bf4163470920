import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestServer } from '../../../test/harness';
import { newCredential } from '../../../test/nightscout-apps';
import { type Follower, getWith, MIN, newFollower, uploadV1 } from '../../../test/ns-followers';

/**
 * Sensor- and cannula-age widgets and Nightscout Reporter find treatments by a pattern on the event
 * type, MongoDB's `find[eventType][$regex]` (`=Sensor&count=1`, `=Change` between two dates,
 * `=Site|Insulin`), as Nightscout's query passes it to its database.
 */
let server: TestServer;
let f: Follower;
let now: number;
const HOUR = 60 * MIN;

beforeAll(async () => {
  server = await createTestServer();
  const { client } = await signUpAndSignIn(server, 'widget-owner@example.com');
  const cred = await newCredential(client, 'AndroidAPS');
  now = Date.now();
  const at = (h: number) => new Date(now - h * HOUR).toISOString();
  await uploadV1(server, cred, 'treatments', [
    { eventType: 'Correction Bolus', insulin: 1, created_at: at(1), enteredBy: 'AAPS' },
    { eventType: 'Temp Basal', rate: 0.5, duration: 30, created_at: at(2), enteredBy: 'AAPS' },
    { eventType: 'Sensor Start', created_at: at(30), enteredBy: 'AAPS' },
    { eventType: 'Sensor Change', created_at: at(31), enteredBy: 'AAPS' },
    { eventType: 'Site Change', created_at: at(50), enteredBy: 'AAPS' },
    { eventType: 'Insulin Change', created_at: at(70), enteredBy: 'AAPS' },
  ]);
  f = await newFollower(client, 'Sensor age widget');
});
afterAll(() => server.close());

const types = async (params: Record<string, string>) => {
  const res = await getWith(server, '/api/v1/treatments.json', { ...params, token: f.token });
  expect(res.status).toBe(200);
  return (await res.json()).map((t: { eventType: string }) => t.eventType);
};
const since = (h: number) => new Date(now - h * HOUR).toISOString();

describe('find[eventType][$regex]', () => {
  it('the newest sensor event, not the newest treatment', async () => {
    expect(
      await types({ 'find[created_at][$gte]': since(2400), 'find[eventType][$regex]': 'Sensor', count: '1' }),
    ).toEqual(['Sensor Start']);
  });

  it("Reporter's changes between two dates, and alternatives", async () => {
    expect(
      await types({
        'find[created_at][$gte]': since(100),
        'find[created_at][$lte]': since(40),
        'find[eventType][$regex]': 'Change',
      }),
    ).toEqual(['Site Change', 'Insulin Change']);
    expect(
      await types({
        'find[created_at][$gte]': since(100),
        'find[eventType][$regex]': 'Sensor Change|Sensor Start',
      }),
    ).toEqual(['Sensor Start', 'Sensor Change']);
  });

  it('with $options=i ignores case; a pattern it cannot read is a 400, never a 500', async () => {
    expect(
      await types({
        'find[created_at][$gte]': since(10),
        'find[eventType][$regex]': 'temp',
        'find[eventType][$options]': 'i',
      }),
    ).toEqual(['Temp Basal']);
    expect(await types({ 'find[created_at][$gte]': since(10), 'find[eventType][$regex]': 'temp' })).toEqual(
      [],
    );
    for (const bad of ['(Sensor', 'a'.repeat(201), "x'; drop table treatments; --"]) {
      const res = await getWith(server, '/api/v1/treatments.json', {
        'find[eventType][$regex]': bad,
        token: f.token,
      });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    }
  });

  it('on a time field, matches the ISO text Nightscout keeps', async () => {
    const day = since(70).slice(0, 10);
    const found = await types({
      'find[created_at][$regex]': `^${day}`,
      'find[eventType][$regex]': 'Insulin',
    });
    expect(found).toEqual(['Insulin Change']);
  });
});

describe('patterns that make backtracking engines blow up', () => {
  it("nested quantifiers answer at once: PostgreSQL's engine is not backtracking (no exponential time)", async () => {
    const { client } = await signUpAndSignIn(server, 'regex-evil@example.com');
    const cred = await newCredential(client, 'AndroidAPS');
    // 'aaaa…!' against ^(a+)+$ takes a backtracking engine (JavaScript's, MongoDB's PCRE) 2^3000 steps.
    await uploadV1(server, cred, 'treatments', [
      { eventType: 'Note', notes: `${'a'.repeat(3000)}!`, created_at: new Date(now - HOUR).toISOString() },
    ]);
    const reader = await newFollower(client, 'Reporter');
    for (const evil of ['^(a+)+$', '^(a|a)*$', '^(a*)*$', '(.*a){20}$', '^(a|aa)+$', '^(\\w+\\s?)*$']) {
      const started = Date.now();
      const res = await getWith(server, '/api/v1/treatments.json', {
        'find[created_at][$gte]': since(2),
        'find[notes][$regex]': evil,
        token: reader.token,
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([]);
      expect(Date.now() - started).toBeLessThan(2000);
    }
  });

  it('refuses backreferences and repetitions PostgreSQL cannot compile with a 400 problem, never a 500', async () => {
    for (const bad of ['(a)\\1', '(Sensor).*\\1', '(a{1,255}){1,255}', '((a|b){1,100}){1,100}', 'x{1,300}']) {
      const res = await getWith(server, '/api/v1/treatments.json', {
        'find[eventType][$regex]': bad,
        token: f.token,
      });
      expect(res.status, bad).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    }
    // A bounded repetition a client writes stays fine.
    expect(
      await types({
        'find[created_at][$gte]': since(100),
        'find[eventType][$regex]': '^[A-Z][a-z]{3} Change$',
      }),
    ).toEqual(['Site Change']);
  });
});
