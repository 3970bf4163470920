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
 * Speed: Intl is slow (microseconds a call), so a local day whose surrounding UTC days all have
 * the same offset at their edges is cached as one offset. No zone changes its offset twice within
 * a day (the same assumption `createLocalClock` makes), so equal edges mean no transition inside.
 * Only the two transition days of a year ask Intl per reading.
 */
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
  // Per local day: its constant offset, or NaN when a transition is near.
  const dayOffsets = new Map<number, number>();
  const offsetForLocalDay = (day: number): number => {
    let offset = dayOffsets.get(day);
    if (offset === undefined) {
      // Offsets lie within −12 h…+14 h, so local day D falls inside UTC days D−1…D+1.
      const first = offsetAtDayEdge(day - 1);
      const constant = [day, day + 1, day + 2].every((edge) => offsetAtDayEdge(edge) === first);
      offset = constant ? first : Number.NaN;
      dayOffsets.set(day, offset);
    }
    return offset;
  };
  return (localMs: number): number => {
    const offset = offsetForLocalDay(Math.floor(localMs / MS_PER_DAY));
    return Number.isNaN(offset) ? resolveNearTransition(localMs, timeZone) : localMs - offset;
  };
}

function resolveNearTransition(localMs: number, timeZone: string): number {
  const before = timeZoneOffsetMs(localMs - MS_PER_DAY, timeZone);
  const after = timeZoneOffsetMs(localMs + MS_PER_DAY, timeZone);
  const early = localMs - before;
  const late = localMs - after;
  const earlyValid = timeZoneOffsetMs(early, timeZone) === before;
  const lateValid = timeZoneOffsetMs(late, timeZone) === after;
  if (earlyValid && lateValid) return Math.min(early, late); // overlap: the first occurrence
  if (earlyValid) return early;
  if (lateValid) return late;
  // Gap: read with the offset before the transition, which lands after it (shift forward).
  return early;
}
