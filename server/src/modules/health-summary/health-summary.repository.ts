import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { documents, healthSummaryItems } from '../../db/schema';

/** The person's summary items, by kind and then by date (undated last), with their source's title. */
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
      sql`${healthSummaryItems.onsetAt} desc nulls last`,
      asc(healthSummaryItems.text),
      asc(healthSummaryItems.id),
    )
    .limit(1000);
