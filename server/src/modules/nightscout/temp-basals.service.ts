import type { TempBasalsQuery, TempBasalsResponse } from '@healthfolio/core';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { selectDocs } from './ns-collections.repository';
import { activeSwitchAt, effectiveProfile, selectProfileSwitches } from './ns-profile-switch';
import { profileBasalAt } from './ns-properties';

const MIN = 60_000;
/** A temp basal runs at most this long (Nightscout's pumps cap at 24 hours). */
const LONGEST_MS = 24 * 3600_000;
const finite = (v: unknown) => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

/**
 * The temp basals a loop ran in [from, to], oldest first: each ends at its duration or when the next
 * one starts (a newer temp basal replaces the running one, a zero-length one cancels it, as Nightscout
 * draws them). The rate is the absolute one, else the percent applied to the scheduled rate of the
 * profile in force (after any profile switch).
 */
export const tempBasals = async (
  db: Database,
  userId: string,
  q: TempBasalsQuery,
): Promise<TempBasalsResponse> => {
  const from = Date.parse(q.from);
  const to = Date.parse(q.to);
  const { rows, profile, switches } = await db.readAsUser(userId, async (tx) => ({
    rows: await selectDocs(tx, userId, 'treatments', {
      where: [
        sql`event_type = 'Temp Basal'`,
        sql`occurred_at >= ${new Date(from - LONGEST_MS).toISOString()}`,
        sql`occurred_at <= ${new Date(to).toISOString()}`,
      ],
      count: 2000,
      ascending: true,
    }),
    profile: (await selectDocs(tx, userId, 'profile', { where: [], count: 1 }))[0]?.doc,
    switches: await selectProfileSwitches(tx, userId, to, 200),
  }));
  const starts = rows.map((r) => new Date(r.occurred_at).getTime());
  const items: TempBasalsResponse['items'] = [];
  rows.forEach((row, i) => {
    const start = starts[i] as number;
    const minutes = finite(row.doc.duration);
    if (!minutes || minutes <= 0) return;
    const next = starts.slice(i + 1).find((s) => s > start);
    const end = Math.min(start + Math.min(minutes * MIN, LONGEST_MS), next ?? Number.POSITIVE_INFINITY);
    if (end <= from || start > to) return;
    const percent = finite(row.doc.percent) ?? null;
    // The profile in force when it started: a profile switch's (scaled, shifted), else the default.
    const scheduled = profileBasalAt(
      effectiveProfile(profile, activeSwitchAt(switches, profile, start)),
      start,
    );
    const absolute = finite(row.doc.absolute) ?? finite(row.doc.rate);
    items.push({
      startedAt: new Date(start).toISOString(),
      endsAt: new Date(end).toISOString(),
      ratePerHour:
        absolute ??
        (percent !== null && scheduled !== undefined
          ? Number(((scheduled * (100 + percent)) / 100).toFixed(3))
          : null),
      percent,
    });
  });
  return { items };
};
