import { APP_URL, type TestClient, type TestResponse, type TestServer } from './harness';

export interface UploadForm {
  file?: Buffer;
  name?: string;
  title?: string;
  category?: string;
  date?: string;
  description?: string;
}

/** A browser's upload: multipart, fields first, with the upload header the web app sends. */
export const uploadDocument = async (
  server: TestServer,
  client: TestClient,
  form: UploadForm,
  headers: Record<string, string> = {},
): Promise<TestResponse> => {
  const body = new FormData();
  for (const key of ['title', 'category', 'date', 'description'] as const)
    if (form[key] !== undefined) body.append(key, form[key]!);
  if (form.file) body.append('file', new Blob([form.file]), form.name ?? 'file.pdf');
  return server.app.request('/api/v1/documents', {
    method: 'POST',
    body,
    headers: { origin: APP_URL, cookie: client.cookieHeader, 'x-requested-with': 'healthfolio', ...headers },
  });
};

export const lab = (file: Buffer, name: string, extra: Partial<UploadForm> = {}): UploadForm => ({
  file,
  name,
  title: name.replace(/\.[^.]+$/, ''),
  category: 'Lab Results',
  ...extra,
});

export const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

/**
 * A multipart body written by hand, for names a browser's FormData would escape (CR, LF, quotes).
 * `fileNameParam` is the whole parameter, e.g. `filename="a.pdf"` or `filename*=UTF-8''a%07.pdf`.
 */
export const rawUpload = (
  server: TestServer,
  client: TestClient,
  fileNameParam: string,
  file: Buffer,
): Promise<TestResponse> =>
  Promise.resolve(
    server.app.request('/api/v1/documents', {
      method: 'POST',
      headers: {
        origin: APP_URL,
        cookie: client.cookieHeader,
        'x-requested-with': 'healthfolio',
        'content-type': 'multipart/form-data; boundary=XyZ',
      },
      body: new Blob([
        '--XyZ\r\nContent-Disposition: form-data; name="title"\r\n\r\nRaw\r\n',
        '--XyZ\r\nContent-Disposition: form-data; name="category"\r\n\r\nOther\r\n',
        `--XyZ\r\nContent-Disposition: form-data; name="file"; ${fileNameParam}\r\n\r\n`,
        file,
        '\r\n--XyZ--\r\n',
      ]).stream(),
      duplex: 'half',
    } as RequestInit),
  );
