import { Readable } from 'node:stream';
import { EXTRACTION_FAILURE_REASONS } from '@healthfolio/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pdfWith, png, scannedPage, scannedPdf } from '../../../test/document-fixtures';
import { lab, uploadDocument } from '../../../test/documents-client';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';
import { hugeBlankPagePdf, inflationBombPdf } from '../../../test/hostile-documents';
import { backoffMs } from '../../jobs/job-queue';
import { blobStoreFor, objectKey } from '../../storage/file-storage';
import { DOCUMENT_TEXT_ATTEMPTS } from './document-text.job';

let server: TestServer;
let client: TestClient;
let userId: string;
beforeAll(async () => {
  server = await createTestServer();
  ({ client, userId } = await signUpAndSignIn(server, 'reader@example.com'));
});
afterAll(() => server.close());

const found = async (q: string) =>
  (await (await client.get(`/api/v1/documents?q=${encodeURIComponent(q)}`)).json()).items.map(
    (d: { title: string }) => d.title,
  );
const extraction = async (id: string) =>
  (await (await client.get(`/api/v1/documents/${id}`)).json()).extraction;
const jobOf = async (documentId: string) =>
  (
    await server.deps.db.asSystem((tx) =>
      tx.execute<{ state: string; attempts: number; last_error: string | null }>(
        sql`select state, attempts, last_error from jobs where payload->>'documentId' = ${documentId}`,
      ),
    )
  ).rows[0]!;

it('reads the text of a PDF in the background, so a word inside it finds the document', {
  timeout: 120_000,
}, async () => {
  const created = await (
    await uploadDocument(
      server,
      client,
      lab(pdfWith('Hemoglobin 13.5 g/dL'), 'march.pdf', { title: 'March labs' }),
    )
  ).json();
  expect(created.extraction).toBe('queued');
  expect(await found('hemoglobin')).toEqual([]);
  await server.deps.jobs.runOnce();
  expect(await extraction(created.id)).toBe('done');
  expect(await found('hemoglobin')).toEqual(['March labs']);
  // Full-text: the stem matches too, and another user's search never reaches it.
  expect(await found('Hemoglobins')).toEqual(['March labs']);
  const { client: other } = await signUpAndSignIn(server, 'other-reader@example.com');
  expect((await (await other.get('/api/v1/documents?q=hemoglobin')).json()).items).toEqual([]);
});

it('reads a scanned page with OCR (English data from the npm package)', { timeout: 240_000 }, async () => {
  const scan = await scannedPage('Cholesterol panel results');
  const created = await (
    await uploadDocument(
      server,
      client,
      lab(scan, 'scan.png', { title: 'Phone scan', category: 'Medical History' }),
    )
  ).json();
  await server.deps.jobs.runOnce();
  expect(await extraction(created.id)).toBe('done');
  expect(await found('cholesterol')).toEqual(['Phone scan']);
});

it('says text was found only when some was: a picture with no words in it has none to search', {
  timeout: 240_000,
}, async () => {
  const picture = await (
    await uploadDocument(
      server,
      client,
      lab(await png(), 'swatch.png', { title: 'Colour swatch', category: 'Medical Images' }),
    )
  ).json();
  const words = await (
    await uploadDocument(
      server,
      client,
      lab(pdfWith('Potassium 4.1 mmol/L'), 'k.pdf', { title: 'Potassium' }),
    )
  ).json();
  expect([picture.textFound, words.textFound]).toEqual([false, false]);
  await server.deps.jobs.runOnce();
  await server.deps.jobs.runOnce();
  const doc = async (id: string) => (await client.get(`/api/v1/documents/${id}`)).json();
  expect(await doc(picture.id)).toMatchObject({ extraction: 'done', textFound: false });
  expect(await doc(words.id)).toMatchObject({ extraction: 'done', textFound: true });
  const listed = (await (await client.get('/api/v1/documents')).json()).items;
  expect(listed.find((d: { id: string }) => d.id === words.id).textFound).toBe(true);
});

it('reads a scanned PDF (pages that are only pictures) by drawing them for OCR', {
  timeout: 240_000,
}, async () => {
  const scan = await scannedPdf('Thyroid ultrasound report');
  const created = await (
    await uploadDocument(server, client, lab(scan, 'scanner.pdf', { title: 'Scanner output' }))
  ).json();
  await server.deps.jobs.runOnce();
  expect(await extraction(created.id)).toBe('done');
  expect(await found('thyroid')).toEqual(['Scanner output']);
});

