import { MS_PER_DAY, timeZoneOffsetMs } from '../../units/local-time';

/**
 * Wall-clock time in an IANA zone back to a UTC instant: the inverse of `createLocalClock`.
 * CGM exports write the device's local time with no offset, so every reading goes through here.
 *
 * Input is "local epoch ms": the wall-clock fields read as if they were UTC (Date.UTC of them).
 *
 * DST rules, the same as Temporal's "compatible" disambiguation:
 * - a wall time in the spring-forward gap (02:30 on a night that jumps 02:00 → 03:00) does not
 *   exist; it is read with the offset in force before the gap, which lands it after the jump
 *   (03:30), i.e. shifted forward by the gap's length;
 * - a wall time in the fall-back overlap (01:30 on a night that repeats 01:00–02:00) happens
 *   twice; the first occurrence (still on summer time) is taken. A device that wrote both hours
 *   will then show the second hour as duplicates of the first, which the importer reports.
 *
 * Speed: Intl is slow (microseconds a call), so each local day is resolved once: to one offset when
 * the UTC days around it all start with the same offset (no zone changes its offset twice within a
 * day, the assumption `createLocalClock` makes too), else to its transition, found by bisection.
 * A year of readings costs a few hundred Intl calls, not one per reading.
 */

interface Transition {
  /** First UTC instant on the new offset. */
  at: number;
  before: number;
  after: number;
}

export function createLocalToUtc(timeZone: string): (localMs: number) => number {
  const edgeOffsets = new Map<number, number>();
  const offsetAtDayEdge = (day: number): number => {
    let offset = edgeOffsets.get(day);
    if (offset === undefined) {
      offset = timeZoneOffsetMs(day * MS_PER_DAY, timeZone);
      edgeOffsets.set(day, offset);
    }
    return offset;
  };
  const days = new Map<number, number | Transition | null>();
  const resolveDay = (day: number): number | Transition | null => {
    // Offsets lie within −12 h…+14 h, so local day D falls inside UTC days D−1…D+1.
    const edges = [day - 1, day, day + 1, day + 2].map(offsetAtDayEdge);
    const changes = edges.flatMap((offset, i) => (i > 0 && offset !== edges[i - 1] ? [i] : []));
    if (changes.length === 0) return edges[0] as number;
    // Two changes within three days happen in no zone; resolve such a day reading by reading.
    if (changes.length > 1) return null;
    const i = changes[0] as number;
    return findTransition((day - 2 + i) * MS_PER_DAY, edges[i - 1] as number, edges[i] as number, timeZone);
  };
  return (localMs: number): number => {
    const day = Math.floor(localMs / MS_PER_DAY);
    let resolved = days.get(day);
    if (resolved === undefined) {
      resolved = resolveDay(day);
      days.set(day, resolved);
    }
    if (typeof resolved === 'number') return localMs - resolved;
    if (resolved === null) return resolveSlowly(localMs, timeZone);
    return resolveAround(localMs, resolved);
  };
}

/** Bisects the UTC day starting at `dayStart` to the second where the offset changes. */
function findTransition(dayStart: number, before: number, after: number, timeZone: string): Transition {
  let lo = dayStart; // offset `before`
  let hi = dayStart + MS_PER_DAY; // offset `after`
  while (hi - lo > 1000) {
    const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
    if (timeZoneOffsetMs(mid, timeZone) === before) lo = mid;
    else hi = mid;
  }
  return { at: hi, before, after };
}

function resolveAround(localMs: number, { at, before, after }: Transition): number {
  const early = localMs - before;
  const late = localMs - after;
  const earlyValid = early < at;
  const lateValid = late >= at;
  if (earlyValid && lateValid) return Math.min(early, late); // overlap: the first occurrence
  if (lateValid) return late;
  // Valid before the change, or in the gap: read with the earlier offset (a gap time shifts forward).
  return early;
}

function resolveSlowly(localMs: number, timeZone: string): number {
  const before = timeZoneOffsetMs(localMs - MS_PER_DAY, timeZone);
  const after = timeZoneOffsetMs(localMs + MS_PER_DAY, timeZone);
  const early = localMs - before;
  const late = localMs - after;
  const earlyValid = timeZoneOffsetMs(early, timeZone) === before;
  const lateValid = timeZoneOffsetMs(late, timeZone) === after;
  if (earlyValid && lateValid) return Math.min(early, late);
  if (lateValid && !earlyValid) return late;
  return early;
}
