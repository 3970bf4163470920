import type { ProfileRow, StatusRow, StoredDoc, TreatmentRow } from './ns-collections.repository';
import { asDocs, calculateIdentifier, deviceName, firstTime, treatmentIdentifier } from './ns-payload';

/**
 * The Nightscout documents kept whole: how an uploaded one becomes a row (its time, its identifier,
 * Nightscout's dedupe key) and how a row is answered again (API v1 with `_id`, API v3 with
 * `identifier`, `date`, `srvModified`).
 */
type Doc = Record<string, unknown>;

const ID_PATTERN = /^[\w-]{1,64}$/;
const TREATMENT_TIMES = ['created_at', 'timestamp', 'date', 'mills', 'eventTime'];
const STATUS_TIMES = ['created_at', 'date', 'mills'];
const PROFILE_TIMES = ['startDate', 'created_at', 'date', 'mills'];

/** The client's own id for a document, if it sent one we can keep. */
const clientId = (doc: Doc) => {
  for (const v of [doc.identifier, doc._id, doc.uuid, doc.syncIdentifier])
    if (typeof v === 'string' && ID_PATTERN.test(v)) return v;
  return null;
};

/**
 * The document's time: a plausible one from its fields, now when it has none (as Nightscout stamps
 * it), null when it names one in the future or before 2000 (not stored).
 */
const timeOf = (doc: Doc, fields: string[], nowMs: number) => {
  const ms = firstTime(doc, fields, nowMs);
  if (ms !== null) return ms;
  return fields.some((f) => doc[f] !== undefined && doc[f] !== null && doc[f] !== '') ? null : nowMs;
};

/** What is kept: the document without our own `_id` and the v3 server fields, its time as ISO `created_at`. */
const kept = (doc: Doc, atMs: number, timeField = 'created_at') => {
  const { _id, srvModified, srvCreated, ...rest } = doc;
  return { ...rest, [timeField]: new Date(atMs).toISOString() };
};

export const treatmentRows = (body: unknown, nowMs = Date.now()) => {
  const rows: TreatmentRow[] = [];
  let skipped = 0;
  for (const doc of asDocs(body)) {
    const atMs = timeOf(doc, TREATMENT_TIMES, nowMs);
    if (atMs === null) {
      skipped++;
      continue;
    }
    const eventType = typeof doc.eventType === 'string' ? doc.eventType.slice(0, 60) : '';
    const own = clientId(doc);
    rows.push({
      identifier: treatmentIdentifier(doc, nowMs),
      // Nightscout's upsert key: the client's identifier, else created_at + eventType. The eventType
      // goes with the identifier too: AndroidAPS' bolus and its carbs can share one.
      dedupeKey: own ? `id:${own}:${eventType}` : `at:${atMs}:${eventType}`,
      eventType,
      occurredAt: new Date(atMs),
      doc: kept(doc, atMs),
    });
  }
  return { rows, skipped };
};

export const statusRows = (body: unknown, nowMs = Date.now()) => {
  const rows: StatusRow[] = [];
  let skipped = 0;
  for (const doc of asDocs(body)) {
    const atMs = timeOf(doc, STATUS_TIMES, nowMs);
    if (atMs === null) {
      skipped++;
      continue;
    }
    const device =
      typeof doc.device === 'string' && doc.device.trim() ? doc.device.slice(0, 120) : deviceName(doc);
    rows.push({
      identifier: clientId(doc) ?? calculateIdentifier({ device, date: atMs }),
      device,
      occurredAt: new Date(atMs),
      doc: kept(doc, atMs),
    });
  }
  return { rows, skipped };
};

export const profileRows = (body: unknown, nowMs = Date.now()) => {
  const rows: ProfileRow[] = [];
  let skipped = 0;
  for (const doc of asDocs(body)) {
    const atMs = timeOf(doc, PROFILE_TIMES, nowMs);
    if (atMs === null || typeof doc.store !== 'object' || doc.store === null) {
      skipped++;
      continue;
    }
    const createdMs = firstTime(doc, ['created_at'], nowMs) ?? nowMs;
    rows.push({
      identifier: clientId(doc) ?? calculateIdentifier({ device: deviceName(doc), date: atMs }),
      startDate: new Date(atMs),
      doc: { ...kept(doc, atMs, 'startDate'), created_at: new Date(createdMs).toISOString() },
    });
  }
  return { rows, skipped };
};

const ms = (v: Date | string) => new Date(v).getTime();
const numberOrNull = (v: unknown) => {
  const n = Number(v);
  return v === undefined || v === null || v === '' || Number.isNaN(n) ? null : n;
};

/** API v1: the document with its `_id`; treatments' `carbs` and `insulin` as numbers (null when absent), as Nightscout serves them. */
export const v1Doc = (collection: 'treatments' | 'devicestatus' | 'profile', r: StoredDoc) => {
  const doc: Doc = { _id: r.identifier, ...r.doc };
  if (collection === 'treatments') {
    doc.carbs = numberOrNull(r.doc.carbs);
    doc.insulin = numberOrNull(r.doc.insulin);
  }
  if (collection !== 'profile') doc.mills = ms(r.occurred_at);
  return doc;
};

/** API v3: the document with `identifier`, `date` (epoch ms), `srvCreated` and `srvModified`. */
export const v3Doc = (r: StoredDoc) => ({
  ...r.doc,
  identifier: r.identifier,
  date: typeof r.doc.date === 'number' ? r.doc.date : ms(r.occurred_at),
  srvCreated: ms(r.created_at),
  srvModified: ms(r.modified_at),
  isValid: true,
});
