import { and, eq, sql } from 'drizzle-orm';
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

/** An entry of this tracker at this time with the same figures is already there. */
export const trackerEntryExists = async (
  tx: Tx,
  userId: string,
  e: { tracker: string; occurredAt: string; data: Record<string, unknown> },
) => {
  const [row] = await tx
    .select({ id: trackerEntries.id })
    .from(trackerEntries)
    .where(
      and(
        eq(trackerEntries.userId, userId),
        eq(trackerEntries.tracker, e.tracker),
        eq(trackerEntries.occurredAt, new Date(e.occurredAt)),
        sql`${trackerEntries.data} = ${JSON.stringify(e.data)}::jsonb`,
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

/** The same item is the same kind, code (or words) and date: importing it again adds nothing. */
export const naturalKey = (v: SummaryValues) =>
  [v.kind, v.codeSystem ?? '', v.code ?? v.text.toLowerCase().replace(/\s+/g, ' '), v.onsetAt ?? ''].join(
    '|',
  );

/** Inserts the summary items not there yet; answers how many it inserted. */
export const insertSummaryItemsOnce = async (
  tx: Tx,
  userId: string,
  items: SummaryValues[],
  sourceDocumentId: string | null,
) => {
  if (items.length === 0) return 0;
  const rows = await tx
    .insert(healthSummaryItems)
    .values(items.map((v) => ({ ...v, userId, sourceDocumentId, naturalKey: naturalKey(v) })))
    .onConflictDoNothing()
    .returning({ id: healthSummaryItems.id });
  return rows.length;
};
