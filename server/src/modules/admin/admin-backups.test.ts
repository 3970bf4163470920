import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, backUpNow, signInAdmin } from '../../../test/admin';
import {
  createTestServer,
  isPostgres,
  signUpAndSignIn,
  type TestClient,
  type TestServer,
} from '../../../test/harness';
import { blobStoreFor } from '../../storage/file-storage';
import { insertBackup, markDone, markRunning } from './backups.repository';

let server: TestServer;
let admin: TestClient;
let adminId: string;
let patientId: string;
beforeAll(async () => {
  server = await createTestServer();
  ({ client: admin, userId: adminId } = await signInAdmin(server, 'keeper@example.com'));
  const patient = await signUpAndSignIn(server, 'backed-up@example.com');
  patientId = patient.userId;
  const res = await patient.client.post('/api/v1/entries', {
    tracker: 'weight',
    occurredAt: new Date().toISOString(),
    data: { weight: 81.7, weightUnit: 'kg' },
  });
  expect(res.status).toBe(201);
});
afterAll(() => server.close());

const backupArea = () => blobStoreFor({ dataDir: server.deps.config.dataDir, area: 'backups' });

const backUp = async () => {
  const done = await backUpNow(server, admin);
  expect(done).toMatchObject({ createdBy: adminId, format: server.deps.db.kind });
  return done;
};

const download = async (id: string) => {
  const res = await admin.get(`/api/v1/admin/backups/${id}/download`);
  expect(res.status).toBe(200);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
};

describe('a backup', () => {
  it('is made by the job, downloaded as a file, and restores with the user’s rows', async () => {
    const done = await backUp();
    expect(done).toMatchObject({ state: 'done', error: null, createdByName: 'keeper' });
    const ext = isPostgres ? 'dump' : 'tar\\.gz';
    expect(done.fileName).toMatch(
      new RegExp(`^healthfolio-backup-\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\dZ\\.${ext}$`),
    );
    const { res, bytes } = await download(done.id);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${done.fileName}"`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(bytes.length).toBe(done.sizeBytes);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(done.sha256);
    if (isPostgres) {
      // pg_dump's custom format, which pg_restore reads (the PostgreSQL leg also checks a missing pg_dump).
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('PGDMP');
    } else {
      // Restore as docs/operations.md says: the tarball is a data directory PGlite opens.
      const restored = await PGlite.create({ loadDataDir: new Blob([bytes]) });
      try {
        const users = await restored.query<{ email: string }>('select email from auth.user order by email');
        expect(users.rows.map((r) => r.email)).toEqual(['backed-up@example.com', 'keeper@example.com']);
        const weights = await restored.query<{ data: { weight: number } }>(
          'select data from tracker_entries where user_id = $1',
          [patientId],
        );
        expect(weights.rows.map((r) => r.data.weight)).toEqual([81.7]);
      } finally {
        await restored.close();
      }
    }
    // Encrypted at rest, in the backups area: the stored object is not the file.
    const keys: string[] = [];
    for await (const k of backupArea().list('objects')) keys.push(k);
    expect(keys).toHaveLength(1);
    const raw = Buffer.concat(await (await backupArea().get(keys[0]!)).toArray());
    expect(raw.includes(bytes.subarray(0, 64))).toBe(false);
  });
});

describe('backup actions', () => {
  it('refuse a second backup while one is queued, and a download of an unfinished one', async () => {
    const first = await (await admin.post('/api/v1/admin/backups')).json();
    const second = await admin.post('/api/v1/admin/backups');
    expect(second.status).toBe(409);
    expect((await second.json()).code).toBe('backup_in_progress');
    const early = await admin.get(`/api/v1/admin/backups/${first.id}/download`);
    expect(early.status).toBe(409);
    await server.deps.jobs.runOnce();
  });

  it('delete a backup with its file; an unknown or malformed id is 404 or 400', async () => {
    const done = await backUp();
    expect((await admin.delete(`/api/v1/admin/backups/${done.id}`)).status).toBe(204);
    const list = await (await admin.get('/api/v1/admin/backups')).json();
    expect(list.items.map((b: { id: string }) => b.id)).not.toContain(done.id);
    expect((await admin.get(`/api/v1/admin/backups/${done.id}/download`)).status).toBe(404);
    expect((await admin.delete(`/api/v1/admin/backups/${done.id}`)).status).toBe(404);
    expect((await admin.delete('/api/v1/admin/backups/not-an-id')).status).toBe(400);
  });

  it('keep the newest ten, removing the oldest with their files', async () => {
    // Ten finished backups from last year (each with a stored file), then a new one.
    const ids = async () =>
      (await (await admin.get('/api/v1/admin/backups')).json()).items.map((b: { id: string }) => b.id);
    const before: string[] = await ids();
    const old: string[] = [];
    for (let i = 0; i < 10; i++) {
      const file = await server.deps.backupStorage.put(Readable.from([Buffer.from(`old backup ${i}`)]));
      const id = await server.deps.db.asSystem(async (tx) => {
        const id = await insertBackup(tx, adminId, server.deps.db.kind);
        await markRunning(tx, id);
        await markDone(tx, id, file);
        await tx.execute(
          sql`update backups set created_at = ${`2025-01-${10 + i}T00:00:00Z`} where id = ${id}`,
        );
        return id;
      });
      old.push(id);
    }
    const fresh = await backUp();
    expect((await (await admin.get('/api/v1/admin/backups')).json()).keep).toBe(10);
    const expected = [fresh.id, ...before, ...old.reverse()].slice(0, 10);
    expect(await ids()).toEqual(expected);
    expect(expected).not.toContain(old.at(-1)); // the oldest is gone
    let files = 0;
    for await (const _ of backupArea().list('keys')) files++;
    expect(files).toBe(10);
  });

  it('are each audited with the admin and the backup', async () => {
    const created = await auditRows(server, 'create_backup');
    expect(created.length).toBeGreaterThanOrEqual(3);
    expect(created[0]).toMatchObject({ user_id: adminId, resource_type: 'backup' });
    expect((await auditRows(server, 'download_backup'))[0]).toMatchObject({ user_id: adminId });
    expect(await auditRows(server, 'delete_backup')).toHaveLength(1);
  });
});
