import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { documents, healthSummaryItems } from '../../db/schema';

/** Statuses of what is still going on (a condition, an allergy, a medication taken, a procedure under way). */
const CURRENT = ['active', 'recurrence', 'relapse', 'on-hold', 'intended', 'in-progress'];

/**
 * The person's summary items with their source's title, as a clinician's summary lists them: by kind,
 * what is current first, then newest first by the date it started (or was recorded; undated last).
 */
export const selectHealthSummary = (tx: Tx, userId: string) =>
  tx
    .select({
      item: healthSummaryItems,
      sourceDocumentTitle: documents.title,
    })
    .from(healthSummaryItems)
    .leftJoin(
      documents,
      and(
        eq(documents.id, healthSummaryItems.sourceDocumentId),
        eq(documents.userId, healthSummaryItems.userId),
      ),
    )
    .where(eq(healthSummaryItems.userId, userId))
    .orderBy(
      asc(healthSummaryItems.kind),
      sql`${healthSummaryItems.status} in (${sql.join(
        CURRENT.map((c) => sql`${c}`),
        sql`, `,
      )}) desc nulls last`,
      sql`coalesce(${healthSummaryItems.onsetAt}, ${healthSummaryItems.recordedAt}) desc nulls last`,
      asc(healthSummaryItems.text),
      asc(healthSummaryItems.id),
    )
    .limit(1000);
