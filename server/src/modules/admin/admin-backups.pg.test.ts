import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backUpNow, signInAdmin } from '../../../test/admin';
import { createTestServer, type TestClient, type TestServer } from '../../../test/harness';
import { TMP_DIR } from '../../../test/tmp-dir';

let server: TestServer;
let admin: TestClient;
beforeAll(async () => {
  server = await createTestServer();
  ({ client: admin } = await signInAdmin(server, 'pg-keeper@example.com'));
});
afterAll(() => server.close());

const backUp = () => backUpNow(server, admin);

describe('a PostgreSQL backup', () => {
  it('is a dump pg_restore reads, listing the app’s tables', async () => {
    const done = await backUp();
    expect(done.state).toBe('done');
    const bytes = Buffer.from(
      await (await admin.get(`/api/v1/admin/backups/${done.id}/download`)).arrayBuffer(),
    );
    const dir = mkdtempSync(join(TMP_DIR, 'dump-'));
    try {
      writeFileSync(join(dir, done.fileName), bytes);
      const list = spawnSync('pg_restore', ['--list', join(dir, done.fileName)], { encoding: 'utf8' });
      expect(list.status).toBe(0);
      expect(list.stdout).toMatch(/TABLE DATA public tracker_entries/);
      expect(list.stdout).toMatch(/TABLE DATA auth user/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails clearly, saying what to install, when pg_dump is not on PATH', async () => {
    const path = process.env.PATH;
    const empty = mkdtempSync(join(TMP_DIR, 'no-pg-dump-'));
    process.env.PATH = empty;
    let failed: { id: string; state: string; error: string };
    try {
      failed = await backUp();
    } finally {
      process.env.PATH = path;
      rmSync(empty, { recursive: true, force: true });
    }
    expect(failed.state).toBe('failed');
    expect(failed.error).toMatch(
      /^pg_dump was not found on the server’s PATH\. Install .*postgresql-client-15/,
    );
    expect((await admin.get(`/api/v1/admin/backups/${failed.id}/download`)).status).toBe(409);
  });
});
