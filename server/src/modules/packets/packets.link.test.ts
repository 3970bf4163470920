import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_URL, type TestClient, type TestServer } from '../../../test/harness';
import { parse as pdfTextOf } from '../documents/text-parser';
import { sweepSpentPackets } from './packet-sweep';
import { clinicOf, makePacket, pdfFrom, startPacketServer } from './packets.helpers';

let server: TestServer;
let alice: TestClient;
let bob: TestClient;
let logLines: string[];

beforeAll(async () => {
  ({ server, alice, bob, logLines } = await startPacketServer());
});
afterAll(() => server.close());
const { clinic, open } = clinicOf(() => server);

describe('pre-visit packets as SMART Health Links: opening the link', () => {
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
});
