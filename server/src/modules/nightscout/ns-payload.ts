import { createHash } from 'node:crypto';
import { GLUCOSE_LOG_MAX_MGDL, GLUCOSE_LOG_MIN_MGDL, latestAllowedMs } from '@healthfolio/core';

/**
 * What the Nightscout clients send, read leniently the way Nightscout itself does: one object or an
 * array, times as epoch milliseconds (`date`, `mills`, `timestamp`) or ISO text (`dateString`,
 * `sysTime`, `created_at`), numbers sometimes as strings. Anything that is not a reading we can
 * store (a sensor error code, no usable time) is skipped, not refused: the apps resend a batch that
 * failed, forever. A calibration (xDrip+'s `type: "cal"`) is accepted and answered, not kept.
 */

type Doc = Record<string, unknown>;

export interface NsReading {
  kind: 'sgv' | 'mbg';
  atMs: number;
  mgdl: number;
  device: string;
  direction: string | null;
  /** What else the uploader sent (`entryFields`), kept to answer back; null when nothing. */
  fields?: Record<string, unknown> | null;
}

/**
 * A sensor calibration as xDrip+ uploads it (`type: "cal"`: `slope`, `intercept`, `scale`): accepted
 * and answered as Nightscout answers it, not kept (Healthfolio works out no raw glucose from it).
 */
export interface NsCalibration {
  atMs: number;
  device: string;
  /** `slope`, `intercept`, `scale` and whatever else it carried (`entryFields`). */
  fields: Record<string, unknown> | null;
}

export interface NsTreatment {
  /** The client's own id for it (API v3 `identifier`, v1 `_id`), else Nightscout's derived one. */
  identifier: string;
  atMs: number;
  device: string;
  eventType: string;
  insulin: number | null;
  carbs: number | null;
  notes: string | null;
}

/** Nightscout's trend arrows; `trend` is the same as a number (xDrip+ and AndroidAPS send both). */
export const NS_DIRECTIONS = [
  'NONE',
  'DoubleUp',
  'SingleUp',
  'FortyFiveUp',
  'Flat',
  'FortyFiveDown',
  'SingleDown',
  'DoubleDown',
  'NOT COMPUTABLE',
  'RATE OUT OF RANGE',
  'TripleUp',
  'TripleDown',
] as const;

const directionOf = (doc: Doc): string | null => {
  if (typeof doc.direction === 'string')
    return (
      NS_DIRECTIONS.find((d) => d.toLowerCase() === (doc.direction as string).trim().toLowerCase()) ?? null
    );
  const trend = typeof doc.trend === 'number' ? doc.trend : null;
  return trend !== null && Number.isInteger(trend) && trend >= 1 && trend <= 9 ? NS_DIRECTIONS[trend]! : null;
};

const EARLIEST_MS = Date.UTC(2000, 0, 1);

export const asDocs = (body: unknown): Doc[] => {
  const list = Array.isArray(body) ? body : body && typeof body === 'object' ? [body] : [];
  return list.filter((d): d is Doc => !!d && typeof d === 'object' && !Array.isArray(d));
};

const num = (v: unknown): number | null => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
};

const epochOf = (v: unknown): number | null => {
  const n = num(v);
  if (n !== null) return n;
  if (typeof v !== 'string') return null;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? null : ms;
};

const plausible = (ms: number | null, nowMs: number) =>
  ms !== null && ms >= EARLIEST_MS && ms <= latestAllowedMs(nowMs) ? Math.round(ms) : null;

export const firstTime = (doc: Doc, fields: string[], nowMs: number) => {
  for (const f of fields) {
    const ms = plausible(epochOf(doc[f]), nowMs);
    if (ms !== null) return ms;
  }
  return null;
};

