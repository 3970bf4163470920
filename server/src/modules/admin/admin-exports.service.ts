import { DATA_CSV_COLUMNS, USERS_CSV_COLUMNS } from '@healthfolio/core/admin/admin-backups.schema';
import type { AppDeps } from '../../app-deps';
import { recordAudit } from '../audit/audit.service';
import { dataStats } from './admin-stats.service';
import { adminAccountTx } from './admin-tx';
import { selectUsersForExport } from './admin-users.repository';
import { toCsv } from './csv';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The user list as CSV: accounts only, never a health value (audited as export_users). */
export const exportUsersCsv = async (deps: Pick<AppDeps, 'db'>, adminId: string) => {
  const rows = await adminAccountTx(deps.db, async (tx) => {
    const rows = await selectUsersForExport(tx);
    await recordAudit(tx, adminId, 'export_users', 'user', null, { rows: rows.length });
    return rows;
  });
  return toCsv(
    USERS_CSV_COLUMNS,
    rows.map((r) => [
      r.display_name,
      r.user_id,
      r.email,
      r.role,
      r.account_status,
      iso(r.created_at),
      iso(r.last_sign_in),
    ]),
  );
};

/** Rows and bytes per table, bytes per area and the database size as CSV (audited as export_data). */
export const exportDataCsv = async (
  deps: Pick<AppDeps, 'db' | 'config' | 'settings' | 'metrics'>,
  adminId: string,
) => {
  const d = await dataStats(deps);
  await deps.db.asSystem((tx) =>
    recordAudit(tx, adminId, 'export_data', 'admin', null, { tables: d.tables.length }),
  );
  return toCsv(DATA_CSV_COLUMNS, [
    ...d.tables.map((t) => ['table', t.table, t.area, t.rows, t.bytes]),
    ...d.areas.map((a) => ['area', a.area, a.area, null, a.bytes]),
    ['database', d.database, null, null, d.databaseBytes],
  ]);
};
