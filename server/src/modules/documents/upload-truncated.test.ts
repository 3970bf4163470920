import { readdirSync } from 'node:fs';
import { join } from 'node:path';
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

/** Uploads that end early (issue 29): a 400, nothing stored, and the server keeps running. */
let server: TestServer;
let client: TestClient;
beforeAll(async () => {
  server = await createTestServer();
  ({ client } = await signUpAndSignIn(server, 'truncated@example.com'));
});
afterAll(() => server.close());

const storedObjects = () => {
  try {
    return readdirSync(join(server.deps.config.dataDir, 'files', 'objects')).length;
  } catch {
    return 0;
  }
};

const head = (name: string) =>
  Buffer.from(
    '--XyZ\r\nContent-Disposition: form-data; name="title"\r\n\r\nCut\r\n' +
      '--XyZ\r\nContent-Disposition: form-data; name="category"\r\n\r\nOther\r\n' +
      `--XyZ\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n`,
  );

/** Sends the chunks, then either ends the body (truncated) or fails it (the client went away). */
const send = (chunks: Buffer[], end: 'truncated' | 'aborted') => {
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      await new Promise((r) => setTimeout(r, 5));
      if (i < chunks.length) controller.enqueue(chunks[i++]!);
      else if (end === 'truncated') controller.close();
      else controller.error(new Error('client went away'));
    },
  });
  return server.app.request('/api/v1/documents', {
    method: 'POST',
    headers: {
      origin: APP_URL,
      cookie: client.cookieHeader,
      'x-requested-with': 'healthfolio',
      'content-type': 'multipart/form-data; boundary=XyZ',
    },
    body,
    duplex: 'half',
  } as RequestInit);
};

const documentCount = async () => (await (await client.get('/api/v1/documents')).json()).items.length;

describe('an upload that ends inside the file', () => {
  const pdf = pdfWith('a long enough report '.repeat(2000));
  const image = Buffer.alloc(200_000, 0xab);

  it.each([
    ['a PDF cut off mid-file', 'truncated', 'report.pdf', pdf],
    ['a PDF whose client went away', 'aborted', 'report.pdf', pdf],
    ['an image cut off mid-file', 'truncated', 'scan.png', image],
    ['a part cut off before its body', 'truncated', 'report.pdf', Buffer.alloc(0)],
  ] as const)('%s is a 400 and stores nothing', async (_, end, name, file) => {
    const before = storedObjects();
    // The first half of the file in four pieces (a network delivers no empty ones).
    const chunks = [
      head(name),
      ...[0, 1, 2, 3].map((k) => file.subarray((k * file.length) / 8, ((k + 1) * file.length) / 8)),
    ].filter((chunk) => chunk.length > 0);
    const res = await send(chunks, end);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(await documentCount()).toBe(0);
    expect(storedObjects()).toBe(before);
  });

  it('leaves the server answering, and a whole upload afterwards is stored', async () => {
    expect((await client.get('/api/health')).status).toBe(200);
    const res = await uploadDocument(server, client, {
      file: pdfWith('whole'),
      name: 'whole.pdf',
      title: 'Whole',
      category: 'Other',
    });
    expect(res.status).toBe(201);
    expect(await documentCount()).toBe(1);
  });
});