/** The uploader's name as the apps send it ("xDrip-DexcomG6", "openaps://AndroidAPS"), kept printable. */
export const deviceName = (doc: Doc) => {
  const raw = [doc.device, doc.enteredBy, doc.app].find((v) => typeof v === 'string' && v.trim());
  const clean =
    typeof raw === 'string'
      ? raw
          .replace(/[^\w .:/@()+-]/g, '')
          .trim()
          .slice(0, 80)
      : '';
  return clean || 'nightscout';
};

const inRange = (mgdl: number | null) =>
  mgdl !== null && mgdl >= GLUCOSE_LOG_MIN_MGDL && mgdl <= GLUCOSE_LOG_MAX_MGDL ? mgdl : null;

/** The fields Healthfolio answers itself (from the reading, or API v3's server fields): never kept from an upload. */
const OWN_FIELDS = new Set([
  '_id',
  'identifier',
  'type',
  'sgv',
  'mbg',
  'date',
  'dateString',
  'sysTime',
  'device',
  'direction',
  'mills',
  'utcOffset',
  'units',
  'srvCreated',
  'srvModified',
  'isValid',
  'isReadOnly',
]);
/** A plain name; never `__proto__` or another double-underscore name (it would set the object's prototype). */
const FIELD_NAME = /^(?!__)[A-Za-z_][\w-]{0,39}$/;
/** At most this many fields, this much JSON in all, and this much for one value. */
const FIELDS_MAX = 24;
const FIELDS_MAX_CHARS = 1024;
const FIELD_MAX_CHARS = 200;

/** The minutes east of UTC a `dateString` names (`+0200`, `-05:00`; `Z` or none: 0), as Nightscout's `utcOffset`. */
export const utcOffsetOf = (dateString: unknown) => {
  if (typeof dateString !== 'string') return 0;
  const m = /([+-])(\d{2}):?(\d{2})$/.exec(dateString.trim());
  if (!m || !/T\d{2}:\d{2}/.test(dateString)) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return minutes > 18 * 60 ? 0 : m[1] === '-' ? -minutes : minutes;
};

/**
 * What an uploaded entry carries beyond the reading (xDrip+'s `filtered`, `unfiltered`, `rssi`,
 * `noise`, `delta`; AndroidAPS' `trend`…), kept as Nightscout keeps whatever it is sent, so followers
 * read it back: bounded (names of letters and digits, small values, 1 KB in all), never read for
 * anything Healthfolio works out. The `dateString`'s offset (else the one sent) is kept as `utcOffset`.
 * Null when there is nothing to keep.
 */
export const entryFields = (doc: Doc): Record<string, unknown> | null => {
  const fields: Record<string, unknown> = {};
  let n = 0;
  let chars = 2;
  // Nightscout v1 works it out from the dateString; a v3 client (AndroidAPS) sends it.
  const sent = typeof doc.utcOffset === 'number' && Math.abs(doc.utcOffset) <= 18 * 60 ? doc.utcOffset : 0;
  const offset = utcOffsetOf(doc.dateString) || Math.round(sent);
  if (offset) {
    fields.utcOffset = offset;
    n++;
    chars += 20;
  }
  for (const [name, value] of Object.entries(doc)) {
    if (n >= FIELDS_MAX) break;
    if (OWN_FIELDS.has(name) || !FIELD_NAME.test(name) || value === undefined) continue;
    if (typeof value === 'number' && !Number.isFinite(value)) continue;
    const json = JSON.stringify(value);
    // PostgreSQL's jsonb keeps no NUL character.
    if (json === undefined || json.length > FIELD_MAX_CHARS || json.includes('\\u0000')) continue;
    const cost = name.length + json.length + 4;
    if (chars + cost > FIELDS_MAX_CHARS) continue;
    fields[name] = value;
    chars += cost;
    n++;
  }
  return n ? fields : null;
};