it('shows "failed" once every retry has failed (a damaged stored file)', async () => {
  const created = await (await uploadDocument(server, client, lab(pdfWith('x'), 'damaged.pdf'))).json();
  const row = await server.deps.db.asUser(userId, (tx) =>
    tx.query.documents.findFirst({ where: (d, { eq }) => eq(d.id, created.id) }),
  );
  const store = blobStoreFor({ dataDir: server.deps.config.dataDir });
  await store.put(objectKey(row!.storageId), Readable.from([Buffer.from('garbage that fails its tag')]));
  let now = Date.now();
  for (let attempt = 1; attempt <= DOCUMENT_TEXT_ATTEMPTS; attempt++) {
    await server.deps.jobs.runOnce(new Date(now));
    expect(await extraction(created.id)).toBe(attempt < DOCUMENT_TEXT_ATTEMPTS ? 'queued' : 'failed');
    now += backoffMs(attempt);
  }
  const doc = await (await client.get(`/api/v1/documents/${created.id}`)).json();
  expect(doc.extractionFailure).toBe('unreadable');
  expect(await server.deps.jobs.runOnce(new Date(now + 86_400_000))).toBe(0);
});

/**
 * Asks the health check every 100 ms and notes how much the server's resident memory grew, until
 * `stop`: what an uptime monitor (and the people using the app) would see while a document is read.
 * Growth, not the total: the test process holds every earlier test file's server too.
 */
const watchServer = () => {
  let slowestMs = 0;
  const startRss = process.memoryUsage.rss();
  let peakRss = startRss;
  let checks = 0;
  let failures = 0;
  let stopped = false;
  const probe = (async () => {
    while (!stopped) {
      const started = performance.now();
      const res = await client.get('/api/health');
      if (res.status !== 200) failures++;
      slowestMs = Math.max(slowestMs, performance.now() - started);
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
      checks++;
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return async () => {
    stopped = true;
    await probe;
    return { slowestMs, rssGrowth: peakRss - startRss, checks, failures };
  };
};

const MB = 1024 ** 2;

/** Reads a hostile file; `code` is the limit it should hit (the job's last error). */
const readHostile = async (bytes: Buffer, fileName: string, code: string) => {
  const created = await (await uploadDocument(server, client, lab(bytes, fileName))).json();
  const pid = process.pid;
  const stop = watchServer();
  await server.deps.jobs.runOnce();
  const seen = await stop();
  // The server answered throughout, within a second, and kept its memory (the hostile files inflate to
  // 400 MB and more: read in this process, they would show); it was never restarted.
  expect(seen.checks).toBeGreaterThan(5);
  expect(seen.failures).toBe(0);
  expect(seen.slowestMs).toBeLessThan(1_000);
  expect(seen.rssGrowth).toBeLessThan(300 * MB);
  expect(process.pid).toBe(pid);
  const doc = await (await client.get(`/api/v1/documents/${created.id}`)).json();
  expect(doc).toMatchObject({ extraction: 'failed', extractionFailure: 'too_large' });
  // Given up at once (the same file would fail again), and never taken again.
  expect(await jobOf(created.id)).toEqual({ state: 'failed', attempts: 1, last_error: code });
  expect(await server.deps.jobs.runOnce(new Date(Date.now() + 86_400_000))).toBe(0);
  // The file itself is kept as it was.
  const file = await client.get(`/api/v1/documents/${created.id}/file`);
  expect(file.status).toBe(200);
  expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
};

it('stops reading a 400 KB PDF whose one stream inflates to 400 MB; the server stays responsive', {
  timeout: 300_000,
}, async () => {
  const bomb = await inflationBombPdf(400);
  expect(bomb.length).toBeLessThan(450_000);
  await readHostile(bomb, 'bomb.pdf', 'memory_limit');
});

it('refuses to draw a blank 8,000 × 8,000 pt page for OCR; the server stays responsive', {
  timeout: 300_000,
}, async () => {
  const page = hugeBlankPagePdf(8000);
  expect(page.length).toBeLessThan(500);
  await readHostile(page, 'poster.pdf', 'too_large');
});

it('gives up a document whose reading died with the server on its last try, and says why', async () => {
  const created = await (await uploadDocument(server, client, lab(pdfWith('x'), 'killer.pdf'))).json();
  // Every try so far was claimed by a server process that died while reading (its lease ran out).
  await server.deps.db.asSystem((tx) =>
    tx.execute(sql`update jobs set state = 'running', attempts = ${DOCUMENT_TEXT_ATTEMPTS},
      locked_until = now() - interval '1 second' where payload->>'documentId' = ${created.id}`),
  );
  await server.deps.db.asUser(userId, (tx) =>
    tx.execute(sql`update documents set extraction = 'reading' where id = ${created.id}`),
  );
  expect(await server.deps.jobs.runOnce()).toBe(0);
  const doc = await (await client.get(`/api/v1/documents/${created.id}`)).json();
  expect(doc).toMatchObject({ extraction: 'failed', extractionFailure: 'unreadable' });
  expect(EXTRACTION_FAILURE_REASONS[doc.extractionFailure as 'unreadable']).toMatch(/^[A-Z].*\.$/);
  expect(await jobOf(created.id)).toEqual({
    state: 'failed',
    attempts: DOCUMENT_TEXT_ATTEMPTS,
    last_error: 'lease_expired',
  });
  expect(await server.deps.jobs.runOnce(new Date(Date.now() + 86_400_000))).toBe(0);
});
