import type { HypoFollowUpResponse, HypoFollowUpStatus } from '@healthfolio/core';
import type { FollowUpRow } from './hypo.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const presentFollowUp = (r: FollowUpRow): HypoFollowUpResponse => ({
  id: r.id,
  status: r.status as HypoFollowUpStatus,
  urgent: r.urgent,
  valueMgdl: r.valueMgdl,
  readingAt: r.readingAt.toISOString(),
  startedAt: r.startedAt.toISOString(),
  recheckDueAt: r.recheckDueAt.toISOString(),
  recheckSentAt: iso(r.recheckSentAt),
  escalateDueAt: r.escalateDueAt.toISOString(),
  escalatedAt: iso(r.escalatedAt),
  endedAt: iso(r.endedAt),
});
