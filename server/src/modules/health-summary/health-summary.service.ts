import type { HealthSummaryResponse } from '@healthfolio/core';
import type { Database } from '../../db/database';
import { presentHealthSummaryItem } from './health-summary.presenter';
import { selectHealthSummary } from './health-summary.repository';

export const getHealthSummary = async (db: Database, userId: string): Promise<HealthSummaryResponse> => {
  const rows = await db.readAsUser(userId, (tx) => selectHealthSummary(tx, userId));
  return { items: rows.map((r) => presentHealthSummaryItem(r.item, r.sourceDocumentTitle)) };
};
