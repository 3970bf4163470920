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
