import { SHARE_CATEGORIES, type ShareCategory } from '@healthfolio/core';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfWith } from '../../../test/document-fixtures';
import { uploadDocument } from '../../../test/documents-client';
import {
  APP_URL,
  createTestServer,
  signUpAndSignIn,
  type TestClient,
  type TestServer,
} from '../../../test/harness';
import { newCredential, xdrip } from '../../../test/nightscout-apps';
import { insertFollowUp } from '../hypo/hypo.repository';
import { insertSummaryItemsOnce } from '../record-import/record-import.repository';
import { HEALTH, type HealthRoute, NOT_HEALTH } from './share-matrix.routes';

/**
 * Every route that serves health data × {owner, share with the category, share without it, expired,
 * revoked, other user}: only the expected cells answer the owner's data. The route list comes from
 * the OpenAPI document, so a new GET route without an entry here fails the first test.
 */

type Body = { status: number; text: string; json: () => unknown };

let server: TestServer;
let alice: TestClient;
let aliceId: string;
let bob: TestClient;
let ip = 0;
const fresh = () => ({ 'x-forwarded-for': `10.9.${Math.floor(++ip / 250)}.${ip % 250}` });
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};
let routes: string[] = [];

const invite = async (client: TestClient, categories: readonly ShareCategory[]) => {
  const res = await client.post('/api/v1/shares', {
    email: 'matrix-carer@example.com',
    categories,
    accessType: 'full_access',
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const { id, link } = await res.json();
  return { id: id as string, token: new URL(link).pathname.split('/').pop()! };
};

const seed = async (client: TestClient, mark: string, name: string) => {
  await client.patch('/api/v1/profile', { displayName: name });
  const post = async (path: string, body: unknown) => {
    const res = await client.post(path, body);
    expect(res.status, `${path} ${await res.clone().text()}`).toBeLessThan(300);
    return res.json();
  };
  const at = new Date(Date.now() - 3_600_000).toISOString();
  const bp = await post('/api/v1/entries', {
    tracker: 'blood-pressure',
    occurredAt: at,
    data: { systolic: 187, diastolic: 91 },
    notes: `${mark}-bp`,
  });
  // The owner has one more entry and other readings than the other user, so counts tell them apart.
  if (mark === 'mx')
    await post('/api/v1/entries', {
      tracker: 'journal',
      occurredAt: at,
      data: { value: 'A quiet day' },
      notes: `${mark}-journal`,
    });
  const lab = await post('/api/v1/lab-results', {
    testName: 'Hemoglobin A1c',
    loinc: '4548-4',
    value: mark === 'mx' ? 6.1 : 5.2,
    unit: '%',
    effectiveAt: at,
    note: `${mark}-a1c`,
  });
  await post('/api/v1/glucose/readings/batch', {
    source: 'import:csv',
    readings: Array.from({ length: mark === 'mx' ? 12 : 5 }, (_, i) => ({
      at: new Date(Date.now() - (i + 1) * 300_000).toISOString(),
      mgdl: mark === 'mx' ? 211 : 150,
    })),
  });
  // The owner's loop reports its insulin on board (the diabetes home's loop card).
  if (mark === 'mx') {
    const ns = xdrip(server, await newCredential(client));
    const temp = await ns.post('treatments', {
      eventType: 'Temp Basal',
      created_at: new Date(Date.now() - 600_000).toISOString(),
      absolute: 0.55,
      duration: 30,
    });
    expect(temp.status).toBeLessThan(300);
    const uploaded = await ns.post('devicestatus', {
      device: 'loop://iPhone',
      created_at: new Date(Date.now() - 120_000).toISOString(),
      loop: { iob: { iob: 1.75, timestamp: new Date(Date.now() - 120_000).toISOString() } },
    });
    expect(uploaded.status).toBeLessThan(300);
  }
  await post('/api/v1/medications/schedules', {
    medicationName: `${mark === 'mx' ? 'Mx' : 'Bz'}med`,
    dosage: '5 mg',
    dailyTimes: ['08:00'],
    // Started two days ago, so the owner has a dose that is already due whatever the time of day.
    startDate: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10),
  });
  const appt = await post('/api/v1/appointments', {
    provider: mark === 'mx' ? 'Dr Mx' : 'Dr Bz',
    date: new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10),
    startTime: '09:00',
  });
  const doses = await (await client.get('/api/v1/medications/doses?limit=1')).json();
  const asked = await client.post('/api/v1/ai/chat', { message: `${mark === 'mx' ? 'Mx' : 'Bz'} question` });
  expect(asked.status).toBe(200);
  await asked.text();
  const uploaded = await uploadDocument(server, client, {
    file: pdfWith(`${mark}-document-body`),
    name: 'report.pdf',
    title: `${mark === 'mx' ? 'Mx' : 'Bz'} Doc`,
    category: 'Lab Results',
  });
  expect(uploaded.status, await uploaded.clone().text()).toBe(201);
  const document = await uploaded.json();
  // A meal photo, stored though no vision provider is configured.
  const mealPhoto = await server.app.request('/api/v1/ai/meal-photo-analyses', {
    method: 'POST',
    headers: { origin: APP_URL, cookie: client.cookieHeader, 'content-type': 'image/jpeg' },
    body: new Uint8Array(
      await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c84' } })
        .jpeg()
        .toBuffer(),
    ),
  });
  expect(mealPhoto.status, await mealPhoto.clone().text()).toBe(200);
  const { analysisId: mealPhotoId } = (await mealPhoto.json()) as { analysisId: string };
  const year = new Date().getUTCFullYear();
  const plan = await post('/api/v1/insurance/plans', {
    name: `${mark === 'mx' ? 'Mx' : 'Bz'} Plan`,
    type: 'primary',
    policyNumber: 'POL-1',
    memberNumber: 'MEM-1',
    effectiveDate: `${year}-01-01`,
    deductible: '1500.00',
    contactPhone: '1-800-555-0100',
  });
  const claim = await post('/api/v1/insurance/claims', {
    claimNumber: 'CLM-1',
    provider: `${mark === 'mx' ? 'Mx' : 'Bz'} Clinic`,
    serviceDate: `${year}-01-10`,
    submittedDate: `${year}-01-12`,
    amount: '250.00',
  });
  const bill = await post('/api/v1/insurance/bills', {
    provider: `${mark === 'mx' ? 'Mx' : 'Bz'} Lab`,
    amount: '100.10',
    dueDate: `${year}-02-01`,
    category: 'Lab Work',
  });
  const feed = await post('/api/v1/calendar/feed', {});
  return {
    document: document.id,
    mealPhoto: mealPhotoId,
    plan: plan.id,
    claim: claim.id,
    bill: bill.id,
    entry: bp.id,
    labResult: lab.id,
    appointment: appt.id,
    notification: doses.items[0].id,
    feed: new URL(feed.url).pathname,
  };
};

