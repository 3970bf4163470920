import { describe, expect, it } from 'vitest';
import { zoneWords } from './zone-words';

describe('a time zone in words', () => {
  it('names the zone as people do, with its place, never the IANA id', () => {
    expect(zoneWords('America/New_York')).toBe('Eastern Time (New York)');
    expect(zoneWords('Asia/Tokyo')).toBe('Japan Standard Time (Tokyo)');
    for (const zone of ['America/New_York', 'America/Argentina/Buenos_Aires', 'Europe/London'])
      expect(zoneWords(zone)).not.toMatch(/[/_]/);
  });
});
