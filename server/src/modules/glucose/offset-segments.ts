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

export function offsetSegments(fromMs: number, toMs: number, timeZone: string): OffsetSegments {
  const at = (ms: number) => timeZoneOffsetMs(ms, timeZone);
  const firstDay = Math.floor(fromMs / MS_PER_DAY);
  const lastDay = Math.floor(toMs / MS_PER_DAY);
  const offsetsMs = [at(firstDay * MS_PER_DAY)];
  const bounds: number[] = [];
  const change = (ms: number, offset: number) => {
    if (offset !== offsetsMs.at(-1)) {
      bounds.push(ms);
      offsetsMs.push(offset);
    }
  };
  let startOffset = offsetsMs[0] as number;
  for (let day = firstDay; day <= lastDay; day++) {
    const endOffset = at((day + 1) * MS_PER_DAY);
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
