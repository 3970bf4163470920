import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
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

  // The web app's API layer (web/src/lib/api.ts) takes only the paths and methods of this file, so a
  // route renamed or removed here fails the web's type check. After changing a route, write it anew
  // with `npm run api:types` (this test with -u); CI compares it.
  it('is what the web app’s typed paths were generated from (web/src/lib/api-paths.gen.ts)', async () => {
    const types = astToString(await openapiTS(routesOnly(JSON.parse(text)) as unknown as OpenAPI3));
    await expect(`${GENERATED}\n${types}`).toMatchFileSnapshot('../../../web/src/lib/api-paths.gen.ts');
  });
});

/**
 * The document without its bodies: the web takes the paths, methods and parameters from it, and the
 * bodies' types from the core schemas the server validates with (the same zod objects made the bodies'
 * JSON schemas), so the generated file stays small.
 */
const routesOnly = (doc: { paths: Record<string, Record<string, Record<string, unknown>>> }) => {
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item)) {
      if (typeof op !== 'object' || op === null || !('responses' in op)) continue;
      if (op.requestBody) op.requestBody = { content: { 'application/json': {} } };
      // The success answers only: every error is a problem+json (ApiError in the web).
      op.responses = Object.fromEntries(
        Object.entries(op.responses as Record<string, { description: string }>)
          .filter(([status]) => status.startsWith('2') || status.startsWith('3'))
          .map(([status, r]) => [status, { description: r.description }]),
      );
    }
  }
  return doc;
};

const GENERATED =
  '// Generated from /api/openapi.json by openapi-typescript: `npm run api:types`. Do not edit by hand.\n';
