import { TEXT_CONTROL_MESSAGE } from '@healthfolio/core';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_URL, createTestServer, PASSWORD, signUpAndSignIn, type TestServer } from '../../test/harness';
import { newCredential, xdrip } from '../../test/nightscout-apps';
import { AUTH_LIMITS } from '../auth/auth-limits';
import { parse as parseRecord } from '../modules/record-import/record-parser';
import { errorHandler } from './errors';
import { MAX_LOGGED_MESSAGE, scrubMessage } from './log-safety';
import { jsonDepth, MAX_JSON_DEPTH } from './request-guards';

/** What fuzzing the API from its OpenAPI document found (issue 29), each as the attack it was. */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('auth routes take no address or string longer than they need', () => {
  it('refuses a 100,000-character callbackURL to the OAuth sign-in with a 400 naming it', async () => {
    const client = server.client();
    for (const callbackURL of ['x'.repeat(100_000), '😀'.repeat(51_200)]) {
      const res = await client.post('/api/auth/sign-in/oauth2', { providerId: 'google', callbackURL });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.code).toBe('validation_failed');
      expect(body.errors).toEqual([
        { path: 'callbackURL', message: `At most ${AUTH_LIMITS.url} characters` },
      ]);
    }
  });

  it('holds the other routes that take a callback or redirect address to the same cap', async () => {
    const client = server.client();
    const long = `/${'a'.repeat(AUTH_LIMITS.url)}`;
    const cases = [
      [
        '/api/auth/sign-up/email',
        { email: 'cap@example.com', password: PASSWORD, callbackURL: long },
        'callbackURL',
      ],
      [
        '/api/auth/sign-in/email',
        { email: 'cap@example.com', password: PASSWORD, callbackURL: long },
        'callbackURL',
      ],
      ['/api/auth/send-verification-email', { email: 'cap@example.com', callbackURL: long }, 'callbackURL'],
      ['/api/auth/request-password-reset', { email: 'cap@example.com', redirectTo: long }, 'redirectTo'],
      ['/api/auth/sign-in/oauth2', { providerId: 'google', errorCallbackURL: long }, 'errorCallbackURL'],
    ] as const;
    for (const [path, body, field] of cases) {
      const res = await client.post(path, body);
      expect(res.status, path).toBe(400);
      expect((await res.json()).errors[0].path, path).toBe(field);
    }
    const verify = await client.get(
      `/api/auth/verify-email?token=abc&callbackURL=${encodeURIComponent(long)}`,
    );
    expect(verify.status).toBe(400);
    expect((await verify.json()).errors[0].path).toBe('callbackURL');
    const huge = await client.get(`/api/auth/verify-email?token=${'t'.repeat(AUTH_LIMITS.target)}`);
    expect(huge.status).toBe(414);
  });

  it('still lets a callback address of ordinary length through to sign-up', async () => {
    const res = await server.client().post('/api/auth/sign-up/email', {
      email: 'ordinary@example.com',
      password: PASSWORD,
      callbackURL: '/dashboard',
    });
    expect(res.status).toBe(200);
  });

  it('keeps a logged message short, cut where no address is left in part (the quadratic scrub)', () => {
    const message = `Invalid callbackURL: ${'x'.repeat(MAX_LOGGED_MESSAGE - 30)} someone@example.com ${'😀'.repeat(100_000)}`;
    const logged = scrubMessage(message);
    expect(logged.length).toBeLessThanOrEqual(MAX_LOGGED_MESSAGE + 4);
    expect(logged).not.toContain('someone');
    expect(logged).not.toContain('@');
    expect(scrubMessage('mail to someone@example.com failed')).toBe('mail to [email] failed');
    expect(scrubMessage(`value "${'secret words '.repeat(400)}" refused`)).not.toContain('secret');
  });
});

