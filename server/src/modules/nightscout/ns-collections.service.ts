import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { recordAudit } from '../audit/audit.service';
import {
  type NsCollection,
  selectByIdentifier,
  selectChangedSince,
  selectDocs,
  selectLastModified,
  upsertDeviceStatus,
  upsertProfiles,
} from './ns-collections.repository';
import { profileRows, statusRows } from './ns-docs';

/** One device status batch: one transaction, one statement, one audit row of counts. */
export const storeDeviceStatus = (db: Database, userId: string, body: unknown) => {
  const { rows, skipped } = statusRows(body);
  return db.asUser(userId, async (tx) => {
    const stored = await upsertDeviceStatus(tx, userId, rows);
    if (rows.length || skipped)
      await recordAudit(tx, userId, 'import', 'ns_devicestatus', null, {
        source: 'nightscout-upload',
        received: rows.length + skipped,
        stored: stored.filter((r) => r.inserted).length,
        duplicates: stored.filter((r) => !r.inserted).length,
        skipped,
      });
    return { rows, stored };
  });
};

/** One profile batch (the store of named profiles), likewise. */
export const storeProfiles = (db: Database, userId: string, body: unknown) => {
  const { rows, skipped } = profileRows(body);
  return db.asUser(userId, async (tx) => {
    const stored = await upsertProfiles(tx, userId, rows);
    if (rows.length || skipped)
      await recordAudit(tx, userId, 'import', 'ns_profile', null, {
        source: 'nightscout-upload',
        received: rows.length + skipped,
        stored: stored.filter((r) => r.inserted).length,
        replaced: stored.filter((r) => !r.inserted).length,
        skipped,
      });
    return { rows, stored };
  });
};

export const readDocs = (
  db: Database,
  userId: string,
  collection: NsCollection,
  q: { where: SQL[]; count: number; ascending?: boolean },
) => db.readAsUser(userId, (tx) => selectDocs(tx, userId, collection, q));

export const readChangedSince = (
  db: Database,
  userId: string,
  collection: NsCollection,
  afterMs: number,
  count: number,
) => db.readAsUser(userId, (tx) => selectChangedSince(tx, userId, collection, afterMs, count));

export const readByIdentifier = (
  db: Database,
  userId: string,
  collection: NsCollection,
  identifier: string,
) => db.readAsUser(userId, (tx) => selectByIdentifier(tx, userId, collection, identifier));

export const readLastModified = (db: Database, userId: string) =>
  db.readAsUser(userId, (tx) => selectLastModified(tx, userId));
