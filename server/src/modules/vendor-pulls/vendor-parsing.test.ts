import { describe, expect, it } from 'vitest';
import { factoryTimestamp } from '../../../test/librelinkup-stub';
import { dexcomTrend, parseDexcomDate } from './dexcom-share.client';
import { libreTrend, parseFactoryTimestamp } from './librelinkup.client';
import { backoffSeconds } from './vendor-pull.service';

describe('reading the vendors’ dates and arrows', () => {
  it('dates a LibreLinkUp FactoryTimestamp in UTC, midnight and noon included', () => {
    expect(parseFactoryTimestamp('12/30/2022 4:47:40 PM')).toBe(Date.UTC(2022, 11, 30, 16, 47, 40));
    expect(parseFactoryTimestamp('1/2/2023 12:05:00 AM')).toBe(Date.UTC(2023, 0, 2, 0, 5, 0));
    expect(parseFactoryTimestamp('1/2/2023 12:05:00 PM')).toBe(Date.UTC(2023, 0, 2, 12, 5, 0));
    expect(parseFactoryTimestamp('2023-01-02T12:05:00Z')).toBeNull();
    expect(parseFactoryTimestamp('1/2/2023 13:05:00 PM')).toBeNull();
    // The stub writes what the parser reads, to the second.
    const ms = Date.UTC(2026, 5, 1, 23, 59, 58);
    expect(parseFactoryTimestamp(factoryTimestamp(ms))).toBe(ms);
  });

  it('reads Dexcom’s dates in every form Share has used', () => {
    expect(parseDexcomDate('Date(1745081013817)')).toBe(1745081013817);
    expect(parseDexcomDate('/Date(1426292039000)/')).toBe(1426292039000);
    expect(parseDexcomDate('Date(1745081013817-0400)')).toBe(1745081013817);
    expect(parseDexcomDate('2025-04-19')).toBeNull();
  });

  it('maps trend words and numbers to the arrows Healthfolio shows', () => {
    expect(
      ['DoubleUp', 'Flat', 'FortyFiveDown', 'NotComputable', 'RateOutOfRange', 'None'].map(dexcomTrend),
    ).toEqual(['DoubleUp', 'Flat', 'FortyFiveDown', 'NOT COMPUTABLE', 'RATE OUT OF RANGE', null]);
    expect([1, 4, 7, 0, 12].map(dexcomTrend)).toEqual(['DoubleUp', 'Flat', 'DoubleDown', null, null]);
    expect([1, 2, 3, 4, 5, 0, undefined].map(libreTrend)).toEqual([
      'SingleDown',
      'FortyFiveDown',
      'Flat',
      'FortyFiveUp',
      'SingleUp',
      null,
      null,
    ]);
  });

  it('backs off twice as long after each failure in a row, six hours at most', () => {
    expect([1, 2, 3, 4].map((n) => backoffSeconds(300, n))).toEqual([600, 1200, 2400, 4800]);
    expect(backoffSeconds(300, 40)).toBe(6 * 3600);
  });
});