beforeAll(async () => {
  server = await createTestServer({ trustProxy: 1 });
  ({ client: alice, userId: aliceId } = await signUpAndSignIn(server, 'matrix-alice@example.com'));
  bob = (await signUpAndSignIn(server, 'matrix-bob@example.com')).client;
  const a = await seed(alice, 'mx', 'Mx Owner');
  const b = await seed(bob, 'bz', 'Bz Other');
  Object.assign(ids, {
    entry: a.entry,
    appointment: a.appointment,
    notification: a.notification,
    plan: a.plan,
    claim: a.claim,
    bill: a.bill,
    document: a.document,
    mealPhoto: a.mealPhoto,
    labResult: a.labResult,
  });
  // A follow-up of the owner's, made by the repository (a low reading would change the glucose figures).
  ids.followUp = (await server.deps.db.asUser(aliceId, (tx) =>
    insertFollowUp(tx, {
      userId: aliceId,
      valueMgdl: 61.5,
      readingAt: new Date(),
      urgent: false,
      now: new Date(),
    }),
  ))!;
  // An imported condition of the owner's, in the health summary.
  await server.deps.db.asUser(aliceId, (tx) =>
    insertSummaryItemsOnce(
      tx,
      aliceId,
      [
        {
          kind: 'condition',
          codeSystem: null,
          code: null,
          text: 'Mx condition',
          status: 'active',
          onsetAt: '2020-01-01',
          recordedAt: null,
          details: {},
        },
      ],
      null,
    ),
  );
  tokens.aliceFeed = a.feed.split('/').pop()!.replace('.ics', '');
  tokens.bobFeed = b.feed.split('/').pop()!.replace('.ics', '');
  for (const c of SHARE_CATEGORIES) {
    tokens[`with:${c}`] = (await invite(alice, [c])).token;
    tokens[`without:${c}`] = (
      await invite(
        alice,
        SHARE_CATEGORIES.filter((x) => x !== c),
      )
    ).token;
  }
  tokens.bob = (await invite(bob, SHARE_CATEGORIES)).token;
  const expired = await invite(alice, SHARE_CATEGORIES);
  await server.deps.db.owner.execute(
    sql`update shared_access set expires_at = now() - interval '1 second' where id = ${expired.id}`,
  );
  tokens.expired = expired.token;
  const revoked = await invite(alice, SHARE_CATEGORIES);
  await alice.post(`/api/v1/shares/${revoked.id}/revoke`);
  tokens.revoked = revoked.token;
  const doc = (await (await server.client().get('/api/openapi.json')).json()) as {
    paths: Record<string, object>;
  };
  routes = Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
  );
}, 60_000);
afterAll(() => server.close());

