import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  docx,
  elf,
  exe,
  gifJsPolyglot,
  html,
  jpeg,
  jpegWithGps,
  pdfWith,
  pixelFloodPng,
  png,
  pngWithScriptChunk,
  svgWithScript,
  zip,
} from '../../../test/document-fixtures';
import { bytesOf, lab, rawUpload, uploadDocument } from '../../../test/documents-client';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';

/**
 * Hostile uploads: each is refused with a 4xx problem (and leaves nothing stored), or stored in a
 * form that cannot hurt (re-encoded pixels, a sanitised name, served as a sandboxed attachment).
 */
let server: TestServer;
let client: TestClient;
beforeAll(async () => {
  server = await createTestServer();
  ({ client } = await signUpAndSignIn(server, 'corpus@example.com'));
});
afterAll(() => server.close());

const stored = () => {
  try {
    return readdirSync(join(server.deps.config.dataDir, 'files', 'objects')).length;
  } catch {
    return 0;
  }
};

const refusedCases: [string, () => Buffer | Promise<Buffer>, string, RegExp][] = [
  ['an HTML page named .jpg', html, 'photo.jpg', /not a valid \.jpg file/],
  ['an HTML page named .pdf', html, 'report.pdf', /not a valid \.pdf file/],
  ['a GIF89a/JavaScript polyglot named .jpg', gifJsPolyglot, 'avatar.jpg', /look like \.gif/],
  ['a GIF named .gif', gifJsPolyglot, 'avatar.gif', /Only PDF, JPG, JPEG, PNG, DOC and DOCX/],
  ['an SVG with a script named .png', svgWithScript, 'chart.png', /not a valid \.png file/],
  ['an SVG with a script named .svg', svgWithScript, 'chart.svg', /Only PDF/],
  ['a Windows executable renamed .pdf', exe, 'invoice.pdf', /look like \.exe/],
  ['an ELF binary renamed .doc', elf, 'notes.doc', /look like \.elf/],
  ['a double extension ending in .exe', () => pdfWith('x'), 'report.pdf.exe', /Only PDF/],
  ['a right-to-left override hiding .exe', exe, 'invoice\u202Efdp.exe', /Only PDF/],
  ['an empty file', () => Buffer.alloc(0), 'empty.pdf', /The file is empty/],
  ['a pixel-flood PNG (50,000 × 50,000)', pixelFloodPng, 'flood.png', /too many pixels/],
  ['a truncated PDF', () => pdfWith('cut off').subarray(0, 200), 'cut.pdf', /incomplete or damaged/],
  [
    'an HTML/PDF polyglot without an end',
    () => Buffer.from('%PDF-1.4\n<html><script>alert(1)</script>'),
    'p.pdf',
    /incomplete/,
  ],
  ['a plain zip renamed .docx', () => zip([['evil.js', 'alert(1)']]), 'letter.docx', /look like \.zip/],
  ['a PNG named .jpg', png, 'mismatch.jpg', /look like \.png/],
  [
    'a text file named .doc',
    () => Buffer.from('just some text, not a Word file'),
    'plain.doc',
    /not a valid \.doc/,
  ],
  [
    'a damaged JPEG',
    async () => (await jpeg()).subarray(0, 60),
    'broken.jpg',
    /damaged or not a valid image/,
  ],
  ['a file with no extension', () => pdfWith('x'), 'README', /Only PDF/],
];

describe('refused uploads', () => {
  it.each(refusedCases)('%s', async (_what, make, name, detail) => {
    const before = stored();
    const res = await uploadDocument(server, client, lab(await make(), name));
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect((await res.json()).detail).toMatch(detail);
    expect(stored()).toBe(before);
  });
});

const upload = async (file: Buffer, name: string) => {
  const res = await uploadDocument(server, client, lab(file, name));
  expect(res.status).toBe(201);
  const body = await res.json();
  const download = await client.get(`/api/v1/documents/${body.id}/file`);
  return { body, download, bytes: await bytesOf(download) };
};

describe('neutralised uploads', () => {
  it('stores a photo without its EXIF GPS position or author', async () => {
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const { bytes } = await upload(original, 'clinic.jpg');
    const meta = await sharp(bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('Jane Patient'))).toBe(false);
    expect(meta.width).toBe(40);
  });

  it('drops a script hidden in a PNG text chunk and data appended after a JPEG', async () => {
    const { bytes } = await upload(await pngWithScriptChunk(), 'chart.png');
    expect(bytes.includes(Buffer.from('<script>'))).toBe(false);
    const trailing = Buffer.concat([await jpeg(), Buffer.from('<script>alert(1)</script>')]);
    const second = await upload(trailing, 'tail.jpg');
    expect(second.bytes.includes(Buffer.from('<script>'))).toBe(false);
  });

  it('strips folders and control characters from names, so no path or header can be injected', async () => {
    const traversal = await upload(pdfWith('x'), '../../../etc/passwd.pdf');
    expect(traversal.body.fileName).toBe('passwd.pdf');
    // Control characters and a tab, percent-encoded as RFC 5987 allows (FormData would escape them).
    const raw = await rawUpload(
      server,
      client,
      "filename*=UTF-8''lab%07%09result%1B%0D%0A.pdf",
      pdfWith('x'),
    );
    expect(raw.status).toBe(201);
    const encoded = await raw.json();
    expect(encoded.fileName).toBe('labresult.pdf');
    const download = await client.get(`/api/v1/documents/${encoded.id}/file`);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="labresult.pdf"/);
    // Sent raw inside the part header, they make the upload unreadable: refused.
    const bare = await rawUpload(server, client, 'filename="a\u0007\r\nX: y.pdf"', pdfWith('x'));
    expect(bare.status).toBe(400);
    const windows = await upload(pdfWith('x'), 'C:\\Users\\me\\scan.pdf');
    expect(windows.body.fileName).toBe('scan.pdf');
  });

  it('serves a PDF carrying JavaScript and a .php.jpg only as sandboxed attachments of their real type', async () => {
    const pdf = await upload(pdfWith('x', '/OpenAction << /S /JavaScript /JS (app.alert(1)) >>'), 'form.pdf');
    expect(pdf.download.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.download.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(pdf.download.headers.get('content-security-policy')).toMatch(/^sandbox;/);
    const php = await upload(await jpeg(), 'shell.php.jpg');
    expect(php.body.fileType).toBe('image/jpeg');
    expect(php.download.headers.get('content-type')).toBe('image/jpeg');
    expect(php.download.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('ignores the content type the browser claimed', async () => {
    const body = new FormData();
    body.append('title', 'Claimed');
    body.append('category', 'Other');
    body.append('file', new Blob([pdfWith('x')], { type: 'text/html' }), 'claimed.pdf');
    const res = await server.app.request('/api/v1/documents', {
      method: 'POST',
      body,
      headers: {
        origin: 'http://localhost:3000',
        cookie: client.cookieHeader,
        'x-requested-with': 'healthfolio',
      },
    });
    expect(((await res.json()) as { fileType: string }).fileType).toBe('application/pdf');
  });

  it('keeps a real .docx (a zip with a Word document) downloadable only', async () => {
    const { body, download } = await upload(docx(), 'letter.docx');
    expect(body.viewable).toBe(false);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
  });
});
