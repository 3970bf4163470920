import type { TrackerKey, TrackerStatsResponse } from '@healthfolio/core';
import type { Database } from '../../db/database';
import { findProfile } from '../profiles/profiles.repository';
import { presentEntry } from './entries.presenter';
import { selectEntries, selectGlucoseAverage7d, selectTrackerCounts } from './entries.repository';

/** The figures a tracker screen shows, computed from the user's own entries in their calendar. */
export const getTrackerStats = (
  db: Database,
  userId: string,
  tracker: TrackerKey,
): Promise<TrackerStatsResponse> =>
  db.readAsUser(userId, async (tx) => {
    const timeZone = (await findProfile(tx, userId))?.timezone ?? 'UTC';
    const counts = await selectTrackerCounts(tx, userId, tracker, timeZone);
    const [latest] = await selectEntries(tx, userId, { tracker, order: 'desc', limit: 1 });
    const average7d = tracker === 'blood-glucose' ? await selectGlucoseAverage7d(tx, userId) : null;
    return {
      tracker,
      total: counts.total,
      thisWeek: counts.this_week,
      thisMonth: counts.this_month,
      lastMonth: counts.last_month,
      latest: latest ? presentEntry(latest) : null,
      average7d: average7d === null ? null : Math.round(average7d * 10) / 10,
    };
  });