const concrete = (route: string, token: string) =>
  route
    .replace(/^GET /, '')
    .replace(
      '{id}',
      route.includes('appointments')
        ? ids.appointment!
        : route.includes('notifications')
          ? ids.notification!
          : route.includes('/documents/')
            ? ids.document!
            : route.includes('/meal-photo-analyses/')
              ? ids.mealPhoto!
              : route.includes('/hypo/')
                ? ids.followUp!
                : route.includes('/insurance/plans')
                  ? ids.plan!
                  : route.includes('/insurance/claims')
                    ? ids.claim!
                    : route.includes('/insurance/bills')
                      ? ids.bill!
                      : route.includes('/lab-results/')
                        ? ids.labResult!
                        : ids.entry!,
    )
    .replace('{tracker}', 'blood-pressure')
    .replace('{loinc}', '4548-4')
    .replace('{token}', token)
    .concat(
      route.endsWith('/glucose/series')
        ? `?from=${new Date(Date.now() - 86_400_000).toISOString()}`
        : route.endsWith('/temp-basals')
          ? `?from=${new Date(Date.now() - 86_400_000).toISOString()}&to=${new Date().toISOString()}`
          : /glucose\/(stats|analytics)$/.test(route)
            ? '?days=30'
            : route.endsWith('export.csv')
              ? `?year=${new Date().getUTCFullYear()}`
              : '',
    );

const read = async (
  client: TestClient,
  path: string,
  headers: Record<string, string> = {},
): Promise<Body> => {
  const res = await client.get(path, { ...fresh(), ...headers });
  const text = await res.text();
  return { status: res.status, text, json: () => (text.startsWith('{') ? JSON.parse(text) : {}) };
};

/** Every way a caregiver might present a token to a session route. */
const presented = (token: string): Record<string, string>[] => [
  { authorization: `Bearer ${token}` },
  { cookie: `share_token=${token}` },
  { 'x-share-token': token },
];

const answersData = (r: HealthRoute, b: Body) => b.status === 200 && r.shows(b.json(), b.text);

