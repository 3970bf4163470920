import { type DailyInsulin, dailyInsulinTotals } from '@healthfolio/core';
import { and, eq, gte, lt } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { nsTreatments } from '../../db/schema/nightscout';
import { selectEntries } from '../entries/entries.repository';
import { scheduledBasal } from './scheduled-basal';

const DAY_MS = 86_400_000;
const ROWS_MAX = 20_000;
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The basal/bolus page's figures (the visit packet and the clinician report print the same page). */
export interface PacketInsulin {
  days: DailyInsulin[];
  /** Temp basals that began in the window. */
  tempBasals: number;
  /** Temp basals given only as a percentage (not counted in the basal estimate without a schedule). */
  percentOnly: number;
  /** Whether the pump's basal schedule (a Nightscout profile) is known: basal is then schedule + temps. */
  scheduleKnown?: boolean;
}

/**
 * Boluses (insulin entries' total dose) and basal of the window: the profile's scheduled basal,
 * overridden by the loop's temporary basals while they run.
 */
export const gatherInsulin = async (
  tx: Tx,
  userId: string,
  from: Date,
  to: Date,
  timeZone: string,
): Promise<PacketInsulin> => {
  const entries = await selectEntries(tx, userId, {
    tracker: 'insulin',
    from: from.toISOString(),
    to: to.toISOString(),
    order: 'asc',
    limit: ROWS_MAX,
  });
  // A temp basal that began the day before can still run into the window.
  const temps = await tx
    .select({ occurredAt: nsTreatments.occurredAt, doc: nsTreatments.doc })
    .from(nsTreatments)
    .where(
      and(
        eq(nsTreatments.userId, userId),
        eq(nsTreatments.eventType, 'Temp Basal'),
        gte(nsTreatments.occurredAt, new Date(from.getTime() - DAY_MS)),
        lt(nsTreatments.occurredAt, to),
      ),
    )
    .limit(ROWS_MAX);
  const tempBasals = temps.map((t) => ({
    at: t.occurredAt.getTime(),
    rateUph: num(t.doc.absolute) ?? num(t.doc.rate),
    durationMin: num(t.doc.duration) ?? 0,
    percent: num(t.doc.percent),
  }));
  const schedule = await scheduledBasal(tx, userId, from, to);
  return {
    days: dailyInsulinTotals({
      boluses: entries
        .map((e) => ({
          at: new Date(e.occurred_at).getTime(),
          units: num(e.data.total_insulin) ?? Number.NaN,
        }))
        .filter((b) => Number.isFinite(b.units)),
      tempBasals,
      from: from.getTime(),
      to: to.getTime(),
      timeZone,
      scheduledRateAt: schedule.rateAt,
      breaks: schedule.breaks,
    }),
    tempBasals: tempBasals.filter((t) => t.at >= from.getTime()).length,
    percentOnly: schedule.rateAt
      ? 0
      : tempBasals.filter((t) => t.rateUph === null && t.durationMin > 0).length,
    scheduleKnown: schedule.rateAt !== undefined,
  };
};
