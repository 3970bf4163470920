import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../../../test/admin';
import { doc, docx, jpeg, pdfWith, png } from '../../../test/document-fixtures';
import { bytesOf, lab, uploadDocument } from '../../../test/documents-client';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';
import { startS3 } from '../../../test/s3-server';
import { blobStoreFor, objectKey } from '../../storage/file-storage';

const backends = [
  ['disk', async () => ({ env: {}, close: async () => {} })],
  [
    's3',
    async () => {
      const s3 = await startS3();
      const { url, bucket, accessKeyId, secretAccessKey } = s3.settings;
      return {
        env: {
          STORAGE_URL: url,
          STORAGE_BUCKET: bucket,
          STORAGE_ACCESS_KEY_ID: accessKeyId!,
          STORAGE_SECRET_ACCESS_KEY: secretAccessKey!,
        },
        close: s3.close,
      };
    },
  ],
] as const;

describe.each(backends)('documents on %s storage', (_name, backend) => {
  let server: TestServer;
  let client: TestClient;
  let userId: string;
  let closeBackend: () => Promise<void>;
  beforeAll(async () => {
    const b = await backend();
    closeBackend = b.close;
    server = await createTestServer({}, b.env);
    ({ client, userId } = await signUpAndSignIn(server, 'vault@example.com'));
  });
  afterAll(async () => {
    await server.close();
    await closeBackend();
  });

  it('round-trips every allowed type; images come back re-encoded as the same kind of image', async () => {
    const files: [string, Buffer][] = [
      ['report.pdf', pdfWith('hello')],
      ['x-ray.jpg', await jpeg()],
      ['scan.jpeg', await jpeg()],
      ['chart.png', await png()],
      ['letter.doc', doc()],
      ['history.docx', docx()],
    ];
    for (const [name, bytes] of files) {
      const res = await uploadDocument(server, client, lab(bytes, name));
      expect(res.status, name).toBe(201);
      const created = await res.json();
      expect(created).toMatchObject({ fileName: name, title: name.split('.')[0], extraction: 'queued' });
      const file = await client.get(`/api/v1/documents/${created.id}/file`);
      expect(file.status).toBe(200);
      const back = await bytesOf(file);
      expect(back.length).toBe(created.fileSize);
      if (created.fileType.startsWith('image/')) {
        const meta = await sharp(back).metadata();
        expect(meta.format).toBe(name.endsWith('png') ? 'png' : 'jpeg');
        expect(meta.width).toBe((await sharp(bytes).metadata()).width);
      } else expect(back.equals(bytes), name).toBe(true);
    }
  });

  it('serves files as sandboxed, never-cached attachments; inline only for the viewer', async () => {
    const created = await (
      await uploadDocument(server, client, lab(pdfWith('x'), 'Blood panel é.pdf'))
    ).json();
    const res = await client.get(`/api/v1/documents/${created.id}/file`);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Blood panel _.pdf"; filename*=UTF-8''Blood%20panel%20%C3%A9.pdf`,
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const inline = await client.get(`/api/v1/documents/${created.id}/file?disposition=inline`);
    expect(inline.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(inline.headers.get('content-security-policy')).toMatch(/^sandbox;/);
    const word = await (await uploadDocument(server, client, lab(docx(), 'w.docx'))).json();
    expect(word.viewable).toBe(false);
    const wordInline = await client.get(`/api/v1/documents/${word.id}/file?disposition=inline`);
    expect(wordInline.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('deletes the stored object with the document', async () => {
    const created = await (await uploadDocument(server, client, lab(pdfWith('bye'), 'old.pdf'))).json();
    const row = await server.deps.db.asUser(userId, async (tx) =>
      tx.query.documents.findFirst({ where: (d, { eq }) => eq(d.id, created.id) }),
    );
    expect(await server.deps.storage.exists(row!.storageId)).toBe(true);
    expect((await client.delete(`/api/v1/documents/${created.id}`)).status).toBe(204);
    expect(await server.deps.storage.exists(row!.storageId)).toBe(false);
    expect((await client.get(`/api/v1/documents/${created.id}`)).status).toBe(404);
    expect((await client.delete(`/api/v1/documents/${created.id}`)).status).toBe(404);
  });
});

describe('documents', () => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let aliceId: string;
  beforeAll(async () => {
    server = await createTestServer();
    ({ client: alice, userId: aliceId } = await signUpAndSignIn(server, 'alice@example.com'));
    ({ client: bob } = await signUpAndSignIn(server, 'bob@example.com'));
  });
  afterAll(() => server.close());

  const objects = () => {
    try {
      return readdirSync(join(server.deps.config.dataDir, 'files', 'objects')).length;
    } catch {
      return 0;
    }
  };

  it('asks for a file, a title and a category with the spec message, and stores nothing', async () => {
    const before = objects();
    for (const form of [
      { title: 'CBC', category: 'Lab Results' },
      { ...lab(pdfWith('a'), 'a.pdf'), title: '' },
      { ...lab(pdfWith('a'), 'a.pdf'), category: '' },
      { ...lab(pdfWith('a'), 'a.pdf'), category: 'Secrets' },
    ]) {
      const res = await uploadDocument(server, alice, form);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect((await res.json()).detail).toBe('Please select a file, enter a title, and choose a category.');
    }
    expect(objects()).toBe(before);
  });

  // Alice's multipart upload (boundary XyZ) as a stream without a Content-Length.
  const streamUpload = (body: ReadableStream<Uint8Array>) =>
    server.app.request('/api/v1/documents', {
      method: 'POST',
      headers: {
        origin: 'http://localhost:3000',
        cookie: alice.cookieHeader,
        'x-requested-with': 'healthfolio',
        'content-type': 'multipart/form-data; boundary=XyZ',
      },
      body,
      duplex: 'half',
    } as RequestInit);

  it('refuses a file over the limit with a 413 naming it, leaving no row and no object', async () => {
    const before = objects();
    const big = Buffer.concat([pdfWith('x'), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await uploadDocument(server, alice, lab(big, 'huge.pdf'));
    expect(res.status).toBe(413);
    expect((await res.json()).detail).toBe('The file is larger than the 10 MB limit.');
    // Without a Content-Length the stream itself is cut off at the limit.
    const streamed = await streamUpload(
      new Blob([
        '--XyZ\r\nContent-Disposition: form-data; name="title"\r\n\r\nBig\r\n',
        '--XyZ\r\nContent-Disposition: form-data; name="category"\r\n\r\nOther\r\n',
        '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n\r\n',
        big,
        '\r\n--XyZ--\r\n',
      ]).stream(),
    );
    expect(streamed.status).toBe(413);
    expect(objects()).toBe(before);
    expect((await (await alice.get('/api/v1/documents')).json()).items).toEqual([]);
  });

  it('stops reading a refused upload soon after the limit and closes the connection', async () => {
    // 40 MB sent without a Content-Length, pulled by the server chunk by chunk.
    const chunk = Buffer.alloc(64 * 1024);
    let pulled = 0;
    const head = Buffer.from(
      '--XyZ\r\nContent-Disposition: form-data; name="title"\r\n\r\nBig\r\n' +
        '--XyZ\r\nContent-Disposition: form-data; name="category"\r\n\r\nOther\r\n' +
        '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n\r\n%PDF-1.4\n',
    );
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 40 * 1024 * 1024) return controller.close();
        const next = pulled === 0 ? head : chunk;
        pulled += next.length;
        controller.enqueue(new Uint8Array(next));
      },
    });
    const res = await streamUpload(body);
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
    await new Promise((r) => setTimeout(r, 300));
    expect(pulled).toBeLessThan(12 * 1024 * 1024);
  });

  it('takes its limit from the admin’s max_file_size setting', async () => {
    const { client: admin } = await signInAdmin(server, 'docs-admin@example.com');
    const { client: uploader } = await signUpAndSignIn(server, 'docs-limit@example.com');
    const set = (value: unknown) => admin.put('/api/v1/admin/settings/max_file_size', { value });
    expect((await set({ value: 1, unit: 'MB' })).status).toBe(200);
    try {
      const twoMb = Buffer.concat([pdfWith('x'), Buffer.alloc(2 * 1024 * 1024)]);
      const res = await uploadDocument(server, uploader, lab(twoMb, 'two.pdf'));
      expect(res.status).toBe(413);
      expect((await res.json()).detail).toBe('The file is larger than the 1 MB limit.');
      expect((await uploadDocument(server, uploader, lab(pdfWith('small'), 'small.pdf'))).status).toBe(201);
    } finally {
      expect((await set({ value: 10, unit: 'MB' })).status).toBe(200);
    }
  });

  it('documents the upload (multipart) and the other routes in OpenAPI', async () => {
    const doc = await (await alice.get('/api/openapi.json')).json();
    expect(Object.keys(doc.paths['/api/v1/documents'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(doc.paths['/api/v1/documents'].post.requestBody.content).toHaveProperty('multipart/form-data');
    expect(doc.paths['/api/v1/documents/{id}/file'].get).toBeDefined();
  });

  it('refuses a multipart upload without the app header (CSRF), and anyone signed out', async () => {
    const res = await uploadDocument(server, alice, lab(pdfWith('a'), 'a.pdf'), { 'x-requested-with': '' });
    expect(res.status).toBe(403);
    const anon = await uploadDocument(server, server.client(), lab(pdfWith('a'), 'a.pdf'));
    expect(anon.status).toBe(401);
  });

  it('lists, searches, sorts, filters by card and edits', async () => {
    const up = async (title: string, category: string, description?: string) =>
      (
        await uploadDocument(
          server,
          alice,
          lab(pdfWith('x'), `${title}.pdf`, { title, category, description }),
        )
      ).json();
    await up('Zinc panel', 'Lab Results', 'fasting sample');
    await up('Amoxicillin', 'Prescriptions');
    const misc = await up('Gym waiver', 'Other');
    const titles = async (query: string) =>
      (await (await alice.get(`/api/v1/documents?${query}`)).json()).items.map(
        (d: { title: string }) => d.title,
      );
    expect(await titles('sort=title-asc')).toEqual(['Amoxicillin', 'Gym waiver', 'Zinc panel']);
    expect(await titles('sort=title-desc')).toEqual(['Zinc panel', 'Gym waiver', 'Amoxicillin']);
    expect(await titles('sort=newest')).toEqual(['Gym waiver', 'Amoxicillin', 'Zinc panel']);
    expect(await titles('sort=oldest')).toEqual(['Zinc panel', 'Amoxicillin', 'Gym waiver']);
    expect(await titles('q=FASTING')).toEqual(['Zinc panel']);
    expect(await titles('q=amoxi')).toEqual(['Amoxicillin']);
    expect(await titles('q=waiver.pdf')).toEqual(['Gym waiver']);
    expect(await titles('card=lab-results')).toEqual(['Zinc panel']);
    expect(await titles('card=repository')).toEqual(['Gym waiver']);
    const edited = await alice.patch(`/api/v1/documents/${misc.id}`, {
      title: 'Insurance card',
      category: 'Insurance Cards',
      description: 'front and back',
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ title: 'Insurance card', category: 'Insurance Cards' });
    expect(await titles('card=repository')).toEqual([]);
    expect((await alice.patch(`/api/v1/documents/${misc.id}`, { category: 'Nope' })).status).toBe(400);
    expect((await alice.patch(`/api/v1/documents/${misc.id}`, { title: ' ' })).status).toBe(400);
  });

  it('allows 60 uploads per user in ten minutes, then answers 429', async () => {
    const { client: busy } = await signUpAndSignIn(server, 'busy@example.com');
    const small = pdfWith('x');
    for (let i = 0; i < 60; i++)
      expect((await uploadDocument(server, busy, lab(small, `n${i}.pdf`))).status).toBe(201);
    const res = await uploadDocument(server, busy, lab(small, 'one-more.pdf'));
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeTruthy();
    // Others upload as before.
    expect((await uploadDocument(server, alice, lab(small, 'alice.pdf'))).status).toBe(201);
    expect((await busy.get('/api/v1/documents')).status).toBe(200);
  });

  it("answers 404 for another user's document, whatever they try", async () => {
    const mine = await (await uploadDocument(server, alice, lab(pdfWith('private'), 'private.pdf'))).json();
    for (const res of [
      await bob.get(`/api/v1/documents/${mine.id}`),
      await bob.get(`/api/v1/documents/${mine.id}/file`),
      await bob.get(`/api/v1/documents/${mine.id}/file?disposition=inline`),
      await bob.patch(`/api/v1/documents/${mine.id}`, { title: 'pwned' }),
      await bob.delete(`/api/v1/documents/${mine.id}`),
    ])
      expect(res.status).toBe(404);
    expect((await (await bob.get('/api/v1/documents?q=private')).json()).items).toEqual([]);
    expect((await alice.get(`/api/v1/documents/${mine.id}`)).status).toBe(200);
  });

  it('answers an error, not the bytes, when the stored object was tampered with', async () => {
    const created = await (await uploadDocument(server, alice, lab(pdfWith('lab'), 'lab.pdf'))).json();
    const row = await server.deps.db.asUser(aliceId, (tx) =>
      tx.query.documents.findFirst({ where: (d, { eq }) => eq(d.id, created.id) }),
    );
    const store = blobStoreFor({ dataDir: server.deps.config.dataDir });
    const chunks: Buffer[] = [];
    for await (const c of await store.get(objectKey(row!.storageId))) chunks.push(c as Buffer);
    const bytes = Buffer.concat(chunks);
    bytes[bytes.length - 20] = bytes[bytes.length - 20]! ^ 0xff;
    await store.put(objectKey(row!.storageId), Readable.from([bytes]));
    const res = await alice.get(`/api/v1/documents/${created.id}/file`);
    expect(res.status).toBe(500);
    expect((await res.json()).code).toBe('file_damaged');
  });
});
