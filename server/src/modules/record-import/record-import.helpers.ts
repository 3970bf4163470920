import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import {
  APP_URL,
  createTestServer,
  signUpAndSignIn,
  type TestClient,
  type TestResponse,
  type TestServer,
} from '../../../test/harness';

/** What the record-import tests share (record-import*.test.ts): the fixtures, the upload, the reads. */
export const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/records/${name}`, import.meta.url));

/** A server with Alice and Bob, each with an empty record. */
export const startImportServer = async () => {
  const server = await createTestServer();
  const { client: alice } = await signUpAndSignIn(server, 'alice-import@example.com');
  const { client: bob } = await signUpAndSignIn(server, 'bob-import@example.com');
  return { server, alice, bob };
};

/** A browser's upload of a record file: multipart, with the upload header the web app sends. */
export const uploads = (server: () => TestServer) => {
  const send = (client: TestClient, path: string, file: Buffer, name: string): Promise<TestResponse> => {
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(file)]), name);
    return Promise.resolve(
      server().app.request(path, {
        method: 'POST',
        body,
        headers: { origin: APP_URL, cookie: client.cookieHeader, 'x-requested-with': 'healthfolio' },
      }),
    );
  };
  return {
    send,
    preview: (client: TestClient, file: Buffer, name: string) =>
      send(client, '/api/v1/records/import/preview', file, name),
    importFile: (client: TestClient, file: Buffer, name: string) =>
      send(client, '/api/v1/records/import?otherPerson=confirmed', file, name),
  };
};

export const ok = async (res: TestResponse) => {
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
};
export const summaryOf = async (client: TestClient) =>
  (await (await client.get('/api/v1/health-summary')).json()).items;
export const labsOf = async (client: TestClient) =>
  (await (await client.get('/api/v1/lab-results')).json()).items;
export const documentsOf = async (client: TestClient) =>
  (await (await client.get('/api/v1/documents')).json()).items;