export const parseEntries = (body: unknown, nowMs = Date.now()) => {
  const readings: NsReading[] = [];
  const calibrations: NsCalibration[] = [];
  let skipped = 0;
  for (const doc of asDocs(body)) {
    const type = typeof doc.type === 'string' ? doc.type : doc.mbg !== undefined ? 'mbg' : 'sgv';
    const atMs = firstTime(doc, ['date', 'mills', 'dateString', 'sysTime'], nowMs);
    if (type === 'cal' && atMs !== null) {
      calibrations.push({ atMs, device: deviceName(doc), fields: entryFields(doc) });
      continue;
    }
    const mgdl = inRange(num(type === 'mbg' ? doc.mbg : doc.sgv));
    if ((type !== 'sgv' && type !== 'mbg') || atMs === null || mgdl === null) {
      skipped++;
      continue;
    }
    readings.push({
      kind: type,
      atMs,
      mgdl,
      device: deviceName(doc),
      direction: directionOf(doc),
      fields: entryFields(doc),
    });
  }
  return { readings, calibrations, skipped };
};

const ID_PATTERN = /^[\w-]{1,64}$/;

/**
 * Nightscout's API v3 identifier when a client sends none: UUID v5 of `{device}_{date}[_{eventType}]`
 * under its "NightscoutRocks!" namespace (lib/api3/shared/operationTools.js), from the fields as sent.
 */
export const calculateIdentifier = (doc: Doc) => {
  let key = `${doc.device}_${doc.date}`;
  if (doc.eventType) key += `_${doc.eventType}`;
  const hash = createHash('sha1')
    .update(Buffer.from('NightscoutRocks!', 'ascii'))
    .update(key, 'utf8')
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

const TREATMENT_TIMES = ['date', 'mills', 'timestamp', 'created_at', 'eventTime'];

/**
 * The id the client gave the treatment (v3 `identifier`, v1 `_id`, xDrip+'s `uuid`), else one derived
 * like Nightscout's from the device and time as we read them (v1 clients often send neither field, and
 * `undefined_undefined` would name them all alike).
 */
export const treatmentIdentifier = (doc: Doc, nowMs = Date.now()) => {
  for (const v of [doc.identifier, doc._id, doc.uuid])
    if (typeof v === 'string' && ID_PATTERN.test(v)) return v;
  const device = typeof doc.device === 'string' ? doc.device : deviceName(doc);
  const date = typeof doc.date === 'number' ? doc.date : (firstTime(doc, TREATMENT_TIMES, nowMs) ?? doc.date);
  return calculateIdentifier({ device, date, eventType: doc.eventType });
};

/** Uploaded treatments as Nightscout answers them: the documents, each with its `_id`. */
export const treatmentDocs = (body: unknown) =>
  asDocs(body).map((d) => ({ ...d, _id: treatmentIdentifier(d) }));

const positive = (v: unknown, max: number) => {
  const n = num(v);
  return n !== null && n > 0 && n <= max ? n : null;
};

export const parseTreatments = (body: unknown, nowMs = Date.now()) => {
  const treatments: NsTreatment[] = [];
  let skipped = 0;
  for (const doc of asDocs(body)) {
    const atMs = firstTime(doc, TREATMENT_TIMES, nowMs);
    // AndroidAPS marks the insulin that fills the cannula (`type: PRIMING`): not a dose the body got.
    const insulin = doc.type === 'PRIMING' ? null : positive(doc.insulin, 200);
    const carbs = positive(doc.carbs, 1000);
    if (atMs === null || (insulin === null && carbs === null)) {
      skipped++;
      continue;
    }
    const notes = typeof doc.notes === 'string' && doc.notes.trim() ? doc.notes.trim().slice(0, 5000) : null;
    const eventType = typeof doc.eventType === 'string' ? doc.eventType.slice(0, 60) : '';
    const device = deviceName(doc);
    treatments.push({
      identifier: treatmentIdentifier(doc, nowMs),
      atMs,
      device,
      eventType,
      insulin,
      carbs,
      notes,
    });
  }
  return { treatments, skipped };
};
