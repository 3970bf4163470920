import type { Readable } from 'node:stream';
import { Readable as ReadableStream } from 'node:stream';
import { type GlucoseUnit, roundGlucoseForDisplay, TRACKER_DATA, type TrackerKey } from '@healthfolio/core';
import { type DatePrecision, partialDateIso } from '@healthfolio/core/units/date-precision';
import { localIsoWithOffset } from '@healthfolio/core/units/local-iso';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { glucoseReadings, profiles, trackerEntries } from '../../db/schema';
import { csvCell } from '../admin/csv';
import { afterRow, PAGE, paged } from './record-export.data';

async function* utf8(parts: AsyncIterable<string>) {
  for await (const part of parts) yield Buffer.from(part, 'utf8');
}

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const line = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;
/** A list in one cell ("stress; work"); anything else as it is (zero stays 0). */
const cell = (v: unknown) => (Array.isArray(v) && v.every((x) => typeof x !== 'object') ? v.join('; ') : v);

/** The data fields of a tracker, in its schema's order: the CSV's columns between time and notes. */
const fieldsOf = (tracker: Exclude<TrackerKey, 'blood-glucose'>) =>
  Object.keys((TRACKER_DATA[tracker] as unknown as { shape: Record<string, unknown> }).shape);

const glucoseHeader = (unit: GlucoseUnit) => (unit === 'mmol/L' ? 'glucose_mmol_l' : 'glucose_mg_dl');

async function* glucoseLines(db: Database, userId: string, unit: GlucoseUnit, timeZone: string) {
  yield line(['time', glucoseHeader(unit), 'source', 'timing', 'carbs_consumed', 'notes']);
  for await (const rows of paged(
    db,
    userId,
    (after) => (tx) =>
      tx
        .select()
        .from(glucoseReadings)
        .where(
          and(
            eq(glucoseReadings.userId, userId),
            after ? afterRow(glucoseReadings.recordedAt, glucoseReadings.id, after) : undefined,
          ),
        )
        .orderBy(asc(glucoseReadings.recordedAt), asc(glucoseReadings.id))
        .limit(PAGE),
    (r) => r.recordedAt,
  ))
    yield rows
      .map((r) =>
        line([
          localIsoWithOffset(r.recordedAt, timeZone),
          roundGlucoseForDisplay(r.valueMgdl, unit),
          r.source,
          r.mealContext,
          r.carbsConsumed,
          r.notes,
        ]),
      )
      .join('');
}

async function* entryLines(
  db: Database,
  userId: string,
  tracker: Exclude<TrackerKey, 'blood-glucose'>,
  timeZone: string,
) {
  const fields = fieldsOf(tracker);
  yield line(['time', ...fields.map(snake), 'notes']);
  for await (const rows of paged(
    db,
    userId,
    (after) => (tx) =>
      tx
        .select()
        .from(trackerEntries)
        .where(
          and(
            eq(trackerEntries.userId, userId),
            eq(trackerEntries.tracker, tracker),
            after ? afterRow(trackerEntries.occurredAt, trackerEntries.id, after) : undefined,
          ),
        )
        .orderBy(asc(trackerEntries.occurredAt), asc(trackerEntries.id))
        .limit(PAGE),
    (r) => r.occurredAt,
  ))
    yield rows
      .map((r) =>
        line([
          r.occurredPrecision
            ? partialDateIso(r.occurredAt, r.occurredPrecision as DatePrecision)
            : localIsoWithOffset(r.occurredAt, timeZone),
          ...fields.map((f) => cell(r.data[f])),
          r.notes,
        ]),
      )
      .join('');
}

/**
 * One tracker's entries as RFC 4180 CSV (the audit export's cell rule, formulas defused), oldest
 * first: the time in ISO 8601 with the offset of the profile's time zone (an entry its record dated
 * only by day, month or year: that date alone, `2019-03-14`), then the tracker's fields
 * (glucose in the person's unit, named in the header), then the notes. Read page by page.
 */
export const trackerCsv = async (db: Database, userId: string, tracker: TrackerKey): Promise<Readable> => {
  const [profile] = await db.readAsUser(userId, (tx) =>
    tx
      .select({ unit: profiles.glucoseUnit, timeZone: profiles.timezone })
      .from(profiles)
      .where(eq(profiles.userId, userId)),
  );
  const timeZone = profile?.timeZone ?? 'UTC';
  const lines =
    tracker === 'blood-glucose'
      ? glucoseLines(db, userId, (profile?.unit as GlucoseUnit) ?? 'mg/dL', timeZone)
      : entryLines(db, userId, tracker, timeZone);
  return ReadableStream.from(utf8(lines));
};