describe('JSON nesting is capped for every route', () => {
  it('measures depth in one pass, brackets inside strings not counted', () => {
    expect(jsonDepth('{"a":[1,{"b":"[[[[{{{{"}]}')).toBe(3);
    expect(jsonDepth(nested(100_000))).toBe(100_000);
  });

  it('answers change-password with deeply nested JSON with a 400, not a 500', async () => {
    const { client } = await signUpAndSignIn(server, 'deep@example.com');
    const body = `{"currentPassword":"${PASSWORD}","newPassword":"Another-Fine-Pass-31","x":${nested(20_000)}}`;
    const res = await client.post('/api/auth/change-password', body);
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('json_too_deep');
    // Nothing changed: the old password still signs in.
    const again = await server
      .client()
      .post('/api/auth/sign-in/email', { email: 'deep@example.com', password: PASSWORD });
    expect(again.status).toBe(200);
  });

  it('does the same on an API route, and lets ordinary nesting through', async () => {
    const { client } = await signUpAndSignIn(server, 'deep-api@example.com');
    const deep = await client.patch(
      '/api/v1/profile',
      `{"displayName":"A","x":${nested(MAX_JSON_DEPTH + 1)}}`,
    );
    expect(deep.status).toBe(400);
    expect((await deep.json()).code).toBe('json_too_deep');
    const ok = await client.patch('/api/v1/profile', { displayName: 'Ada' });
    expect(ok.status).toBe(200);
  });

  it('leaves a bodiless POST without a content type as it came (the CSRF check still lets it through)', async () => {
    const { client } = await signUpAndSignIn(server, 'bodiless@example.com');
    const made = await client.post('/api/v1/appointments', {
      provider: 'Dr Bodiless',
      date: '2030-01-02',
      startTime: '09:00',
    });
    expect(made.status).toBe(201);
    const { id } = await made.json();
    // As a browser's fetch or Playwright's request.post without data sends it: no body, no type.
    const res = await server.app.request(`/api/v1/appointments/${id}/cancel`, {
      method: 'POST',
      headers: { origin: APP_URL, cookie: client.cookieHeader, 'content-length': '0' },
      body: new Uint8Array(0),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { status: string }).status).toBe('cancelled');
  });
});

describe('NUL and other control characters', () => {
  it('are a 400 naming the field in text fields, not a 500 from PostgreSQL', async () => {
    const { client } = await signUpAndSignIn(server, 'nul@example.com');
    const cases = [
      ['PATCH', '/api/v1/profile', { displayName: 'A\u0000B' }, 'displayName'],
      [
        'POST',
        '/api/v1/appointments',
        { provider: 'Dr\u0000', date: '2026-12-01', startTime: '09:00' },
        'provider',
      ],
      ['POST', '/api/v1/foods/custom', { name: 'Bread\u0000', carbs_per_100g: 40 }, 'name'],
      [
        'POST',
        '/api/v1/medications/schedules',
        { medicationName: 'Metformin\u0000', dosage: '500 mg', dailyTimes: ['08:00'] },
        'medicationName',
      ],
    ] as const;
    for (const [method, path, body, field] of cases) {
      const res = await client.request(method, path, body);
      expect(res.status, path).toBe(400);
      expect((await res.json()).errors, path).toContainEqual({ path: field, message: TEXT_CONTROL_MESSAGE });
    }
    const search = await client.get('/api/v1/documents?q=a%00b');
    expect(search.status).toBe(400);
    expect((await search.json()).errors).toContainEqual({ path: 'q', message: TEXT_CONTROL_MESSAGE });
  });

  it('in an admin route’s path id is a 400 for any signed-in user, not a 503', async () => {
    const { client } = await signUpAndSignIn(server, 'not-admin@example.com');
    for (const path of [
      '/api/v1/admin/users/%00',
      '/api/v1/admin/users/a%00b/status',
      '/api/v1/admin/shares/%7F/revoke',
    ]) {
      const res = await client.get(path);
      expect(res.status, path).toBe(400);
      expect((await res.json()).code, path).toBe('invalid_path');
    }
    // An ordinary refusal is still the 403 it was.
    expect((await client.get('/api/v1/admin/users/00000000-0000-4000-8000-000000000000')).status).toBe(403);
  });
});

describe('a text the database cannot store, in a field no schema guards', () => {
  it('is a 400 unstorable_text from the database’s own refusal, never a 500', async () => {
    // The database's real error for a NUL in a text, thrown by a route the way a repository would.
    const refusal = await server.deps.db
      .asSystem((tx) => tx.execute(sql`select ${'A\u0000B'}::text`))
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(refusal).toBeDefined();
    const app = new Hono();
    app.get('/write', () => {
      throw refusal;
    });
    app.onError(errorHandler(pino({ level: 'silent' })));
    const res = await app.request('/write');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('unstorable_text');
  });
});

