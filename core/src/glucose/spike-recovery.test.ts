import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CGM_GAP_MINUTES, isCgmGap } from './cgm-gap';
import { spikeRecovery } from './spike-recovery';

const MIN = 60_000;
const t0 = Date.parse('2026-03-02T08:00:00Z');
/** Readings at minutes after 08:00. */
const series = (points: [number, number][]) => points.map(([m, mgdl]) => ({ at: t0 + m * MIN, mgdl }));

describe('spikeRecovery across a gap in the CGM data', () => {
  it('does not count a spike as recovered at the far side of a sensor gap, however long the gap', () => {
    // 200 at 08:00, 190 at 08:05, the sensor off for 6 hours, then 120: when it came down is not known.
    const res = spikeRecovery(
      series([
        [0, 200],
        [5, 190],
        [365, 120],
        [370, 118],
      ]),
    );
    expect(res).toEqual({ episodes: 1, events: 0, averageMinutes: null });
  });

  it('still counts a recovery whose readings are no further apart than the gap allows', () => {
    const res = spikeRecovery(
      series([
        [0, 200],
        [CGM_GAP_MINUTES, 170],
        [2 * CGM_GAP_MINUTES, 140],
      ]),
    );
    expect(res).toEqual({ episodes: 1, events: 1, averageMinutes: 2 * CGM_GAP_MINUTES });
  });

  it('times a spike that is still high after the gap from its first reading after the gap', () => {
    const res = spikeRecovery(
      series([
        [0, 220],
        [300, 210], // after a 5-hour gap: a new episode
        [310, 180],
        [320, 150],
      ]),
    );
    expect(res).toEqual({ episodes: 2, events: 1, averageMinutes: 20 });
  });

  it('gives the same as measuring each stretch of data between gaps on its own', () => {
    const reading = fc.record({
      step: fc.integer({ min: 1, max: 240 }),
      mgdl: fc.integer({ min: 40, max: 400 }),
    });
    fc.assert(
      fc.property(fc.array(reading, { maxLength: 60 }), (steps) => {
        const readings: { at: number; mgdl: number }[] = [];
        for (const s of steps)
          readings.push({ at: (readings.at(-1)?.at ?? t0) + s.step * MIN, mgdl: s.mgdl });
        const stretches: (typeof readings)[] = [];
        for (const [i, r] of readings.entries())
          if (i > 0 && !isCgmGap(readings[i - 1]!.at, r.at)) stretches.at(-1)!.push(r);
          else stretches.push([r]);
        const parts = stretches.map(spikeRecovery);
        const whole = spikeRecovery(readings);
        const events = parts.reduce((n, p) => n + p.events, 0);
        const minutes = parts.reduce((n, p) => n + (p.averageMinutes ?? 0) * p.events, 0);
        expect(whole.episodes).toBe(parts.reduce((n, p) => n + p.episodes, 0));
        expect(whole.events).toBe(events);
        expect((whole.averageMinutes ?? 0) * whole.events).toBeCloseTo(minutes, 6);
        // So no recovery is longer than the longest stretch of data without a gap.
        const longest = Math.max(0, ...stretches.map((s) => (s.at(-1)!.at - s[0]!.at) / MIN));
        expect(whole.averageMinutes ?? 0).toBeLessThanOrEqual(longest);
      }),
    );
  });
});
