import { MS_PER_DAY, MS_PER_MINUTE, timeZoneOffsetMs } from '@healthfolio/core';

/**
 * A zone's UTC offset over a window as piecewise-constant segments: `offsetsMs[0]` applies before
 * `bounds[0]`, `offsetsMs[i]` from `bounds[i - 1]` on. The database bins readings by local hour with
 * it, so the bins come from the same tz data as core's `createLocalClock` (Node's ICU), whatever
 * tz data the database carries. Found the way that clock finds them — offsets at UTC-day edges, a
 * day whose edges differ split into 15-minute buckets, the bucket with the change searched to the
 * millisecond — so every instant gets the offset the clock would give it.
 */
export interface OffsetSegments {
  bounds: number[];
  offsetsMs: number[];
}

const QUARTER_HOUR = 15 * MS_PER_MINUTE;

/**
 * Offsets at UTC-day edges by zone: a year's window asks Intl 366 times (milliseconds of the budget),
 * and a zone's offset at a past instant does not change while the process runs. Bounded, and simply
 * emptied when full.
 */
const dayEdgeOffsets = new Map<string, Map<number, number>>();
const MAX_CACHED_EDGES = 100_000;
let cachedEdges = 0;

const dayEdgeOffset = (ms: number, timeZone: string): number => {
  let zone = dayEdgeOffsets.get(timeZone);
  if (!zone) {
    zone = new Map();
    dayEdgeOffsets.set(timeZone, zone);
  }
  let offset = zone.get(ms);
  if (offset === undefined) {
    if (cachedEdges >= MAX_CACHED_EDGES) {
      dayEdgeOffsets.clear();
      cachedEdges = 0;
      return dayEdgeOffset(ms, timeZone);
    }
    offset = timeZoneOffsetMs(ms, timeZone);
    zone.set(ms, offset);
    cachedEdges++;
  }
  return offset;
};

export function offsetSegments(fromMs: number, toMs: number, timeZone: string): OffsetSegments {
  const at = (ms: number) => timeZoneOffsetMs(ms, timeZone);
  const firstDay = Math.floor(fromMs / MS_PER_DAY);
  const lastDay = Math.floor(toMs / MS_PER_DAY);
  const offsetsMs = [dayEdgeOffset(firstDay * MS_PER_DAY, timeZone)];
  const bounds: number[] = [];
  const change = (ms: number, offset: number) => {
    if (offset !== offsetsMs.at(-1)) {
      bounds.push(ms);
      offsetsMs.push(offset);
    }
  };
  let startOffset = offsetsMs[0] as number;
  for (let day = firstDay; day <= lastDay; day++) {
    const endOffset = dayEdgeOffset((day + 1) * MS_PER_DAY, timeZone);
    if (endOffset !== startOffset) {
      for (let q = day * MS_PER_DAY; q < (day + 1) * MS_PER_DAY; q += QUARTER_HOUR) {
        const before = at(q);
        const after = at(q + QUARTER_HOUR);
        if (before === after) continue;
        // First millisecond of the bucket that already has the new offset.
        let lo = q;
        let hi = q + QUARTER_HOUR;
        while (hi - lo > 1) {
          const mid = Math.floor((lo + hi) / 2);
          if (at(mid) === after) hi = mid;
          else lo = mid;
        }
        change(hi, after);
      }
    }
    startOffset = endOffset;
  }
  return { bounds, offsetsMs };
}
