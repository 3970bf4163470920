import { and, asc, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { documents, labResults } from '../../db/schema';

export type LabResultRow = typeof labResults.$inferSelect;
export type LabResultValues = Omit<
  typeof labResults.$inferInsert,
  'id' | 'userId' | 'createdAt' | 'updatedAt'
>;

const own = (userId: string, id: string) => and(eq(labResults.userId, userId), eq(labResults.id, id));

export const insertLabResult = async (tx: Tx, userId: string, values: LabResultValues) => {
  const [row] = await tx
    .insert(labResults)
    .values({ ...values, userId })
    .returning();
  return row!;
};

/** Inserts the rows not already there (same test, time, value and unit); answers those it inserted. */
export const insertLabResultsOnce = (tx: Tx, userId: string, rows: LabResultValues[]) =>
  rows.length === 0
    ? Promise.resolve([] as LabResultRow[])
    : tx
        .insert(labResults)
        .values(rows.map((r) => ({ ...r, userId })))
        .onConflictDoNothing()
        .returning();

/** The same result (test, value and unit) at this instant is already there. */
export const sameLabResultAt = async (
  tx: Tx,
  userId: string,
  r: { loinc: string; value: number | null; valueText: string | null; unit: string | null },
  at: Date,
) =>
  (
    await tx
      .select({ id: labResults.id })
      .from(labResults)
      .where(
        and(
          eq(labResults.userId, userId),
          eq(labResults.loinc, r.loinc),
          eq(labResults.effectiveAt, at),
          sql`coalesce(${labResults.value}::text, ${labResults.valueText}) = coalesce(${r.value}::double precision::text, ${r.valueText})`,
          sql`coalesce(${labResults.unit}, '') = ${r.unit ?? ''}`,
        ),
      )
      .limit(1)
  ).length > 0;

export const selectLabResult = async (tx: Tx, userId: string, id: string) => {
  const [row] = await tx.select().from(labResults).where(own(userId, id));
  return row;
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Latest first; narrowed to one LOINC code or to test names holding the words given. */
export const selectLabResults = (
  tx: Tx,
  userId: string,
  q: { loinc?: string; test?: string; limit: number },
) =>
  tx
    .select()
    .from(labResults)
    .where(
      and(
        eq(labResults.userId, userId),
        q.loinc ? eq(labResults.loinc, q.loinc) : undefined,
        ...(q.test ?? '')
          .split(/\s+/)
          .filter(Boolean)
          .map((w) => ilike(labResults.testName, `%${escapeLike(w)}%`)),
      ),
    )
    .orderBy(desc(labResults.effectiveAt), desc(labResults.id))
    .limit(q.limit);

/** One test's results oldest first, for its trend (bounded like every list). */
export const selectLabSeries = (tx: Tx, userId: string, loinc: string) =>
  tx
    .select()
    .from(labResults)
    .where(and(eq(labResults.userId, userId), eq(labResults.loinc, loinc)))
    .orderBy(asc(labResults.effectiveAt), asc(labResults.id))
    .limit(1000);

export const updateLabResultRow = async (tx: Tx, userId: string, id: string, set: LabResultValues) => {
  const [row] = await tx
    .update(labResults)
    .set({ ...set, updatedAt: sql`now()` })
    .where(own(userId, id))
    .returning();
  return row;
};

export const deleteLabResultRow = async (tx: Tx, userId: string, id: string) =>
  (await tx.delete(labResults).where(own(userId, id)).returning({ id: labResults.id })).length > 0;

/** Whether the person has this document (a foreign key alone would accept anyone's id). */
export const ownsDocument = async (tx: Tx, userId: string, documentId: string) =>
  (
    await tx
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.userId, userId), eq(documents.id, documentId)))
  ).length > 0;
