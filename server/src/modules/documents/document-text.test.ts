import { Readable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pdfWith, scannedPage, scannedPdf } from '../../../test/document-fixtures';
import { lab, uploadDocument } from '../../../test/documents-client';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';
import { backoffMs } from '../../jobs/job-queue';
import { blobStoreFor, objectKey } from '../../storage/file-storage';

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

it('reads the text of a PDF in the background, so a word inside it finds the document', async () => {
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

it('reads a scanned page with OCR (English data from the npm package)', { timeout: 120_000 }, async () => {
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

it('reads a scanned PDF (pages that are only pictures) by drawing them for OCR', {
  timeout: 120_000,
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
  for (let attempt = 1; attempt <= 5; attempt++) {
    await server.deps.jobs.runOnce(new Date(now));
    expect(await extraction(created.id)).toBe(attempt < 5 ? 'queued' : 'failed');
    now += backoffMs(attempt);
  }
});
