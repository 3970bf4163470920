import { LIVE_GLUCOSE_SOURCE_PREFIX } from '@healthfolio/core';
import { type SQL, sql } from 'drizzle-orm';

/** core's `isLiveGlucoseSource` in SQL, for a reading's `source` column (`sql.raw('r.source')`). */
export const liveSourceSql = (column: SQL = sql.raw('source')) =>
  sql`starts_with(${column}, ${LIVE_GLUCOSE_SOURCE_PREFIX})`;
