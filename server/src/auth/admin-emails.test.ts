import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, latestMailLink, PASSWORD, type TestServer } from '../../test/harness';
import { findRoles, upsertRole } from '../modules/roles/roles.repository';

const BOSS = 'boss@example.com';
const lines: string[] = [];
let server: TestServer;
beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  server = await createTestServer({ adminEmails: [BOSS] }, {}, { logger: pino({ level: 'info' }, sink) });
});
afterAll(() => server.close());

const rolesOf = async (email: string) => {
  const [row] = await server.deps.db.owner.query.user.findMany({ where: (u, { eq }) => eq(u.email, email) });
  return row ? server.deps.db.asSystem((tx) => findRoles(tx, row.id)) : [];
};

describe('ADMIN_EMAILS', () => {
  it('does not make an unconfirmed address admin; confirming it and signing in does', async () => {
    const squatter = server.client();
    expect((await squatter.post('/api/auth/sign-up/email', { email: BOSS, password: PASSWORD })).status).toBe(
      200,
    );
    expect(await rolesOf(BOSS)).toEqual(['user']);

    const link = new URL(await latestMailLink(server.deps.db, BOSS));
    await server.client().get(link.pathname + link.search);
    const boss = server.client();
    expect((await boss.post('/api/auth/sign-in/email', { email: BOSS, password: PASSWORD })).status).toBe(
      200,
    );
    expect(await rolesOf(BOSS)).toEqual(['admin']);
  });

  it('leaves a demoted admin demoted at the next sign-in, and logs that it did', async () => {
    const [row] = await server.deps.db.owner.query.user.findMany({ where: (u, { eq }) => eq(u.email, BOSS) });
    await server.deps.db.asSystem((tx) => upsertRole(tx, row!.id, 'user', null));
    lines.length = 0;

    const again = server.client();
    expect((await again.post('/api/auth/sign-in/email', { email: BOSS, password: PASSWORD })).status).toBe(
      200,
    );
    expect(await rolesOf(BOSS)).toEqual(['user']);
    const warning = lines.map((l) => JSON.parse(l)).find((l) => /not re-promoting/.test(l.msg));
    expect(warning).toMatchObject({ level: 40, userId: row!.id });
    expect(JSON.stringify(warning)).not.toContain(BOSS);
  });
});
