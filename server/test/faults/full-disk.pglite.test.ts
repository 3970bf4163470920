import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openPglite } from '../../src/db/database';
import { pdfWith } from '../document-fixtures';
import { bytesOf, lab, uploadDocument } from '../documents-client';
import { serveApp, signUpAndSignIn, type TestClient, type TestServer, testConfig } from '../harness';
import { mountSmallDisk, type SmallDisk } from './small-disk';

// Issue 37 (Faults): DATA_DIR (the embedded store and the uploaded files) on a small tmpfs that fills
// up. Embedded store only: with PostgreSQL the database's disk is the database server's, not DATA_DIR.

let disk: SmallDisk;
let dataDir: string;
let db: Database | undefined;
let server: TestServer | undefined;
let alice: TestClient;

const open = async () => {
  db = await openPglite({ dataDir });
  server = await serveApp(testConfig({ DATA_DIR: dataDir }), db, pino({ level: 'silent' }));
  // The signed-in person's session, on the server just opened.
  const cookies = alice?.cookies ?? new Map();
  alice = server.client();
  for (const [k, v] of cookies) alice.cookies.set(k, v);
};
const close = async () => {
  await server?.close();
  await db?.close();
  server = undefined;
  db = undefined;
};

beforeAll(async () => {
  disk = mountSmallDisk('200m');
  dataDir = join(disk.dir, 'data');
  const template = new Blob([readFileSync(inject('pgliteTemplate'))]);
  await (await openPglite({ dataDir, loadDataDir: template })).close();
  await open();
  ({ client: alice } = await signUpAndSignIn(server!, 'full-disk@example.com'));
});

afterAll(async () => {
  await close();
  disk?.unmount();
});

const MIN = 60_000;
const start = Date.now() - 120 * 24 * 60 * MIN;
/** An import of 5,000 readings a minute apart, the `n`th from `start`. */
const batch = (n: number) =>
  alice.post('/api/v1/glucose/readings/batch', {
    source: 'import:csv',
    readings: Array.from({ length: 5_000 }, (_, i) => ({
      at: new Date(start + (n * 5_000 + i) * MIN).toISOString(),
      mgdl: 90 + (i % 50),
    })),
  });
const count = async () => {
  const res = await alice.get('/api/v1/glucose/status');
  expect(res.status).toBe(200);
  return ((await res.json()) as { totalReadings: number }).totalReadings;
};
const expectProblem = async (res: Response, statuses: number[]) => {
  expect(statuses).toContain(res.status);
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  const body = (await res.json()) as { status: number };
  expect(body.status).toBe(res.status);
  expect(JSON.stringify(body)).not.toMatch(/ENOSPC|No space left|base\/\d+/);
};

describe('a full disk under DATA_DIR (the embedded store)', () => {
  it('refuses what does not fit with 507, keeps what was acknowledged, and resumes once space is freed', async () => {
    const pdf = pdfWith('HbA1c 6.1 %', 'x'.repeat(300_000));
    const kept = await uploadDocument(server!, alice, lab(pdf, 'kept.pdf'));
    expect(kept.status).toBe(201);
    const keptId = ((await kept.json()) as { id: string }).id;
    expect((await batch(0)).status).toBe(200);
    const before = await count();
    expect(before).toBe(5_000);

    disk.fill();

    // An upload that does not fit: 507, and no document row left behind.
    await expectProblem(await uploadDocument(server!, alice, lab(pdf, 'too-big.pdf')), [507]);
    // Database writes that cannot be stored (disk_full): 507, never a 500 nor a crash. The first few may
    // still fit in pages the store already has.
    let refused: Response | undefined;
    for (let n = 1; n <= 20 && !refused; n++) {
      const res = await batch(n);
      if (res.status !== 200) refused = res;
    }
    expect(refused, 'a write on a full disk was refused').toBeDefined();
    await expectProblem(refused!, [507]);
    // Reads go on, and nothing acknowledged is lost.
    expect(await count()).toBeGreaterThanOrEqual(before);
    expect(await bytesOf(await alice.get(`/api/v1/documents/${keptId}/file`))).toEqual(pdf);

    disk.free();

    const again = await uploadDocument(server!, alice, lab(pdf, 'after.pdf'));
    expect(again.status).toBe(201);
    expect((await batch(21)).status).toBe(200);
    const list = (await (await alice.get('/api/v1/documents')).json()) as { items: { title: string }[] };
    expect(list.items.map((d) => d.title).sort()).toEqual(['after', 'kept']);

    // The store opens cleanly after the episode and holds every acknowledged write.
    const acknowledged = await count();
    await close();
    await open();
    expect(await count()).toBe(acknowledged);
    expect(await bytesOf(await alice.get(`/api/v1/documents/${keptId}/file`))).toEqual(pdf);
  }, 120_000);
});
