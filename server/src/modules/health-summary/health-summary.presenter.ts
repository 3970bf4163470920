import type { HealthSummaryItem, HealthSummaryKind } from '@healthfolio/core';
import type { healthSummaryItems } from '../../db/schema';

export const presentHealthSummaryItem = (
  row: typeof healthSummaryItems.$inferSelect,
  sourceDocumentTitle: string | null,
): HealthSummaryItem => ({
  id: row.id,
  kind: row.kind as HealthSummaryKind,
  codeSystem: row.codeSystem,
  code: row.code,
  text: row.text,
  status: row.status,
  onsetAt: row.onsetAt,
  recordedAt: row.recordedAt,
  sourceDocumentId: row.sourceDocumentId,
  sourceDocumentTitle,
  details: row.details,
});
