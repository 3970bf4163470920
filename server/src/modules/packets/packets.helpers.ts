import { decodeShlink } from '@healthfolio/core/packets/shlink';
import { compactDecrypt, decodeProtectedHeader } from 'jose';
import { expect } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';
import { newCredential, xdrip } from '../../../test/nightscout-apps';
import { createLogger } from '../../http/log-safety';
import { parse as pdfTextOf } from '../documents/text-parser';

/** What the packet tests share (packets.*.test.ts): the people, the packet, the clinic that opens it. */
export const HOUR = 3_600_000;
export const ALL = ['glucose', 'blood_pressure', 'weight', 'medications', 'a1c'];

/**
 * A server whose log lines are kept, with Alice (14 days of CGM readings, blood pressures, weights, an
 * A1C, a loop's insulin yesterday) and Bob (one fingerstick).
 */
export const startPacketServer = async () => {
  const logLines: string[] = [];
  const logger = createLogger('trace', { write: (line: string) => void logLines.push(line) });
  const server = await createTestServer({ trustProxy: 1 }, {}, { logger });
  const { client: alice } = await signUpAndSignIn(server, 'alice-packet@example.com');
  const { client: bob } = await signUpAndSignIn(server, 'bob-packet@example.com');
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
  return { server, alice, bob, logLines };
};

export const makePacket = async (client: TestClient, body: Record<string, unknown> = {}) => {
  const res = await client.post('/api/v1/packets', { days: 14, categories: ALL, ...body });
  expect(res.status, await res.clone().text()).toBe(201);
  const created = await res.json();
  const payload = decodeShlink(created.link)!;
  return { ...created, payload, manifestPath: new URL(payload.url).pathname };
};
export type MadePacket = Awaited<ReturnType<typeof makePacket>>;

/** Decrypts the manifest's one file with the link's key; answers the PDF bytes. */
export const pdfFrom = async (
  manifest: { files: { contentType: string; embedded: string }[] },
  key: string,
) => {
  expect(manifest.files).toHaveLength(1);
  const file = manifest.files[0]!;
  expect(decodeProtectedHeader(file.embedded)).toMatchObject({ alg: 'dir', enc: 'A256GCM' });
  const { plaintext } = await compactDecrypt(file.embedded, Buffer.from(key, 'base64url'));
  const doc = JSON.parse(new TextDecoder().decode(plaintext));
  expect(doc.resourceType).toBe('DocumentReference');
  expect(doc.content[0].attachment.contentType).toBe('application/pdf');
  return Buffer.from(doc.content[0].attachment.data, 'base64');
};

/** A clinic app: no session, its own address, maybe another origin. */
export const clinicOf = (server: () => TestServer) => {
  let ipSeq = 0;
  const clinic = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    server()
      .client()
      .post(path, body, {
        'x-forwarded-for': `203.0.113.${++ipSeq % 250}`,
        origin: 'https://clinic.example',
        ...headers,
      });
  const open = (path: string, passcode?: string) => clinic(path, { recipient: 'Dr. Reader', passcode });
  /** A packet's PDF as the clinic opens it, read as text. */
  const packetText = async (created: MadePacket) => {
    const res = await open(created.manifestPath, created.passcode);
    const bytes = await pdfFrom(await res.json(), created.payload.key);
    return (await pdfTextOf({ fileType: 'application/pdf', bytes })) ?? '';
  };
  return { clinic, open, packetText };
};
