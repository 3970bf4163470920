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
  /** A percent-only temp basal's change to the scheduled rate (-100 … +n %): counted with a schedule. */
  percent?: number | null;
}

export interface DailyInsulin {
  /** Local calendar date, YYYY-MM-DD. */
  date: string;
  bolusUnits: number;
  /** Insulin delivered by temporary basals that day (estimated from rate × time); null without any. */
  tempBasalUnits: number | null;
  /** Hours of the day covered by temporary basals with a known rate. */
  tempBasalHours: number;
  /**
   * All basal insulin that day: the scheduled basal, overridden by temporary basals while they run;
   * the temporary basals alone when no schedule is known; null with neither.
   */
  basalUnits: number | null;
}

const known = (x: number | null | undefined): x is number =>
  typeof x === 'number' && Number.isFinite(x) && x >= 0;

const SLICE_MS = 15 * 60_000; // every zone's midnight falls on a 15-minute UTC boundary

/**
 * Daily bolus and basal insulin per local day of the window [from, to), oldest first (TDD = basal +
 * bolus). Basal is the scheduled rate (`scheduledRateAt`, U/h, the pump profile in force) wherever no
 * temporary basal runs, and the temporary basal's rate while one does (a percent-only one scales the
 * schedule); temporary basals are cut at the next one's start and at the window's edges, and split
 * across midnight. Without a schedule only days with a bolus or a temporary basal appear; with one,
 * every day the schedule covers does. Time is cut at every 15-minute UTC boundary (every zone's
 * midnight and every half-hourly schedule step falls on one) and at `breaks` (profile switches).
 */
export function dailyInsulinTotals(input: {
  boluses: readonly BolusDose[];
  tempBasals: readonly TempBasal[];
  from: number;
  to: number;
  timeZone: string;
  scheduledRateAt?: (ms: number) => number | undefined;
  breaks?: readonly number[];
}): DailyInsulin[] {
  const days = new Map<string, DailyInsulin>();
  const day = (ms: number) => {
    const date = localDate(ms, input.timeZone);
    let d = days.get(date);
    if (!d) {
      d = { date, bolusUnits: 0, tempBasalUnits: null, tempBasalHours: 0, basalUnits: null };
      days.set(date, d);
    }
    return d;
  };
  for (const b of input.boluses)
    if (b.at >= input.from && b.at < input.to && Number.isFinite(b.units)) day(b.at).bolusUnits += b.units;
  const basals = [...input.tempBasals].sort((a, b) => a.at - b.at);
  // The running temporary basals as [start, end) with their rate, in order (they do not overlap).
  const runs = basals.flatMap((t, i) => {
    const end = Math.min(t.at + t.durationMin * 60_000, basals[i + 1]?.at ?? Number.POSITIVE_INFINITY);
    return end > t.at ? [{ start: t.at, end, t }] : [];
  });
  const cuts = [...runs.flatMap((x) => [x.start, x.end]), ...(input.breaks ?? [])].sort((x, y) => x - y);
  let c = 0;
  let r = 0;
  for (let a = input.from; a < input.to; ) {
    while (c < cuts.length && cuts[c]! <= a) c++;
    const b = Math.min(
      input.to,
      (Math.floor(a / SLICE_MS) + 1) * SLICE_MS,
      cuts[c] ?? Number.POSITIVE_INFINITY,
    );
    while (r < runs.length && runs[r]!.end <= a) r++;
    const run = runs[r] && runs[r]!.start <= a ? runs[r]!.t : undefined;
    const scheduled = input.scheduledRateAt?.(a);
    const hours = (b - a) / 3_600_000;
    let temp: number | undefined;
    if (run && known(run.rateUph)) temp = run.rateUph;
    else if (run && typeof run.percent === 'number' && known(scheduled))
      temp = (scheduled * (100 + run.percent)) / 100;
    const rate = temp ?? scheduled;
    if (known(temp) || known(rate)) {
      const d = day(a);
      if (known(temp)) {
        d.tempBasalUnits = (d.tempBasalUnits ?? 0) + temp * hours;
        d.tempBasalHours += hours;
      }
      if (known(rate)) d.basalUnits = (d.basalUnits ?? 0) + rate * hours;
    }
    a = b;
  }
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
}
