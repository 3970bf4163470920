import { localDate } from '../units/local-time';

/** A bolus (an insulin entry's total dose) at an instant (epoch ms). */
export interface BolusDose {
  at: number;
  units: number;
}

/**
 * A temporary basal as a loop uploads it (Nightscout "Temp Basal"): an absolute rate in U/h for a
 * duration in minutes; a rate of null is a percent-only temp basal, which cannot be counted without
 * the pump's schedule. A newer temp basal (or a cancel, duration 0) ends the one before it.
 */
export interface TempBasal {
  at: number;
  rateUph: number | null;
  durationMin: number;
}

export interface DailyInsulin {
  /** Local calendar date, YYYY-MM-DD. */
  date: string;
  bolusUnits: number;
  /** Insulin delivered by temporary basals that day (estimated from rate × time); null without any. */
  tempBasalUnits: number | null;
  /** Hours of the day covered by temporary basals with a known rate. */
  tempBasalHours: number;
}

const SLICE_MS = 15 * 60_000; // every zone's midnight falls on a 15-minute UTC boundary

/**
 * Daily bolus and temporary-basal insulin per local day of the window [from, to), oldest first; only
 * days with a bolus or a temporary basal appear. Temporary basals are cut at the next one's start and
 * at the window's edges, and split across midnight.
 */
export function dailyInsulinTotals(input: {
  boluses: readonly BolusDose[];
  tempBasals: readonly TempBasal[];
  from: number;
  to: number;
  timeZone: string;
}): DailyInsulin[] {
  const days = new Map<string, DailyInsulin>();
  const day = (ms: number) => {
    const date = localDate(ms, input.timeZone);
    let d = days.get(date);
    if (!d) {
      d = { date, bolusUnits: 0, tempBasalUnits: null, tempBasalHours: 0 };
      days.set(date, d);
    }
    return d;
  };
  for (const b of input.boluses)
    if (b.at >= input.from && b.at < input.to && Number.isFinite(b.units)) day(b.at).bolusUnits += b.units;
  const basals = [...input.tempBasals].sort((a, b) => a.at - b.at);
  basals.forEach((t, i) => {
    if (t.rateUph === null || !Number.isFinite(t.rateUph) || t.rateUph < 0) return;
    const next = basals[i + 1]?.at ?? Number.POSITIVE_INFINITY;
    const start = Math.max(t.at, input.from);
    const end = Math.min(t.at + t.durationMin * 60_000, next, input.to);
    for (let a = start; a < end; ) {
      const b = Math.min(end, (Math.floor(a / SLICE_MS) + 1) * SLICE_MS);
      const d = day(a);
      const hours = (b - a) / 3_600_000;
      d.tempBasalUnits = (d.tempBasalUnits ?? 0) + t.rateUph * hours;
      d.tempBasalHours += hours;
      a = b;
    }
  });
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
}
