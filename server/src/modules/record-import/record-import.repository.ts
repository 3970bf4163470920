import { type DatePrecision, midnightUtcOf } from '@healthfolio/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { documents, glucoseReadings, healthSummaryItems, trackerEntries } from '../../db/schema';
import type { SummaryValues } from './import-plan';

/** The person's vault document holding exactly these bytes, if they have one. */
export const selectDocumentBySha = async (tx: Tx, userId: string, sha256: string) => {
  const [row] = await tx
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.userId, userId), eq(documents.sha256, sha256)))
    .limit(1);
  return row?.id ?? null;
};

/**
 * An entry of this tracker at this time with the same figures is already there; the keys `ignoring`
 * names are left out of the comparison on both sides (a meal's analysis ids differ between records).
 */
export const trackerEntryExists = async (
  tx: Tx,
  userId: string,
  e: {
    tracker: string;
    occurredAt: string;
    occurredPrecision?: DatePrecision | null;
    data: Record<string, unknown>;
  },
  ignoring: string[] = [],
) => {
  // A record's day came in from an earlier Healthfolio as midnight UTC of it (ccda-times.ts): the same entry.
  const times = [new Date(e.occurredAt)];
  if (e.occurredPrecision === 'day') times.push(new Date(midnightUtcOf(e.occurredAt)));
  const data = Object.fromEntries(Object.entries(e.data).filter(([k]) => !ignoring.includes(k)));
  const stored = ignoring.length
    ? sql`(${trackerEntries.data} - ${`{${ignoring.join(',')}}`}::text[])`
    : sql`${trackerEntries.data}`;
  const [row] = await tx
    .select({ id: trackerEntries.id })
    .from(trackerEntries)
    .where(
      and(
        eq(trackerEntries.userId, userId),
        eq(trackerEntries.tracker, e.tracker),
        inArray(trackerEntries.occurredAt, times),
        sql`${stored} = ${JSON.stringify(data)}::jsonb`,
      ),
    )
    .limit(1);
  return row !== undefined;
};

/** A reading of this source at this time (a hand-logged one: with this value) is already there. */
export const glucoseReadingExists = async (
  tx: Tx,
  userId: string,
  r: { source: string; at: string; mgdl: number },
) => {
  const [row] = await tx
    .select({ id: glucoseReadings.id })
    .from(glucoseReadings)
    .where(
      and(
        eq(glucoseReadings.userId, userId),
        eq(glucoseReadings.source, r.source),
        eq(glucoseReadings.recordedAt, new Date(r.at)),
        r.source === 'manual' ? eq(glucoseReadings.valueMgdl, r.mgdl) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
};

type Keyed = Pick<SummaryValues, 'codeSystem' | 'code' | 'text' | 'onsetAt'> & { kind: string };

/**
 * The same item is the same kind, code (or words) and day: importing it again adds nothing. The day,
 * not the date as written: the same C-CDA entry read by an earlier Healthfolio came in as midnight UTC
 * of its day (`2020-05-01T00:00:00Z`), now as the day itself (`2020-05-01`), and a time of day with
 * its offset is on the day it names.
 */
export const naturalKey = (v: Keyed) =>
  [
    v.kind,
    v.codeSystem ?? '',
    v.code ?? v.text.toLowerCase().replace(/\s+/g, ' '),
    v.onsetAt?.slice(0, 10) ?? '',
  ].join('|');

/**
 * Inserts the summary items not there yet (by `naturalKey`, worked out again for what is stored, so
 * items kept by an earlier reading of the same file are found too); answers how many it inserted.
 */
export const insertSummaryItemsOnce = async (
  tx: Tx,
  userId: string,
  items: SummaryValues[],
  sourceDocumentId: string | null,
) => {
  if (items.length === 0) return 0;
  const stored = await tx
    .select({
      kind: healthSummaryItems.kind,
      codeSystem: healthSummaryItems.codeSystem,
      code: healthSummaryItems.code,
      text: healthSummaryItems.text,
      onsetAt: healthSummaryItems.onsetAt,
    })
    .from(healthSummaryItems)
    .where(
      and(
        eq(healthSummaryItems.userId, userId),
        inArray(healthSummaryItems.kind, [...new Set(items.map((v) => v.kind))]),
      ),
    );
  const seen = new Set(stored.map(naturalKey));
  const fresh = items.filter((v) => {
    const key = naturalKey(v);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (fresh.length === 0) return 0;
  const rows = await tx
    .insert(healthSummaryItems)
    .values(fresh.map((v) => ({ ...v, userId, sourceDocumentId, naturalKey: naturalKey(v) })))
    .onConflictDoNothing()
    .returning({ id: healthSummaryItems.id });
  return rows.length;
};
