import { decodeShlink } from '@healthfolio/core/packets/shlink';
import { sql } from 'drizzle-orm';
import { compactDecrypt, decodeProtectedHeader } from 'jose';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_URL,
  createTestServer,
  signUpAndSignIn,
  type TestClient,
  type TestServer,
} from '../../../test/harness';
import { newCredential, xdrip } from '../../../test/nightscout-apps';
import { createLogger } from '../../http/log-safety';
import { parse as pdfTextOf } from '../documents/text-parser';
import { sweepSpentPackets } from './packet-sweep';

let server: TestServer;
let alice: TestClient;
let bob: TestClient;
let ipSeq = 0;
const logLines: string[] = [];
const HOUR = 3_600_000;

beforeAll(async () => {
  const logger = createLogger('trace', { write: (line: string) => void logLines.push(line) });
  server = await createTestServer({ trustProxy: 1 }, {}, { logger });
  ({ client: alice } = await signUpAndSignIn(server, 'alice-packet@example.com'));
  ({ client: bob } = await signUpAndSignIn(server, 'bob-packet@example.com'));
  await alice.patch('/api/v1/profile', {
    displayName: 'Alice Packet',
    glucoseUnit: 'mmol/L',
    timezone: 'UTC',
  });
  await bob.patch('/api/v1/profile', { displayName: 'Bob Fingerstick' });
  const now = Date.now();
  // Alice: 14 days of 15-minute CGM readings; Bob: one fingerstick only.
  const readings = Array.from({ length: 14 * 96 }, (_, i) => ({
    at: new Date(now - (i + 1) * 15 * 60_000).toISOString(),
    mgdl: 110 + Math.round(60 * Math.sin(i / 8)),
  }));
  const batch = await alice.post('/api/v1/glucose/readings/batch', { source: 'import:libreview', readings });
  expect(batch.status, await batch.clone().text()).toBe(200);
  for (const [client, tracker, data, hoursAgo] of [
    [alice, 'blood-pressure', { systolic: 128, diastolic: 82 }, 72],
    [alice, 'blood-pressure', { systolic: 134, diastolic: 86 }, 24],
    [alice, 'weight', { weight: 80.5, weightUnit: 'kg' }, 96],
    [alice, 'weight', { weight: 79.9, weightUnit: 'kg' }, 12],
    [bob, 'blood-glucose', { glucose: 140 }, 2],
  ] as const) {
    const res = await client.post('/api/v1/entries', {
      tracker,
      occurredAt: new Date(now - hoursAgo * HOUR).toISOString(),
      data,
    });
    expect(res.status, await res.clone().text()).toBe(201);
  }
  const a1c = await alice.post('/api/v1/lab-results', {
    testName: 'Hemoglobin A1c',
    loinc: '4548-4',
    value: 7.2,
    unit: '%',
    effectiveAt: '2026-09-01T12:00:00Z',
    labName: 'City Lab',
  });
  expect(a1c.status, await a1c.clone().text()).toBe(201);
  // Alice's loop uploads a bolus and a temporary basal yesterday (UTC, the profile's zone).
  const yesterday = Math.floor(now / (24 * HOUR)) * 24 * HOUR - 24 * HOUR;
  const at = (h: number) => new Date(yesterday + h * HOUR).toISOString();
  const loop = await xdrip(server, await newCredential(alice, 'Loop')).post('treatments', [
    { eventType: 'Correction Bolus', insulin: 2.5, created_at: at(8), identifier: 'pk-b-1' },
    { eventType: 'Temp Basal', absolute: 1.5, duration: 60, created_at: at(3), identifier: 'pk-t-1' },
  ]);
  expect(loop.status, await loop.clone().text()).toBeLessThan(300);
});
afterAll(() => server.close());

const ALL = ['glucose', 'blood_pressure', 'weight', 'medications', 'a1c'];

