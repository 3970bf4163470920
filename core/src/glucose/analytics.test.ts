import { describe, expect, it } from 'vitest';
import { detailedAnalytics } from './analytics';

const at = (iso: string) => new Date(iso).getTime();
const r = (iso: string, mgdl: number) => ({ at: at(iso), mgdl });

describe('detailedAnalytics', () => {
  it('counts readings above 180 and separate excursions, with 180 itself not a spike', () => {
    const res = detailedAnalytics(
      [
        r('2026-03-02T10:00:00Z', 180),
        r('2026-03-02T10:05:00Z', 181),
        r('2026-03-02T10:10:00Z', 220),
        r('2026-03-02T10:15:00Z', 170),
        r('2026-03-02T10:20:00Z', 190),
      ],
      [],
      'UTC',
    );
    expect(res.spikeReadings).toBe(3);
    expect(res.spikeEpisodes).toBe(2);
  });

  it('puts readings in local periods: morning 6–12, afternoon 12–18, evening 18–24, night 0–6', () => {
    // 05:59 and 06:00 in New York (UTC−5 in January).
    const res = detailedAnalytics(
      [
        r('2026-01-10T10:59:00Z', 100),
        r('2026-01-10T11:00:00Z', 200),
        r('2026-01-10T17:00:00Z', 150),
        r('2026-01-10T23:00:00Z', 60),
      ],
      [],
      'America/New_York',
    );
    const byId = Object.fromEntries(res.periods.map((p) => [p.id, p]));
    expect(byId.night).toMatchObject({ count: 1, mean: 100, percentInRange: 100 });
    expect(byId.morning).toMatchObject({ count: 1, mean: 200, spikes: 1, percentInRange: 0 });
    expect(byId.afternoon).toMatchObject({ count: 1, mean: 150 });
    expect(byId.evening).toMatchObject({ count: 1, mean: 60, percentInRange: 0 });
  });

  it('counts a recovery when glucose comes down to 150 in 5-minute steps, timed from the first reading above 180', () => {
    const res = detailedAnalytics(
      [
        r('2026-03-02T10:00:00Z', 170),
        r('2026-03-02T10:05:00Z', 195),
        r('2026-03-02T10:10:00Z', 210),
        r('2026-03-02T10:15:00Z', 185),
        r('2026-03-02T10:20:00Z', 170),
        r('2026-03-02T10:25:00Z', 155),
        r('2026-03-02T10:30:00Z', 150),
        r('2026-03-02T10:35:00Z', 140),
      ],
      [],
      'UTC',
    );
    expect(res.spikeEpisodes).toBe(1);
    expect(res.recovery).toEqual({ events: 1, averageMinutes: 25 });
  });

  it('averages over every episode that came back down, not one that rose above 180 again first or never came down', () => {
    const res = detailedAnalytics(
      [
        // Episode 1: back to 140 after 60 minutes.
        r('2026-03-02T08:00:00Z', 200),
        r('2026-03-02T08:30:00Z', 160),
        r('2026-03-02T09:00:00Z', 140),
        // Episode 2: down to 170 only, then episode 3 starts; 3 is back to 150 after 20 minutes.
        r('2026-03-02T12:00:00Z', 190),
        r('2026-03-02T12:10:00Z', 170),
        r('2026-03-02T12:20:00Z', 230),
        r('2026-03-02T12:40:00Z', 150),
        // Episode 4: the data ends above 150.
        r('2026-03-02T18:00:00Z', 260),
        r('2026-03-02T18:30:00Z', 175),
      ],
      [],
      'UTC',
    );
    expect(res.spikeEpisodes).toBe(4);
    expect(res.recovery).toEqual({ events: 2, averageMinutes: 40 });
  });

  it('computes the rise in the 2 hours after each meal against the reading just before it', () => {
    const readings = [
      r('2026-03-02T07:50:00Z', 100),
      r('2026-03-02T08:30:00Z', 160),
      r('2026-03-02T09:55:00Z', 190),
      r('2026-03-02T10:30:00Z', 250),
      r('2026-03-02T12:00:00Z', 120),
      r('2026-03-02T13:00:00Z', 150),
    ];
    const res = detailedAnalytics(
      readings,
      [
        { at: '2026-03-02T08:00:00Z', mealType: 'breakfast' },
        { at: '2026-03-02T12:00:00Z', mealType: 'lunch' },
        { at: '2026-03-03T12:00:00Z', mealType: 'lunch' },
      ],
      'UTC',
    );
    expect(res.mealImpact).toEqual([
      { mealType: 'breakfast', meals: 1, averageRise: 90 },
      { mealType: 'lunch', meals: 2, averageRise: 30 },
    ]);
  });
});
