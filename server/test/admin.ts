import { sql } from 'drizzle-orm';
import { signUpAndSignIn, type TestServer } from './harness';
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