const makePacket = async (client: TestClient, body: Record<string, unknown> = {}) => {
  const res = await client.post('/api/v1/packets', { days: 14, categories: ALL, ...body });
  expect(res.status, await res.clone().text()).toBe(201);
  const created = await res.json();
  const payload = decodeShlink(created.link)!;
  return { ...created, payload, manifestPath: new URL(payload.url).pathname };
};

/** A clinic app: no session, its own address, maybe another origin. */
const clinic = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  server.client().post(path, body, {
    'x-forwarded-for': `203.0.113.${++ipSeq % 250}`,
    origin: 'https://clinic.example',
    ...headers,
  });

const open = (path: string, passcode?: string) => clinic(path, { recipient: 'Dr. Reader', passcode });

/** Decrypts the manifest's one file with the link's key; answers the PDF bytes. */
const pdfFrom = async (manifest: { files: { contentType: string; embedded: string }[] }, key: string) => {
  expect(manifest.files).toHaveLength(1);
  const file = manifest.files[0]!;
  expect(decodeProtectedHeader(file.embedded)).toMatchObject({ alg: 'dir', enc: 'A256GCM' });
  const { plaintext } = await compactDecrypt(file.embedded, Buffer.from(key, 'base64url'));
  const doc = JSON.parse(new TextDecoder().decode(plaintext));
  expect(doc.resourceType).toBe('DocumentReference');
  expect(doc.content[0].attachment.contentType).toBe('application/pdf');
  return Buffer.from(doc.content[0].attachment.data, 'base64');
};

/** A packet's PDF as the clinic opens it, read as text. */
const packetText = async (created: Awaited<ReturnType<typeof makePacket>>) => {
  const res = await open(created.manifestPath, created.passcode);
  const bytes = await pdfFrom(await res.json(), created.payload.key);
  return (await pdfTextOf({ fileType: 'application/pdf', bytes })) ?? '';
};

