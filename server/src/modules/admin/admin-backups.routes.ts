import { Readable } from 'node:stream';
import { AdminBackup, AdminBackupListResponse } from '@healthfolio/core/admin/admin-backups.schema';
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../app-deps';
import { createRouter, json, problems, SESSION_SECURITY } from '../../http/openapi';
import { withRequestDb } from '../audit/audit-context';
import { requireAdmin } from '../roles/roles.service';
import { exportDataCsv, exportUsersCsv } from './admin-exports.service';
import { createBackup, deleteBackup, listBackups, openBackupFile } from './backups.service';

const tags = ['Admin'];
const security = SESSION_SECURITY;
const IdParam = z.object({ id: z.string().uuid() });
const csv = { description: 'CSV', content: { 'text/csv': { schema: { type: 'string' as const } } } };

const list = createRoute({
  method: 'get',
  path: '/api/v1/admin/backups',
  tags,
  security,
  summary: 'Whole-database backups, newest first: when, who, size, SHA-256 and state',
  responses: { 200: json(AdminBackupListResponse, 'Backups'), ...problems(401, 403, 503) },
});

const create = createRoute({
  method: 'post',
  path: '/api/v1/admin/backups',
  tags,
  security,
  summary: 'Back up now: queues a backup of the whole database (audited as create_backup)',
  responses: { 202: json(AdminBackup, 'The queued backup'), ...problems(401, 403, 409, 503) },
});

const download = createRoute({
  method: 'get',
  path: '/api/v1/admin/backups/{id}/download',
  tags,
  security,
  summary: 'The backup file, decrypted, as an attachment (audited as download_backup)',
  request: { params: IdParam },
  responses: {
    200: { description: 'The file', content: { 'application/octet-stream': { schema: z.string() } } },
    ...problems(400, 401, 403, 404, 409, 503),
  },
});

const remove = createRoute({
  method: 'delete',
  path: '/api/v1/admin/backups/{id}',
  tags,
  security,
  summary: 'Delete a backup and its file (audited as delete_backup)',
  request: { params: IdParam },
  responses: { 204: { description: 'Deleted' }, ...problems(400, 401, 403, 404, 409, 503) },
});

const usersCsv = createRoute({
  method: 'get',
  path: '/api/v1/admin/users/export',
  tags,
  security,
  summary:
    'The user list as CSV: name, id, email, role, status, created, last sign-in (audited as export_users)',
  responses: { 200: csv, ...problems(401, 403, 503) },
});

const dataCsv = createRoute({
  method: 'get',
  path: '/api/v1/admin/data/export',
  tags,
  security,
  summary: 'Rows and bytes per table and area, and the database size, as CSV (audited as export_data)',
  responses: { 200: csv, ...problems(401, 403, 503) },
});

const attachment = (name: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`,
});

/** Data Management's actions: backups and the CSV exports (mounted before the users router). */
export const adminBackupsRoutes = (deps: AppDeps) => {
  const app = createRouter();
  for (const path of [
    '/api/v1/admin/backups',
    '/api/v1/admin/backups/*',
    '/api/v1/admin/users/export',
    '/api/v1/admin/data/export',
  ])
    app.use(path, deps.requireAccount, requireAdmin());
  app.openapi(list, async (c) => c.json(await listBackups(withRequestDb(deps, c)), 200));
  app.openapi(create, async (c) => c.json(await createBackup(withRequestDb(deps, c), c.get('user').id), 202));
  app.openapi(download, async (c) => {
    const file = await openBackupFile(withRequestDb(deps, c), c.get('user').id, c.req.valid('param').id);
    return new Response(Readable.toWeb(file.stream) as ReadableStream, {
      status: 200,
      headers: {
        'content-type': 'application/octet-stream',
        'content-length': String(file.size),
        'content-disposition': `attachment; filename="${file.fileName}"`,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      },
    });
  });
  app.openapi(remove, async (c) => {
    await deleteBackup(withRequestDb(deps, c), c.get('user').id, c.req.valid('param').id);
    return c.body(null, 204);
  });
  app.openapi(usersCsv, async (c) =>
    c.body(await exportUsersCsv(withRequestDb(deps, c), c.get('user').id), 200, attachment('users')),
  );
  app.openapi(dataCsv, async (c) =>
    c.body(await exportDataCsv(withRequestDb(deps, c), c.get('user').id), 200, attachment('data')),
  );
  return app;
};