describe('the health-data route matrix', () => {
  it('classifies every GET route in the OpenAPI document', () => {
    const gets = routes.filter((r) => r.startsWith('GET '));
    const unclassified = gets.filter((r) => !(r in HEALTH) && !(r in NOT_HEALTH));
    expect(unclassified, 'add each new GET route to HEALTH or NOT_HEALTH').toEqual([]);
    const stale = [...Object.keys(HEALTH), ...Object.keys(NOT_HEALTH)].filter((r) => !gets.includes(r));
    expect(stale).toEqual([]);
  });

  it.each(Object.entries(HEALTH))('%s', async (route, r) => {
    const cell = (name: string) => (t: string) => `${route} × ${name}: ${t}`;
    const cat = r.category;
    const withToken = tokens[`with:${cat === 'any' || cat === null ? 'health_metrics' : cat}`]!;
    const withoutToken = cat === 'any' || cat === null ? null : tokens[`without:${cat}`]!;
    const anon = server.client();
    if (r.kind === 'owner') {
      const own = await read(alice, concrete(route, ''));
      expect(answersData(r, own), cell('owner')(own.text.slice(0, 200))).toBe(true);
      for (const [name, token] of [
        ['share with', withToken],
        ['share without', withoutToken],
        ['expired', tokens.expired!],
        ['revoked', tokens.revoked!],
      ] as const) {
        if (!token) continue;
        for (const h of presented(token)) {
          const b = await read(anon, concrete(route, ''), h);
          expect(answersData(r, b), cell(name)(JSON.stringify(h))).toBe(false);
          expect(b.status, cell(name)('a share token is no session')).toBe(401);
        }
        const q = await read(anon, `${concrete(route, '')}${route.includes('?') ? '&' : '?'}token=${token}`);
        expect(answersData(r, q), cell(name)('?token=')).toBe(false);
      }
      const other = await read(bob, concrete(route, ''));
      expect(answersData(r, other), cell('other user')(other.text.slice(0, 200))).toBe(false);
    } else if (r.kind === 'shared') {
      const own = await read(alice, concrete(route, 'A'.repeat(43)));
      expect(answersData(r, own), cell('owner session, no token')('')).toBe(false);
      const w = await read(anon, concrete(route, withToken));
      expect(answersData(r, w), cell('share with')(w.text.slice(0, 200))).toBe(true);
      if (withoutToken) {
        const wo = await read(anon, concrete(route, withoutToken));
        expect(answersData(r, wo), cell('share without')(wo.text.slice(0, 200))).toBe(false);
        expect(wo.status).toBe(404);
      }
      for (const name of ['expired', 'revoked'] as const) {
        const b = await read(anon, concrete(route, tokens[name]!));
        expect(answersData(r, b), cell(name)('')).toBe(false);
        expect(b.status).toBe(404);
      }
      // The other user's share, asked for the owner's record (a file) or for its own lists.
      const other = await read(bob, concrete(route, tokens.bob!));
      expect(other.status, cell('other user')('')).toBe(route.includes('{id}') ? 404 : 200);
      expect(
        other.text.includes('Mx') || other.text.includes('mx-'),
        cell('other user')(other.text.slice(0, 200)),
      ).toBe(false);
    } else {
      const own = await read(anon, concrete(route, tokens.aliceFeed!));
      expect(answersData(r, own), cell('owner feed')('')).toBe(true);
      for (const name of [`with:${cat}`, `without:${cat}`, 'expired', 'revoked']) {
        const b = await read(anon, concrete(route, tokens[name]!));
        expect(answersData(r, b), cell(name)('')).toBe(false);
      }
      const other = await read(anon, concrete(route, tokens.bobFeed!));
      expect(answersData(r, other), cell('other user')('')).toBe(false);
    }
  });

  it('no route outside the caregiver’s answers 2xx to a share token alone', async () => {
    const token = tokens[`with:health_metrics`]!;
    const open = new Set([
      'GET /api/health',
      'GET /api/v1/auth/providers',
      'GET /api/v1/services',
      'GET /api/auth/get-session',
      'GET /api/v1/public/overview',
    ]);
    for (const route of routes) {
      if (
        route.includes('/api/v1/shared/') ||
        route.startsWith('GET /api/v1/calendar/{token}') ||
        open.has(route)
      )
        continue;
      if (route.includes('/api/auth/')) continue; // better-auth: credentials, not tokens
      const [method, path] = route.split(' ') as [string, string];
      const url = concrete(`GET ${path}`, token);
      const res = await server.client().request(method, url, method === 'GET' ? undefined : {}, {
        authorization: `Bearer ${token}`,
        ...fresh(),
      });
      expect(res.status, route).toBeGreaterThanOrEqual(400);
    }
  });
});
