import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, signInAdmin } from '../../../test/admin';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../../test/harness';

let server: TestServer;
let admin: TestClient;
let adminId: string;
let patientId: string;
beforeAll(async () => {
  server = await createTestServer();
  ({ client: admin, userId: adminId } = await signInAdmin(server, 'exporter@example.com'));
  const patient = await signUpAndSignIn(server, 'counted@example.com');
  patientId = patient.userId;
  const at = new Date().toISOString();
  await patient.client.post('/api/v1/entries', {
    tracker: 'weight',
    occurredAt: at,
    data: { weight: 93.4, weightUnit: 'kg' },
  });
});
afterAll(() => server.close());

const csvOf = async (path: string) => {
  const res = await admin.get(path);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(res.headers.get('content-disposition')).toMatch(
    /^attachment; filename="[a-z]+-\d{4}-\d\d-\d\d\.csv"$/,
  );
  return (await res.text()).trimEnd().split('\r\n');
};

describe('admin CSV exports', () => {
  it('the user list: who, role, status and when; no health value; audited as export_users', async () => {
    const lines = await csvOf('/api/v1/admin/users/export');
    expect(lines[0]).toBe('display_name,user_id,email,role,status,created_at,last_sign_in');
    expect(lines).toHaveLength(3);
    const patient = lines.find((l) => l.includes(patientId))!;
    expect(patient).toMatch(
      new RegExp(`^counted,${patientId},counted@example.com,user,active,\\d{4}-[^,]+Z,\\d{4}-[^,]+Z$`),
    );
    expect(lines.find((l) => l.includes(adminId))).toMatch(/^exporter,.*,admin,active,/);
    expect(lines.join('\n')).not.toMatch(/93\.4/);
    expect((await auditRows(server, 'export_users')).at(-1)).toMatchObject({
      user_id: adminId,
      details: { rows: 2 },
    });
  });

  it('the data summary: rows and bytes per table and area, and the database size; audited', async () => {
    const lines = await csvOf('/api/v1/admin/data/export');
    expect(lines[0]).toBe('kind,name,area,rows,bytes');
    expect(lines).toContainEqual(expect.stringMatching(/^table,public\.tracker_entries,tracking,1,\d+$/));
    expect(lines).toContainEqual(expect.stringMatching(/^table,auth\.user,accounts,2,\d+$/));
    expect(lines).toContainEqual(expect.stringMatching(/^area,tracking,tracking,,\d+$/));
    expect(lines.at(-1)).toMatch(/^database,(pglite|postgres),,,\d+$/);
    expect(lines.join('\n')).not.toMatch(/93\.4/);
    expect(await auditRows(server, 'export_data')).toHaveLength(1);
  });
});
