import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agpProfile, hourlyAverages, localizeReadings } from './time-of-day';

describe('time-of-day binning', () => {
  it('puts a reading at 23:30 UTC in the 08:00 hour in Tokyo and 19:00 in New York (summer)', () => {
    const readings = [{ at: '2024-07-01T23:30:00Z', mgdl: 150 }];
    const tokyo = hourlyAverages(localizeReadings(readings, 'Asia/Tokyo'));
    expect(tokyo[8]).toEqual({ hour: 8, count: 1, mean: 150 });
    const ny = hourlyAverages(localizeReadings(readings, 'America/New_York'));
    expect(ny[19]).toEqual({ hour: 19, count: 1, mean: 150 });
    expect(ny.filter((h) => h.count > 0)).toHaveLength(1);
  });

  it('keeps 07:00 local in the 07:00 hour on both sides of a DST change', () => {
    // 07:00 in Berlin is 06:00 UTC in winter and 05:00 UTC in summer.
    const readings = [
      { at: '2024-03-30T06:00:00Z', mgdl: 100 },
      { at: '2024-04-01T05:00:00Z', mgdl: 200 },
    ];
    const hourly = hourlyAverages(localizeReadings(readings, 'Europe/Berlin'));
    expect(hourly[7]).toEqual({ hour: 7, count: 2, mean: 150 });
  });

  it('averages each hour across days', () => {
    const readings = [
      { at: Date.parse('2024-05-01T03:10:00Z'), mgdl: 80 },
      { at: Date.parse('2024-05-02T03:50:00Z'), mgdl: 100 },
      { at: Date.parse('2024-05-02T04:00:00Z'), mgdl: 300 },
    ];
    const hourly = hourlyAverages(localizeReadings(readings, 'UTC'));
    expect(hourly).toHaveLength(24);
    expect(hourly[3]).toEqual({ hour: 3, count: 2, mean: 90 });
    expect(hourly[4]).toEqual({ hour: 4, count: 1, mean: 300 });
    expect(hourly[5]).toEqual({ hour: 5, count: 0, mean: null });
  });

  it('gives the AGP percentiles of each time-of-day bin across days', () => {
    const readings = [100, 110, 120, 130, 140].map((mgdl, day) => ({
      at: Date.parse(`2024-05-0${day + 1}T12:15:00Z`),
      mgdl,
    }));
    readings.push({ at: Date.parse('2024-05-01T00:05:00Z'), mgdl: 60 });
    const agp = agpProfile(localizeReadings(readings, 'UTC'));
    expect(agp).toHaveLength(24);
    expect(agp[12]).toEqual({ startMinute: 720, count: 5, p5: 102, p25: 110, p50: 120, p75: 130, p95: 138 });
    expect(agp[0]).toMatchObject({ count: 1, p5: 60, p95: 60 });
    expect(agp[13]).toMatchObject({ count: 0, p50: null });
  });

  it('supports finer AGP bins and refuses widths that do not divide a day', () => {
    const local = localizeReadings([{ at: '2024-05-01T12:20:00Z', mgdl: 90 }], 'UTC');
    const agp = agpProfile(local, 15);
    expect(agp).toHaveLength(96);
    expect(agp[49]).toMatchObject({ startMinute: 735, count: 1, p50: 90 });
    expect(() => agpProfile(local, 7)).toThrow(RangeError);
  });
});

describe('time-of-day properties', () => {
  /** Intl's local hour and a sort-and-interpolate percentile: an oracle sharing no code with the module. */
  const intlHour = (ms: number, timeZone: string) =>
    Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(ms));
  const type7 = (values: number[], p: number) => {
    const s = [...values].sort((a, b) => a - b);
    const h = (s.length - 1) * (p / 100);
    const lo = Math.floor(h);
    const a = s[lo] as number;
    return a + (h - lo) * ((s[Math.min(lo + 1, s.length - 1)] as number) - a);
  };
  const readings = fc.array(
    fc.record({
      at: fc.integer({ min: Date.parse('2024-03-01T00:00:00Z'), max: Date.parse('2024-11-30T00:00:00Z') }),
      mgdl: fc.integer({ min: 40, max: 400 }),
    }),
    { maxLength: 200 },
  );
  const zone = fc.constantFrom('America/New_York', 'Europe/Berlin', 'Asia/Kolkata', 'UTC');

  it('AGP percentiles and hourly means match a plain per-hour computation', () => {
    fc.assert(
      fc.property(readings, zone, (rs, timeZone) => {
        const local = localizeReadings(rs, timeZone);
        const agp = agpProfile(local);
        const hourly = hourlyAverages(local);
        for (let hour = 0; hour < 24; hour++) {
          const values = rs.filter((r) => intlHour(r.at, timeZone) === hour).map((r) => r.mgdl);
          expect(agp[hour]?.count).toBe(values.length);
          expect(hourly[hour]?.count).toBe(values.length);
          if (values.length === 0) continue;
          expect(hourly[hour]?.mean).toBeCloseTo(values.reduce((a, b) => a + b, 0) / values.length, 9);
          expect(agp[hour]?.p5).toBeCloseTo(type7(values, 5), 9);
          expect(agp[hour]?.p50).toBeCloseTo(type7(values, 50), 9);
          expect(agp[hour]?.p95).toBeCloseTo(type7(values, 95), 9);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('the order readings arrive in changes nothing', () => {
    fc.assert(
      fc.property(readings, zone, (rs, timeZone) => {
        const reversed = [...rs].reverse();
        expect(agpProfile(localizeReadings(reversed, timeZone))).toEqual(
          agpProfile(localizeReadings(rs, timeZone)),
        );
      }),
      { numRuns: 60 },
    );
  });
});
