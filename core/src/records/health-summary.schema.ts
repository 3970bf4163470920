import { z } from 'zod';
import { HEALTH_SUMMARY_KINDS } from './health-summary-words';

export const HealthSummaryItem = z.object({
  id: z.string().uuid(),
  kind: z.enum(HEALTH_SUMMARY_KINDS),
  /** The code's system (SNOMED CT, RxNorm, CVX...) as a URI, and the code; null when only words came. */
  codeSystem: z.string().nullable(),
  code: z.string().nullable(),
  text: z.string(),
  status: z.string().nullable(),
  /** When it began (onset, date given, performed, taken from), ISO 8601 date or time. */
  onsetAt: z.string().nullable(),
  recordedAt: z.string().nullable(),
  sourceDocumentId: z.string().uuid().nullable(),
  sourceDocumentTitle: z.string().nullable(),
  /** What else the record said, in words (reaction, severity, dose...). */
  details: z.record(z.string(), z.string()),
});
export type HealthSummaryItem = z.infer<typeof HealthSummaryItem>;

export const HealthSummaryResponse = z.object({ items: z.array(HealthSummaryItem) });
export type HealthSummaryResponse = z.infer<typeof HealthSummaryResponse>;
