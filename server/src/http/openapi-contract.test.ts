import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/harness';
import { operationIdOf } from './openapi-contract';

let server: TestServer;
let text: string;
beforeAll(async () => {
  // The instance's own address goes into `servers`; a real one, since the lint refuses localhost.
  server = await createTestServer({ appUrl: 'https://health.example.org' });
  text = await (await server.client().get('/api/openapi.json')).text();
});
afterAll(() => server.close());

describe('the API contract (/api/openapi.json)', () => {
  it('passes Redocly’s recommended lint with no error and no warning', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: text, absoluteRef: 'openapi.json', config });
    const found = problems.map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ''})`);
    expect(found).toEqual([]);
  }, 60_000);

  it('gives every operation a stable operationId and says who may call it', () => {
    const doc = JSON.parse(text) as {
      servers: { url: string }[];
      paths: Record<string, Record<string, { operationId: string; security?: unknown[] }>>;
    };
    expect(doc.servers).toEqual([{ url: 'https://health.example.org', description: 'This instance' }]);
    const ops = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ path, method, ...op })),
    );
    expect(ops.length).toBeGreaterThan(150);
    const find = (method: string, path: string) => ops.find((o) => o.method === method && o.path === path);
    expect(find('get', '/api/v1/entries/{id}')?.operationId).toBe('getEntriesById');
    expect(find('post', '/ns/{slug}/api/v1/entries')).toMatchObject({
      operationId: 'postNsV1Entries',
      security: [{ nightscoutSecret: [] }, { nightscoutToken: [] }],
    });
    expect(find('get', '/api/v1/shared/{token}')?.security).toEqual([]);
    expect(find('post', '/api/auth/sign-out')?.security).toEqual([{ sessionCookie: [] }]);
    expect(ops.filter((o) => o.security === undefined).map((o) => `${o.method} ${o.path}`)).toEqual([]);
  });

  it('derives operationIds from the method and the path', () => {
    expect(operationIdOf('delete', '/api/v1/household/people/{personId}/guardians/{accountId}')).toBe(
      'deleteHouseholdPeopleByPersonIdGuardiansByAccountId',
    );
    expect(operationIdOf('get', '/ns/{slug}/api/v1/entries/sgv.json')).toBe('getNsV1EntriesSgvJson');
    expect(operationIdOf('get', '/api/v1/calendar/{token}.ics')).toBe('getCalendarByTokenIcs');
  });
});
