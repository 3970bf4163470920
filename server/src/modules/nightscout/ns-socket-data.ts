import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { NS_DATA_CHANGED, type RealtimeBus } from '../../realtime/bus';
import { selectDocs } from './ns-collections.repository';
import { v1Doc } from './ns-docs';
import { entryDevice, storedEntryId } from './ns-entry-names';
import { sgvOf } from './ns-follow.service';
import { selectNsReadings } from './ns-upload.repository';

/**
 * What Nightscout's socket sends a follower (lib/server/websocket.js with lib/data/ddata.js and
 * calcdelta.js): on `authorize`, the data of the last `history` hours (48 at most, Nightscout's
 * default); after each upload, only what changed (`delta: true`).
 */

type Doc = Record<string, unknown>;
export interface SocketData {
  sgvs: Doc[];
  mbgs: Doc[];
  treatments: Doc[];
  devicestatus: Doc[];
  profiles: Doc[];
  lastUpdated: number;
}

const H = 3600_000;
export const SOCKET_HISTORY_MAX_HOURS = 48;
/** At most this many of each kind (48 hours of 1-minute readings would be 2,880). */
const MAX_DOCS = 1000;
/** The newest device statuses only, as Nightscout's `dataWithRecentStatuses`. */
const RECENT_STATUSES = 10;

const byMills = (a: Doc, b: Doc) => Number(a.mills) - Number(b.mills);

export const historyHours = (asked: unknown) =>
  typeof asked === 'number' && Number.isFinite(asked) && asked > 0
    ? Math.min(asked, SOCKET_HISTORY_MAX_HOURS)
    : SOCKET_HISTORY_MAX_HOURS;

/** The sensor's own figures an uploader sent with a reading, which Nightscout's runtime `sgvs` carry (dataloader.js). */
const sensorFields = (fields: Record<string, unknown> | null | undefined) => {
  const out: Doc = {};
  for (const name of ['filtered', 'unfiltered', 'noise', 'rssi'])
    if (fields?.[name] !== undefined) out[name] = fields[name];
  return out;
};

/** The person's data of the last `hours`, in Nightscout's runtime shapes, oldest first. */
export const socketData = (db: Database, userId: string, hours: number, nowMs = Date.now()) =>
  db.readAsUser(userId, async (tx): Promise<SocketData> => {
    const fromMs = nowMs - hours * H;
    const from = new Date(fromMs).toISOString();
    const sgvs = await selectNsReadings(tx, userId, { kind: 'sgv', fromMs, count: MAX_DOCS });
    const mbgs = await selectNsReadings(tx, userId, { kind: 'mbg', fromMs, count: MAX_DOCS });
    const treatments = await selectDocs(tx, userId, 'treatments', {
      where: [sql`occurred_at >= ${from}`],
      count: MAX_DOCS,
    });
    const statuses = await selectDocs(tx, userId, 'devicestatus', {
      where: [sql`occurred_at >= ${from}`],
      count: RECENT_STATUSES,
    });
    const profiles = await selectDocs(tx, userId, 'profile', { where: [], count: 1 });
    return {
      sgvs: sgvs
        .map((r) => ({
          _id: storedEntryId(userId, r),
          ...sgvOf(r),
          ...sensorFields(r.ns_fields),
          type: 'sgv',
        }))
        .sort(byMills),
      mbgs: mbgs
        .map((r) => ({
          _id: storedEntryId(userId, r),
          mgdl: r.value_mgdl,
          mills: new Date(r.recorded_at).getTime(),
          device: entryDevice(r.source),
          type: 'mbg',
        }))
        .sort(byMills),
      treatments: treatments.map((r) => v1Doc('treatments', r)).sort(byMills),
      devicestatus: statuses.map((r) => v1Doc('devicestatus', r)).sort(byMills),
      profiles: profiles.map((r) => v1Doc('profile', r)),
      lastUpdated: nowMs,
    };
  });

const ARRAYS = ['sgvs', 'mbgs', 'devicestatus'] as const;

/**
 * What changed from `before` to `now`, as calcdelta.js says it: new readings, statuses (by `mills`);
 * treatments new, changed (`action: 'update'`) or gone (`{_id, action: 'remove'}`); the profiles
 * whole when they changed. Null when nothing did.
 */
export const deltaOf = (before: SocketData, now: SocketData, windowStartMs = Number.NEGATIVE_INFINITY) => {
  const delta: Doc = { delta: true, lastUpdated: now.lastUpdated };
  let changed = false;
  for (const key of ARRAYS) {
    const seen = new Set(before[key].map((d) => d.mills));
    const added = now[key].filter((d) => !seen.has(d.mills));
    if (added.length) {
      delta[key] = added;
      changed = true;
    }
  }
  const old = new Map(before.treatments.map((t) => [String(t._id), JSON.stringify(t)]));
  const current = new Set(now.treatments.map((t) => String(t._id)));
  const treatments: Doc[] = [];
  for (const t of now.treatments) {
    const was = old.get(String(t._id));
    if (was === undefined) treatments.push(t);
    else if (was !== JSON.stringify(t)) treatments.push({ ...t, action: 'update' });
  }
  treatments.sort(byMills);
  // Gone while still in the window (a treatment that only grew older than the window is not removed).
  for (const t of before.treatments)
    if (!current.has(String(t._id)) && Number(t.mills) >= windowStartMs)
      treatments.push({ _id: t._id, action: 'remove' });
  if (treatments.length) {
    delta.treatments = treatments;
    changed = true;
  }
  if (JSON.stringify(before.profiles) !== JSON.stringify(now.profiles)) {
    delta.profiles = now.profiles;
    changed = true;
  }
  return changed ? delta : null;
};

/** After a write of the person's Nightscout data: their follower sockets (any process) send the change. */
export const announceNsData = (bus: Pick<RealtimeBus, 'publish'>, userId: string) =>
  void bus.publish({ userId, event: NS_DATA_CHANGED, id: '' }).catch(() => {});
