import type { Resource } from '@medplum/fhirtypes';
import { fhirDate } from './fhir-values';

/**
 * Medplum's converter reads every HL7 v3 time (TS) as a full dateTime: a year `2019` or a year-month
 * `201903` becomes `2019-01-01T00:00:00Z` (the month lost too), a day `20190315` becomes midnight UTC
 * of it (the day before, read in the Americas), an hour `2019031510` loses its hour and a day with an
 * offset `20190315-0500` becomes nothing readable. The times are set right here, around the converter:
 * before it, each time of less than a day's precision is written as a full time that carries what the
 * document said (`20190315000000~20190315`, which the converter passes on as
 * `2019-03-15T00:00:00~20190315`), and one with an hour as a full time with seconds; after it, what it
 * carried is put back as the FHIR date of that precision (`2019`, `2019-03`, `2019-03-15`).
 *
 * A time of day without an offset (`201903151030`, which C-CDA allows) the converter reads as UTC.
 * It is the clinic's wall clock, whose zone the document does not say: it is carried the same way
 * (`20190315103000~local`) and put back without an offset (`2019-03-15T10:30:00`), and the import
 * reads it in the importing person's time zone, as it reads an appointment's (write-plan.ts
 * `withWallClocksIn`; most people's clinics are in their own zone, where UTC would move the time by
 * hours for nearly everyone). The summary keeps it as written: its day is the day the record says.
 */
type Node = Record<string, unknown>;

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null;

/** An HL7 v3 TS: YYYY[MM[DD[HH[MM[SS[.S]]]]]][+/-ZZZZ]. */
const TS = /^(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\.\d{1,4})?([+-]\d{4})?$/;

/** What the converter makes of a carried date (see above). */
const CARRIED = /^\d{4}-\d{2}-\d{2}T00:00:00~(\d{4}(?:\d{2}(?:\d{2})?)?)$/;
/** What the converter makes of a carried wall clock: the time, read as no zone at all. */
const WALL_CLOCK = '~local';
const CARRIED_WALL_CLOCK = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})~local$/;

/** The FHIR date of a TS of a year, a month or a day (`2019-03`), if it is one of the calendar. */
const dateOf = (digits: string) =>
  fhirDate([digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 8)].filter(Boolean).join('-'));

/** A TS as the converter reads right: a date carried whole, a time with its hour and seconds. */
const readable = (value: string): string => {
  const m = value.match(TS);
  if (!m) return value;
  const [, year, month, day, hour, minute = '00', second = '00', fraction = '', zone = ''] = m;
  if (hour === undefined) {
    const digits = `${year}${month ?? ''}${day ?? ''}`;
    return dateOf(digits) ? `${year}${month ?? '01'}${day ?? '01'}000000~${digits}` : value;
  }
  if (!month || !day) return value;
  if (!zone) return `${year}${month}${day}${hour}${minute}${second}${WALL_CLOCK}`;
  return `${year}${month}${day}${hour}${minute}${second}${fraction}${zone}`;
};

/** The times the converter reads: an element's own value and its low and high (IVL_TS). */
const TIMES = new Set(['effectiveTime', 'time']);
const BOUNDS = ['low', 'high', 'center'];

const setValue = (node: unknown) => {
  if (isNode(node) && typeof node['@_value'] === 'string') node['@_value'] = readable(node['@_value'].trim());
};

/** Rewrites the times of a document read by `convertXmlToCcda` in place, before it is converted. */
export const carryPartialTimes = (node: unknown): void => {
  if (Array.isArray(node)) {
    for (const n of node) carryPartialTimes(n);
    return;
  }
  if (!isNode(node)) return;
  for (const [key, v] of Object.entries(node)) {
    if (key.startsWith('@_')) continue;
    if (TIMES.has(key))
      for (const time of Array.isArray(v) ? v : [v]) {
        setValue(time);
        if (isNode(time)) for (const b of BOUNDS) setValue(time[b]);
      }
    carryPartialTimes(v);
  }
};

/** The value with each date the converter carried put back as a FHIR date (after conversion). */
const restored = (value: unknown): unknown => {
  if (typeof value === 'string') {
    const digits = value.match(CARRIED)?.[1];
    return (digits && dateOf(digits)) ?? value.match(CARRIED_WALL_CLOCK)?.[1] ?? value;
  }
  if (Array.isArray(value)) return value.map(restored);
  if (isNode(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, restored(v)]));
  return value;
};

/** The converter's resources, each time of a year, a month or a day as the document wrote it. */
export const withPartialTimes = (resources: Resource[]): Resource[] =>
  resources.map((r) => restored(r) as Resource);
