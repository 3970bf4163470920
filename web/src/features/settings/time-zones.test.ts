import { describe, expect, it } from 'vitest';
import { zoneChoices, zoneGroups } from './time-zones';

describe('the profile’s time zone picker', () => {
  const groups = zoneGroups(zoneChoices('America/New_York').zones);
  const all = groups.flatMap((g) => g.zones);

  it('shows every zone in words, never an IANA id, and saves the id', () => {
    expect(all.length).toBeGreaterThan(300);
    for (const z of all) expect(z.label).not.toMatch(/[/_]/);
    const americas = groups.find((g) => g.label === 'Americas')!;
    expect(americas.zones).toContainEqual({ value: 'America/New_York', label: 'Eastern Time (New York)' });
    expect(groups.find((g) => g.label === 'Asia')!.zones).toContainEqual({
      value: 'Asia/Kolkata',
      label: 'India Standard Time (Kolkata)',
    });
  });

  it('groups the zones by region, each in the order of its places, so a person finds their city', () => {
    expect(groups.map((g) => g.label)).toEqual(
      expect.arrayContaining(['Africa', 'Americas', 'Asia', 'Europe', 'Pacific', 'Indian Ocean']),
    );
    const places = groups
      .find((g) => g.label === 'Europe')!
      .zones.map((z) => /\(([^)]+)\)$/.exec(z.label)?.[1] ?? z.label);
    expect(places).toEqual([...places].sort((a, b) => a.localeCompare(b)));
    expect(places.slice(0, 2)).toEqual(['Amsterdam', 'Andorra']);
  });

  it('puts a zone without a region (the default UTC) first', () => {
    expect(zoneGroups(zoneChoices('UTC').zones)[0]).toEqual({
      label: 'Other',
      zones: [{ value: 'UTC', label: 'UTC' }],
    });
  });
});