describe('pre-visit packets as SMART Health Links', () => {
  it('answers the link and passcode once; the manifest decrypts to the PDF summary', async () => {
    const created = await makePacket(alice, { questions: ['Should I change my evening dose?'] });
    expect(created.passcode).toMatch(/^\d{8}$/);
    expect(created.link.startsWith(`${APP_URL}/shl#shlink:/`)).toBe(true);
    const { payload } = created;
    expect(payload).toMatchObject({ flag: 'P', v: 1, label: 'Healthfolio pre-visit summary' });
    expect(payload.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(payload.exp! * 1000 - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(created.packet).toMatchObject({ status: 'active', attemptsLeft: 10, openedCount: 0, days: 14 });

    const res = await open(created.manifestPath, created.passcode);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const preflight = await server.client().request('OPTIONS', created.manifestPath, undefined, {
      origin: 'https://clinic.example',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const pdf = await pdfFrom(await res.json(), payload.key);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await PDFDocument.load(pdf)).getPageCount()).toBeGreaterThanOrEqual(1);
    const text = (await pdfTextOf({ fileType: 'application/pdf', bytes: pdf })) ?? '';
    for (const expected of [
      'Pre-visit summary',
      'Alice Packet',
      'Last 14 days',
      'Glucose (CGM)',
      // 15-minute readings for 14 days: a third of what a CGM's 5-minute readings would give.
      'days of CGM data, 33% of the expected readings',
      'mmol/L',
      'Ambulatory glucose profile',
      '2 readings. Average 131/84 mmHg',
      // The consensus level words, as every screen labels a reading (issue 30).
      'Urgent low',
      'In range',
      'Very high',
      '134/86 mmHg',
      '79.9 kg',
      'down 0.6 kg over the period',
      '7.2% on 2026-09-01',
      'Should I change my evening dose?',
      // Glucose chosen and insulin uploaded: the clinician report's basal/bolus page.
      'Basal and bolus insulin',
      '1 day with insulin data. Average daily bolus 2.5 U; average daily basal 1.5 U (estimated).',
    ]) {
      expect(text).toContain(expected);
    }
    // Neither the log nor the database holds what opens the packet.
    const log = logLines.join('');
    expect(log).toContain('/api/shl');
    for (const secret of [payload.key, created.manifestPath.split('/').pop()!]) {
      expect(log).not.toContain(secret);
    }
    // Digits alone could occur inside a timestamp: the passcode as a whole number only.
    expect(log).not.toMatch(new RegExp(`(?<!\\d)${created.passcode}(?!\\d)`));
    const stored = await server.deps.db.asSystem((tx) =>
      tx.execute<Record<string, unknown>>(sql`select * from visit_packets where id = ${created.packet.id}`),
    );
    expect(JSON.stringify(stored.rows)).not.toContain(payload.key);
    expect(JSON.stringify(stored.rows)).not.toContain(created.passcode);

    const list = await (await alice.get('/api/v1/packets')).json();
    expect(list.items.find((p: { id: string }) => p.id === created.packet.id)).toMatchObject({
      status: 'active',
      openedCount: 1,
      attemptsLeft: 10,
    });
    const audit = await (await alice.get('/api/v1/audit?limit=100')).json();
    expect(
      audit.items.some(
        (e: { action: string; resourceType: string; resourceId: string }) =>
          e.action === 'read' && e.resourceType === 'visit_packet' && e.resourceId === created.packet.id,
      ),
    ).toBe(true);
  });

  it('locks the link for good after 10 wrong passcodes, the right one included', async () => {
    const created = await makePacket(alice, { categories: ['a1c'] });
    const missing = await open(created.manifestPath);
    expect(missing.status).toBe(401);
    expect((await missing.json()).remainingAttempts).toBe(9);
    for (let left = 8; left >= 0; left--) {
      const res = await open(created.manifestPath, '00000000' === created.passcode ? '11111111' : '00000000');
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toContain('json');
      expect((await res.json()).remainingAttempts).toBe(left);
    }
    const after = await open(created.manifestPath, created.passcode);
    expect(after.status).toBe(404);
    expect((await after.json()).code).toBe('shl_invalid');
    const list = await (await alice.get('/api/v1/packets')).json();
    expect(list.items.find((p: { id: string }) => p.id === created.packet.id)).toMatchObject({
      status: 'locked',
      attemptsLeft: 0,
      openedCount: 0,
    });
  });

  it('counts parallel guesses one by one: never more than 10 wrong passcodes', async () => {
    const created = await makePacket(bob, { categories: ['a1c'] });
    const wrong = created.passcode === '00000000' ? '11111111' : '00000000';
    const statuses = await Promise.all(
      Array.from({ length: 14 }, () => open(created.manifestPath, wrong).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 404)).toHaveLength(4);
    expect((await open(created.manifestPath, created.passcode)).status).toBe(404);
  });

  it('an expired or revoked link answers 404; only its owner can list or revoke it', async () => {
    const expiring = await makePacket(alice, { categories: ['weight'] });
    await server.deps.db.asSystem((tx) =>
      tx.execute(
        sql`update visit_packets set expires_at = now() - interval '1 minute' where id = ${expiring.packet.id}`,
      ),
    );
    expect((await open(expiring.manifestPath, expiring.passcode)).status).toBe(404);

    const revoking = await makePacket(alice, { categories: ['weight'] });
    expect((await open(revoking.manifestPath, revoking.passcode)).status).toBe(200);
    const stolen = await bob.post(`/api/v1/packets/${revoking.packet.id}/revoke`);
    expect(stolen.status).toBe(404);
    const bobList = await (await bob.get('/api/v1/packets')).json();
    expect(bobList.items.map((p: { id: string }) => p.id)).not.toContain(revoking.packet.id);
    expect((await open(revoking.manifestPath, revoking.passcode)).status).toBe(200);
    const revoked = await alice.post(`/api/v1/packets/${revoking.packet.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect((await revoked.json()).status).toBe('revoked');
    expect((await open(revoking.manifestPath, revoking.passcode)).status).toBe(404);
    const statuses = Object.fromEntries(
      (await (await alice.get('/api/v1/packets')).json()).items.map((p: { id: string; status: string }) => [
        p.id,
        p.status,
      ]),
    );
    expect(statuses[expiring.packet.id]).toBe('expired');
    expect(statuses[revoking.packet.id]).toBe('revoked');
    expect((await open('/api/shl/not-a-real-manifest-id', '12345678')).status).toBe(404);
  });

  it('the hourly sweep deletes the files of spent links and keeps the live ones', async () => {
    const live = await makePacket(bob, { categories: ['weight'] });
    const spent = await makePacket(bob, { categories: ['weight'] });
    await server.deps.db.asSystem((tx) =>
      tx.execute(
        sql`update visit_packets set expires_at = now() - interval '1 minute' where id = ${spent.packet.id}`,
      ),
    );
    const fileOf = async (id: string) =>
      (
        await server.deps.db.asSystem((tx) =>
          tx.execute<{ storage_id: string }>(sql`select storage_id from visit_packets where id = ${id}`),
        )
      ).rows[0]!.storage_id;
    const [liveFile, spentFile] = [await fileOf(live.packet.id), await fileOf(spent.packet.id)];
    expect(await server.deps.storage.exists(spentFile)).toBe(true);
    // This one, and the locked, revoked and expired links of the tests before.
    expect(await sweepSpentPackets(server.deps, new Date())).toBeGreaterThanOrEqual(3);
    expect(await server.deps.storage.exists(spentFile)).toBe(false);
    expect(await server.deps.storage.exists(liveFile)).toBe(true);
    expect((await open(live.manifestPath, live.passcode)).status).toBe(200);
    expect(await sweepSpentPackets(server.deps, new Date())).toBe(0);
    const listed = (await (await bob.get('/api/v1/packets')).json()).items.map((p: { id: string }) => p.id);
    expect(listed).toContain(spent.packet.id);
  });

  it('answers a short-lived location instead when the client caps embedded files', async () => {
    const created = await makePacket(alice, { categories: ['a1c'] });
    const res = await clinic(created.manifestPath, {
      recipient: 'SHL app',
      passcode: created.passcode,
      embeddedLengthMax: 100,
    });
    expect(res.status).toBe(200);
    const [file] = (await res.json()).files;
    expect(file.embedded).toBeUndefined();
    const location = new URL(file.location);
    expect(location.origin).toBe(APP_URL);
    const got = await server.client().get(location.pathname);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/jose');
    expect(got.headers.get('cache-control')).toBe('no-store');
    const pdf = await pdfFrom(
      { files: [{ contentType: file.contentType, embedded: await got.text() }] },
      created.payload.key,
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const forged = location.pathname.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await server.client().get(forged)).status).toBe(404);
    await alice.post(`/api/v1/packets/${created.packet.id}/revoke`);
    expect((await server.client().get(location.pathname)).status).toBe(404);
  });

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

  it('refuses bad input with problem documents and writes nothing', async () => {
    const before = (await (await alice.get('/api/v1/packets')).json()).items.length;
    for (const body of [
      { days: 7, categories: ['a1c'] },
      { days: 14, categories: [] },
      { days: 14, categories: ['a1c'], questions: ['x'.repeat(301)] },
      { days: 14, categories: ['nope'] },
    ]) {
      const res = await alice.post('/api/v1/packets', body);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    }
    expect((await (await alice.get('/api/v1/packets')).json()).items.length).toBe(before);
    const created = await makePacket(bob, { categories: ['a1c'] });
    const noRecipient = await clinic(created.manifestPath, { passcode: created.passcode });
    expect(noRecipient.status).toBe(400);
    expect((await server.client().post('/api/v1/packets', { days: 14, categories: ['a1c'] })).status).toBe(
      401,
    );
  });
});