/** What fuzzing every operation of the API document found (issue 37, server/test/fuzz/). */
describe('answers the fuzzer found wrong', () => {
  it('an OAuth callback for an unknown provider redirects to the error page, not a problem with status 302', async () => {
    const res = await server.client().get('/api/auth/oauth2/callback/no-such-provider?code=x&state=y');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/error/);
    expect(res.headers.get('content-type') ?? '').not.toContain('problem+json');
  });

  it('a sign-out sent without a body or a content type signs out, not a 415 naming text/plain', async () => {
    const { client } = await signUpAndSignIn(server, 'bodiless-sign-out@example.com');
    const res = await server.app.request('/api/auth/sign-out', {
      method: 'POST',
      headers: { origin: APP_URL, cookie: client.cookieHeader },
    });
    expect(res.status).toBe(200);
    expect((await client.get('/api/v1/profile')).status).toBe(401);
  });

  it('a JSON body declared as another type is a 415 problem that says so, not a bare "bad_request"', async () => {
    const { client } = await signUpAndSignIn(server, 'wrong-type@example.com');
    const res = await client.request(
      'POST',
      '/api/v1/foods/custom',
      { name: 'Bread', carbs_per_100g: 40 },
      {
        'content-type': 'image/png',
      },
    );
    expect(res.status).toBe(415);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    const body = await res.json();
    expect(body.code).toBe('unsupported_media_type');
    expect(body.detail).toContain('application/json');
  });

  it('documents the answers every route can give before it runs (CSRF, body limits, Nightscout at the root)', async () => {
    const doc = (await (await server.client().get('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const statuses = (method: string, path: string) => Object.keys(doc.paths[path]![method]!.responses);
    // A cross-site write is a 403, a body over the limit a 413, on an operation that documents neither itself.
    expect(statuses('post', '/api/v1/foods/custom')).toEqual(expect.arrayContaining(['403', '413', '415']));
    // `?token=` on an app route makes the request Nightscout's (ns-root.ts): a bad token is a 401.
    const providers = await server.client().get('/api/v1/auth/providers?token=not-a-token');
    expect(providers.status).toBe(401);
    expect(statuses('get', '/api/v1/auth/providers')).toContain('401');
    expect(statuses('get', '/ns/{slug}/api/v1/times/{prefix}/{regex}')).toEqual(
      expect.arrayContaining(['400', '401', '404', '429']),
    );
  });
});

describe('a health record whose JSON does not match the FHIR types', () => {
  it('imports what it can and notes the resource with a number for a reference, instead of failing the file', async () => {
    const bundle = {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        { resource: { resourceType: 'Patient', id: 'p1' } },
        {
          resource: {
            resourceType: 'Condition',
            code: { text: 'Asthma' },
            subject: { reference: 1653492833 },
          },
        },
        {
          resource: {
            resourceType: 'Observation',
            status: 'final',
            code: { coding: [{ system: 'http://loinc.org', code: '718-7' }] },
            effectiveDateTime: '2024-01-02T03:04:05Z',
            valueQuantity: { value: 13.5, unit: 'g/dL' },
            performer: [{ reference: 42 }],
          },
        },
      ],
    };
    const plan = await parseRecord({ bytes: new TextEncoder().encode(JSON.stringify(bundle)) });
    expect(plan.items.some((i) => i.kind === 'lab')).toBe(true);
  });
});

describe('half of an emoji (a lone UTF-16 surrogate) in a JSON body', () => {
  it('is a 400 unstorable_text on an app route and on the Nightscout uploads, not a 500 from jsonb', async () => {
    const { client } = await signUpAndSignIn(server, 'surrogate@example.com');
    const at = new Date(Date.now() - 60_000).toISOString();
    const entry = await client.post('/api/v1/entries', {
      tracker: 'journal',
      occurredAt: at,
      data: { value: 'a\ud800' },
    });
    expect(entry.status).toBe(400);
    expect((await entry.json()).code).toBe('unstorable_text');
    const ns = xdrip(server, await newCredential(client));
    for (const [path, body] of [
      ['treatments', { eventType: 'Note', notes: 'x\udc00' }],
      ['devicestatus', { device: '\ud800', created_at: at }],
      ['profile', { defaultProfile: 'Default', units: '\ud800', store: {} }],
    ] as const) {
      const res = await ns.post(path, body);
      expect(res.status, path).toBe(400);
      expect((await res.json()).code, path).toBe('unstorable_text');
    }
    // Nothing was kept, and a whole emoji still is.
    expect((await (await client.get('/api/v1/entries?tracker=journal')).json()).items).toHaveLength(0);
    const whole = await client.post('/api/v1/entries', {
      tracker: 'journal',
      occurredAt: at,
      data: { value: 'a😀' },
    });
    expect(whole.status).toBe(201);
  });
});
