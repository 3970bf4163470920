import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, setRole, signInAdmin } from '../../../test/admin';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';

let server: TestServer;
let admin: TestClient;
let adminId: string;
beforeAll(async () => {
  server = await createTestServer();
  ({ client: admin, userId: adminId } = await signInAdmin(server, 'chief@example.com'));
});
afterAll(() => server.close());

/** Every admin operation in the OpenAPI document, so a new admin route is covered by being documented. */
const adminOperations = async () => {
  const doc = (await (await server.client().get('/api/openapi.json')).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/v1/admin/'))
    .flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => ({
        method: method.toUpperCase(),
        path: path.replace(/\{[^}]+\}/g, (p) => (p === '{key}' ? 'maintenance_mode' : adminId)),
      })),
    );
};

describe('admin routes', () => {
  it('answer 401 when signed out and 403 to users and moderators, changing nothing', async () => {
    const ops = await adminOperations();
    expect(ops.map((o) => `${o.method} ${o.path.split('/').slice(4).join('/')}`)).toEqual(
      expect.arrayContaining([
        'GET settings',
        `PUT users/${adminId}/role`,
        'GET users',
        'POST backups',
        `GET backups/${adminId}/download`,
        `DELETE backups/${adminId}`,
        'GET users/export',
        'GET data/export',
      ]),
    );
    const { client: user } = await signUpAndSignIn(server, 'plain@example.com');
    const { client: moderator, userId: modId } = await signUpAndSignIn(server, 'mod@example.com');
    await setRole(server, modId, 'moderator');
    const anonymous = server.client();
    const body = { role: 'admin', status: 'disabled', value: { enabled: true, message: 'x' } };
    for (const { method, path } of ops) {
      const send = (c: TestClient) => c.request(method, path, method === 'GET' ? undefined : body);
      expect([path, (await send(anonymous)).status]).toEqual([path, 401]);
      for (const c of [user, moderator]) {
        const res = await send(c);
        expect([method, path, res.status]).toEqual([method, path, 403]);
        expect((await res.json()).detail).toBe('Unauthorized: Admin access required');
      }
    }
    expect(await (await moderator.get('/api/v1/me/roles')).json()).toMatchObject({ isAdmin: false });
    expect((await (await admin.get('/api/v1/admin/settings')).json()).items[0].value).toBeDefined();
    const denied = await auditRows(server, 'access_denied');
    expect(denied.length).toBeGreaterThanOrEqual(ops.length * 2);
  });
});
