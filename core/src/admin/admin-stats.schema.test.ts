import { describe, expect, it } from 'vitest';
import { deviceKind } from './admin-stats.schema';

describe('deviceKind', () => {
  it('tells phones, tablets and desktops apart by their user agents', () => {
    const cases: [string | null, string][] = [
      ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 'mobile'],
      [
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36',
        'mobile',
      ],
      ['Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 Chrome/120.0 Safari/537.36', 'tablet'],
      ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15', 'tablet'],
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36', 'desktop'],
      ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Safari/605.1.15', 'desktop'],
      ['Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/120.0', 'desktop'],
      ['curl/8.4.0', 'unknown'],
      [null, 'unknown'],
    ];
    for (const [ua, kind] of cases) expect([ua, deviceKind(ua)]).toEqual([ua, kind]);
  });
});
