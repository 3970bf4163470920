import { latestAllowedMs, type TrackerKey, type TrackerStatsResponse } from '@healthfolio/core';
import type { Database } from '../../db/database';
import { personZone } from '../profiles/profiles.repository';
import { presentEntry } from './entries.presenter';
import { selectEntries, selectGlucoseAverage7d, selectTrackerCounts } from './entries.repository';

/** The figures a tracker screen shows, computed from the user's own entries in their calendar. */
export const getTrackerStats = (
  db: Database,
  userId: string,
  tracker: TrackerKey,
): Promise<TrackerStatsResponse> =>
  db.readAsUser(userId, async (tx) => {
    const timeZone = await personZone(tx, userId);
    const counts = await selectTrackerCounts(tx, userId, tracker, timeZone);
    // The latest entry up to now: an entry dated in the future is never "latest".
    const to = new Date(latestAllowedMs()).toISOString();
    const [latest] = await selectEntries(tx, userId, { tracker, order: 'desc', limit: 1, to });
    const average = tracker === 'blood-glucose' ? await selectGlucoseAverage7d(tx, userId) : null;
    const average7d = average?.avg ?? null;
    return {
      tracker,
      total: counts.total,
      thisWeek: counts.this_week,
      thisMonth: counts.this_month,
      lastMonth: counts.last_month,
      latest: latest ? presentEntry(latest) : null,
      average7d: average7d === null ? null : Math.round(average7d * 10) / 10,
      average7dReadings: average?.count ?? 0,
    };
  });
