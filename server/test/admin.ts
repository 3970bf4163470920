import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { signUpAndSignIn, type TestClient, type TestServer } from './harness';
import { enableTotp } from './two-factor';

/** A signed-in admin with an authenticator app (admin routes need a second factor). */
export const signInAdmin = async (server: TestServer, email: string) => {
  const signed = await signUpAndSignIn(server, email);
  await setRole(server, signed.userId, 'admin');
  await enableTotp(signed.client);
  return signed;
};

export const setRole = (server: TestServer, userId: string, role: 'user' | 'moderator' | 'admin') =>
  server.deps.db.asSystem((tx) =>
    tx.execute(sql`update user_roles set role = ${role} where user_id = ${userId}`),
  );

export const auditRows = async (server: TestServer, action: string) =>
  (
    await server.deps.db.asSystem((tx) =>
      tx.execute<{
        user_id: string;
        resource_type: string;
        resource_id: string;
        details: Record<string, unknown>;
        ip_address: string | null;
        user_agent: string | null;
      }>(
        sql`select user_id, resource_type, resource_id, details, ip_address, user_agent from audit_logs where action = ${action} order by seq`,
      ),
    )
  ).rows;

/** One user's import audit rows, oldest first: what each upload batch recorded (resource and counts). */
export const importAudits = async (
  server: TestServer,
  userId: string,
): Promise<({ resource: string } & Record<string, unknown>)[]> =>
  (await auditRows(server, 'import'))
    .filter((r) => r.user_id === userId)
    .map((r) => ({ resource: r.resource_type, ...r.details }));

/** Runs `work` while the app role cannot write the audit log (a realistic fault: a lost grant). */
export const withoutAuditInsert = async <T>(server: TestServer, work: () => Promise<T>) => {
  await server.deps.db.owner.execute(sql`revoke insert on audit_logs from healthfolio_app`);
  try {
    return await work();
  } finally {
    await server.deps.db.owner.execute(sql`grant insert on audit_logs to healthfolio_app`);
  }
};

/** Back up now, the job run once, and the backup as the list then shows it. */
export const backUpNow = async (server: TestServer, admin: TestClient) => {
  const res = await admin.post('/api/v1/admin/backups');
  expect(res.status).toBe(202);
  const queued = await res.json();
  expect(queued.state).toBe('queued');
  await server.deps.jobs.runOnce();
  const { items } = await (await admin.get('/api/v1/admin/backups')).json();
  return items.find((b: { id: string }) => b.id === queued.id);
};
